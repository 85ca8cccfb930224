package play

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

var now = time.Date(2026, 12, 6, 19, 30, 0, 0, time.UTC)

// start begins a game of the shipped example lists named.
func start(t *testing.T, cat *catalog.Catalog, scenario string, lists ...string) *Board {
	t.Helper()
	var sides []Start
	var sys *catalog.System
	for _, name := range lists {
		src, err := fs.ReadFile(data.FS, "armies/"+name+".toml")
		if err != nil {
			t.Fatal(err)
		}
		sides = append(sides, startOf(t, cat, name, src))
		sys = sides[len(sides)-1].Report.System
	}
	var sc *catalog.Scenario
	if scenario != "" {
		sc = sys.Scenario(scenario)
	}
	g, err := New(sys, sc, sides, now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(cat, g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func startOf(t *testing.T, cat *catalog.Catalog, name string, src []byte) Start {
	t.Helper()
	r, _ := army.Validate(name+".toml", src, cat)
	if r == nil || !r.Valid() {
		t.Fatalf("%s: %v", name, r.Diags)
	}
	side := r.List.Name
	if r.Side != nil {
		side = r.Side.Name
	}
	return Start{Name: side, Report: r, Source: src}
}

// do applies an action and reads the game again, failing on an error.
func do(t *testing.T, cat *catalog.Catalog, b *Board, a Action) *Board {
	t.Helper()
	g, err := Apply(b, a, now)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	nb, err := Build(cat, g)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

func refused(t *testing.T, b *Board, a Action, want string) {
	t.Helper()
	_, err := Apply(b, a, now)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%+v: got %v, want an error with %q", a, err, want)
	}
}

func TestBoysOfCompanyC(t *testing.T) {
	cat := shipped.Catalog(t)
	b := start(t, cat, "boys-of-company-c", "boys-of-company-c-humans", "boys-of-company-c-martians")
	humans, martians := b.Sides[0], b.Sides[1]
	if len(humans.Units) != 5 { // three units and two decoys
		t.Fatalf("the humans' pieces: %d, want 3 units and 2 decoys", len(humans.Units))
	}
	inf, hmg, rr, d1 := humans.Units[0], humans.Units[1], humans.Units[2], humans.Units[3]
	if b.At(inf) != AtBlip || inf.Blip != 1 || b.At(hmg) != AtAmbush || b.At(rr) != AtHeldBack || !d1.Decoy || d1.Blip != 2 {
		t.Fatalf("deployment: company %d (blip %d), machine guns %d, riders %d, decoy %v blip %d", b.At(inf), inf.Blip, b.At(hmg), b.At(rr), d1.Decoy, d1.Blip)
	}
	if len(humans.Secrets) != 1 || humans.Secrets[0].Piece != hmg.ID {
		t.Fatalf("the humans write down where the machine guns wait: %+v", humans.Secrets)
	}
	var ids []string
	for _, tr := range inf.Tracks {
		ids = append(ids, tr.ID)
	}
	if got := strings.Join(ids, " "); got != "elements-lost morale dug-in" {
		t.Errorf("the infantry's tracks: %s", got)
	}
	tripod := martians.Units[0]
	ids = nil
	for _, tr := range tripod.Tracks {
		ids = append(ids, tr.ID)
	}
	if got := strings.Join(ids, " "); got != "elements-lost armor-lost crippled weapons-disabled tow-cables" {
		t.Errorf("the tripod's tracks: %s (no morale: the Martians do not suffer from it)", got)
	}

	// Hidden: the Martians' page and the table's cannot mark a blip.
	refused(t, b, Action{By: 1, Op: OpSet, Key: inf.ID + "/dug-in", To: 1}, "Blip 1 is hidden: only the page of Boys of Company C marks it")
	refused(t, b, Action{By: -1, Op: OpSet, Key: inf.ID + "/dug-in", To: 1}, "hidden")
	refused(t, b, Action{By: 1, Op: OpAt, Key: inf.ID, To: AtTable}, "only the page of Boys of Company C")
	// The humans dig in their blip: a secret line.
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: inf.ID + "/dug-in", To: 1})
	if e := b.Game.Log[0]; e.Hide != 1 || e.Text != "Company C: Dug In" {
		t.Errorf("digging in a blip: %+v; want a line only the humans see", e)
	}
	// Revealed: public, and its marks now show.
	b = do(t, cat, b, Action{By: 0, Op: OpAt, Key: inf.ID, To: AtTable})
	if e := b.Game.Log[1]; e.Hide != 0 || e.Text != "Blip 1: Reveal — Company C" || b.Hidden(inf) {
		t.Errorf("the reveal: %+v", e)
	}
	b = do(t, cat, b, Action{By: -1, Op: OpSet, Key: inf.ID + "/elements-lost", To: 2})
	if w := b.Words(inf, inf.Tracks[0]); w != "2 of 6 elements lost: 4 left" {
		t.Errorf("elements lost: %q", w)
	}
	if w := b.Words(inf, inf.Tracks[2]); !strings.HasPrefix(w, "Dug In: +2 to its Armor") {
		t.Errorf("dug in: %q", w)
	}
	// Last tap wins: the same value again changes nothing.
	if _, err := Apply(b, Action{By: 0, Op: OpSet, Key: inf.ID + "/elements-lost", To: 2}, now); !errors.Is(err, ErrNoChange) {
		t.Errorf("a second tap of the same mark: %v, want no change", err)
	}
	refused(t, b, Action{By: 0, Op: OpSet, Key: inf.ID + "/elements-lost", To: 7}, "Elements lost: 7 is not from 0 to 6")
	refused(t, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/morale", To: 1}, "has no mark")

	// The tripod's damage, in the book's words, and its odds follow.
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/armor-lost", To: 3})
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/crippled", To: 1})
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: tripod.ID + "/tow-cables", To: 2})
	tripod = b.Sides[1].Units[0]
	if w := b.Words(tripod, tripod.Tracks[1]); w != "Armor 7 (printed 10, 3 lost)" {
		t.Errorf("armor: %q", w)
	}
	if w := b.Words(tripod, tripod.Tracks[2]); !strings.HasPrefix(w, "Crippled: every time it wishes to move") {
		t.Errorf("crippled: %q", w)
	}
	f := b.Fighter(tripod)
	if f.Less["armor"] != 3 || !f.Flags["immobilised"] || f.Flags["dug-in"] {
		t.Errorf("the tripod as a target: %+v", f)
	}

	// Undo: the last change, from the page that made it.
	n := len(b.Game.Log)
	refused(t, b, Action{By: 1, Op: OpUndo, N: n}, "undone from the page that made it")
	b = do(t, cat, b, Action{By: 0, Op: OpUndo, N: n})
	if b.Value(tripod, tripod.Tracks[4]) != 0 || b.Game.Log[n].Undoes != n || b.Game.Log[n].Text != "Undone: Assault Tripod: Tow cables 0 → 2" {
		t.Errorf("undo: cables %d, %+v", b.Value(tripod, tripod.Tracks[4]), b.Game.Log[n])
	}
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/armor-lost", To: 4})
	refused(t, b, Action{By: 1, Op: OpUndo, N: n - 2}, "was changed again since")

	// The turn: phases from the data.
	b = do(t, cat, b, Action{By: -1, Op: OpClock, Turn: 2, To: 4})
	if b.Game.Turn() != 2 || b.Game.Log[len(b.Game.Log)-1].Text != "Turn 2 · Side 'B's Turn: First Move Phase" {
		t.Errorf("the clock: %+v", b.Game.Log[len(b.Game.Log)-1])
	}
	refused(t, b, Action{By: -1, Op: OpClock, Turn: 2, To: 8}, "there is no phase 9")

	// A secret written down, then shown.
	key := humans.Secrets[0].Key
	refused(t, b, Action{By: 1, Op: OpNote, Key: key, Text: "the woods"}, "only the page of Boys of Company C")
	b = do(t, cat, b, Action{By: 0, Op: OpNote, Key: key, Text: "the north woods"})
	if e := b.Game.Log[len(b.Game.Log)-1]; e.Hide != 1 || strings.Contains(e.Text, "north") {
		t.Errorf("a secret's line shows it: %+v", e)
	}
	b = do(t, cat, b, Action{By: 0, Op: OpShow, Key: key})
	if e := b.Game.Log[len(b.Game.Log)-1]; e.Hide != 0 || !strings.Contains(e.Text, "the north woods") {
		t.Errorf("a secret shown: %+v", e)
	}

	// A decoy is revealed and goes; the riders arrive.
	b = do(t, cat, b, Action{By: 0, Op: OpAt, Key: d1.ID, To: AtGone})
	refused(t, b, Action{By: 0, Op: OpAt, Key: d1.ID, To: AtTable}, "cannot go there")
	b = do(t, cat, b, Action{By: 0, Op: OpAt, Key: rr.ID, To: AtTable})
	if e := b.Game.Log[len(b.Game.Log)-1]; e.Text != "Rough Riders: Arrived" {
		t.Errorf("arrival: %+v", e)
	}
}

