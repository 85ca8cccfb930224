package army

import (
	"io/fs"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/fpdf"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/internal/playercopy"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/rules/aqotmf"
)

// shippedList validates one of data/armies against cat.
func shippedList(t *testing.T, cat *catalog.Catalog, file string) *Report {
	t.Helper()
	name := path.Join(catalog.ArmiesDir, file)
	src, err := fs.ReadFile(data.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	r, dl := Validate("data/"+name, src, cat)
	if r == nil || len(dl.Errors()) > 0 {
		t.Fatalf("%s: %v", file, dl)
	}
	return r
}

func shippedLists(t *testing.T) []string {
	files, err := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example lists: %v", err)
	}
	for i, f := range files {
		files[i] = path.Base(f)
	}
	return files
}

// printed prints a list's roster with its cards and reads it back.
func printed(t *testing.T, r *Report, cat *catalog.Catalog, paper layout.Paper) []pdftest.Text {
	t.Helper()
	pdf, err := Print(r, cat, PrintOptions{Paper: paper, Cards: true})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return texts
}

// TestPlayerCopy reads every example roster with its unit cards back from
// the PDF and finds none of the program's words, file names or hashes:
// the stamp names the book and the rules edition it was checked against.
func TestPlayerCopy(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, file := range shippedLists(t) {
		t.Run(file, func(t *testing.T) {
			r := shippedList(t, cat, file)
			var all []string
			for _, tx := range printed(t, r, cat, layout.A4) {
				all = append(all, tx.S)
			}
			text := strings.Join(all, " ")
			for _, bad := range playercopy.Find(text) {
				t.Errorf("player copy says: %q", bad)
			}
			if strings.Contains(text, r.List.Hash) {
				t.Errorf("the list's hash %s is printed", r.List.Hash)
			}
			stamp := "checked against " + r.System.BookTitle() + ", " + r.System.Edition()
			if !strings.Contains(text, stamp) {
				t.Errorf("no stamp %q", stamp)
			}
		})
	}
}

// footMark is a run of footnote marks ("3", "1,2") as the renderer sets
// them, superscript.
var footMark = regexp.MustCompile(`^R?[0-9]+(,R?[0-9]+)*$`)

// TestTypeSizes holds the bars on type on every example roster
// with its cards, A4 and Letter, read from the PDF: 90% of the characters
// at 7 pt or more and under 2% below 6.5 pt (footnotes and all); the
// roster's own text (not its running header and footer, not the cards) at
// 7.5 pt or more; and on the cards, 7 pt and up.
func TestTypeSizes(t *testing.T) {
	t.Parallel()
	for _, file := range shippedLists(t) {
		for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
			t.Run(file+"/"+paper.Name, func(t *testing.T) {
				cat := shipped.Catalog(t)
				texts := printed(t, shippedList(t, cat, file), cat, paper)
				sizes := pdftest.Tally(texts)
				if sizes.Below(7) > 0.10 || sizes.Below(6.5) >= 0.02 {
					t.Errorf("%.1f%% of the characters under 7 pt, %.1f%% under 6.5 pt: %s", 100*sizes.Below(7), 100*sizes.Below(6.5), sizes)
				}

				cat = shipped.Catalog(t)
				r := shippedList(t, cat, file)
				mo := markdown.Options{Paper: paper}
				md, err := Markdown(r, cat, "")
				if err != nil {
					t.Fatal(err)
				}
				l, plan, err := fitCards(r, md, mo, cards.NoBacks)
				if err != nil {
					t.Fatal(err)
				}
				pages, _ := l.End()
				_, top, _, h, err := markdown.TextArea(mo)
				if err != nil {
					t.Fatal(err)
				}
				// Cards start under the roster on its last page, or on
				// the pages after it (under their caption, or beside it
				// up the right margin).
				g := cardGrid(paper)
				x0, y0, err := g.Origin()
				if err != nil {
					t.Fatal(err)
				}
				cardsFrom := func(tx pdftest.Text) bool {
					if plan.under.Top > 0 {
						return tx.Page == pages && tx.Y > plan.under.Top && tx.Y < top+h
					}
					return tx.Page > pages && tx.Y > y0 && tx.X < x0+float64(g.Cols)*g.CellW
				}
				var cards []pdftest.Text
				for _, tx := range printed(t, r, cat, paper) {
					switch {
					case footMark.MatchString(tx.S):
						// A reading's mark is set small and raised, on a
						// card as on the roster.
					case cardsFrom(tx):
						cards = append(cards, tx)
					case tx.Y > top && tx.Y < top+h && tx.Size < 7.5:
						t.Errorf("page %d: %q at %.2f pt, under the 7.5 pt of body text and tables", tx.Page, tx.S, tx.Size)
					}
				}
				if len(cards) == 0 {
					t.Fatal("no cards")
				}
				cs := pdftest.Tally(cards)
				if cs.Below(7) > 0 {
					t.Errorf("cards: %.1f%% of the characters under 7 pt, %.1f%% under 6.5 pt: %s", 100*cs.Below(7), 100*cs.Below(6.5), cs)
				}
			})
		}
	}
}

