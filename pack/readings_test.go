package pack

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/pagelint"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/sheets"
)

// TestReadings holds the whole pack, on A4 and on Letter, to what a
// reading is (catalog/reading.go), read back from the printed PDFs:
//
//   - every mark a page prints beside words has its line on that page
//     (on a sheet of cards, on that card), and every line its mark;
//   - a mark stands for one reading: its line on every document is that
//     reading's ruling, in its words;
//   - a reading's governed words never print on a page (a card) without
//     its mark, and every governed word prints somewhere;
//   - the record the rules notes tell "Prints on" from is where the marks
//     printed, page for page, and the notes tell every place of it.
//
// The game nights' bundles are held to the first three as well.
func TestReadings(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("prints the whole pack on both papers")
	}
	governed := map[string]bool{} // "system/id/words" that printed somewhere
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		mp := shippedPack(t, paper)
		type printedAt struct {
			file, mark string
			page       int
		}
		found := map[printedAt]bool{}
		for i, d := range mp.pk.Docs {
			if d.Kind == Notes {
				continue
			}
			for _, m := range checkMarks(t, paper.Name+"/"+d.Name, mp.files[i].Data, d.System, governed) {
				found[printedAt{d.Name, m.Mark, m.Page}] = true
			}
		}
		recorded := map[printedAt]bool{}
		for _, p := range mp.printed.All() {
			recorded[printedAt{p.File, p.Mark, p.Page}] = true
		}
		for at := range found {
			if !recorded[at] {
				t.Errorf("%s/%s page %d: mark %s printed, but the record the notes tell from lacks it", paper.Name, at.file, at.page, at.mark)
			}
		}
		for at := range recorded {
			if !found[at] {
				t.Errorf("%s/%s page %d: the record says mark %s printed there; the page has none", paper.Name, at.file, at.page, at.mark)
			}
		}
		checkNotes(t, mp.cat, paper, mp.printed)
		for _, n := range mp.nights {
			for _, f := range n.files {
				checkMarks(t, paper.Name+"/"+f.Name, f.Data, n.sys, governed)
			}
		}
	}
	for _, sys := range shippedPack(t, layout.A4).cat.Systems {
		for _, n := range sys.Readings() {
			for _, g := range n.Governs {
				if !governed[sys.ID+"/"+n.ID+"/"+g] {
					t.Errorf("reading %s (%s) governs %q, which no page of the pack prints: the data's words are stale", n.Mark, n.ID, g)
				}
			}
		}
	}
}

// checkMarks checks the marks one PDF prints (see TestReadings) and
// returns those set beside words.
func checkMarks(t *testing.T, file string, pdf []byte, sys *catalog.System, governed map[string]bool) []pagelint.Mark {
	t.Helper()
	ms, err := pagelint.Marks(pdf)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	type scope struct{ page, card int }
	where := func(s scope) string {
		if s.card < 0 {
			return fmt.Sprintf("page %d", s.page)
		}
		return fmt.Sprintf("page %d, card %d", s.page, s.card+1)
	}
	used, explained := map[scope][]string{}, map[scope][]string{}
	var out []pagelint.Mark
	for _, m := range ms {
		s := scope{m.Page, m.Card}
		if !m.Explained {
			used[s] = append(used[s], m.Mark)
			out = append(out, m)
			continue
		}
		explained[s] = append(explained[s], m.Mark)
		n := reading(sys, m.Mark)
		switch {
		case n == nil:
			t.Errorf("%s %s: line %q under mark %s, which is no reading's", file, where(s), m.Words, m.Mark)
		case !strings.HasPrefix(squeeze(document.Typo(n.Ruling)), squeeze(m.Words)):
			t.Errorf("%s %s: mark %s's line reads %q; its reading (%s) says %q", file, where(s), m.Mark, m.Words, n.ID, n.Ruling)
		}
	}
	for s, marks := range used {
		for _, m := range marks {
			if !slices.Contains(explained[s], m) {
				t.Errorf("%s %s: mark %s printed without its line there", file, where(s), m)
			}
		}
	}
	for s, marks := range explained {
		for _, m := range marks {
			if !slices.Contains(used[s], m) {
				t.Errorf("%s %s: the line of %s marks nothing there", file, where(s), m)
			}
		}
	}
	// Governed words: on every page, and every card, that prints them,
	// their mark. The words are read by line (a table's row) and by
	// column (a cell's words wrapped onto two lines), marks left out.
	scopes, err := pagelint.Words(pdf)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, sc := range scopes {
		s := scope{sc.Page, sc.Card}
		lines, columns := squeeze(sc.Lines), squeeze(sc.Columns)
		for _, n := range readings(sys) {
			for _, g := range n.Governs {
				if w := squeeze(document.Typo(g)); !strings.Contains(lines, w) && !strings.Contains(columns, w) {
					continue
				}
				governed[n.System+"/"+n.ID+"/"+g] = true
				if !slices.Contains(used[s], n.Mark) {
					t.Errorf("%s %s prints %q without the mark %s of the reading it follows (%s)", file, where(s), g, n.Mark, n.ID)
				}
			}
		}
	}
	return out
}

