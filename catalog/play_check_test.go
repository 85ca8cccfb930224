package catalog

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/diag"
)

// playBase is a small system with what tracks refer to: factions, a
// table and a note with a ruling.
const playBase = `system = "m"
[about]
name = "Play"
die = 10
factions = ["Humans", "Martians"]

[[table]]
id = "states"
name = "States"
columns = ["DMs", "State", "Effect"]
rows = [["0", "Steady", "Carries on."], ["1", "Shaken", "Holds."]]

[[note]]
id = "silent"
text = "The book is silent."
ruling = "Agree it before play."
`

// loadCatalog loads a system.toml and one more file, at name.
func loadCatalog(t *testing.T, system, name, text string) (*Catalog, diag.List) {
	t.Helper()
	fsys := fstest.MapFS{
		"m/system.toml": &fstest.MapFile{Data: []byte(system)},
		name:            &fstest.MapFile{Data: []byte(text)},
	}
	return Load(Source{Name: "data", FS: fsys})
}

// loadFiles is loadCatalog's messages.
func loadFiles(t *testing.T, system, name, text string) []string {
	t.Helper()
	_, l := loadCatalog(t, system, name, text)
	var out []string
	for _, d := range l {
		out = append(out, d.Error())
	}
	return out
}

// loadPlay loads playBase with play as its play.toml; it returns the
// messages.
func loadPlay(t *testing.T, play string) []string {
	t.Helper()
	return loadFiles(t, playBase, "m/play.toml", "system = \"m\"\n"+play)
}

func TestPlayValid(t *testing.T) {
	got := loadPlay(t, `
[play]
turn = "Turn"
phases = ["Move", "Shoot"]

[[track]]
id = "lost"
name = "Elements lost"
kind = "count"
of = "elements"
losses = true
say = "{n} of {max} lost; {left} left"

[[track]]
id = "dms"
name = "DMs"
kind = "count"
max = 1
table = "states"

[[track]]
id = "dug"
name = "Dug In"
kind = "mark"
for = ["Infantry"]
factions = ["Humans"]
text = "Dug In."

[[track]]
id = "morale"
name = "Morale"
kind = "choice"
ruled = "silent"
  [[track.step]]
  name = "Fighting on"
  [[track.step]]
  name = "Routed"
`)
	if len(got) > 0 {
		t.Fatalf("valid tracks refused:\n%s", strings.Join(got, "\n"))
	}
}

func TestPlayTableSteps(t *testing.T) {
	cat, l := loadCatalog(t, playBase, "m/play.toml", "system = \"m\"\n[[track]]\nid = \"dms\"\nname = \"DMs\"\nkind = \"count\"\nmax = 1\ntable = \"states\"\n")
	if l.Count() > 0 {
		t.Fatal(l)
	}
	tr := cat.System("m").Track("dms")
	want := []PlayStep{{0, "Steady", "Carries on."}, {1, "Shaken", "Holds."}}
	if tr == nil || !slices.Equal(tr.Steps, want) {
		t.Fatalf("steps from the table: got %+v, want %+v", tr, want)
	}
}

