package web

import (
	"bytes"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/refcards"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/buildings"
	"github.com/playaid/playaid/sheets"
)

// TestHome lists the saved lists with their verdicts, a way to start a
// list for every side of every scenario, and every document of the print
// pack.
func TestHome(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	if body := pageText(get(t, h, "/").Body.String()); !strings.Contains(body, "No lists yet") {
		t.Errorf("an empty folder: %s", body)
	}
	names := examples(t, dir)
	writeFile(t, filepath.Join(dir, "greedy.toml"), "system = \"aqotmf\"\nname = \"Greedy\"\npoints = 10\n[[unit]]\nid = \"hmg-unit\"\n")
	writeFile(t, filepath.Join(dir, "notes.txt"), "not a list")
	w := get(t, h, "/")
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	body := w.Body.String()
	text := pageText(body)
	for _, n := range names {
		if !strings.Contains(body, `href="/lists/`+n+`"`) {
			t.Errorf("list %s is not on the home page", n)
		}
	}
	if strings.Count(body, `class="badge ok">VALID<`) != len(names) || !strings.Contains(text, "Greedy INVALID") || !strings.Contains(text, "40 / 10 pts") {
		t.Errorf("verdicts: %s", text)
	}
	if strings.Contains(body, "notes.txt") {
		t.Errorf("a file that is not a list is listed")
	}
	cat := shipped.Catalog(t)
	for _, sys := range cat.Systems {
		for _, sc := range sys.Scenarios {
			for _, ext := range []string{"pdf", "html"} {
				if !strings.Contains(body, "/docs/briefing/"+sys.ID+"/"+sc.ID+"."+ext) {
					t.Errorf("no briefing %s of %s", ext, sc.ID)
				}
			}
			if army.Kind(sys) != "" {
				for i := range sc.Sides {
					if !strings.Contains(body, `data-new="`+sys.ID+"/"+sc.ID+"/"+itoa(i)+`"`) {
						t.Errorf("no new list for side %d of %s", i, sc.ID)
					}
				}
			}
		}
		if len(sys.Markers) > 0 && !strings.Contains(body, "/docs/markers/"+sys.ID+".pdf") {
			t.Errorf("no marker sheet of %s", sys.ID)
		}
	}
	for _, sh := range sheets.All(cat) {
		if !strings.Contains(body, "/docs/reference/"+sh.ID+".html") || !strings.Contains(body, "/docs/reference/"+sh.ID+".pdf") {
			t.Errorf("no reference sheet %s", sh.ID)
		}
		// The rules notes are the organiser's, and say so.
		i := strings.Index(body, `href="/docs/notes/`+sh.ID+`.pdf"`)
		if j := strings.LastIndex(body[:max(i, 0)], "<h4>"); i < 0 || j < 0 || !strings.HasPrefix(body[j:], "<h4>For the organiser</h4>") {
			t.Errorf("the rules notes of %s are not offered under For the organiser", sh.ID)
		}
	}
	if !strings.Contains(get(t, h, "/?paper=letter").Body.String(), "/docs/reference/aqotmf.pdf?paper=letter") {
		t.Errorf("the paper choice does not reach the downloads")
	}
	if w := get(t, h, "/?paper=a3"); w.Code != http.StatusBadRequest {
		t.Errorf("paper a3: %d", w.Code)
	}
}