// reading is the reading with the mark of sys or the rule set it adds to.
func reading(sys *catalog.System, mark string) *catalog.Note {
	if sys == nil {
		return nil
	}
	return sys.ReadingByMark(mark)
}

// readings are the readings a document of sys may print: its own and its
// base's.
func readings(sys *catalog.System) []catalog.Note {
	if sys == nil {
		return nil
	}
	out := sys.Readings()
	if sys.Base != nil {
		out = append(out, sys.Base.Readings()...)
	}
	return out
}

// squeeze is s without its white space, for words set in pieces, and
// with one apostrophe and one quote of each kind (templates type them).
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return -1
		case r == '’':
			return '\''
		case r == '“' || r == '”':
			return '"'
		}
		return r
	}, s)
}

// checkNotes checks that each rule set's rules notes say of every
// reading the player documents printed where it printed: each document,
// and each page of it, the record holds; and of the others, that they
// print nowhere.
func checkNotes(t *testing.T, cat *catalog.Catalog, paper layout.Paper, printed *document.Printed) {
	t.Helper()
	for _, s := range sheets.All(cat) {
		md, err := s.NotesMarkdown(cat, "", paper, printed)
		if err != nil {
			t.Fatal(err)
		}
		items := strings.Split(string(md), "\n- ")
		sys := cat.System(s.System)
		for _, n := range sys.Readings() {
			i := slices.IndexFunc(items, func(it string) bool { return strings.HasPrefix(it, "**"+n.Mark+"** ") })
			if i < 0 {
				t.Errorf("%s notes: no entry under %s (%s)", paper.Name, n.Mark, n.ID)
				continue
			}
			_, where, _ := strings.Cut(items[i], "*Prints on:*")
			at := printed.Of(n)
			if len(at) == 0 && !strings.Contains(where, "no player document") {
				t.Errorf("%s notes: %s printed nowhere, but its entry says %q", paper.Name, n.Mark, where)
			}
			for _, p := range at {
				// The rule set's own documents go without its name.
				doc := p.Doc
				if rest, ok := strings.CutPrefix(p.Doc, "the "+cmp.Or(sys.About.Short, sys.About.Name)+" "); ok {
					doc = "the " + rest
				}
				i := strings.Index(where, document.Esc(doc))
				if i < 0 {
					t.Errorf("%s notes: %s printed on %s, but its entry says %q", paper.Name, n.Mark, p.Doc, where)
					continue
				}
				pages, _, _ := strings.Cut(where[i:], "; the ") // its pages, before the next document
				pages, _, _ = strings.Cut(pages, ", its card")  // and before its cards
				if p.Card == "" && !strings.Contains(pages, fmt.Sprintf("p. %d", p.Page)) {
					t.Errorf("%s notes: %s printed on %s page %d, but its entry says %q", paper.Name, n.Mark, p.Doc, p.Page, where)
				}
			}
		}
	}
}