func TestBuildingsJoinTheGame(t *testing.T) {
	cat := shipped.Catalog(t)
	b := start(t, cat, "boys-of-company-c", "boys-of-company-c-humans", "boys-of-company-c-martians")
	if len(b.Kinds) != 3 {
		t.Fatalf("pieces to put in play: %+v", b.Kinds)
	}
	b = do(t, cat, b, Action{By: 1, Op: OpPlace, Key: "buildings/wood-frame", Text: "The farmhouse"})
	p := b.Placed[0]
	if p.Name != "The farmhouse" || p.Stats["armor"] != 6 || len(p.Tracks) != 3 {
		t.Fatalf("the farmhouse: %+v", p)
	}
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: p.ID + "/burning", To: 1})
	b = do(t, cat, b, Action{By: -1, Op: OpSet, Key: p.ID + "/armor-lost", To: 1})
	if w := b.Words(b.Placed[0], p.Tracks[0]); !strings.HasPrefix(w, "Armor Rating 5 (printed 6, 1 lost)") {
		t.Errorf("the farmhouse's armour: %q", w)
	}
	b = do(t, cat, b, Action{By: 1, Op: OpUndo, N: 1})
	if b.At(b.Placed[0]) != AtGone {
		t.Error("undoing a building put on the table leaves it there")
	}
}

