package pack

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/internal/pagelint"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/refcards"
)

// lintFile is one printed file, with what the linter cannot read from
// its pages: which start fresh.
type lintFile struct {
	name  string
	pdf   []byte
	fresh []int
}

// known are the faults the linter finds that the pack still prints, each
// with the work that will mend it. A fault not listed fails the test, and
// so does a listed one the linter no longer finds: the list only shrinks.
var known = []struct {
	file  string // a part of the file's name
	check string
	what  string // a part of the finding
	why   string
}{}

// TestPagesLint runs the page linter (internal/pagelint) over every page
// of every file the pack prints, on A4 and Letter: the print pack, the
// fold-over sheets of every card deck, roster and two-sided marker file,
// the print shop's decks, and each scenario's game night.
func TestPagesLint(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("prints the whole pack, every way, on both papers")
	}
	found := make([]bool, len(known))
	var mu sync.Mutex
	kinds := map[string]int{}
	measured := map[string]int{}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		files := lintFiles(t, shippedPack(t, paper), paper)
		var wg sync.WaitGroup
		for _, f := range files {
			kinds[fileKind(f.name)]++
			wg.Go(func() {
				res, err := pagelint.Lint(paper.Name+"/"+f.name, f.pdf, pagelint.Options{Fresh: f.fresh})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Error(err)
					return
				}
				for k, n := range res.Measured {
					measured[k] += n
				}
				for _, x := range res.Findings {
					i := slices.IndexFunc(known, func(k struct{ file, check, what, why string }) bool {
						return strings.Contains(x.File, k.file) && x.Check == k.check && strings.Contains(x.What, k.what)
					})
					if i < 0 {
						t.Error(x)
						continue
					}
					found[i] = true
				}
			})
		}
		wg.Wait()
	}
	for i, k := range known {
		if !found[i] {
			t.Errorf("known fault %s %s %q is no longer found: take it off the list", k.file, k.check, k.what)
		}
	}
	for _, k := range []string{"army", "briefing", "reference", "cards", "markers", "blips", "notes", "fold", "shop", "game-night"} {
		if kinds[k] < 2 {
			t.Errorf("only %d %s files linted", kinds[k], k)
		}
	}
	// Each check had things to measure: one that found none would pass
	// whatever the pack printed (a mark printed in a new way, say).
	for check, least := range map[string]int{"box": 100, "write-in": 50, "edge": 10000, "footer": 1000, "fill": 20, "split": 200, "mark": 100} {
		if measured[check] < least {
			t.Errorf("the %s check measured %d things over the pack; want %d or more", check, measured[check], least)
		}
	}
	t.Logf("measured: %v", measured)
}

// fileKind is what a linted file is, to count them.
func fileKind(name string) string {
	for _, k := range []string{"fold", "shop", "game-night", "cards"} {
		if strings.Contains(name, k) {
			return k
		}
	}
	return strings.SplitN(name, "-", 2)[0]
}

// lintFiles is every file of the pack made on paper, printed every way.
func lintFiles(t *testing.T, mp *madePack, paper layout.Paper) []lintFile {
	t.Helper()
	cat, pk, rendered := mp.cat, mp.pk, mp.files
	var out []lintFile
	pages := map[string]int{}
	for i, d := range pk.Docs {
		f := lintFile{name: d.Name, pdf: rendered[i].Data, fresh: fresh(t, d, rendered[i].Data)}
		pages[d.Name] = count(t, f.pdf)
		out = append(out, f)
		if fd, ok := d.Fold(); ok && fd.Name != d.Name {
			b, err := fd.Render(paper)
			if err != nil {
				t.Fatalf("%s: %v", fd.Name, err)
			}
			out = append(out, lintFile{name: fd.Name, pdf: b})
		}
	}
	for _, dk := range refcards.All(cat) {
		name := strings.TrimSuffix(dk.FileName("pdf"), ".pdf")
		b, err := dk.Render(cat, refcards.Options{Paper: paper, Backs: cards.Fold})
		if err != nil {
			t.Fatalf("%s fold: %v", dk.ID, err)
		}
		out = append(out, lintFile{name: name + "-fold.pdf", pdf: b})
		b, err = dk.Render(cat, refcards.Options{Shop: &cards.Shop{}})
		if err != nil {
			t.Fatalf("%s print shop: %v", dk.ID, err)
		}
		out = append(out, lintFile{name: name + "-print-shop.pdf", pdf: b})
	}
	exs, err := army.Examples(cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		b, err := army.Print(ex.Report, cat, army.PrintOptions{Paper: paper, Cards: true, CardBacks: cards.Fold})
		if err != nil {
			t.Fatalf("%s fold: %v", ex.Name, err)
		}
		out = append(out, lintFile{name: "army-" + ex.Name + "-fold.pdf", pdf: b})
		b, err = army.PrintCards(ex.Report, cards.Shop{})
		if err != nil {
			t.Fatalf("%s print shop: %v", ex.Name, err)
		}
		out = append(out, lintFile{name: "army-" + ex.Name + "-print-shop.pdf", pdf: b})
	}
	for _, mn := range mp.nights {
		n, files := mn.night, mn.files
		// The single-sided file: the first page, then each document;
		// the page of a briefing's secret sheet starts fresh.
		single := lintFile{name: files[0].Name, pdf: files[0].Data}
		at := count(t, files[0].Data)
		for _, d := range slices.Backward(n.Single) {
			at -= pages[d.Name]
			if i := slices.IndexFunc(pk.Docs, func(x Doc) bool { return x.Name == d.Name }); i >= 0 {
				for _, p := range fresh(t, d.Doc, rendered[i].Data) {
					single.fresh = append(single.fresh, at+p)
				}
			}
		}
		out = append(out, single)
		if len(files) > 1 {
			// Every document of the double-sided file starts on a
			// front: each even page is a page of backs.
			double := lintFile{name: files[1].Name, pdf: files[1].Data}
			for p := 2; p <= count(t, files[1].Data); p += 2 {
				double.fresh = append(double.fresh, p)
			}
			out = append(out, double)
		}
	}
	return out
}

// fresh are the pages of a document of the pack that start on a sheet of
// their own, beyond what the linter reads from the page: the backs of a
// double-sided file, and a briefing's secret sheet, its last page.
func fresh(t *testing.T, d Doc, pdf []byte) []int {
	t.Helper()
	n := count(t, pdf)
	var out []int
	switch {
	case d.Duplex:
		for p := 2; p <= n; p += 2 {
			out = append(out, p)
		}
	case d.Kind == Briefing:
		b, err := briefing.New(d.System, d.Scenario, "")
		if err != nil {
			t.Fatal(err)
		}
		if b.Sheet != nil {
			out = append(out, n)
		}
	}
	return out
}

func count(t *testing.T, pdf []byte) int {
	t.Helper()
	n, err := pageCount(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
