package army

import (
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

var (
	fuzzOnce sync.Once
	fuzzCat  *catalog.Catalog
)

// FuzzLoadValidate feeds arbitrary bytes through the whole path of a list:
// parse, check, blips, roster Markdown, its PDF and the unit cards. It
// must never panic, every message must name a place in the file, and the
// verdict must agree with the messages. The seed corpus is in
// testdata/fuzz/FuzzLoadValidate.
func FuzzLoadValidate(f *testing.F) {
	for _, c := range validationCases(f) {
		f.Add([]byte(c.src))
	}
	fuzzOnce.Do(func() { fuzzCat = testCatalog(f) })
	f.Fuzz(func(t *testing.T, src []byte) {
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
		plan, err := planCards(r, mo, end)
		if err != nil {
			if !strings.Contains(err.Error(), "too many unit cards") {
				t.Fatalf("cards: %v", err)
			}
			return
		}
		if err := plan.draw(pdf, layout.A4, listName(r.List), 2); err != nil {
			t.Fatalf("cards: %v", err)
		}
	})
}