func TestPlayChecks(t *testing.T) {
	for _, tc := range []struct {
		name, toml, want string
	}{
		{"unknown kind", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"tally\"\n",
			`data/m/play.toml:5:8: track "a": unknown kind "tally"; expected one of: count, mark, choice`},
		{"no kind", "[[track]]\nid = \"a\"\nname = \"A\"\n",
			`data/m/play.toml:2:3: track "a": no kind given; expected one of: count, mark, choice`},
		{"no name", "[[track]]\nid = \"a\"\nkind = \"mark\"\ntext = \"On.\"\n",
			`data/m/play.toml:2:3: track "a" has no name`},
		{"unknown stat", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"count\"\nof = \"stands\"\nsay = \"{n}\"\n",
			`data/m/play.toml:6:6: track "a": unknown stat "stands"; expected one of: elements, figures, armor, hull, fire, per_group`},
		{"count without limit", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"count\"\nsay = \"{n}\"\n",
			`data/m/play.toml:2:3: track "a": a count with no max and no of; expected max = N, of = "elements" …, or a note saying the book sets no limit`},
		{"count without words", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"count\"\nmax = 3\n",
			`data/m/play.toml:2:3: track "a": a count has no words; expected say = "{n} of {max} … lost", step words or table = "…"`},
		{"unknown word", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"count\"\nmax = 3\nsay = \"{n} of {most}\"\n",
			`data/m/play.toml:7:7: track "a": say: {most} is not a word the play view fills; expected {n}, {max}, {left}, {pct}, {groups}`},
		{"mark without text", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"mark\"\n",
			`data/m/play.toml:2:3: track "a": a mark has no text; expected text = "…", what the mark means when it is on, in the book's words`},
		{"say on a mark", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"mark\"\ntext = \"On.\"\nsay = \"{n}\"\n",
			`data/m/play.toml:7:1: track "a": say is for a count track; a mark track does not show it`},
		{"choice of one", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"choice\"\n[[track.step]]\nname = \"Only\"\n",
			`data/m/play.toml:2:3: track "a": a choice has 1 states; expected two or more [[track.step]] with a name each`},
		{"unknown table", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"count\"\nmax = 2\ntable = \"stats\"\n",
			`data/m/play.toml:7:9: unknown table "stats" (did you mean "states"?); expected one of: states`},
		{"unknown faction", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"mark\"\ntext = \"On.\"\nfactions = [\"Zombies\"]\n",
			`data/m/play.toml:7:13: unknown faction "Zombies"; expected one of: Humans, Martians`},
		{"ruled without ruling", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"mark\"\ntext = \"On.\"\nruled = \"nothing\"\n",
			`data/m/play.toml:7:9: track "a": ruled = "nothing" is not a source note with a ruling`},
		{"two play blocks", "[play]\nturn = \"Turn\"\n", `second [play] for system m`},
		{"play without turn", "[play]\nphases = [\"Move\"]\n",
			`data/m/play.toml:2:2: [play] of m has no turn; expected turn = "Turn" (the word the book uses for a turn)`},
		{"duplicate id", "[[track]]\nid = \"a\"\nname = \"A\"\nkind = \"mark\"\ntext = \"On.\"\n[[track]]\nid = \"a\"\nname = \"B\"\nkind = \"mark\"\ntext = \"On.\"\n",
			`data/m/play.toml:8:6: duplicate track id "a" in system m; first defined at data/m/play.toml:2:3`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			toml := tc.toml
			if tc.name == "two play blocks" {
				got := loadFiles(t, playBase+"\n[play]\nturn = \"Turn\"\n", "m/play.toml", "system = \"m\"\n"+toml)
				if len(got) != 1 || !strings.Contains(got[0], tc.want) {
					t.Fatalf("got %q, want a message with %q", got, tc.want)
				}
				return
			}
			got := loadPlay(t, toml)
			if !slices.Contains(got, tc.want) {
				t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}

func TestTrackKeeps(t *testing.T) {
	tr := PlayTrack{For: []string{"Tripod", "mg"}, Factions: []string{"Martians"}}
	for _, tc := range []struct {
		typ, faction string
		kinds        []string
		want         bool
	}{
		{"Tripod", "Martians", nil, true},
		{"tripod", "martians", nil, true},
		{"Infantry", "Martians", []string{"small-arms", "mg"}, true},
		{"Infantry", "Martians", []string{"small-arms"}, false},
		{"Tripod", "Humans", nil, false},
		{"Tripod", "", nil, false},
	} {
		if got := tr.Keeps(tc.typ, tc.faction, tc.kinds); got != tc.want {
			t.Errorf("Keeps(%q, %q, %q) = %v, want %v", tc.typ, tc.faction, tc.kinds, got, tc.want)
		}
	}
	if !(&PlayTrack{}).Keeps("", "", nil) {
		t.Error("a track for every unit does not keep a unit with no type")
	}
}
