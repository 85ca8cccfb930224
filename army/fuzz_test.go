package army

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

var (
	fuzzOnce sync.Once
	fuzzCat  *catalog.Catalog
)

// FuzzLoadValidate feeds arbitrary bytes through the whole path of a list
// as the CLI reads it: a file read by ReadFile (regular, size-capped),
// Vet, parse, check, blips, roster Markdown, its PDF and the unit cards.
// It must never panic or stall, every message must name a place in the
// file, the verdict must agree with the messages, and no sum of points,
// counts or figures may overflow: the points used are the lines' costs
// (and the upgrades') added up, each a count times a price, all within
// the bounds of internal/limits. The seed corpus is in
// testdata/fuzz/FuzzLoadValidate (deep nesting, numbers at and past
// every bound among it).
func FuzzLoadValidate(f *testing.F) {
	for _, c := range validationCases(f) {
		f.Add([]byte(c.src))
	}
	fuzzOnce.Do(func() { fuzzCat = testCatalog(f) })
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, in []byte) {
		path := filepath.Join(dir, "fuzz.toml")
		if err := os.WriteFile(path, in, 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := ReadFile(path)
		if err != nil {
			if len(in) <= limits.MaxFileSize {
				t.Fatalf("a list of %d bytes refused: %v", len(in), err)
			}
			return
		}
		if !bytes.Equal(src, in) {
			t.Fatal("ReadFile changed the bytes")
		}
		r, dl := Validate("fuzz.toml", src, fuzzCat)
		for _, d := range dl {
			if d.File != "fuzz.toml" || d.Line < 1 || d.Col < 1 {
				t.Fatalf("a message without its place: %q", d.Error())
			}
		}
		if r == nil {
			if len(dl.Errors()) == 0 {
				t.Fatal("unreadable without an error")
			}
			return
		}
		if r.Valid() != (len(dl.Errors()) == 0) {
			t.Fatalf("valid = %v with %d errors", r.Valid(), len(dl.Errors()))
		}
		checkSums(t, r)
		if r.System != nil {
			if b, d := Blips(r.List, r.System); b < 0 || d < 0 {
				t.Fatalf("%d blips, %d decoys", b, d)
			}
		}
		md, err := Markdown(r, fuzzCat, "")
		if err != nil {
			t.Fatalf("roster template: %v", err)
		}
		if !strings.Contains(string(md), "VALID") {
			t.Fatal("the roster has no stamp")
		}
		pdf, err := markdown.Render(md, markdown.Options{})
		if err != nil {
			// The renderer reports what it cannot lay out (a word wider
			// than the page) as an error: that is not a crash.
			return
		}
		mo := markdown.Options{Paper: layout.A4}
		_, end, err := markdown.End(md, mo)
		if err != nil {
			t.Fatalf("measured: %v, rendered: ok", err)
		}
		cs, err := buildCards(r)
		var plan cardPlan
		if err == nil {
			plan, err = planCards(cs, mo, cards.NoBacks, end)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "too many unit cards") {
				t.Fatalf("cards: %v", err)
			}
			return
		}
		if err := plan.draw(pdf, layout.A4, cards.NoBacks, ListName(r.List), 2, nil); err != nil {
			t.Fatalf("cards: %v", err)
		}
	})
}

// checkSums: the points used are the lines' costs and the upgrades' added
// up, each line a count times a price, every number within its bound, so
// that nothing can have wrapped round.
func checkSums(t *testing.T, r *Report) {
	t.Helper()
	var sum int64
	for i, ln := range r.Lines {
		switch {
		case ln.Count < 0 || ln.Count > limits.MaxCount:
			t.Fatalf("line %d: count %d", i+1, ln.Count)
		case ln.Each < 0 || ln.Each > limits.MaxPoints:
			t.Fatalf("line %d: %d points each", i+1, ln.Each)
		case ln.Cost != int64(ln.Count)*int64(ln.Each) && ln.Each != 0:
			t.Fatalf("line %d: %d × %d costs %d", i+1, ln.Count, ln.Each, ln.Cost)
		case imperial.DataOf(ln).Trays < 0 || imperial.DataOf(ln).Remainder < 0 || ln.Unit.Int("figures") >= 1 && imperial.DataOf(ln).PerTray > 0 && imperial.DataOf(ln).Trays*imperial.DataOf(ln).PerTray+imperial.DataOf(ln).Remainder != ln.Unit.Int("figures"):
			t.Fatalf("line %d: %d figures as %d trays of %d and %d over", i+1, ln.Unit.Int("figures"), imperial.DataOf(ln).Trays, imperial.DataOf(ln).PerTray, imperial.DataOf(ln).Remainder)
		}
		sum += ln.Cost
	}
	if pod := evacuation.PodOf(r); pod != nil {
		sum += int64(pod.Cost())
	}
	// A file of limits.MaxFileSize bytes holds some 30,000 units: the
	// sum stays below 2^53 whatever they cost.
	if r.Used != sum || r.Used < 0 || r.Used > int64(len(r.Lines)+1)*limits.MaxCount*limits.MaxPoints {
		t.Fatalf("%d points used; the lines and upgrades cost %d", r.Used, sum)
	}
	if r.Limit < 0 || r.Limit > limits.MaxPoints {
		t.Fatalf("limit %d", r.Limit)
	}
}
