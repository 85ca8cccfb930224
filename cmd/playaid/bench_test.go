package main

import (
	"context"
	"io"
	"io/fs"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/sheets"
)

// BenchmarkBuild is `playaid build` in one process, steady state: load the
// data, render the whole pack, write it. Compare it with
// internal/floor's BenchmarkFloor (the bar: at most 3 times the floor).
// The first build parses the fonts and the templates and makes the font
// subsets most documents share (layout's subsetRunes), once per process;
// the builds after it reuse them, but for the templates of the reference
// sheets and card decks, which each build parses again (a build lets them
// go once used: templateSets). A process's first build, all of it, is
// what internal/cmd/ratio measures.
func BenchmarkBuild(b *testing.B) {
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		if err := run(context.Background(), []string{"build", "-o", dir}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDocument renders single documents on demand, as a server would:
// the largest roster with unit cards, reference sheet and briefing of the
// pack (the bar: 25 ms each).
func BenchmarkDocument(b *testing.B) {
	cat := shipped.Catalog(b)
	src, err := fs.ReadFile(data.FS, "armies/morale-wagon-humans.toml")
	if err != nil {
		b.Fatal(err)
	}
	ref, err := sheets.Lookup(cat, "imperial-mars")
	if err != nil {
		b.Fatal(err)
	}
	sys, sc, err := briefing.Find(cat, "boys-of-company-c")
	if err != nil {
		b.Fatal(err)
	}
	docs := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"roster-cards", func() ([]byte, error) {
			r, dl := army.Validate("morale-wagon-humans.toml", src, cat)
			if r == nil {
				return nil, dl
			}
			return army.Print(r, cat, army.PrintOptions{Cards: true})
		}},
		{"reference", func() ([]byte, error) {
			return ref.Render(cat, sheets.Options{Paper: layout.A4, Format: sheets.PDF})
		}},
		{"briefing", func() ([]byte, error) {
			br, err := briefing.New(sys, sc, cat.Version())
			if err != nil {
				return nil, err
			}
			return br.PDF(briefing.Options{Paper: layout.A4})
		}},
	}
	for _, d := range docs {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.render(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