func TestImperialTrays(t *testing.T) {
	cat := shipped.Catalog(t)
	src, _ := fs.ReadFile(data.FS, "armies/imperial-mars.toml")
	other := strings.Replace(string(src), `name   = "The 24th on the Red Planet"`, `name   = "The 66th"`, 1)
	sides := []Start{startOf(t, cat, "a", src), startOf(t, cat, "b", []byte(other))}
	g, err := New(sides[0].Report.System, nil, sides, now)
	if err != nil {
		t.Fatal(err)
	}
	if g.Title != "The 24th on the Red Planet against The 66th" {
		t.Errorf("title %q", g.Title)
	}
	b, err := Build(cat, g)
	if err != nil {
		t.Fatal(err)
	}
	first := b.Sides[0].Units[0] // 24 figures, close order: 4 a tray
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: first.ID + "/figures-lost", To: 6})
	if w := b.Words(first, first.Tracks[0]); w != "6 of 24 figures lost (25%); trays left: 4, 4, 4, 4 and 2" {
		t.Errorf("figures lost: %q", w)
	}
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: first.ID + "/dms", To: 2})
	if w := b.Words(first, first.Tracks[1]); w != "Dismayed: The Unit may not advance, and it may not shoot unless shot" {
		t.Errorf("DMs: %q", w)
	}
	gatling := b.Sides[0].Units[3]
	var ids []string
	for _, tr := range gatling.Tracks {
		ids = append(ids, tr.ID)
	}
	if strings.Join(ids, " ") != "figures-lost dms routing jammed" {
		t.Errorf("the Gatling's tracks: %v", ids)
	}
	if f := b.Fighter(first); f.Left != 18 || f.PerTray != 4 {
		t.Errorf("the company shoots with %d figures by %d", f.Left, f.PerTray)
	}
}

func TestEvacuationObjective(t *testing.T) {
	cat := shipped.Catalog(t)
	src, _ := fs.ReadFile(data.FS, "armies/evacuation-mars.toml")
	two := strings.Replace(string(src), `side     = "Player 1"`, `side     = "Player 2"`, 1)
	sides := []Start{startOf(t, cat, "a", src), startOf(t, cat, "b", []byte(two))}
	sys := sides[0].Report.System
	g, err := New(sys, sys.Scenario("evacuation-mars"), sides, now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(cat, g)
	if err != nil {
		t.Fatal(err)
	}
	pod := b.Sides[1].Objective
	if pod == nil || pod.Stats["hull"] != 3 || len(pod.Tracks) != 2 {
		t.Fatalf("the pod: %+v", pod)
	}
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: pod.ID + "/hull-lost", To: 3})
	if w := b.Words(b.Sides[1].Objective, pod.Tracks[0]); !strings.HasPrefix(w, "Destroyed: the player is removed") {
		t.Errorf("a pod with no hull points left: %q", w)
	}
	refused(t, b, Action{By: 0, Op: OpClock, Turn: 8, To: 1}, "there is no phase 2")
	b = do(t, cat, b, Action{By: 0, Op: OpClock, Turn: 8, To: 0})
	if e := b.Game.Log[len(b.Game.Log)-1]; e.Text != "Round 8" {
		t.Errorf("%+v", e)
	}
}