// TestDocuments: every document is the generator's bytes, as the CLI
// writes them, under the CLI's file name; a reading page (HTML) is the
// generator's document in the site's frame.
func TestDocuments(t *testing.T) {
	t.Parallel()
	s, _ := newServer(t, "")
	h := s.Handler()
	cat := shipped.Catalog(t)
	check := func(path, ctype, file string, want []byte) {
		t.Helper()
		w := get(t, h, path)
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), ctype) {
			t.Fatalf("%s: %d %s", path, w.Code, w.Header().Get("Content-Type"))
		}
		if strings.Contains(path, "paper=letter") {
			file = onPaper(file, layout.Letter) // the A4 and Letter downloads are told apart
		}
		if file != "" && !strings.Contains(w.Header().Get("Content-Disposition"), `filename=`+file) {
			t.Errorf("%s: Content-Disposition %q", path, w.Header().Get("Content-Disposition"))
		}
		if ctype == "text/html" {
			// A reading page: the generator's document in the site's
			// frame, its head and its text whole.
			head, _, _ := bytes.Cut(want, []byte("</head>"))
			_, text, _ := bytes.Cut(want, []byte("<body>\n"))
			text, _, _ = bytes.Cut(text, []byte("</main>\n"))
			got := w.Body.Bytes()
			if !bytes.HasPrefix(got, head) || !bytes.Contains(got, text) || !bytes.Contains(got, []byte(`<nav aria-label="Site">`)) || !bytes.Contains(got, []byte(`href="/#print">Back to the print pack`)) {
				t.Errorf("%s: not the generator's document in the site's frame", path)
			}
			return
		}
		if !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("%s: not the generator's bytes", path)
		}
	}
	sh, _ := sheets.Lookup(cat, "aqotmf")
	pdf, err := sh.Render(cat, sheets.Options{Paper: layout.A4, Format: sheets.PDF})
	if err != nil {
		t.Fatal(err)
	}
	check("/docs/reference/aqotmf.pdf", "application/pdf", "reference-aqotmf.pdf", pdf)
	letter, _ := sh.Render(cat, sheets.Options{Paper: layout.Letter, Format: sheets.PDF})
	check("/docs/reference/aqotmf.pdf?paper=letter", "application/pdf", "reference-aqotmf.pdf", letter)
	htm, _ := sh.Render(cat, sheets.Options{Paper: layout.A4, Format: sheets.HTML})
	check("/docs/reference/aqotmf.html", "text/html", "", htm)
	if w := get(t, h, "/docs/reference/aqotmf.html"); !strings.Contains(w.Header().Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("a generated HTML page is not sandboxed")
	}

	sys, sc, _ := briefing.Find(cat, "boys-of-company-c")
	b, err := briefing.New(sys, sc, cat.Version())
	if err != nil {
		t.Fatal(err)
	}
	bp, _ := b.PDF(briefing.Options{Paper: layout.A4})
	check("/docs/briefing/aqotmf/boys-of-company-c.pdf", "application/pdf", "briefing-boys-of-company-c.pdf", bp)
	pk := pack.New(cat, pack.Options{})
	n := 0
	for _, f := range pk.Docs {
		if f.System != sys || (f.Kind != pack.Markers && f.Kind != pack.Blips) {
			continue
		}
		n++
		mk, _ := f.Render(layout.Letter)
		path := "/docs/markers/aqotmf.pdf?paper=letter"
		if f.Scenario != nil {
			path = "/docs/blips/aqotmf/" + f.Scenario.ID + ".pdf?paper=letter"
		}
		check(path, "application/pdf", f.Name, mk)
	}
	if n != 3 {
		t.Fatalf("%d marker files of aqotmf, want 3", n)
	}
	// The notes tell where the pack's player documents, on that paper,
	// printed each reading.
	printed, err := pack.Printed(cat, pack.Options{}, layout.Letter)
	if err != nil {
		t.Fatal(err)
	}
	notes, _ := sh.RenderNotes(cat, sheets.Options{Paper: layout.Letter, Format: sheets.PDF, Printed: printed})
	check("/docs/notes/aqotmf.pdf?paper=letter", "application/pdf", "notes-aqotmf.pdf", notes)
	notesHTML, _ := sh.RenderNotes(cat, sheets.Options{Paper: layout.Letter, Format: sheets.HTML, Printed: printed})
	check("/docs/notes/aqotmf.html?paper=letter", "text/html", "", notesHTML)
	dk, _ := refcards.Lookup(cat, "imperial-mars")
	cards, _ := dk.Render(cat, refcards.Options{Paper: layout.A4})
	check("/docs/cards/imperial-mars.pdf", "application/pdf", "reference-cards-imperial-mars.pdf", cards)
	fold, _ := dk.Render(cat, refcards.Options{Paper: layout.Letter, Backs: cardsFold})
	check("/docs/cards/imperial-mars-fold.pdf?paper=letter", "application/pdf", "reference-cards-imperial-mars-fold.pdf", fold)
	shop, _ := dk.Render(cat, refcards.Options{Shop: &cardsShop{}})
	check("/docs/cards/imperial-mars-print-shop.pdf?paper=letter", "application/pdf", "reference-cards-imperial-mars-print-shop.pdf", shop)
	if bytes.Equal(fold, cards) || bytes.Equal(shop, cards) || !bytes.Contains(shop, []byte("/TrimBox")) {
		t.Error("the fold-over and print-shop cards are not their own documents")
	}
	exs, err := army.Examples(cat)
	if err != nil || len(exs) == 0 {
		t.Fatalf("the example lists: %v", err)
	}
	for _, ex := range exs {
		roster, _ := army.Print(ex.Report, cat, army.PrintOptions{Paper: layout.A4, Cards: true})
		check("/docs/armies/"+ex.Name+".pdf", "application/pdf", "army-"+ex.Name+".pdf", roster)
	}

	// Whatever the address, a document that is not in the print pack is
	// not found: an unknown id, a format it does not come in, a scenario
	// without blips or of another rule set, a name that tries to leave.
	for _, path := range []string{"/docs/reference/nope.pdf", "/docs/reference/aqotmf.doc", "/docs/reference/.pdf", "/docs/briefing/aqotmf/nope.pdf", "/docs/briefing/nope/boys-of-company-c.pdf",
		"/docs/markers/nope.pdf", "/docs/markers/aqotmf.html", "/docs/markers/blips.pdf",
		"/docs/notes/nope.pdf", "/docs/notes/aqotmf.md", "/docs/notes/aqotmf",
		"/docs/cards/nope.pdf", "/docs/cards/aqotmf.html", "/docs/cards/reference-cards-aqotmf.pdf", "/docs/cards/aqotmf-fold.html", "/docs/cards/nope-print-shop.pdf", "/docs/cards/-fold.pdf",
		"/docs/blips/aqotmf/nope.pdf", "/docs/blips/nope/boys-of-company-c.pdf", "/docs/blips/aqotmf/boys-of-company-c.html",
		"/docs/blips/evacuation-mars/evacuation-mars.pdf", "/docs/blips/buildings/boys-of-company-c.pdf", "/docs/blips/aqotmf/boys-of-company-c",
		"/docs/armies/nope.pdf", "/docs/armies/army-imperial-mars.pdf", "/docs/armies/imperial-mars.html", "/docs/armies/..%2fimperial-mars.pdf",
		"/docs/armies/imperial-mars.pdf/x", "/docs/armies/%00.pdf", "/nowhere"} {
		if w := get(t, h, path); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
	for _, path := range []string{"/docs/cards/aqotmf.pdf?paper=a3", "/docs/armies/imperial-mars.pdf?paper=%00", "/docs/blips/aqotmf/boys-of-company-c.pdf?paper=LETTER%20"} {
		if w := get(t, h, path); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
}

// TestListDownloads: a saved list's roster, cards, markers, file and
// summary, as 'army print', 'markers --army' and the file itself.
func TestListDownloads(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	examples(t, dir)
	cat := shipped.Catalog(t)
	name := "boys-of-company-c-humans"
	src, _ := os.ReadFile(filepath.Join(dir, name+ext))
	r, _ := army.Validate(name+ext, src, cat)
	roster, _ := army.Print(r, cat, army.PrintOptions{})
	cards, _ := army.Print(r, cat, army.PrintOptions{Cards: true})
	n, d := army.Blips(r.List, r.System)
	// The list's blips carry their backs, and the sheet says how to print
	// them, what they are and the readings they follow.
	note, readings := briefing.ListBlips(r.System, r.System.Scenario(r.List.Scenario), "blips", n, d)
	blipsPDF, _ := markers.Render([]*catalog.System{r.System}, markers.Options{Only: []string{"blips"}, Counts: map[string]int{"blips": n}, Decoys: d,
		Backs: markers.LongEdge, Stamp: r.System.Edition(), Title: briefing.ListBlipsTitle(army.ListName(r.List)),
		Note: note, Readings: readings})
	for path, want := range map[string][]byte{
		"/lists/" + name + "/roster.pdf":  roster,
		"/lists/" + name + "/cards.pdf":   cards,
		"/lists/" + name + "/markers.pdf": blipsPDF,
		"/lists/" + name + "/list.toml":   src,
	} {
		w := get(t, h, path)
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("%s: %d, not the CLI's bytes", path, w.Code)
		}
	}
	sum := get(t, h, "/lists/"+name+"/summary.txt").Body.String()
	for _, want := range []string{"Boys of Company C — 145/145 pts — VALID", "- Company C (Infantry Company) — 60 pts", "- Machine Guns (Unit of Machine Guns, ambush) — 40 pts", "Deploys hidden: 1 blip and up to 2 decoys."} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	// The Martians' list deploys openly: the page says how a list deploys
	// hidden, in the builder's words.
	if w := get(t, h, "/lists/boys-of-company-c-martians/markers.pdf"); w.Code != http.StatusNotFound ||
		!strings.Contains(pageText(w.Body.String()), "boys-of-company-c-martians.toml deploys no blips. Tick “deploys hidden” for a side that deploys hidden.") {
		t.Errorf("markers of a list without blips: %d %s", w.Code, pageText(w.Body.String()))
	}
	if w := get(t, h, "/lists/"+name+"/secret.txt"); w.Code != http.StatusNotFound {
		t.Errorf("an unknown download: %d", w.Code)
	}
}

