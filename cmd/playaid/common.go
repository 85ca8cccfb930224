package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/rules"
)

// newFlags makes a verb's flag set. Errors go to stderr; --help prints the
// usage to stdout and exits 0.
func (e *env) newFlags(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: playaid %s\n\nFlags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args; a bad flag is a usage error (exit 2) told on one
// line, --help exits 0. The flag package's own printing is turned off: it
// would print --help to stderr, a bad flag's message twice, and the whole
// usage after it.
func (e *env) parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitStatus(0)
	case err != nil:
		// One line in playaid's words; --help prints the flags.
		fmt.Fprintf(e.stderr, "playaid %s: %s\n", fs.Name(), flagProblem(fs, err))
		return exitStatus(2)
	}
	fs.SetOutput(e.stderr)
	// One rule for every verb: a place to write given empty (an unset
	// shell variable, most often) is a mistake, never the current folder
	// or the default one.
	var empty string
	fs.Visit(func(f *flag.Flag) {
		if _, ok := writeFlags[f.Name]; ok && f.Value.String() == "" && empty == "" {
			empty = f.Name
		}
	})
	if empty != "" {
		dash := "--"
		if len(empty) == 1 {
			dash = "-"
		}
		fmt.Fprintf(e.stderr, "playaid %s: %s%s is empty; expected %s, or leave the flag out for the default\n", fs.Name(), dash, empty, writeFlags[empty])
		return exitStatus(2)
	}
	return nil
}

// writeFlags are the flags that name where a verb writes, and what each
// expects.
var writeFlags = map[string]string{
	"o":     "where to write",
	"png":   "the folder for the PNGs",
	"lists": "the folder of army lists",
}

// dataFlags are the flags every verb that reads the rule data shares.
type dataFlags struct {
	dir  string
	font string
}

func (d *dataFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.dir, "data", "", "a folder of TOML files laid over the shipped data (same path replaces, new files add)")
	fs.StringVar(&d.font, "font", "", "a TrueType font (.ttf) to print text in, for a script the embedded Go font lacks (Hebrew, Chinese …)")
}

// load reads the embedded data and the --data folder. Warnings are printed;
// errors are printed all together and end the run with status 1.
//
// The text font is chosen first (--font, else the Go font): the data is
// checked against it as it is read, and everything drawn after uses it.
func (e *env) load(d dataFlags) (*catalog.Catalog, error) {
	var font *glyphs.Font
	if d.font != "" {
		f, err := layout.ReadFont(d.font)
		if err != nil {
			return nil, err
		}
		font = f
	}
	if err := layout.SetTextFont(font); err != nil {
		return nil, err
	}
	sources := []catalog.Source{{Name: "data", FS: data.FS}}
	if d.dir != "" {
		st, err := os.Stat(d.dir)
		if err != nil {
			return nil, usagef("--data %s: %s", d.dir, plain.Why(d.dir, err))
		}
		if !st.IsDir() {
			return nil, usagef("--data %s: not a folder", d.dir)
		}
		sources = append(sources, catalog.Source{Name: filepath.ToSlash(d.dir), FS: os.DirFS(d.dir)})
	}
	cat, l := catalog.Load(sources...)
	if l.Count() == 0 {
		if e.warm != nil {
			go e.warm(cat)
		}
		// The words of the odds tables, held to what their engines read;
		// the play view's tracks, to the odds questions they set.
		e.odds = document.NewOdds()
		l = append(l, rules.CheckWordsWith(cat, e.odds.Table)...)
		l = append(l, rules.CheckPlay(cat)...)
	}
	if !e.allWarnings {
		// The shipped data's warnings are known and stated on the sheets;
		// repeating them on every command would drown the answer. Only
		// 'validate' shows them; a club's own files are always checked.
		var keep diag.List
		for _, d := range l {
			if !d.Warning || d.File == "" || !strings.HasPrefix(d.File, "data/") {
				keep = append(keep, d)
			}
		}
		l = keep
	}
	printDiags(e.stderr, l)
	if n := l.Count(); n > 0 {
		fmt.Fprintf(e.stderr, "playaid: %d %s in the data\n", n, document.Plural(n, "error", "errors"))
		return nil, exitStatus(1)
	}
	cat.Checked()
	return cat, nil
}

