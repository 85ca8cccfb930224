package army

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/golden"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

func mustCheck(t testing.TB, src string) *Report {
	t.Helper()
	r, dl := Validate("army.toml", []byte(src), testCatalog(t))
	if r == nil {
		t.Fatalf("unreadable: %v", dl)
	}
	return r
}

func TestPrices(t *testing.T) {
	tests := []struct {
		name        string
		src         string
		used, limit int64
		costs       []int64 // per line
	}{
		{"aqotmf", validationCase0(t, "aq valid"), 145, 145, []int64{60, 40, 45}},
		{"aqotmf count", "system = \"aqotmf\"\nfaction = \"Humans\"\n[[unit]]\nid = \"mk2-baldwin\"\ncount = 6\n", 480, 0, []int64{480}},
		// 90 + 100 + 50 units; +2 armour 10 + 20; +1 hull point 10.
		{"evacuation", validationCase0(t, "evac valid"), 280, 300, []int64{90, 100, 50}},
		{"evacuation, most upgrades", "system = \"evacuation-mars\"\n[[unit]]\ntype = \"infantry\"\npoints = 0\n[objective]\narmour = 4\nhull_points = 4\n", 300, 300, []int64{0}},
		{"imperial", validationCase0(t, "im valid"), 0, 0, []int64{0, 0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCheck(t, tt.src)
			if !r.Valid() {
				t.Fatalf("invalid: %v", r.Diags)
			}
			if r.Used != tt.used || r.Limit != tt.limit {
				t.Errorf("used %d of %d, want %d of %d", r.Used, r.Limit, tt.used, tt.limit)
			}
			var costs []int64
			for _, ln := range r.Lines {
				costs = append(costs, ln.Cost)
			}
			if len(costs) != len(tt.costs) {
				t.Fatalf("lines cost %v, want %v", costs, tt.costs)
			}
			for i := range costs {
				if costs[i] != tt.costs[i] {
					t.Errorf("lines cost %v, want %v", costs, tt.costs)
					break
				}
			}
		})
	}
}

func TestPod(t *testing.T) {
	r := mustCheck(t, validationCase0(t, "evac valid"))
	p := evacuation.PodOf(r)
	// Armour 8 + 2 = 10 for 10 + 20; 1 hull point + 1 = 2 for 10.
	if p.Armour != 2 || p.ArmourCost != 30 || p.TotalArmour != 10 || p.Hull != 1 || p.HullCost != 10 || p.TotalHP != 2 {
		t.Errorf("pod %+v", *p)
	}
	r = mustCheck(t, "system = \"evacuation-mars\"\n[[unit]]\ntype = \"infantry\"\npoints = 0\n[objective]\narmour = 4\n")
	p = evacuation.PodOf(r)
	if p.ArmourCost != 150 || p.TotalArmour != 12 { // "armour 12 at 150 points in total"
		t.Errorf("+4 armour: %+v", *p)
	}
}

func TestImperialOrganisation(t *testing.T) {
	r := mustCheck(t, validationCase0(t, "im valid"))
	want := []struct{ ap, per, trays, rem int }{
		{5, 4, 6, 0}, // drilled; 24 in close order: 6 trays of 4
		{4, 2, 6, 0}, // trained horse; 12 in open order: 6 trays of 2
		{3, 1, 5, 0}, // irregular horse; 5 in extended order: 5 trays of 1
		{5, 0, 0, 0}, // an officer: officer_action_points
		{0, 0, 0, 0}, // a vehicle
	}
	for i, w := range want {
		ln := r.Lines[i]
		if imperial.DataOf(ln).ActionPoints != w.ap || imperial.DataOf(ln).PerTray != w.per || imperial.DataOf(ln).Trays != w.trays || imperial.DataOf(ln).Remainder != w.rem {
			t.Errorf("%s: AP %d, %d a tray, %d trays + %d; want %+v", ln.Name, imperial.DataOf(ln).ActionPoints, imperial.DataOf(ln).PerTray, imperial.DataOf(ln).Trays, imperial.DataOf(ln).Remainder, w)
		}
	}
	r = mustCheck(t, validationCase0(t, "im remainder"))
	if ln := r.Lines[0]; imperial.DataOf(ln).Trays != 6 || imperial.DataOf(ln).Remainder != 1 {
		t.Errorf("25 in close order: %d trays + %d, want 6 + 1", imperial.DataOf(ln).Trays, imperial.DataOf(ln).Remainder)
	}
	if r.Valid() != true || len(r.Diags.Warnings()) != 3 {
		t.Errorf("a remainder is a warning, not an error: %v", r.Diags)
	}
}