// TestCardsCarryAll: every card of the example lists prints all it
// carries — stats, rules in short, tracks and odds — with nothing left
// out, and says nothing of "the roster": a player holds it alone.
func TestCardsCarryAll(t *testing.T) {
	cat := shipped.Catalog(t)
	pdf := layout.NewDoc(layout.A4, "measure")
	for _, style := range []string{"", "B"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	for _, file := range shippedLists(t) {
		cs, err := buildCards(shippedList(t, cat, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if !cardFits(pdf, c) {
				t.Errorf("%s: card %q has more than it holds", file, c.title)
			}
			cellsWhole(t, pdf, file, c)
			for _, p := range c.parts {
				if strings.Contains(strings.ToLower(p.text+p.head), "roster") {
					t.Errorf("%s: card %q points to the roster: %q", file, c.title, p.text)
				}
			}
		}
	}
}

// TestCloserNotSplit: a card that holds all it carries with its blocks
// set closer is one card, not two (the Morale Wagon escort's Machine
// Guns: stats, Stealth, Rapid Fire, Dug In and their odds), and only a
// card that needs it is set closer.
func TestCloserNotSplit(t *testing.T) {
	cat := shipped.Catalog(t)
	pdf := layout.NewDoc(layout.A4, "measure")
	for _, style := range []string{"", "B"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	cs, err := buildCards(shippedList(t, cat, "morale-wagon-humans.toml"))
	if err != nil {
		t.Fatal(err)
	}
	mg := 0
	for _, c := range cs {
		if c.title == "Machine Guns" {
			mg++
			if c.of != "" || !c.closer || !slices.ContainsFunc(c.parts, func(p part) bool { return p.odds }) {
				t.Errorf("Machine Guns card: of %q, closer %v, parts %d: want one card, set closer, with its odds", c.of, c.closer, len(c.parts))
			}
		}
		if c.closer {
			loose := c
			loose.closer = false
			if cardFits(pdf, loose) {
				t.Errorf("card %q is set closer though it holds all at the usual gaps", c.title)
			}
		}
	}
	if mg != 1 {
		t.Errorf("%d Machine Guns cards, want 1", mg)
	}
}

// cardOf returns the first card titled title.
func cardOf(t *testing.T, cs []card, title string) card {
	t.Helper()
	for _, c := range cs {
		if c.title == title {
			return c
		}
	}
	t.Fatalf("no card %q", title)
	return card{}
}

func trackOf(c card, label string) *track {
	for i := range c.tracks {
		if c.tracks[i].label == label {
			return &c.tracks[i]
		}
	}
	return nil
}

// partText is everything a card's blocks say, on one line.
func partText(c card) string {
	var s []string
	for _, p := range c.parts {
		s = append(s, p.head, p.text)
		for _, row := range p.rows {
			s = append(s, strings.Join(row, " "))
		}
	}
	return strings.ReplaceAll(strings.Join(s, " "), "\t", " ")
}

// TestCardTracks: cards track what a unit loses as the rules count it —
// an Assault Tripod's Armor from 10 down and the lasting damage of the
// Tripod Damage Chart, the stands the scenario fields (Scenario 1's
// Infantry Company has the Captain's stand: 6), an Imperial Mars unit's
// figures tray by tray and its Disruption Markers by the state they
// bring, a teleportation pod's Armour and hull points — and carry the
// unit's special rules in short.
func TestCardTracks(t *testing.T) {
	cat := shipped.Catalog(t)
	build := func(file string) []card {
		cs, err := buildCards(shippedList(t, cat, file))
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}

	tripod := cardOf(t, build("boys-of-company-c-martians.toml"), "Assault Tripod")
	if a := trackOf(tripod, "Armor"); a == nil || strings.Join(a.boxes, " ") != "10 9 8 7 6 5 4 3 2 1" {
		t.Errorf("tripod Armor track %+v, want 10 down to 1", a)
	}
	if d := trackOf(tripod, "Damage"); d == nil || strings.Join(d.boxes, "|") != "Crippled|Weapons disabled" {
		t.Errorf("tripod damage track %+v, want the chart's crippled and weapons disabled", d)
	}
	if trackOf(tripod, "Lost") != nil {
		t.Error("a tripod's card has a LOST box beside its Armor track")
	}
	// Card 1/2 and card 2/2 (the special rules go with the odds when card
	// 1/2 has no room left). Massive, which the book never describes,
	// carries its reading's mark, and its line is on the same card.
	var text string
	marked := 0
	for _, c := range build("boys-of-company-c-martians.toml") {
		if c.title != "Assault Tripod" {
			continue
		}
		ct := partText(c)
		text += ct + " "
		if strings.Contains(ct, "Massive"+markOpen+"R18") {
			marked++
			if !strings.Contains(ct, "R18 Ruling: Massive has no rule: agree what it does before play.") || !c.marks(catalog.Note{Mark: "R18"}) {
				t.Errorf("the tripod card marking Massive R18 lacks the mark's line, or does not say it marks it:\n%s", ct)
			}
		}
	}
	if marked != 1 {
		t.Errorf("%d tripod cards mark Massive R18; want 1:\n%s", marked, text)
	}
	if !strings.Contains(text, "Sweep: Template placed like a Barrage template") {
		t.Errorf("tripod card lacks the Sweep:\n%s", text)
	}

	humans := build("boys-of-company-c-humans.toml")
	if l := trackOf(cardOf(t, humans, "Company C"), "Lost"); l == nil || len(l.boxes) != 6 {
		t.Errorf("Scenario 1's Infantry Company: lost track %+v, want 6 boxes (5 stands and the Captain's)", l)
	}
	if l := trackOf(cardOf(t, build("morale-wagon-humans.toml"), "Doughboys"), "Lost"); l == nil || len(l.boxes) != 5 {
		t.Errorf("Scenario 2's Infantry Company: lost track %+v, want 5 boxes", l)
	}
	riders := partText(cardOf(t, humans, "Rough Riders"))
	for _, want := range []string{"Rough Rider: Mounted infantry", "Tow Cable: Assault: each element in contact rolls to hit"} {
		if !strings.Contains(riders, want) {
			t.Errorf("Rough Riders card lacks %q:\n%s", want, riders)
		}
	}

	im := build("imperial-mars.toml")
	first := cardOf(t, im, "1st Company, 24th Foot") // 24 figures, close order: 6 trays of 4
	if f := trackOf(first, "Figures lost"); f == nil || len(f.boxes) != 24 || f.group != 4 {
		t.Errorf("1st Company figures track %+v, want 24 boxes in trays of 4", f)
	}
	if d := trackOf(first, "DMs"); d == nil || strings.Join(d.boxes, "|") != "1 Disorganised|2 Dismayed|3 Disrupted|4 Dispersed" {
		t.Errorf("1st Company DM track %+v", d)
	}
	walker := cardOf(t, im, "HMLS Indomitable")
	if h := trackOf(walker, "Hits (THL)"); h == nil || len(h.boxes) != 4 || trackOf(walker, "DMs") != nil {
		t.Errorf("walker tracks %+v, want 4 hits to its THL and no DMs", walker.tracks)
	}

	pod := cardOf(t, build("evacuation-mars.toml"), "Pod 1")
	if !strings.Contains(pod.sub, "Player 1") {
		t.Errorf("Player 1's pod card: sub %q", pod.sub)
	}
	// Hits take hull points; the Armour is a value, not a track.
	if a, h := trackOf(pod, "Armour"), trackOf(pod, "Hull points"); a != nil || h == nil || len(h.boxes) != 3 {
		t.Errorf("pod tracks %+v, want 3 hull points and no Armour track", pod.tracks)
	}
}

// TestWriteIns: where the rules give a unit no Speed, Defense, Armor or
// weapons (the Mk II Baldwin), the roster and its card leave room to
// write them in, a special ability the data gives a line (Stealth) prints
// it, and one the rules never describe (Massive) gets the data's ruling
// and a line for the club's; a club's data that supplies the Baldwin's stats prints
// them like any other value.
func TestWriteIns(t *testing.T) {
	blank := writeIn(3)
	for _, tc := range []struct {
		name string
		cat  *catalog.Catalog
		row  string // the Game stats row of the Mk II Baldwin
		card []string
	}{
		{"quick-start", shipped.Catalog(t), "| Mk II Baldwin" + markOf(t, "baldwin-stats") + " | Tank | " + writeIn(4) + " | " + blank + " | " + blank + " | " + writeIn(12) + " | – |",
			[]string{"1 × Mk II Baldwin * * *", "Agreed before play Not given by the rules: Speed, Defense, Armor (*) and weapons."}},
		{"club", clubCatalog(t), "| Mk II Baldwin" + markOf(t, "baldwin-stats") + " | Tank | 6″ | 6 | 7 | Tank Gun | – |",
			[]string{"1 × Mk II Baldwin 6″ 6 7", "Tank Gun 30″ +1 1"}},
	} {
		r := shippedList(t, tc.cat, "morale-wagon-humans.toml")
		md, err := Markdown(r, tc.cat, "")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(md), tc.row+"\n") {
			t.Errorf("%s: the roster lacks the row\n%s", tc.name, tc.row)
		}
		sps := aqotmf.RulesOf(tc.cat.System("aqotmf")).Specials
		i := slices.IndexFunc(sps, func(sp catalog.Special) bool { return sp.Name == "Stealth" })
		if i < 0 {
			t.Fatalf("%s: the data gives Stealth no line", tc.name)
		}
		stealth := sps[i]
		if !strings.Contains(string(md), "**Stealth.** "+document.Esc(document.Sentence(stealth.Short))+"\n") || strings.Contains(string(md), Undescribed) {
			t.Errorf("%s: Stealth does not print the data's line %q", tc.name, stealth.Short)
		}
		md, err = Markdown(shippedList(t, tc.cat, "morale-wagon-martians.toml"), tc.cat, "")
		if err != nil {
			t.Fatal(err)
		}
		// The data's ruling on Massive says what Undescribed would: the
		// rules section marks it, with a line for what the club agrees,
		// and its line prints once.
		var ruling string
		for _, note := range tc.cat.System("aqotmf").NotesTouching("massive") {
			ruling += note.Ruling
		}
		if ruling == "" {
			t.Fatalf("%s: the data has no ruling on Massive", tc.name)
		}
		if !strings.Contains(string(md), "**Massive"+markOf(t, "massive")+".** <br><br>Agreed: "+underscores(24)) {
			t.Errorf("%s: Massive has no mark and line for the club's ruling", tc.name)
		}
		if n := strings.Count(string(md), ruling); n != 1 || strings.Contains(string(md), Undescribed) {
			t.Errorf("%s: the ruling on Massive prints %d times, or Undescribed too; want once", tc.name, n)
		}
		cs, err := buildCards(r)
		if err != nil {
			t.Fatal(err)
		}
		text := partText(cardOf(t, cs, "Mk II Baldwin Tank"))
		if !strings.Contains(text, "Mk II Baldwin"+markOpen+"R") {
			t.Errorf("%s: the Baldwin's card does not mark the reading the scenario fields it by:\n%s", tc.name, text)
		}
		text = cardMarkRE.ReplaceAllString(text, "")
		for _, want := range tc.card {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the Baldwin's card lacks %q:\n%s", tc.name, want, text)
			}
		}
		if strings.Contains(text, "1 stands") { // a tank is one stand
			t.Errorf("%s: the Baldwin's card says \"1 stands\":\n%s", tc.name, text)
		}
		if tc.name == "club" && strings.Contains(text, "____") {
			t.Errorf("club: the Baldwin's card still leaves blanks:\n%s", text)
		}
	}
}

// clubCatalog is the shipped data with a club's profiles.toml that gives
// the Mk II Baldwin the stats the quick-start leaves out (the club's own
// numbers), as --data lays it over the shipped files.
func clubCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	src, err := fs.ReadFile(data.FS, "aqotmf/profiles.toml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	i := slices.Index(lines, `id = "mk2-baldwin"`)
	if i < 0 || lines[i+2] != `type = "Tank"` {
		t.Fatal("the shipped Mk II Baldwin profile has changed: update the club's copy")
	}
	lines = slices.Insert(lines, i+3, `speed = '6"'`, "defense = 6", "armor = 7", `weapons = ["tank-gun"]`)
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: fstest.MapFS{"aqotmf/profiles.toml": {Data: []byte(strings.Join(lines, "\n"))}}})
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestScenarioWeaponsOnCards: the weapons a scenario equips
// a unit with beyond its Game Stats (the Assault Tripod's Tentacles) are
// on its card and in its odds; a card that cannot hold them all splits
// into 1/2 (stats, weapons, rules, tracks) and 2/2 (the odds, whole).
func TestScenarioWeaponsOnCards(t *testing.T) {
	cat := shipped.Catalog(t)
	pdf := layout.NewDoc(layout.A4, "measure")
	for _, style := range []string{"", "B"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	for _, file := range []string{"boys-of-company-c-martians.toml", "morale-wagon-martians.toml"} {
		cs, err := buildCards(shippedList(t, cat, file))
		if err != nil {
			t.Fatal(err)
		}
		weapons, odds := false, false
		for _, c := range cs {
			if !strings.HasPrefix(c.title, "Assault Tripod") {
				continue
			}
			if !cardFits(pdf, c) {
				t.Errorf("%s: card %q (%s) has more than it holds", file, c.title, c.sub)
			}
			for _, p := range c.parts {
				for _, row := range p.rows {
					if len(row) > 0 && strings.HasPrefix(row[0], "Reaper Tentacles") {
						if p.odds {
							// One numbering on a card, at its foot: "card
							// 2/2" beside a single unit's card, "all 3"
							// beside three, with what it holds.
							odds = (strings.HasPrefix(c.of, "card 2/2: ") || strings.HasPrefix(c.of, "all 3: ")) && strings.HasSuffix(c.of, "odds") && !strings.Contains(c.sub, "card")
						} else {
							weapons = p.head == "Weapons" && (c.of == "card 1/2" || strings.HasSuffix(c.of, "/3")) && !strings.Contains(c.sub, "card")
						}
					}
				}
			}
		}
		if !weapons || !odds {
			t.Errorf("%s: Reaper Tentacles in the weapons of card 1/2: %v, in the odds of card 2/2: %v", file, weapons, odds)
		}
	}
}

// cardMarkRE finds a reading's mark in a card's cell.
var cardMarkRE = regexp.MustCompile(markOpen + `R\d+`)

// TestCardRulingsOnTheCard: every ruling mark a unit
// card prints sits on an item (a stand, a weapon) and has its line on the
// same card; every line's mark is on the card outside its line. The
// Assault Tripod's card marks the pack's reading of the scenarios'
// Tentacles on the Reaper Tentacles and the Gripper Claw's ruling on the
// Gripper Claw, which it prints with the weapons though it has no stats.
func TestCardRulingsOnTheCard(t *testing.T) {
	cat := shipped.Catalog(t)
	seen := 0
	for _, file := range shippedLists(t) {
		cs, err := buildCards(shippedList(t, cat, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			used, explained := map[string]bool{}, map[string]bool{}
			for _, m := range cardMarkRE.FindAllString(c.sub, -1) {
				used[m] = true // a type a reading allows, under the title
			}
			var texts []string
			for _, p := range c.parts {
				for _, row := range p.rows {
					for _, cell := range row {
						for _, m := range cardMarkRE.FindAllString(cell, -1) {
							used[m] = true
						}
					}
				}
				texts = append(texts, strings.Split(p.text, "\n")...)
			}
			for _, line := range texts {
				if m, _, ok := strings.Cut(line, "\t"); ok && regexp.MustCompile(`^R\d+$`).MatchString(m) {
					explained[markOpen+m] = true
				}
				for _, m := range cardMarkRE.FindAllString(line, -1) {
					used[m] = true
				}
			}
			for m := range used {
				if !explained[m] {
					t.Errorf("%s: card %q (%s) prints %s with no line for it", file, c.title, c.sub, m)
				}
			}
			for m := range explained {
				if !used[m] {
					t.Errorf("%s: card %q (%s) explains %s, which marks nothing on it", file, c.title, c.sub, m)
				}
			}
			seen += len(used)
		}
	}
	if seen == 0 {
		t.Error("no card of the shipped lists marks a ruling")
	}

	for _, file := range []string{"boys-of-company-c-martians.toml", "morale-wagon-martians.toml"} {
		cs, err := buildCards(shippedList(t, cat, file))
		if err != nil {
			t.Fatal(err)
		}
		front := cardOf(t, cs, cs[0].title)
		text := partText(front)
		rows := map[string]string{} // weapon → its mark
		for _, p := range front.parts {
			if p.head != "Weapons" {
				continue
			}
			for _, row := range p.rows[1:] {
				name := cardMarkRE.ReplaceAllString(row[0], "")
				rows[name] = cardMarkRE.FindString(row[0])
			}
		}
		for weapon, ruling := range map[string]string{
			"Reaper Tentacles":   `The scenarios' "Tentacles" are read as the Reaper Tentacles: agree it before play.`,
			"Gripper Claw":       "The Gripper Claw has no stats: agree before play how it is used.",
			"Heat Ray – Focused": `Read the book's "30+" as 30″.`,
		} {
			m, ok := rows[weapon]
			if !ok || m == "" {
				t.Errorf("%s: card 1/2 prints %s unmarked or not at all (weapons %q)", file, weapon, rows)
				continue
			}
			if want := strings.TrimPrefix(m, markOpen) + " Ruling: " + document.Typo(ruling); !strings.Contains(text, want) {
				t.Errorf("%s: card 1/2 lacks %q:\n%s", file, want, text)
			}
		}
		if rows["Heat Ray – Sweep"] != "" {
			t.Errorf("%s: the Heat Ray – Sweep is marked %s, but no ruling is about it", file, rows["Heat Ray – Sweep"])
		}
	}
}

// TestScenarioGivesOnCards: what a scenario gives a unit on
// top of its Game Stats is on its card: Scenario 2's Morale Wagon moves 4″
// a phase (on a card of its own, which sends which tank it is to the
// secret deployment sheet: the six Baldwins' cards only point to it), and its HMG team may start
// dug in (with what that does), as may the Doughboys by the book's Dug In
// rule, a reading marked on their card; Scenario 1 gives no Morale Wagon,
// and its infantry and machine guns may start dug in by that rule, the
// Rough Riders not. A card holds one tank, so it is titled with the
// unit's name, singular.
func TestScenarioGivesOnCards(t *testing.T) {
	cat := shipped.Catalog(t)
	cs, err := buildCards(shippedList(t, cat, "morale-wagon-humans.toml"))
	if err != nil {
		t.Fatal(err)
	}
	baldwins, wagons := 0, 0
	hmg, doughboys := "", "" // the HMG's and the Doughboys' cards
	for _, c := range cs {
		text := partText(c)
		switch c.title {
		case "Mk II Baldwin Tank": // one tank a card: the unit's name, the list's under it
			baldwins++
			if !strings.HasPrefix(c.sub, "Mk II Baldwin Tanks · ") {
				t.Errorf("Baldwin card %s: the line under the title %q does not give the list's name", c.of, c.sub)
			}
			if strings.Contains(text, "It moves 4 inches") || !strings.Contains(text, "The Morale Wagon: one of the 6, designated before the game; its own card gives its rules.") {
				t.Errorf("Baldwin card %s should point to the Morale Wagon's card, not print its rule:\n%s", c.of, text)
			}
		case "The Morale Wagon":
			wagons++
			// Which tank is secret until the end of the game: the card,
			// in the open, sends it to the secret deployment sheet and
			// has no line to write it on.
			if !strings.Contains(text, "The Morale Wagon: The “Morale Wagon” is a Mark II tank") || !strings.Contains(text, "It moves 4 inches in each movement phase and must stay on the road.") ||
				!strings.Contains(text, "(1/6 to 6/6) on the secret deployment sheet") || slices.ContainsFunc(c.parts, func(p part) bool { return p.writeOn > 0 }) {
				t.Errorf("the Morale Wagon's card lacks its rule, or where to write which tank, or has a line to write it in the open:\n%s", text)
			}
		case "Machine Guns": // its odds may go on a card of their own
			hmg += text + "\n"
		case "Doughboys":
			doughboys += text + "\n"
		default:
			if strings.Contains(text, "Dug In:") || strings.Contains(text, "Morale Wagon:") {
				t.Errorf("card %q carries a line the scenario gives another unit:\n%s", c.title, text)
			}
		}
	}
	if baldwins != 6 || wagons != 1 {
		t.Errorf("%d Baldwin cards and %d Morale Wagon cards, want 6 and 1", baldwins, wagons)
	}
	const dugIn = "Dug In: May start dug in (a marker): Armor +2 while on that spot, not against a tripod within 6″."
	if !strings.Contains(hmg, dugIn) {
		t.Errorf("the HMG's cards lack that it may start dug in:\n%s", hmg)
	}
	if n := cat.System("aqotmf").Reading("morale-wagon-dug-in"); n == nil || !strings.Contains(doughboys, dugIn) || !strings.Contains(doughboys, n.Mark+" Ruling: ") {
		t.Errorf("the Doughboys' cards lack that they may start dug in, marked with the reading:\n%s", doughboys)
	}
	cs, err = buildCards(shippedList(t, cat, "boys-of-company-c-humans.toml"))
	if err != nil {
		t.Fatal(err)
	}
	riders := 0
	for _, c := range cs {
		text := partText(c)
		if strings.Contains(text, "Morale Wagon:") {
			t.Errorf("Scenario 1's card %q carries Scenario 2's line:\n%s", c.title, text)
		}
		if digs := strings.Contains(text, "Dug In:"); digs != (c.title != "Rough Riders") && !strings.HasPrefix(c.of, "card 2/2") { // a split card holds the line on its first
			t.Errorf("Scenario 1's card %q (%s): Dug In line %v, want it on the infantry's and machine guns' cards alone:\n%s", c.title, c.of, digs, text)
		}
		arrives := strings.Contains(text, "Reinforcement: They arrive at either of the redline locations")
		if c.title == "Rough Riders" {
			riders++
			if !arrives {
				t.Errorf("the Rough Riders' card lacks where they arrive:\n%s", text)
			}
		} else if arrives {
			t.Errorf("card %q carries the Rough Riders' arrival:\n%s", c.title, text)
		}
	}
	if riders != 1 {
		t.Errorf("%d Rough Riders cards in Scenario 1, want 1", riders)
	}
}

// markOf is the Markdown reference to the mark of a shipped AQotMF
// reading.
func markOf(t *testing.T, id string) string {
	t.Helper()
	n := shipped.Catalog(t).System("aqotmf").Note(id)
	if n == nil || n.Mark == "" {
		t.Fatalf("the shipped data has no reading %q", id)
	}
	return "[^" + n.Mark + "]"
}

// TestCardsUnderTighterRoster: a roster whose cards do not quite fit under
// its text is set with tighter space between its blocks so that they do,
// and the list prints on one page: the Martians of the Boys of Company C
// on Letter.
func TestCardsUnderTighterRoster(t *testing.T) {
	cat := shipped.Catalog(t)
	r := shippedList(t, cat, "boys-of-company-c-martians.toml")
	md, _, _, err := markdownLines(r, cat, "")
	if err != nil {
		t.Fatal(err)
	}
	mo := markdown.Options{Paper: layout.Letter, Title: "Army roster", Source: "s", Stamp: "e"}
	l, err := markdown.Measure(md, mo)
	if err != nil {
		t.Fatal(err)
	}
	_, end := l.End()
	cs, err := buildCards(r)
	if err != nil {
		t.Fatal(err)
	}
	if plan, err := planCards(cs, mo, cards.NoBacks, end); err != nil || plan.under.Top > 0 {
		t.Fatalf("the roster set as usual has its cards under it (%v): the test no longer tests", err)
	}
	b, err := Print(r, cat, PrintOptions{Paper: layout.Letter, Cards: true})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, x := range texts {
		pages = max(pages, x.Page)
	}
	if pages != 1 {
		t.Errorf("the list prints on %d pages; want its roster and card on one", pages)
	}
}

// cellsWhole: every cell of a unit card's tables prints whole in its
// column ("Heat Ray – Focused" and its mark, not "Heat Ray – Focu…"): a
// first cell too wide takes room from the other columns.
func cellsWhole(t *testing.T, pdf *fpdf.Fpdf, file string, c card) {
	t.Helper()
	for _, p := range c.parts {
		first, col := columns(pdf, p.rows, p.bold, cardBody)
		for i, row := range p.rows {
			style := ""
			if i < len(p.bold) && p.bold[i] {
				style = "B"
			}
			name, mark, _ := strings.Cut(row[0], markOpen)
			pdf.SetFont(layout.Font, style, bodyPt)
			nw := layout.Width(pdf, name)
			if room := nameRoom(row, cardBody, first); len(row) == 1 && nw > room-1 {
				t.Errorf("%s: card %q: the group row %q is %.1f mm in %.1f mm", file, c.title, row[0], nw, room-1)
			}
			if len(row) < 2 || !slices.ContainsFunc(row[1:], func(s string) bool { return s != "" }) {
				continue
			}
			for _, cell := range row[1:] {
				if cw := layout.Width(pdf, cell); cw > col-0.8+1e-9 {
					t.Errorf("%s: card %q: %q is %.1f mm in a %.1f mm column", file, c.title, cell, cw, col-0.8)
				}
			}
			pdf.SetFont(layout.Font, "B", markPt)
			if nw += layout.Width(pdf, mark); nw > first-1+1e-9 {
				t.Errorf("%s: card %q: %q is %.1f mm in a %.1f mm first column", file, c.title, row[0], nw, first-1)
			}
		}
	}
}

// TestWeaponsBesideOdds: where a unit's card splits and its weapons
// would leave card 1/2 full and card 2/2 a third used, the weapons go
// beside their odds (a shot read in one look) and the two cards are the
// more even: Scenario 1's Company C.
func TestWeaponsBesideOdds(t *testing.T) {
	cat := shipped.Catalog(t)
	cs, err := buildCards(shippedList(t, cat, "boys-of-company-c-humans.toml"))
	if err != nil {
		t.Fatal(err)
	}
	pdf := layout.NewDoc(layout.A4, "measure")
	for _, style := range []string{"", "B"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	var fills []float64
	for _, c := range cs {
		if c.title != "Company C" {
			continue
		}
		var heads []string
		for _, p := range c.parts {
			heads = append(heads, p.head)
		}
		switch c.of {
		case "card 1/2":
			if slices.Contains(heads, "Weapons") || !slices.Contains(heads, "Elements") {
				t.Errorf("card 1/2 holds %q; want the elements without the weapons", heads)
			}
		case "card 2/2: weapons, odds":
			if len(heads) < 2 || heads[0] != "Weapons" || heads[1] != "Odds" {
				t.Errorf("card 2/2 holds %q; want the weapons, then the odds", heads)
			}
		default:
			t.Errorf("a Company C card numbered %q; want card 1/2 and card 2/2: weapons, odds", c.of)
		}
		if !cardFits(pdf, c) {
			t.Errorf("Company C %s has more than it holds", c.of)
		}
		fills = append(fills, cardFill(pdf, c))
	}
	if len(fills) != 2 || math.Abs(fills[0]-fills[1]) > 0.35 {
		t.Errorf("Company C's cards filled %.2f; want two within 0.35 of each other", fills)
	}
}