// TestOdds: every query answers with the rules engine's exact values, and
// its address holds the question.
func TestOdds(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	cat := shipped.Catalog(t)
	index := get(t, h, "/odds").Body.String()
	for _, q := range rules.Queries() {
		if !strings.Contains(index, `action="/odds/`+q.Name+`"`) {
			t.Errorf("no form for %s", q.Name)
		}
		w := get(t, h, "/odds/"+q.Name)
		if q.Name == "building" {
			w = get(t, h, "/odds/building?type=wood-frame")
		}
		if w.Code != 200 || !strings.Contains(w.Body.String(), "<svg") || !strings.Contains(w.Body.String(), `id="answer"`) {
			t.Errorf("%s: %d %s", q.Name, w.Code, pageText(w.Body.String()))
		}
	}
	r, err := aqotmf.Attack(cat.System("aqotmf"), aqotmf.AttackQuery{Dice: 9, Defense: 9, Armor: 10, Tripod: true})
	if err != nil {
		t.Fatal(err)
	}
	body := get(t, h, "/odds/attack?dice=9&defense=9&armor=10&tripod=on").Body.String()
	for _, p := range []*big.Rat{r.DieHit, r.Destroyed, r.Damage} {
		if !strings.Contains(body, "<code>"+dice.RatString(p)+"</code>") || !strings.Contains(body, dice.Percent(p, 1)) {
			t.Errorf("attack: %s (%s) not on the page", dice.RatString(p), dice.Percent(p, 1))
		}
	}
	if !strings.Contains(body, `href="/odds/attack?dice=9&amp;defense=9&amp;armor=10&amp;power=0&amp;tripod=1"`) {
		t.Errorf("no share link with the query")
	}
	b, _ := buildings.Hit(cat.System("buildings"), "wood-frame", 3, true)
	body = get(t, h, "/odds/building?type=wood-frame&power=3&heat-ray=1").Body.String()
	if !strings.Contains(body, "<code>"+dice.RatString(b.Fire)+"</code>") || !strings.Contains(body, "<code>"+dice.RatString(b.Destroyed)+"</code>") {
		t.Errorf("building odds differ from the engine")
	}
	if w := get(t, h, "/odds/building?type=paper"); w.Code != http.StatusBadRequest {
		t.Errorf("an unknown building: %d", w.Code)
	}
	if w := get(t, h, "/odds/nope"); w.Code != http.StatusNotFound {
		t.Errorf("an unknown query: %d", w.Code)
	}
	// 100 dice: the chart keeps the outcomes that carry the weight.
	body = get(t, h, "/odds/attack?dice=100").Body.String()
	if n := strings.Count(body, "<rect x="); n > maxBars || n == 0 {
		t.Errorf("%d bars for 100 dice", n)
	}
	// Every value refused is named, and the form keeps what was typed.
	w := get(t, h, "/odds/attack?dice=500&defense=x&armor=7&cover=mud")
	text := pageText(w.Body.String())
	for _, want := range []string{`Dice: "500" is not a whole number from 0 to 100.`, `Defense: "x" is not a whole number`, `Cover: "mud" is not one of: soft, hard.`} {
		if w.Code != http.StatusBadRequest || !strings.Contains(text, want) {
			t.Errorf("a refused query: %d, want %q in %q", w.Code, want, text)
		}
	}
	for _, want := range []string{`name="dice" value="500"`, `name="defense" value="x"`, `name="armor" value="7"`} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("the form lost a typed value: no %s", want)
		}
	}
}

