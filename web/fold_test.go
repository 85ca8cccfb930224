package web

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
)

// TestFoldDownloads: beside the duplex blips of a scenario, the rule sets'
// marker sheets and a saved list's blips, the web serves their fold-over
// sheets, the bytes 'playaid markers --scenario ID --only blips --backs
// fold', '--system ID --backs fold' and '--army FILE --backs fold' print,
// on the paper asked for, each under its own name; the home page links
// them.
func TestFoldDownloads(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	cat := shipped.Catalog(t)
	sys, sc, err := briefing.Find(cat, "boys-of-company-c")
	if err != nil {
		t.Fatal(err)
	}
	b, err := briefing.New(sys, sc, cat.Version())
	if err != nil {
		t.Fatal(err)
	}
	set := b.MarkerSet
	// What '--scenario boys-of-company-c --only blips --backs fold' prints.
	cli := markers.Options{Only: []string{set.Blips}, Counts: set.Counts, Decoys: set.Decoys, Backs: markers.Fold, Stamp: sys.Edition(), Title: set.BlipSheet,
		Note: set.BlipNote, Readings: set.BlipReadings}
	bld := cat.System("buildings")
	cliBuildings := markers.Options{Backs: markers.Fold, Stamp: bld.Edition()}
	check := func(path, name string, want []byte) {
		t.Helper()
		w := get(t, h, path)
		if w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("%s: %d, not the CLI's bytes", path, w.Code)
		}
		if strings.Contains(path, "paper=letter") {
			name = onPaper(name, layout.Letter)
		}
		if cd := w.Header().Get("Content-Disposition"); !strings.Contains(cd, `filename=`+name) {
			t.Errorf("%s: saved as %q, want %s", path, cd, name)
		}
	}
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		q := "?paper=" + p.Name
		cli.Paper, cliBuildings.Paper = p, p
		want, err := markers.Render([]*catalog.System{sys}, cli)
		if err != nil {
			t.Fatal(err)
		}
		check("/docs/blips/aqotmf/boys-of-company-c-fold.pdf"+q, "blips-boys-of-company-c-fold.pdf", want)
		if duplex := get(t, h, "/docs/blips/aqotmf/boys-of-company-c.pdf"+q).Body.Bytes(); bytes.Equal(duplex, want) {
			t.Errorf("%s: the fold-over blips are the duplex ones", p.Name)
		}
		want, err = markers.Render([]*catalog.System{bld}, cliBuildings)
		if err != nil {
			t.Fatal(err)
		}
		check("/docs/markers/buildings-fold.pdf"+q, "markers-buildings-fold.pdf", want)
	}

	// A saved list's blips: '--army FILE --backs fold'.
	examples(t, dir)
	name := "boys-of-company-c-humans"
	src, _ := os.ReadFile(filepath.Join(dir, name+ext))
	r, _ := army.Validate(name+ext, src, cat)
	n, d := army.Blips(r.List, r.System)
	note, readings := briefing.ListBlips(r.System, r.System.Scenario(r.List.Scenario), "blips", n, d)
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		want, _ := markers.Render([]*catalog.System{r.System}, markers.Options{Paper: p, Only: []string{"blips"}, Counts: map[string]int{"blips": n}, Decoys: d,
			Backs: markers.Fold, Stamp: r.System.Edition(), Title: briefing.ListBlipsTitle(army.ListName(r.List)),
			Note: note, Readings: readings})
		check("/lists/"+name+"/markers-fold.pdf?paper="+p.Name, "markers-"+name+"-fold.pdf", want)
	}
	if w := get(t, h, "/lists/boys-of-company-c-martians/markers-fold.pdf"); w.Code != http.StatusNotFound {
		t.Errorf("fold-over blips of a list without blips: %d", w.Code)
	}
	if !strings.Contains(get(t, h, "/lists/"+name).Body.String(), `href="/lists/`+name+`/markers-fold.pdf?paper=a4"`) {
		t.Error("the builder does not offer the list's fold-over blips")
	}

	home := get(t, h, "/?paper=letter").Body.String()
	for _, link := range []string{`href="/docs/blips/aqotmf/boys-of-company-c-fold.pdf?paper=letter" download>Fold-over PDF</a>`,
		`href="/docs/markers/aqotmf-fold.pdf?paper=letter" download>Fold-over PDF</a>`} {
		if !strings.Contains(home, link) {
			t.Errorf("the home page lacks %s", link)
		}
	}

	// Unknown names, and fold-over sheets of what has none, are not found.
	for _, path := range []string{"/docs/blips/aqotmf/nope-fold.pdf", "/docs/blips/aqotmf/boys-of-company-c-fold.html", "/docs/blips/aqotmf/boys-of-company-c-fold-fold.pdf",
		"/docs/blips/buildings/boys-of-company-c-fold.pdf", "/docs/blips/aqotmf/-fold.pdf", "/docs/markers/nope-fold.pdf", "/docs/markers/-fold.pdf",
		"/docs/markers/aqotmf-fold.html", "/docs/markers/aqotmf-fold-fold.pdf", "/docs/markers/blips-fold.pdf", "/lists/" + name + "/markers-fold.html"} {
		if w := get(t, h, path); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
}