func TestBlips(t *testing.T) {
	cat := testCatalog(t)
	aq := cat.System("aqotmf")
	tests := []struct {
		name          string
		src           string
		blips, decoys int
		none          string // why it deploys none (NoBlips)
	}{
		// One blip for the company (two decoys: infantry), none for the
		// machine guns in ambush nor for the reinforcements.
		{"boys of company c", "system = \"aqotmf\"\nfaction = \"Humans\"\nhidden = true\n[[unit]]\nid = \"infantry-company\"\n[[unit]]\nid = \"hmg-unit\"\nambush = true\n[[unit]]\nid = \"rough-riders\"\nreinforcement = true\n", 1, 2, ""},
		// Six tanks are six blips without decoys.
		{"morale wagon", "system = \"aqotmf\"\nfaction = \"Humans\"\nhidden = true\n[[unit]]\nid = \"infantry-company\"\n[[unit]]\nid = \"hmg-unit\"\nambush = true\n[[unit]]\nid = \"mk2-baldwin\"\ncount = 6\n[[unit]]\nid = \"rough-riders\"\n", 8, 4, ""},
		{"not hidden", "system = \"aqotmf\"\nfaction = \"Humans\"\n[[unit]]\nid = \"infantry-company\"\n", 0, 0, "set hidden = true for a side that deploys hidden"},
		{"hidden, none on the table", "system = \"aqotmf\"\nfaction = \"Humans\"\nhidden = true\n[[unit]]\nid = \"hmg-unit\"\nambush = true\n", 0, 0, "every unit of it starts in ambush or as a reinforcement"},
		{"unknown units are skipped", "system = \"aqotmf\"\nfaction = \"Humans\"\nhidden = true\n[[unit]]\nid = \"zeppelin\"\n[[unit]]\nid = \"hmg-unit\"\ncount = 2\n", 2, 4, ""},
	}
	for _, tt := range tests {
		l, _ := Parse("army.toml", []byte(tt.src))
		b, d := Blips(l, aq)
		if b != tt.blips || d != tt.decoys {
			t.Errorf("%s: %d blips, %d decoys; want %d, %d", tt.name, b, d, tt.blips, tt.decoys)
		}
		if none := NoBlips(l, aq); none != tt.none {
			t.Errorf("%s: no blips because %q; want %q", tt.name, none, tt.none)
		}
	}
	l, _ := Parse("army.toml", []byte("system = \"evacuation-mars\"\nhidden = true\n"))
	if b, d := Blips(l, cat.System("evacuation-mars")); b != 0 || d != 0 {
		t.Errorf("blips outside AQotMF: %d, %d", b, d)
	}
	if none, want := NoBlips(l, cat.System("evacuation-mars")), "Evacuation: Mars has no hidden deployment"; none != want {
		t.Errorf("no blips outside AQotMF because %q; want %q", none, want)
	}
	if b, d := Blips(nil, aq); b != 0 || d != 0 {
		t.Error("blips of no list")
	}
}

func TestUnreadable(t *testing.T) {
	for _, src := range []string{"system = \n", "[[unit]\n", "\x00\x01binary", "<html>"} {
		r, dl := Validate("x.toml", []byte(src), testCatalog(t))
		if r != nil {
			t.Errorf("%q was read as a list", src)
		}
		if len(dl) == 0 || dl[0].File != "x.toml" || dl[0].Line == 0 {
			t.Errorf("%q: the syntax error has no position: %v", src, dl)
		}
	}
	_, dl := Validate("x.toml", []byte("system = \n"), testCatalog(t))
	if got := dl.Error(); got != `x.toml:1:10: system: expected value but found '\n' instead` {
		t.Errorf("syntax error: %s", got)
	}
}