func TestNewList(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	body := get(t, h, "/new?system=aqotmf&scenario=boys-of-company-c&side=0").Body.String()
	for _, want := range []string{`name="name" value="Boys of Company C"`, `name="points" value="145"`, `name="hidden" value="true" checked`, `name="filename" value="boys-of-company-c"`, `value="boys-of-company-c" selected`} {
		if !strings.Contains(body, want) {
			t.Errorf("new list lacks %s", want)
		}
	}
	if body := get(t, h, "/new?system=evacuation-mars&scenario=evacuation-mars&side=0").Body.String(); !strings.Contains(body, `name="obj"`) || !strings.Contains(pageText(body), "+2: Armour 10, 30 pts +3: Armour 11, 70 pts") || !strings.Contains(pageText(body), "+4: 5 hull points, 150 pts") {
		t.Errorf("an Evacuation: Mars list has no objective ladder")
	}
	for _, q := range []string{"/new?system=buildings", "/new?system=nope", "/new?system=aqotmf&scenario=nope", "/new?system=aqotmf&scenario=boys-of-company-c&side=9", "/new?system=aqotmf&scenario=boys-of-company-c&side=x"} {
		if w := get(t, h, q); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", q, w.Code)
		}
	}
}

// The card engine's names the tests use, beside the variable cards.
const cardsFold = cards.Fold

type cardsShop = cards.Shop