// TestNoFoldWithoutBacks: a marker sheet none of whose pieces has a back
// gets no fold-over link and no fold-over download; the others keep theirs.
func TestNoFoldWithoutBacks(t *testing.T) {
	cat := *shipped.Catalog(t)
	cat.Systems = slices.Clone(cat.Systems)
	for i, sys := range cat.Systems {
		if sys.ID != "buildings" {
			continue
		}
		bare := *sys
		bare.Markers = slices.Clone(sys.Markers)
		for j := range bare.Markers {
			bare.Markers[j].Back, bare.Markers[j].BackColor = "", ""
		}
		cat.Systems[i] = &bare
	}
	s, err := New(Config{Catalog: &cat, Lists: filepath.Join(t.TempDir(), "lists")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	home := get(t, h, "/").Body.String()
	if !strings.Contains(home, `href="/docs/markers/buildings.pdf"`) || strings.Contains(home, "/docs/markers/buildings-fold.pdf") {
		t.Error("the buildings' marker sheet, without backs, should be offered without a fold-over sheet")
	}
	if !strings.Contains(home, `href="/docs/markers/aqotmf-fold.pdf"`) {
		t.Error("the AQotMF markers lost their fold-over sheet")
	}
	if w := get(t, h, "/docs/markers/buildings-fold.pdf"); w.Code != http.StatusNotFound {
		t.Errorf("the fold-over sheet of markers without backs: %d", w.Code)
	}
}

// TestFoldLinkByKeyboard: in the home page's blips row, the fold-over
// link is reached with Tab alone and is named for what it is.
func TestFoldLinkByKeyboard(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, _ := newServer(t, "")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	step := stepper(t, ctx)
	sel := `a[href="/docs/blips/aqotmf/boys-of-company-c-fold.pdf?paper=letter"]`
	step("open the home page", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(srv.URL+"/?paper=letter"), until(`document.readyState === 'complete'`))
	for i := 0; ; i++ {
		if i == 400 {
			t.Fatalf("400 presses of Tab do not reach the blips' fold-over link")
		}
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement && document.activeElement.matches(`+jsString(sel)+`)`))
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			break
		}
		step("tab", chromedp.KeyEvent(kb.Tab))
	}
	// The link's name is its own text (no label hides it), in a row named
	// for the blips.
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.activeElement;
		return [e.getAttribute('aria-label') || '', e.textContent.trim(), e.closest('li').querySelector('.doc').firstChild.textContent.trim(), String(e.hasAttribute('download'))].join('|'); })()`))
	if err != nil {
		t.Fatal(err)
	}
	if got != "|Fold-over PDF|Blips|true" {
		t.Errorf("the focused link: aria-label|name|row|download = %q", got)
	}
}
