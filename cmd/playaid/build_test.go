package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/templates"
)

// TestBuildPack builds the whole print pack twice in one process: every
// generator's file is there, the bytes are the same both times (fpdf must
// not carry state from one document to the next), and nothing but the
// pack — no temporary file — is left in the output folder.
func TestBuildPack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole pack")
	}
	dirs := [2]string{t.TempDir(), t.TempDir()}
	for _, dir := range dirs {
		var stdout, stderr bytes.Buffer
		if err := run(context.Background(), []string{"-o", dir}, &stdout, &stderr); err != nil {
			t.Fatalf("build: %v\n%s", err, stderr.String())
		}
		if stderr.Len() > 0 {
			t.Errorf("build printed to stderr:\n%s", stderr.String())
		}
	}
	names, err := os.ReadDir(dirs[0])
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"army-boys-of-company-c-humans.pdf", "briefing-boys-of-company-c.pdf", "briefing-evacuation-mars.pdf",
		"briefing-morale-wagon.pdf", "markers-aqotmf.pdf", "markers-buildings.pdf", "markers-evacuation-mars.pdf",
		"markers-imperial-mars.pdf", "reference-aqotmf.pdf", "reference-buildings.pdf", "reference-evacuation-mars.pdf",
		"reference-imperial-mars.pdf", "notes-aqotmf.pdf", "notes-buildings.pdf", "notes-evacuation-mars.pdf", "notes-imperial-mars.pdf"}
	have := map[string]bool{}
	for _, n := range names {
		have[n.Name()] = true
		if !strings.HasSuffix(n.Name(), ".pdf") {
			t.Errorf("stray file in the output folder: %s", n.Name())
		}
		a, _ := os.ReadFile(filepath.Join(dirs[0], n.Name()))
		b, _ := os.ReadFile(filepath.Join(dirs[1], n.Name()))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds", n.Name())
		}
		if !bytes.HasPrefix(a, []byte("%PDF-")) || !bytes.Contains(a[len(a)-32:], []byte("%%EOF")) {
			t.Errorf("%s is not a whole PDF", n.Name())
		}
	}
	for _, w := range want {
		if !have[w] {
			t.Errorf("the pack lacks %s", w)
		}
	}
}

// TestBuildPackConcurrency: the pack renders its documents concurrently,
// and the bytes do not depend on how many run at once.
func TestBuildPackConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole pack twice")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	cat := shipped.Catalog(t)
	var packs [2][]pack.File
	for i, procs := range []int{1, 8} {
		runtime.GOMAXPROCS(procs)
		files, err := pack.Render(context.Background(), layout.A4, packDocs(cat, pack.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		packs[i] = files
	}
	if len(packs[0]) != len(packs[1]) || len(packs[0]) < 12 {
		t.Fatalf("%d and %d files", len(packs[0]), len(packs[1]))
	}
	for i, f := range packs[0] {
		if g := packs[1][i]; g.Name != f.Name || !bytes.Equal(g.Data, f.Data) {
			t.Errorf("file %d: %s with GOMAXPROCS=1, %s with 8, equal bytes %v", i, f.Name, g.Name, bytes.Equal(g.Data, f.Data))
		}
	}
}

// TestBuildBadDataWritesNothing: a data error stops the build before any
// file is written, so the output folder is left as it was.
func TestBuildBadDataWritesNothing(t *testing.T) {
	out := t.TempDir()
	old := filepath.Join(out, "reference-aqotmf.pdf")
	if err := os.WriteFile(old, []byte("last week's sheet"), 0o644); err != nil {
		t.Fatal(err)
	}
	club := t.TempDir()
	os.MkdirAll(filepath.Join(club, "aqotmf"), 0o755)
	os.WriteFile(filepath.Join(club, "aqotmf", "units.toml"), []byte("system = \"aqotmf\"\n[[unit]]\nid = \"x\"\npoints = \"many\"\n"), 0o644)
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"-o", out, "--data", club}, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "aqotmf/units.toml:4:10: unit.points: found a string, expected an integer") {
		t.Errorf("stderr lacks the positioned error:\n%s", stderr.String())
	}
	names, _ := os.ReadDir(out)
	if len(names) != 1 {
		t.Errorf("output folder has %d files, want only the old one", len(names))
	}
	if b, _ := os.ReadFile(old); string(b) != "last week's sheet" {
		t.Error("the old file was touched")
	}
}

// TestTemplateSets checks what warmTemplates parses ahead: each set is
// one the print pack's documents parse (so that they find it kept rather
// than parse it again), and together they name every shipped template
// the pack prints from.
func TestTemplateSets(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the whole pack")
	}
	cat := shipped.Catalog(t)
	if _, err := pack.Render(context.Background(), layout.A4, pack.New(cat, pack.Options{}).Docs); err != nil {
		t.Fatal(err)
	}
	sets := templateSets(cat)
	kept, err := document.ParseShipped(sets...)
	if err != nil {
		t.Fatal(err)
	}
	if kept != len(sets) {
		t.Errorf("%d of the %d template sets were parsed again after the pack was made: warmTemplates names sets the documents do not parse", len(sets)-kept, len(sets))
	}
	named := map[string]bool{}
	for _, s := range sets {
		for _, n := range s.Names {
			named[n] = true
		}
	}
	// Not in the print pack: the play view's, and a dice game's, which
	// the shipped data has none of.
	unprinted := []string{"after-action.md", "dice.md", "cards-dice.md", "roster-dice.md"}
	for _, n := range templates.Names() {
		if !named[n] && !slices.Contains(unprinted, n) {
			t.Errorf("%s is not parsed ahead", n)
		}
	}
}
