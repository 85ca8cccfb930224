package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// TestMarkersFoldIsThePacks: the print pack's marker files and their
// fold-over sheets (pack.Doc.Fold, what the web serves) are the bytes
// 'playaid markers' prints: a scenario's blips with '--scenario ID --only
// blips', a rule set's markers with '--system ID', a list's blips with
// '--army FILE', each with '--backs long' and '--backs fold', on A4 and
// Letter.
func TestMarkersFoldIsThePacks(t *testing.T) {
	cat := mustLoad(t)
	pk := pack.New(cat, pack.Options{})
	sys, sc, err := briefing.Find(cat, "boys-of-company-c")
	if err != nil {
		t.Fatal(err)
	}
	blips, ok := pk.Find(pack.Blips, sys, sc)
	bld, ok2 := pk.Doc(briefing.MarkersFile(cat.System("buildings")))
	if !ok || !ok2 {
		t.Fatal("the pack lacks the blips of boys-of-company-c or the buildings' markers")
	}
	file := filepath.Join("..", "..", "data", "armies", "boys-of-company-c-humans.toml")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := army.Validate(file, src, cat)
	list, ok := pack.ListBlipsDoc(cat, "markers-boys-of-company-c-humans.pdf", r)
	if !ok {
		t.Fatal("the Boys of Company C humans deploy no blips")
	}
	for _, tc := range []struct {
		doc  pack.Doc
		args []string // the CLI's, but --backs
	}{
		{blips, []string{"--scenario", sc.ID, "--only", "blips"}},
		{bld, []string{"--system", "buildings"}},
		{list, []string{"--army", file}},
	} {
		fold, ok := tc.doc.Fold()
		if !ok {
			t.Fatalf("%s has no fold-over sheet", tc.doc.Name)
		}
		if want := tc.doc.Name[:len(tc.doc.Name)-len(".pdf")] + "-fold.pdf"; fold.Name != want || fold.Duplex {
			t.Errorf("%s: fold-over sheet %s (duplex %v); want %s, not duplex", tc.doc.Name, fold.Name, fold.Duplex, want)
		}
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			for _, d := range []pack.Doc{tc.doc, fold} {
				args := append([]string{"markers", "--paper", p.Name, "-o", "-"}, tc.args...)
				switch {
				case d.Name == fold.Name:
					args = append(args, "--backs", "fold")
				case d.Duplex:
					args = append(args, "--backs", "long")
				}
				want, err := d.Render(p)
				if err != nil {
					t.Fatal(err)
				}
				code, out, errs := runCLI(t, args...)
				if code != 0 || !bytes.Equal([]byte(out), want) {
					t.Errorf("%s on %s: 'playaid %v' (exit %d, %s) does not print its bytes", d.Name, p.Name, args, code, errs)
				}
			}
		}
	}
	if _, ok := pk.Docs[0].Fold(); ok && pk.Docs[0].Kind != pack.Markers && pk.Docs[0].Kind != pack.Blips {
		t.Errorf("%s, not markers, has a fold-over sheet", pk.Docs[0].Name)
	}
}
