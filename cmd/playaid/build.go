package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/sheets"
)

// packFile is one file of the print pack, rendered in memory.
type packFile struct {
	name string // relative to the output folder
	data []byte
}

// job renders one file of the print pack.
type job struct {
	name   string // the file, relative to the output folder
	part   string // what its errors are part of; the packer's name when ""
	render func() ([]byte, error)
	run    int // its packer's run
}

// packer lists the jobs of one part of the print pack. Listing is quick:
// the work is in the jobs, which renderPack runs side by side.
type packer struct {
	name string
	jobs func(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]job, error)
	// run is when its jobs start, lower first: the parts whose documents
	// take longest go first, so that short ones are left to fill both
	// cores at the end. (The files keep the packers' order.)
	run int
}

// packers are the generators of the default print pack, in the order of
// their files (a failing one stops the build before anything is written).
var packers = []packer{
	{"army rosters", packArmies, 3},
	{"briefings", packBriefings, 0},
	{"markers", buildMarkersPack, 4},
	{"reference sheets", packSheets, 1},
	{"reference cards", buildCardsPack, 2},
}

func runBuild(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("build", "[build] [--data DIR] [--paper a4|letter] [-o DIR]")
	var d dataFlags
	d.register(fs)
	paperName := paperFlag(fs)
	out := fs.String("o", "output", "the output folder (made when missing)")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("build takes no arguments, got %q", fs.Args())
	}
	if *out == "-" {
		return usagef("-o -: the print pack is a folder of files; standard output takes one (use the command that prints it, e.g. 'playaid reference --system ID -o -')")
	}
	if st, err := os.Stat(*out); err == nil && !st.IsDir() {
		return usagef("-o %s: not a folder; the print pack goes into a folder", *out)
	}
	p, err := paper(*paperName)
	if err != nil {
		return err
	}
	go warmFonts()
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	// Render everything, then write it all or nothing: a failing
	// generator, a file that cannot be written or a signal before the
	// renames leave the output folder as it was.
	files, err := renderPack(ctx, cat, p)
	if err != nil {
		return err
	}
	var writes []outfile.File
	for _, f := range files {
		path := filepath.Join(*out, filepath.FromSlash(f.name))
		if !inside(*out, path) {
			return fmt.Errorf("refusing to write %s: outside the output folder %s", f.name, *out)
		}
		writes = append(writes, outfile.File{Path: path, Data: f.data})
	}
	if err := e.writeFiles(ctx, writes); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d files in %s\n", len(files), *out)
	return nil
}

// warmFonts parses the embedded fonts, which every document needs and a
// process parses once, on first use: called as the data loads, it puts
// that work on the core loading leaves idle.
func warmFonts() {
	pdf := layout.NewBlankDoc(layout.A4, "")
	for _, f := range layout.FontFaces() {
		layout.UseFont(pdf, f[0], f[1])
	}
}

// renderPack renders every job of the pack, at most GOMAXPROCS at a time
// (each holds its document in memory until the pack is written, so more
// would only raise the peak; fewer would leave a core idle), and returns
// the files in packer order whatever order they start (see packer.run)
// or finish in. Jobs are documents, not whole packers, so the cores stay
// busy to the end. The first error in pack order wins, so the message
// does not depend on timing either.
func renderPack(ctx context.Context, cat *catalog.Catalog, p layout.Paper) ([]packFile, error) {
	jobs := packJobs(ctx, cat, p)
	run := make([]int, len(jobs)) // the jobs' places in jobs, in the order they start
	for i := range run {
		run[i] = i
	}
	slices.SortStableFunc(run, func(a, b int) int { return jobs[a].run - jobs[b].run })
	files := make([]packFile, len(jobs))
	errs := make([]error, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(run) {
					return
				}
				i := run[k]
				j := jobs[i]
				files[i].name = j.name
				if errs[i] = ctx.Err(); errs[i] == nil {
					files[i].data, errs[i] = j.render()
				}
				if errs[i] != nil {
					errs[i] = fmt.Errorf("%s: %w", j.part, errs[i])
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// packJobs lists the jobs of every packer, in pack order, each with its
// part and run. A packer that cannot list its jobs gets one that fails
// with its error, in its place.
func packJobs(ctx context.Context, cat *catalog.Catalog, p layout.Paper) []job {
	var jobs []job
	for _, pk := range packers {
		js, err := pk.jobs(ctx, cat, p)
		if err != nil {
			js = []job{{render: func() ([]byte, error) { return nil, err }}}
		}
		for _, j := range js {
			if j.part == "" {
				j.part = pk.name
			}
			j.run = pk.run
			jobs = append(jobs, j)
		}
	}
	return jobs
}

// packSheets lists the reference sheets, then the rules notes that cite
// their pages. Each sheet's template runs and is laid out once, for both:
// whichever of its two jobs comes first lays it out, the other waits for
// that.
func packSheets(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]job, error) {
	all := sheets.All(cat)
	laid := make([]func() (*sheets.Laid, error), len(all))
	for i, s := range all {
		laid[i] = sync.OnceValues(func() (*sheets.Laid, error) {
			return s.Lay(cat, sheets.Options{Paper: paper})
		})
	}
	var jobs []job
	for _, d := range []struct {
		part string
		name func(sheets.Sheet, string) string
		draw func(*sheets.Laid) ([]byte, error)
	}{
		{"reference sheets", sheets.Sheet.FileName, (*sheets.Laid).PDF},
		{"rules notes", sheets.Sheet.NotesFileName, (*sheets.Laid).NotesPDF},
	} {
		for i, s := range all {
			jobs = append(jobs, job{name: d.name(s, document.PDF), part: d.part, render: func() ([]byte, error) {
				l, err := laid[i]()
				var b []byte
				if err == nil {
					b, err = d.draw(l)
				}
				if err != nil {
					return nil, fmt.Errorf("%s: %w", s.ID, err)
				}
				return b, nil
			}})
		}
	}
	return jobs, nil
}

// inside reports whether path lies within dir.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}