func TestHash(t *testing.T) {
	// sha256("") begins e3b0c44298fc.
	if h := HashBytes(nil); h != "e3b0c44298fc" {
		t.Errorf("HashBytes = %s", h)
	}
	r := mustCheck(t, validationCase0(t, "aq valid"))
	if r.List.Hash != HashBytes([]byte(validationCase0(t, "aq valid"))) {
		t.Error("the list's hash is not of its bytes")
	}
}

func TestStarters(t *testing.T) {
	cat := testCatalog(t)
	for _, id := range ListSystems(cat) {
		text, err := Starter(cat.System(id))
		if err != nil {
			t.Fatal(err)
		}
		r, dl := Validate("new.toml", []byte(text), cat)
		if r == nil || len(dl) > 0 {
			t.Errorf("%s starter does not validate cleanly: %v\n%s", id, dl, text)
		}
	}
	if _, err := Starter(cat.System("buildings")); err == nil {
		t.Error("a starter for a rule set without army lists")
	}
}

func roster(t *testing.T, src string) string {
	t.Helper()
	cat := testCatalog(t)
	r := mustCheck(t, src)
	md, err := Print(r, cat, PrintOptions{Format: "md"})
	if err != nil {
		t.Fatal(err)
	}
	return string(md)
}

// TestRosterMarkdown shows whole rosters of lists against the tests' own
// catalogue, one per rule set and the cases that print differently (a
// hidden list, an invalid one with escaped user text), against
// testdata/roster/<case>.md (go test -update rewrites them).
func TestRosterMarkdown(t *testing.T) {
	tests := []struct{ name, src string }{
		{"aqotmf", validationCase0(t, "aq valid")},
		{"hidden", "system = \"aqotmf\"\nfaction = \"Humans\"\nhidden = true\n[[unit]]\nid = \"infantry-company\"\n[[unit]]\nid = \"mk2-baldwin\"\ncount = 2\n"},
		{"evacuation", validationCase0(t, "evac valid")},
		{"imperial", validationCase0(t, "im valid")},
		{"invalid", "system = \"aqotmf\"\nfaction = \"Martians\"\nname = \"Too Much\"\npoints = 100\n[[unit]]\nid = \"assault-tripod\"\nlabel = \"Big *one*\"\n"},
	}
	cat := testCatalog(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			md := roster(t, tt.src)
			md = strings.ReplaceAll(md, cat.Version(), "DATA-VERSION")
			golden.Check(t, filepath.Join("testdata", "roster", tt.name+".md"), []byte(md))
		})
	}
}

func TestPrintFormats(t *testing.T) {
	cat := testCatalog(t)
	r := mustCheck(t, validationCase0(t, "aq valid"))
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, err := Print(r, cat, PrintOptions{Paper: paper, Cards: true})
		if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatalf("%s: %v", paper.Name, err)
		}
	}
	html, err := Print(r, cat, PrintOptions{Format: "html"})
	if err != nil || !bytes.Contains(html, []byte("<table>")) {
		t.Errorf("html: %v", err)
	}
	if _, err := Print(r, cat, PrintOptions{Format: "md", Cards: true}); err == nil {
		t.Error("cards as Markdown")
	}
	if _, err := Print(r, cat, PrintOptions{Format: "docx"}); err == nil {
		t.Error("an unknown format printed")
	}
	a, _ := Print(r, cat, PrintOptions{Cards: true})
	b, _ := Print(r, cat, PrintOptions{Cards: true})
	if !bytes.Equal(a, b) {
		t.Error("the same list printed twice gives different bytes")
	}
}

