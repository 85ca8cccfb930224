package markers

import (
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
)

// TestCuttingSaysWhatIsOnThePage: the cutting instruction of a page
// speaks of circles only when the page has some, and of the template
// only when it has one; a blip sheet with backs says how to print them
// and how to cut its circles, and nothing else.
func TestCuttingSaysWhatIsOnThePage(t *testing.T) {
	cat := shipped.Catalog(t)
	aq := system(t, cat, "aqotmf")
	blips := render(t, []*catalog.System{aq}, blipPack(layout.A4))
	want := []string{
		"Print double-sided, flip on the long edge.",
		"Cut: first along the marks in the side margins, all the way",
		"across; then cut each piece out at its corner marks.",
		"Cut the circles along their edge.",
	}
	if got := texts(blips[0]); !isSubsequence(got, want) || strings.Contains(strings.Join(got, " "), "template") {
		t.Errorf("the blip sheet's instruction:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	pagesWith := map[string]int{} // how many pages hold each shape, for the test's own reach
	for _, s := range cat.Systems {
		if len(s.Markers) == 0 {
			continue
		}
		opt := Options{Paper: layout.Letter}
		sh := planned(t, []*catalog.System{s}, opt)
		pages := render(t, []*catalog.System{s}, opt)
		for i, pg := range sh.pages {
			shapes := map[string]bool{}
			for _, pl := range pg.items {
				shapes[pl.p.shape] = true
			}
			for sp := range shapes {
				pagesWith[sp]++
			}
			text := strings.Join(texts(pages[i]), "\n")
			if !strings.Contains(text, "then cut each piece out at its corner marks.") {
				t.Errorf("%s page %d: no cutting instruction", s.ID, i+1)
			}
			for _, word := range []struct{ shape, says string }{{"circle", "Cut the circles"}, {"template", "the template along"}} {
				if says := strings.Contains(text, word.says); says != shapes[word.shape] {
					t.Errorf("%s page %d: has a %s: %v; the instruction says %q: %v", s.ID, i+1, word.shape, shapes[word.shape], word.says, says)
				}
			}
		}
	}
	// The shipped markers have pages with and without each: the test
	// looked at both cases.
	if pagesWith["circle"] == 0 || pagesWith["template"] == 0 || pagesWith["track"] == 0 {
		t.Errorf("pages by shape %v: the shipped markers no longer cover every case", pagesWith)
	}
}

// isSubsequence reports whether want appears in got in order, each as a
// whole string.
func isSubsequence(got, want []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want) && !slices.Contains(got, "Cut circles and the template along their edge.")
}
