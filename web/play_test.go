package web

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/play"
)

// The games the browser checks open: the Boys of Company C part played,
// and an Imperial Mars game of two lists. Their ids and the sides'
// addresses are fixed, so that the pages' addresses are.
const (
	fixtureGame   = "feed0001aa"
	fixtureIM     = "feed0002bb"
	fixtureTable  = "/play/" + fixtureGame + "/table"
	fixtureHuman  = "/play/" + fixtureGame + "/aaaa0000aaaa0000"
	fixtureMars   = "/play/" + fixtureGame + "/bbbb0000bbbb0000"
	fixtureIMPage = "/play/" + fixtureIM + "/cccc0000cccc0000"
)

// playFixtures writes the games into the games folder beside the lists
// folder dir.
func playFixtures(t testing.TB, dir string) {
	t.Helper()
	cat := shipped.Catalog(t)
	games := filepath.Join(filepath.Dir(dir), "games")
	if err := os.MkdirAll(games, 0o755); err != nil {
		t.Fatal(err)
	}
	start := func(name, src string) play.Start {
		r, _ := army.Validate(name+".toml", []byte(src), cat)
		if r == nil || !r.Valid() {
			t.Fatalf("%s does not read", name)
		}
		side := r.List.Name
		if r.Side != nil {
			side = r.Side.Name
		}
		return play.Start{Name: side, Report: r, Source: []byte(src)}
	}
	ex := func(name string) string {
		b, err := fs.ReadFile(data.FS, "armies/"+name+".toml")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	write := func(g *play.Game, acts ...play.Action) {
		for _, a := range acts {
			b, err := play.Build(cat, g)
			if err != nil {
				t.Fatal(err)
			}
			if g, err = play.Apply(b, a, time.Date(2026, 12, 6, 20, 0, 0, 0, time.UTC)); err != nil {
				t.Fatalf("%+v: %v", a, err)
			}
		}
		b, err := play.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(games, g.ID+".json"), string(b))
	}
	sys := cat.System("aqotmf")
	g, err := play.New(sys, sys.Scenario("boys-of-company-c"), []play.Start{
		start("h", ex("boys-of-company-c-humans")), start("m", ex("boys-of-company-c-martians"))}, time.Date(2026, 12, 6, 19, 30, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	g.ID, g.Sides[0].Token, g.Sides[1].Token = fixtureGame, "aaaa0000aaaa0000", "bbbb0000bbbb0000"
	write(g,
		play.Action{By: 0, Op: play.OpSet, Key: "s0u0-1/dug-in", To: 1},
		play.Action{By: -1, Op: play.OpClock, Turn: 2, To: 2},
		play.Action{By: 0, Op: play.OpAt, Key: "s0u0-1", To: play.AtTable},
		play.Action{By: 1, Op: play.OpSet, Key: "s0u0-1/elements-lost", To: 2},
		play.Action{By: 0, Op: play.OpSet, Key: "s1u0-1/armor-lost", To: 2},
		play.Action{By: 0, Op: play.OpSet, Key: "s1u0-1/crippled", To: 1},
		play.Action{By: 0, Op: play.OpNote, Key: "s0/ambush/s0u1-1", Text: "The woods by the farm"},
		play.Action{By: 1, Op: play.OpPlace, Key: "buildings/wood-frame", Text: "The farmhouse"},
	)
	im := ex("imperial-mars")
	other := strings.Replace(im, `name   = "The 24th on the Red Planet"`, `name   = "The 66th"`, 1)
	isys := cat.System("imperial-mars")
	g, err = play.New(isys, nil, []play.Start{start("a", im), start("b", other)}, time.Date(2026, 12, 5, 19, 30, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	g.ID, g.Sides[0].Token, g.Sides[1].Token = fixtureIM, "cccc0000cccc0000", "dddd0000dddd0000"
	write(g,
		play.Action{By: 0, Op: play.OpSet, Key: "s0u0-1/figures-lost", To: 5},
		play.Action{By: 0, Op: play.OpSet, Key: "s0u0-1/dms", To: 2},
		play.Action{By: 0, Op: play.OpSet, Key: "s0u3-1/jammed", To: 1},
	)
}

// playPages are the game's pages every browser check goes through.
var playPages = []sitePage{
	{"plays", "/play", nil},
	{"play-new", "/play/new?system=aqotmf&scenario=boys-of-company-c", nil},
	{"play-table", fixtureTable, nil},
	{"play-humans", fixtureHuman, nil},
	{"play-martians", fixtureMars, nil},
	{"play-imperial", fixtureIMPage, nil},
	{"play-delete", "/play/" + fixtureIM + "/delete", nil},
	{"play-odds", fixtureMars + "/odds/s1u0-1", nil}, // last: a page that waits on no game
}

// TestStartAGame starts a game from the start page's form: the table's
// page opens, and each side's page is its own address, which the other
// side's is not.
func TestStartAGame(t *testing.T) {
	s, dir := newServer(t, "")
	examples(t, dir)
	h := s.Handler()
	w := post(t, h, "/play/new", url.Values{"system": {"aqotmf"}, "scenario": {"boys-of-company-c"}, "side1": {"@boys-of-company-c-humans"}, "side2": {"boys-of-company-c-martians"}})
	if w.Code != http.StatusSeeOther || !strings.HasSuffix(w.Header().Get("Location"), "/table") {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	list, err := s.games.List()
	if err != nil || len(list) != 1 {
		t.Fatalf("games: %v %v", list, err)
	}
	g := list[0].Game
	table := get(t, h, w.Header().Get("Location")).Body.String()
	humans := get(t, h, "/play/"+g.ID+"/"+g.Sides[0].Token).Body.String()
	martians := get(t, h, "/play/"+g.ID+"/"+g.Sides[1].Token).Body.String()
	for _, page := range []string{table, martians} {
		if strings.Contains(page, `id="s0u0-1"`) || strings.Contains(page, "Machine Guns") || !strings.Contains(page, `id="s1u0-1"`) {
			t.Errorf("a page that is not the humans' shows their hidden units, or not the tripod")
		}
		if !strings.Contains(page, "<strong>3 × Blip</strong>") {
			t.Errorf("a page that is not the humans' does not show their three blips face down")
		}
	}
	if !strings.Contains(humans, "Company C · Blip 1") || !strings.Contains(humans, "Blip 3") {
		t.Errorf("the humans' page does not show their blips")
	}
	if !strings.Contains(table, g.Sides[0].Token) || strings.Contains(martians, g.Sides[0].Token) {
		t.Errorf("the side's address is on the table's page only")
	}
	if w := get(t, h, "/play/"+g.ID+"/0123456789abcdef"); w.Code != http.StatusNotFound {
		t.Errorf("a guessed address: %d", w.Code)
	}
	// A list of another side is refused.
	w = post(t, h, "/play/new", url.Values{"system": {"aqotmf"}, "scenario": {"boys-of-company-c"}, "side1": {"boys-of-company-c-martians"}, "side2": {"boys-of-company-c-martians"}})
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "Boys of Company C: there is no valid list &#34;boys-of-company-c-martians&#34; of this side.") {
		t.Errorf("the Martians' list for the humans: %d %s", w.Code, w.Body)
	}
}

// TestPlayWithoutJavaScript taps as a browser without the script does:
// a form posted, the page again at the card, saying what was done with an
// Undo; a tap refused says why, in the page.
func TestPlayWithoutJavaScript(t *testing.T) {
	s, dir := newServer(t, "")
	playFixtures(t, dir)
	h := s.Handler()
	w := post(t, h, fixtureMars, url.Values{"tap": {"set s1u0-1/tow-cables 1"}})
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != fixtureMars+"?did=9#s1u0-1" {
		t.Fatalf("a tap: %d %q", w.Code, w.Header().Get("Location"))
	}
	loc, _, _ := strings.Cut(w.Header().Get("Location"), "#") // a browser keeps the fragment
	page := get(t, h, loc).Body.String()
	if !strings.Contains(page, "Turn 2: Assault Tripod: Tow cables 0 → 1") || !strings.Contains(page, `value="undo - 9" id="toast-undo"`) {
		t.Errorf("the page after a tap does not say what was done with its undo")
	}
	// The same tap again: nothing changes, nothing is logged.
	post(t, h, fixtureMars, url.Values{"tap": {"set s1u0-1/tow-cables 1"}})
	if g, _ := s.games.Get(fixtureGame); len(g.Log) != 9 {
		t.Errorf("a second tap of the same mark logged: %d lines", len(g.Log))
	}
	w = post(t, h, fixtureMars, url.Values{"tap": {"set s0u1-1/dug-in 1"}})
	if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "only the page of Boys of Company C marks it") {
		t.Errorf("a hidden unit tapped from the other side: %d", w.Code)
	}
	w = post(t, h, fixtureMars, url.Values{"tap": {"set"}})
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "not one this page makes") {
		t.Errorf("a form no page makes: %d", w.Code)
	}
	w = post(t, h, fixtureMars, url.Values{"tap": {"undo - 9"}})
	if w.Code != http.StatusSeeOther {
		t.Errorf("undo: %d %s", w.Code, w.Body)
	}
	if g, _ := s.games.Get(fixtureGame); g.Marks["s1u0-1/tow-cables"] != 0 || len(g.Log) != 10 {
		t.Errorf("after the undo: cables %d, %d lines", g.Marks["s1u0-1/tow-cables"], len(g.Log))
	}
	// The clock stops at the end of the scenario's sixth and last turn.
	post(t, h, fixtureTable, url.Values{"tap": {"clock 6 7"}})
	if page := get(t, h, fixtureTable).Body.String(); !strings.Contains(page, `id="clock-next" disabled`) || !strings.Contains(page, "Turn 6 <span class=\"muted\">of 6</span>") {
		t.Errorf("at the end of the last turn the clock goes on")
	}
	// The summary waits for the game's end.
	if w := get(t, h, fixtureTable+"/summary.pdf"); w.Code != http.StatusConflict {
		t.Errorf("a summary before the end: %d", w.Code)
	}
	post(t, h, fixtureTable, url.Values{"tap": {"end - 1"}})
	w = get(t, h, fixtureTable+"/summary.pdf?paper=letter")
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/pdf" || !strings.Contains(w.Header().Get("Content-Disposition"), "letter.pdf") {
		t.Errorf("the summary: %d %s", w.Code, w.Header())
	}
	// Once over, the secrets show on every page.
	if !strings.Contains(get(t, h, fixtureMars).Body.String(), "The woods by the farm") {
		t.Errorf("the game is over, and the Martians' page does not show where the ambush was")
	}
}

// TestWaitAnswersAChange: a page waiting for a change is answered as
// soon as another page taps, with the new version.
func TestWaitAnswersAChange(t *testing.T) {
	s, dir := newServer(t, "")
	playFixtures(t, dir)
	h := s.Handler()
	var wg sync.WaitGroup
	var got string
	start := time.Now()
	wg.Go(func() { got = get(t, h, fixtureTable+"/wait?v=8").Body.String() })
	time.Sleep(200 * time.Millisecond)
	post(t, h, fixtureMars, url.Values{"tap": {"set s1u0-1/tow-cables 1"}})
	wg.Wait()
	if got != "9" || time.Since(start) > 5*time.Second {
		t.Errorf("the wait answered %q after %v", got, time.Since(start))
	}
	if got := get(t, h, fixtureTable+"/wait?v=3").Body.String(); got != "9" {
		t.Errorf("a page behind is answered at once: %q", got)
	}
}

// TestPlayRace: 50 taps at once on one game through the server leave a
// game file that reads, with every tap a line of its log.
func TestPlayRace(t *testing.T) {
	s, dir := newServer(t, "")
	writeFile(t, filepath.Join(dir, "horde.toml"), "system = \"aqotmf\"\nname = \"The Horde\"\nfaction = \"Humans\"\n\n[[unit]]\nid = \"infantry-company\"\ncount = 60\n")
	writeFile(t, filepath.Join(dir, "tripods.toml"), "system = \"aqotmf\"\nname = \"Tripods\"\nfaction = \"Martians\"\n\n[[unit]]\nid = \"assault-tripod\"\n")
	h := s.Handler()
	w := post(t, h, "/play/new", url.Values{"system": {"aqotmf"}, "side1": {"horde"}, "side2": {"tripods"}})
	if w.Code != http.StatusSeeOther {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	list, _ := s.games.List()
	g := list[0].Game
	page := "/play/" + g.ID + "/" + g.Sides[0].Token
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			w := post(t, h, page, url.Values{"tap": {fmt.Sprintf("set s0u0-%d/dug-in 1", i+1)}})
			if w.Code != http.StatusSeeOther {
				t.Errorf("tap %d: %d", i+1, w.Code)
			}
		})
	}
	wg.Wait()
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "games", g.ID+".json"))
	if err != nil {
		t.Fatal(err)
	}
	back, err := play.Decode(raw)
	if err != nil {
		t.Fatalf("the game's file after 50 taps at once: %v", err)
	}
	if len(back.Log) != 50 {
		t.Fatalf("%d lines of log after 50 taps", len(back.Log))
	}
	seen := map[string]bool{}
	for _, e := range back.Log {
		seen[e.Changes[0].Key] = true
	}
	for i := range 50 {
		if k := fmt.Sprintf("s0u0-%d/dug-in", i+1); !seen[k] || back.Marks[k] != 1 {
			t.Errorf("tap %s: logged %v, marked %d", k, seen[k], back.Marks[k])
		}
	}
}

// TestServeStopsWhilePagesWait: a page waiting on a game is answered
// when the server stops, so that it stops at once, not when the wait
// would have ended.
func TestServeStopsWhilePagesWait(t *testing.T) {
	s, dir := newServer(t, "")
	playFixtures(t, dir)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, s.Handler()) }()
	got := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + fixtureTable + "/wait?v=8")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	time.Sleep(300 * time.Millisecond) // the page is waiting
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop within 5 s with a page waiting on a game")
	}
	if b := <-got; b != "8" {
		t.Errorf("the waiting page got %q, want the version it had", b)
	}
	t.Logf("stopped in %v", time.Since(start).Round(time.Millisecond))
}