func TestDecode(t *testing.T) {
	cat := shipped.Catalog(t)
	b := start(t, cat, "boys-of-company-c", "boys-of-company-c-humans", "boys-of-company-c-martians")
	enc, err := Encode(b.Game)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Encode(back)
	if string(again) != string(enc) {
		t.Error("a game read back does not write the same bytes")
	}
	for _, tc := range []struct{ src, want string }{
		{"{\n \"format\": 1,\n \"id\": \"abc\"x\n}", "line 3, column 13: the file is not a game: invalid character 'x' after object key:value pair"},
		{"{\"format\": 1, \"id\": \"abcd\", \"system\": \"aqotmf\", \"sides\": [{}, {}], \"marks\": {\"a\": \"b\"}}", "marks is not a whole number"},
		{"{\"format\": 2}", "the file is a game of format 2; this playaid reads format 1"},
		{"{\"format\": 1, \"colour\": 1}", `json: unknown field "colour"`},
		{"{\"format\": 1, \"id\": \"ab", "cut short"},
		{"{\"format\": 1} {}", "line 1, column 15: text after the game"},
		{"{\"format\": 1}", "lacks the game's id"},
	} {
		_, err := Decode([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(tc.want, "json: ")) {
			t.Errorf("%s: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestFolderRace taps 50 marks of one game at once: the file reads back
// whole, and every tap is a line of its log.
func TestFolderRace(t *testing.T) {
	cat := shipped.Catalog(t)
	b := bigGame(t, cat)
	dir := t.TempDir()
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Create(b.Game); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var keys []string
	for _, p := range b.Sides[0].Units[:50] {
		keys = append(keys, p.ID+"/dug-in")
	}
	for _, k := range keys {
		wg.Go(func() {
			_, err := f.Update(b.Game.ID, func(g *Game) (*Game, error) {
				nb, err := Build(cat, g)
				if err != nil {
					return nil, err
				}
				return Apply(nb, Action{By: 0, Op: OpSet, Key: k, To: 1}, now)
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	raw, err := os.ReadFile(filepath.Join(dir, b.Game.ID+".json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Decode(raw)
	if err != nil {
		t.Fatalf("the file after 50 taps: %v", err)
	}
	if len(g.Log) != 50 || g.Version != 50 {
		t.Fatalf("%d lines of log, version %d; want 50", len(g.Log), g.Version)
	}
	seen := map[string]bool{}
	for i, e := range g.Log {
		if e.N != i+1 || len(e.Changes) != 1 {
			t.Fatalf("line %d: %+v", i+1, e)
		}
		seen[e.Changes[0].Key] = true
	}
	for _, k := range keys {
		if !seen[k] || g.Marks[k] != 1 {
			t.Errorf("tap %s: logged %v, mark %d", k, seen[k], g.Marks[k])
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files after the taps, want the game's alone", len(entries))
	}
	// A second folder on the same files (the server restarted) reads the
	// game as it was.
	f2, _ := OpenFolder(dir)
	defer f2.Close()
	g2, err := f2.Get(b.Game.ID)
	if err != nil || g2.Version != 50 {
		t.Fatalf("after a restart: %v, %v", g2, err)
	}
}

// bigGame is a game with 60 Infantry Companies on one side.
func bigGame(t *testing.T, cat *catalog.Catalog) *Board {
	t.Helper()
	big := []byte("system = \"aqotmf\"\nname = \"The Horde\"\nfaction = \"Humans\"\n\n[[unit]]\nid = \"infantry-company\"\ncount = 60\n")
	src, _ := fs.ReadFile(data.FS, "armies/boys-of-company-c-martians.toml")
	sides := []Start{startOf(t, cat, "horde", big), startOf(t, cat, "martians", src)}
	g, err := New(sides[0].Report.System, nil, sides, now)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(cat, g)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Sides[0].Units) != 60 {
		t.Fatalf("%d units", len(b.Sides[0].Units))
	}
	return b
}

func TestFolderBounds(t *testing.T) {
	cat := shipped.Catalog(t)
	dir := t.TempDir()
	f, _ := OpenFolder(dir)
	defer f.Close()
	for _, bad := range []string{"../x", "ABC", "", "a/b", strings.Repeat("a", 40)} {
		if _, err := f.Get(bad); !errors.Is(err, ErrNoGame) {
			t.Errorf("Get(%q): %v", bad, err)
		}
	}
	os.WriteFile(filepath.Join(dir, "abcd.json"), []byte("{\"format\": 1,"), 0o644)
	if _, err := f.Get("abcd"); err == nil || !strings.Contains(err.Error(), "the game abcd does not read: the file stops before the game ends") {
		t.Errorf("a cut file: %v", err)
	}
	os.Symlink("/etc/passwd", filepath.Join(dir, "abce.json"))
	if _, err := f.Get("abce"); err == nil || !strings.Contains(err.Error(), "not a game's file") {
		t.Errorf("a link: %v", err)
	}
	for i := 0; i < MaxGames-1; i++ {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%08x.json", i)), []byte("{}"), 0o644)
	}
	b := start(t, cat, "", "boys-of-company-c-humans", "boys-of-company-c-martians")
	if err := f.Create(b.Game); err == nil || !strings.Contains(err.Error(), "holds 100 games, the most it keeps") {
		t.Errorf("the 101st game: %v", err)
	}
	list, err := f.List()
	if err != nil || len(list) != MaxGames || list[len(list)-1].Err == nil {
		t.Errorf("the list of games: %d, %v", len(list), err)
	}
}

func TestSummary(t *testing.T) {
	cat := shipped.Catalog(t)
	b := start(t, cat, "boys-of-company-c", "boys-of-company-c-humans", "boys-of-company-c-martians")
	inf, tripod := b.Sides[0].Units[0], b.Sides[1].Units[0]
	b = do(t, cat, b, Action{By: 0, Op: OpNote, Key: b.Sides[0].Secrets[0].Key, Text: "the north woods"})
	for i := 0; i < 40; i++ {
		b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/tow-cables", To: (i + 1) % 2})
	}
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/armor-lost", To: 4})
	b = do(t, cat, b, Action{By: 1, Op: OpSet, Key: tripod.ID + "/crippled", To: 1})
	b = do(t, cat, b, Action{By: 0, Op: OpSet, Key: inf.ID + "/elements-lost", To: 2})
	b = do(t, cat, b, Action{By: -1, Op: OpEnd, To: 1})
	d := b.Summary()
	if d.Earlier == 0 || len(d.Log) != summaryLog || !strings.HasSuffix(d.Log[len(d.Log)-1], "The game is over: every secret shows") {
		t.Errorf("the log's last lines: %d earlier, %q", d.Earlier, d.Log)
	}
	if got := d.Sides[1].Units[0].State; got != "0 of 1 elements lost: 1 left · Armor lost 4 · Crippled" {
		t.Errorf("the tripod at the end: %q", got)
	}
	if got := d.Sides[0].Units[0]; got.Name != "Company C (Blip 1)" || !strings.HasPrefix(got.State, "Blip · 2 of 6 elements lost") {
		t.Errorf("the company at the end: %+v", got)
	}
	if w := d.Sides[0].Written; len(w) != 1 || w[0].Text != "the north woods" || !strings.Contains(w[0].Label, "The terrain area where it waits") {
		t.Errorf("what the humans wrote: %+v", w)
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, err := b.SummaryPDF(paper, "")
		if err != nil {
			t.Fatal(err)
		}
		texts, err := pdftest.Read(pdf)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, x := range texts {
			if x.Page != 1 {
				t.Fatalf("%s: the summary runs to page %d: %q", paper.Name, x.Page, x.S)
			}
			if x.Size < 6.5 {
				t.Errorf("%s: %q at %.1f pt", paper.Name, x.S, x.Size)
			}
			all.WriteString(x.S)
		}
		for _, bad := range []string{".toml", "TOML", "seed", "s0u0"} {
			if strings.Contains(all.String(), bad) {
				t.Errorf("%s: the summary says %q", paper.Name, bad)
			}
		}
	}
}
