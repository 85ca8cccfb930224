package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/layout"
)

// packFile is one file of the print pack, rendered in memory.
type packFile struct {
	name string // relative to the output folder
	data []byte
}

// packer renders one part of the print pack.
type packer struct {
	name  string
	build func(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]packFile, error)
}

// packers are the generators of the default print pack, in the order
// they run (a failing one stops the build before anything is written).
var packers = []packer{
	{"army rosters", packArmies},
	{"briefings", packBriefings},
	{"markers", buildMarkersPack},
	{"reference sheets", referenceDoc.pack},
	{"rules notes", notesDoc.pack},
	{"reference cards", buildCardsPack},
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

// renderPack runs the packers concurrently, at most GOMAXPROCS at a time
// (each holds its documents in memory until the pack is written, so more
// would only raise the peak), and returns their files in packer order
// whatever order they finish in. The first error in packer order wins, so
// the message does not depend on timing either.
func renderPack(ctx context.Context, cat *catalog.Catalog, p layout.Paper) ([]packFile, error) {
	out := make([][]packFile, len(packers))
	errs := make([]error, len(packers))
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, pk := range packers {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			if errs[i] = ctx.Err(); errs[i] != nil {
				return
			}
			out[i], errs[i] = pk.build(ctx, cat, p)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("%s: %w", pk.name, errs[i])
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return slices.Concat(out...), nil
}

// inside reports whether path lies within dir.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}
