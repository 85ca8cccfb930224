package dicegame

import (
	"cmp"
	"math/big"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

// TestLists: a Canal Raiders list is its catalogue's units, priced at
// count × points within the game's 150 points (or its own), its
// faction's units only, at most 3 of one unit.
func TestLists(t *testing.T) {
	cat, _ := example(t, "canal-raiders", "canal-raiders")
	for _, c := range []struct {
		name, list string
		used       int64
		want       []string
		limit      int64 // 150 when 0
	}{
		{"within the points", "faction = \"Colonials\"\n[[unit]]\nid = \"rifle-section\"\ncount = 2\n[[unit]]\nid = \"sharpshooters\"\n", 145, nil, 0},
		{"the game's points, to the point", "faction = \"Colonials\"\n[[unit]]\nid = \"rifle-section\"\ncount = 3\n", 150, nil, 0},
		{"over by one unit", "faction = \"Colonials\"\n[[unit]]\nid = \"rifle-section\"\ncount = 3\n[[unit]]\nid = \"sharpshooters\"\n", 195,
			[]string{"list.toml:7:3: points: the units cost 195, over the limit of 150 by 45; remove units worth 45 or more, or raise points"}, 0},
		{"another faction's unit", "faction = \"Colonials\"\n[[unit]]\nid = \"raider-band\"\n", 60,
			[]string{"list.toml:5:6: unit 1 (raider-band): Raider Band is a unit of the Martians; a list of the Colonials fields units of the Colonials only — remove it"}, 0},
		{"a unit misspelt", "faction = \"Colonials\"\n[[unit]]\nid = \"rifle-sections\"\n", 0,
			[]string{`list.toml:5:6: unit 1 (rifle-sections): unknown unit id "rifle-sections" (did you mean "rifle-section"?)`}, 0},
		{"three of one unit, in two lines", "faction = \"Colonials\"\npoints = 200\n[[unit]]\nid = \"rifle-section\"\ncount = 2\n[[unit]]\nid = \"rifle-section\"\n", 150, nil, 200},
		{"four of one unit", "faction = \"Colonials\"\npoints = 200\n[[unit]]\nid = \"rifle-section\"\ncount = 3\n[[unit]]\nid = \"rifle-section\"\n", 200,
			[]string{"list.toml:8:3: unit 2 (rifle-section): 4 × Rifle Section in the list; a list takes at most 3 of one unit — remove 1"}, 200},
		{"five of one unit, told once with them all", "faction = \"Colonials\"\npoints = 250\n[[unit]]\nid = \"rifle-section\"\ncount = 3\n[[unit]]\nid = \"rifle-section\"\n[[unit]]\nid = \"rifle-section\"\n", 250,
			[]string{"list.toml:8:3: unit 2 (rifle-section): 5 × Rifle Section in the list; a list takes at most 3 of one unit — remove 2"}, 250},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, dl := rules.ValidateList("list.toml", []byte("system = \"canal-raiders\"\nname = \"Test\"\n"+c.list), cat)
			if r == nil {
				t.Fatal(dl)
			}
			var got []string
			for _, d := range dl.Errors() {
				got = append(got, d.Error())
			}
			limit := cmp.Or(c.limit, 150)
			if r.Used != c.used || r.Limit != limit {
				t.Errorf("used %d of %d, want %d of %d", r.Used, r.Limit, c.used, limit)
			}
			if len(got) != len(c.want) {
				t.Fatalf("errors %q, want %q", got, c.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("error %q, want %q", got[i], c.want[i])
				}
			}
		})
	}
}

// printer writes a card's values plainly, for the tests.
type printer struct{}

func (printer) Inch(l catalog.Length) string { return l.String() }
func (printer) Pct(p *big.Rat) string        { return p.RatString() }
func (printer) Intp(p *int) string           { return "" }
func (printer) Sentence(s string) string     { return s }
func (printer) OneLine(s string) string      { return s }
func (printer) Ruling(n catalog.Note) string { return n.Ruling }

// TestCardAndShots: a unit's card prints its rows of the tables that run
// over units, with the tables' numbers; in play, a unit shooting another
// asks the data's question with the models it has left.
func TestCardAndShots(t *testing.T) {
	cat, sys := example(t, "canal-raiders", "canal-raiders")
	r, dl := rules.ValidateList("list.toml", []byte("system = \"canal-raiders\"\nname = \"Test\"\nfaction = \"Martians\"\n[[unit]]\nid = \"raider-band\"\nlabel = \"Red Band\"\n"), cat)
	if r == nil || !r.Valid() {
		t.Fatal(dl)
	}
	c, err := unitCard(r, r.Lines[0], printer{})
	if err != nil {
		t.Fatal(err)
	}
	var heads []string
	rows := map[string][]string{}
	for _, p := range c.Parts {
		heads = append(heads, p.Head)
		for _, row := range p.Rows[1:] {
			rows[p.Head+"/"+row[0]] = row[1:]
		}
	}
	if strings.Join(heads, "; ") != "Models; Weapons; Volley: 1 or more casualties; Volley: casualties on average; Nerve: chance it holds" {
		t.Errorf("card parts %q", heads)
	}
	if got := strings.Join(rows["Volley: 1 or more casualties/Rifle Section"], " "); got != "88% 73% 45%" {
		t.Errorf("the Raider Band's volley at the Rifle Section, open, light, heavy: %s", got)
	}
	if got := strings.Join(rows["Models/4 × Raider"], " "); got != "7\" 4+ 4+ 9" {
		t.Errorf("the raiders' stats: %s", got)
	}
	if len(c.Tracks) != 1 || len(c.Tracks[0].Boxes) != 4 {
		t.Errorf("tracks %+v, want a box for each of the 4 models", c.Tracks)
	}

	units, _ := playUnits(r)
	from := units[0].Fighter
	from.Left = 2 // two raiders left
	to := rules.Fighter{Entry: sys.Unit("rifle-section")}
	shots := rules.Shots(sys, from, to)
	if len(shots) != 1 {
		t.Fatalf("shots %+v, want the shoot question", shots)
	}
	ans, err := shots[0].Query.Answer(sys, shots[0].Args)
	if err != nil {
		t.Fatal(err)
	}
	// Two raiders at the riflemen in the open: 5/12 a die, 1 − (7/12)².
	rulestest.Eq(t, "two raiders left: at least one casualty", ans.Rows[1].P, "95/144")
}

// TestBuilderStats: the builder describes a unit by its models, with the
// stats the rule set names, their weapons and special rules.
func TestBuilderStats(t *testing.T) {
	_, sys := example(t, "canal-raiders", "canal-raiders")
	for id, want := range map[string]string{
		"rifle-section": "5 × Rifleman · Shoot 4+ · Save 5+ · Nerve 7 · Rifle",
		"raider-band":   "4 × Raider · Shoot 4+ · Save 4+ · Nerve 9 · Heat Lance",
	} {
		u := sys.Unit(id)
		if u == nil {
			t.Fatalf("no unit %s", id)
		}
		if got := stats(sys, u); len(got) != 1 || got[0] != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}
