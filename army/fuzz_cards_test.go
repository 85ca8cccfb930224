package army

import (
	"io/fs"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/pdftest"
)

// FuzzCards prints a shipped list, roster and unit cards, as a PDF with
// the list's name, note and unit labels and notes replaced by fuzzed text:
// any text, in any script, past U+FFFF, not even UTF-8. It must never
// panic, always give a whole PDF, and draw no character the font lacks
// (those print as glyphs.Mark). The seeds are in
// testdata/fuzz/FuzzCards.
func FuzzCards(f *testing.F) {
	cat, lists := cardLists(f)
	for i, s := range []string{"Company C", "פלוגה ג׳ 2", "第一連隊", "Rockets 🚀", "\xff\xfe", "مشاة (١٢)", ""} {
		f.Add(uint8(i), s, s+" "+s, "Note: "+s)
	}
	f.Fuzz(func(t *testing.T, which uint8, name, label, note string) {
		printCards(t, cat, lists[int(which)%len(lists)], name, label, note)
	})
}

// cardLists are the shipped data and a list of each rule set with cards.
func cardLists(t testing.TB) (*catalog.Catalog, []*List) {
	cat := shipped.Catalog(t)
	var lists []*List
	for _, name := range []string{"boys-of-company-c-humans.toml", "evacuation-mars.toml", "imperial-mars.toml"} {
		src, err := fs.ReadFile(data.FS, "armies/"+name)
		if err != nil {
			t.Fatal(err)
		}
		l, dl := Parse(name, src)
		if l == nil || len(dl.Errors()) > 0 {
			t.Fatalf("%s: %v", name, dl)
		}
		lists = append(lists, l)
	}
	return cat, lists
}

// printCards prints list with its texts replaced, roster and cards, and
// checks the PDF.
func printCards(t *testing.T, cat *catalog.Catalog, list *List, name, label, note string) {
	l := *list
	l.Units = append([]Unit(nil), l.Units...)
	l.Name, l.Note = name, note
	for i := range l.Units {
		if i%2 == 0 {
			l.Units[i].Label = label
		} else {
			l.Units[i].Note = note
		}
	}
	r := Check(&l, cat)
	pdf, err := Print(r, cat, PrintOptions{Cards: true})
	if err != nil {
		return // a message (too many cards, a word wider than a page), not a crash
	}
	if err := pdftest.Printable(pdf, glyphs.Text().Has); err != nil {
		t.Fatal(err)
	}
}