func printDiags(w io.Writer, l diag.List) {
	for _, d := range l {
		fmt.Fprintln(w, plain.Shorten(d.Error()))
	}
}

// system returns the rule set named by a --system flag.
func system(cat *catalog.Catalog, id string) (*catalog.System, error) {
	s := cat.System(id)
	if s == nil {
		return nil, usageError{catalog.Unknown("system", id, cat.SystemIDs())}
	}
	return s, nil
}

// paperFlag registers --paper.
func paperFlag(fs *flag.FlagSet) *string {
	return fs.String("paper", "a4", "paper size: a4 or letter")
}

func paper(s string) (layout.Paper, error) {
	p, err := layout.ParsePaper(s)
	if err != nil {
		return p, usageError{err.Error()}
	}
	return p, nil
}

// writeOutput writes data to path safely (see writeFiles), or to
// standard output for "-".
func (e *env) writeOutput(ctx context.Context, path string, data []byte) error {
	if path == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	return e.writeFiles(ctx, []outfile.File{{Path: path, Data: data}})
}

// writeFiles writes files all or nothing, each through a temporary file
// and a rename, replacing only regular files (internal/outfile), and says
// so. Cancelled before the first rename, it replaces nothing.
func (e *env) writeFiles(ctx context.Context, files []outfile.File) error {
	if err := outfile.WriteAll(ctx, files); err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintf(e.stdout, "wrote %s\n", f.Path)
	}
	return nil
}

// parseAll parses flags that may stand before, between or after the
// positional arguments ("print list.toml --cards") and returns the
// positional ones.
func (e *env) parseAll(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := e.parse(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// docFlags are the flags of the verbs that print a document: --paper,
// --format and --templates.
type docFlags struct {
	paper, format, templates string
}

func (d *docFlags) register(fs *flag.FlagSet, templatesUsage string) {
	fs.StringVar(&d.paper, "paper", "a4", "paper size: a4 or letter")
	fs.StringVar(&d.format, "format", document.PDF, strings.Join(document.Formats(), ", "))
	fs.StringVar(&d.templates, "templates", "", templatesUsage)
}

// check validates the flags and returns the paper. A file in --templates
// that no document reads is a warning.
func (d *docFlags) check(e *env, df dataFlags) (layout.Paper, error) {
	if !slices.Contains(document.Formats(), d.format) {
		return layout.Paper{}, usageError{"--format: " + document.UnknownFormat(d.format).Error()}
	}
	if err := e.templatesDir(d.templates, df); err != nil {
		return layout.Paper{}, err
	}
	return paper(d.paper)
}

// templatesDir checks a --templates folder: it must be a folder, and a
// file in it that no document reads (a misspelt name) is a warning. A
// rule set of the --data folder may have its own sheet and cards
// (<id>.md, cards-<id>.md).
func (e *env) templatesDir(dir string, df dataFlags) error {
	if dir == "" {
		return nil
	}
	if st, err := os.Stat(dir); err != nil {
		return usagef("--templates %s: %s; expected a folder of templates", dir, plain.Why(dir, err))
	} else if !st.IsDir() {
		return usagef("--templates %s: not a folder", dir)
	}
	var own []string
	if df.dir != "" {
		entries, _ := os.ReadDir(df.dir)
		for _, en := range entries {
			if en.IsDir() && en.Name() != catalog.ArmiesDir {
				own = append(own, en.Name()+".md", "cards-"+en.Name()+".md")
			}
		}
	}
	printDiags(e.stderr, document.CheckDir(dir, own...))
	return nil
}

// fontWarnings prints, for a PDF, what the text font (chosen by load)
// cannot print of the club's templates.
func (e *env) fontWarnings(d docFlags) {
	if d.format == document.PDF {
		printDiags(e.stderr, document.FontWarnings(d.templates))
	}
}

// shippedSystems lists the ids of the shipped rule sets (the folders of
// the embedded data), for flags' help: the data itself is read later.
func shippedSystems() string {
	var ids []string
	entries, _ := fs.ReadDir(data.FS, ".")
	for _, e := range entries {
		if e.IsDir() && e.Name() != catalog.ArmiesDir {
			ids = append(ids, e.Name())
		}
	}
	return strings.Join(ids, ", ")
}