// TestCardPages checks where cards go: nine to a page after the roster,
// one card per unit on the table, none split, and the running header
// counting the card pages; a few cards that fit under the roster share
// its page.
func TestCardPages(t *testing.T) {
	cat := testCatalog(t)
	r := mustCheck(t, "system = \"aqotmf\"\nfaction = \"Humans\"\n[[unit]]\nid = \"mk2-baldwin\"\ncount = 6\n[[unit]]\nid = \"infantry-company\"\ncount = 4\n")
	cs, err := buildCards(r)
	if err != nil || len(cs) != 10 {
		t.Fatalf("%d cards (%v), want 10", len(cs), err)
	}
	if cs[5].of != "6/6" || cs[6].of != "1/4" {
		t.Errorf("card counters %q %q", cs[5].of, cs[6].of)
	}
	one := mustCheck(t, "system = \"aqotmf\"\nfaction = \"Martians\"\n[[unit]]\nid = \"assault-tripod\"\n")
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, tc := range []struct {
			name  string
			r     *Report
			pages int
		}{
			{"ten cards", r, 3}, // the roster, then 9 + 1
			{"one card", one, 1},
		} {
			pdf, err := Print(tc.r, cat, PrintOptions{Paper: paper, Cards: true})
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pdftest.Read(pdf)
			if err != nil {
				t.Fatal(err)
			}
			pages := 0
			for _, tx := range texts {
				pages = max(pages, tx.Page)
			}
			if pages != tc.pages {
				t.Errorf("%s, %s: %d pages, want %d", paper.Name, tc.name, pages, tc.pages)
			}
			// The roster's running header counts every page of the file.
			want := fmt.Sprintf("1 / %d", tc.pages)
			found := false
			for _, tx := range texts {
				found = found || (tx.Page == 1 && tx.S == want)
			}
			if !found {
				t.Errorf("%s, %s: page 1 does not say %q", paper.Name, tc.name, want)
			}
		}
		x0, y0 := (paper.Width-cardCols*cards.Poker.W)/2, (paper.Height-cardRows*cards.Poker.H)/2
		if x0 < layout.SafeMargin || y0 < layout.SafeMargin {
			t.Errorf("%s: the grid reaches %g, %g mm from the edge", paper.Name, x0, y0)
		}
	}
}

// TestCardOdds checks the odds printed on cards against sums by hand.
func TestCardOdds(t *testing.T) {
	// Five rifle stands at an Assault Tripod (Defense 9, Armor 10): a die
	// hits on 9 or 10 (20%), then damages on a 10 (20% × 10% = 2%); five
	// dice damage at least once with 1 − 0.98⁵ = 9.6% (10%).
	r := mustCheck(t, "system = \"aqotmf\"\nfaction = \"Humans\"\n[[unit]]\nid = \"infantry-company\"\n")
	rc, err := rules.ArmyOf(r.System).Card(r, r.Lines[0], printer{})
	c := cardFrom(rc)
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, p := range c.parts {
		for i, row := range p.rows {
			if row[0] == "vs Def 9, Arm 10 (Assault Tripod)" && i+1 < len(p.rows) {
				found = true
				if got := strings.Join(p.rows[i+1][:4], " | "); got != "Rifles ×5 | 20% | 2% | 10%" {
					t.Errorf("rifles at the tripod: %s", got)
				}
			}
		}
	}
	if !found {
		t.Errorf("no odds against the tripod: %+v", c.parts)
	}
	// BL rifles at short range (factor 6) use the row "6, 7": 1 hit on
	// 14–18 (25%), 2 hits on 19–20 (10%), each chance beside its d20 score;
	// six trays score 6 × 0.45 = 2.7.
	r = mustCheck(t, validationCase0(t, "im valid"))
	rc, err = rules.ArmyOf(r.System).Card(r, r.Lines[0], printer{})
	c = cardFrom(rc)
	if err != nil {
		t.Fatal(err)
	}
	found = false
	for _, p := range c.parts {
		for _, row := range p.rows {
			// The factor as the range stick spells it (F6), never as a
			// modifier (+6); this catalogue has no range stick: 6 alone.
			if row[0] == "short to 5″: 6" {
				found = true
				if got := strings.Join(row[1:], " | "); got != "14: 25% | 19: 10% | 2.7" {
					t.Errorf("BL rifle at short range: %s", got)
				}
			}
		}
	}
	if !found {
		t.Errorf("no short-range odds: %+v", c.parts)
	}
}
