package dicegame

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/rules"
)

// edited is the Canal Raiders example with its mechanics.toml edited
// (each edit a regular expression and what its match becomes; one that
// matches nothing fails the test), loaded over the shipped data: every
// problem, the words' among them.
func edited(t *testing.T, edits ...string) []string {
	t.Helper()
	root := filepath.Join("..", "..", "docs", "examples", "canal-raiders")
	club := fstest.MapFS{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if path.Base(filepath.ToSlash(rel)) == "mechanics.toml" {
			for i := 0; i+1 < len(edits); i += 2 {
				re := regexp.MustCompile(edits[i])
				if !re.Match(b) {
					t.Fatalf("mechanics.toml has no %s to change: update the test", edits[i])
				}
				b = re.ReplaceAll(b, []byte(edits[i+1]))
			}
		}
		club[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	if l.Count() == 0 {
		l = append(l, rules.CheckWords(cat)...)
	}
	var out []string
	for _, d := range l.Errors() {
		out = append(out, d.Error())
	}
	return out
}

// TestCheckMistakes: a mistake in a club's mechanics file is an error at
// its place, in the club's words, with a suggestion where a name is close.
func TestCheckMistakes(t *testing.T) {
	const file = "club/canal-raiders/mechanics.toml:"
	for _, c := range []struct {
		name  string
		edits []string
		want  string // the one error, less the file's name
	}{
		{"a step misspelt in a chain", []string{`steps = \["hit", "save", "nerve"\]`, `steps = ["hit", "svae", "nerve"]`},
			`93:17: unknown step "svae" (did you mean "save"?); expected one of: hit, save, nerve`},
		{"a stat misspelt", []string{`target = "target.save"`, `target = "target.sav"`},
			`74:10: unknown unit stat "sav" (did you mean "save"?)`},
		{"a parameter misspelt", []string{`value = "shooter.ap"`, `value = "shoter.ap"`},
			`55:9: unknown parameter "shoter" (did you mean "shooter"?); expected one of: shooter, target, cover, casualties`},
		{"a key misspelt", []string{`natural_fail = \[1\]   # a 1`, `natral_fail = [1]   # a 1`},
			`68:1: unknown key "natral_fail" in dice.step; expected one of: carry, chart, id, limit, lookup, modifiers, natural_fail, natural_pass, once, read, roll, target, test, unless, when (did you mean "natural_fail"?)`},
		{"bad dice notation", []string{`roll = "2d6"`, `roll = "2x6"`},
			`82:8: step "nerve": roll "2x6": no d; expected dice notation such as "d6", "2d6", "4d6kh3", "d6r1" or "d6!"`},
		{"a choice misspelt", []string{`values = \{ light = -1`, `values = { lite = -1`},
			`50:19: unknown choice of cover "lite" (did you mean "light"?); expected one of: open, light, heavy`},
		{"a measure's step misspelt", []string{`measure = \{ step = "save", at_least = 1 \}`, `measure = { step = "saves", at_least = 1 }`},
			`105:20: unknown step of chain shoot "saves" (did you mean "save"?); expected one of: hit, save, nerve`},
		{"a card misspelt", []string{`card = "Shooting"`, `card = "Shootin"`},
			`104:8: unknown rule "Shootin" (did you mean "Shooting"?); expected one of: The turn, Shooting, Saves, Nerve, Winning`},
		{"a test misspelt", []string{`test = "at_most"`, `test = "at_mots"`},
			`83:8: unknown test "at_mots" (did you mean "at_most"?); expected one of: at_least, above, at_most, below`},
		{"too long a chain", []string{`steps = \["hit", "save", "nerve"\]`, `steps = ["hit", "save", "hit", "save", "hit", "save", "hit", "save", "nerve"]`},
			`93:9: chain "shoot" has 9 steps; expected at most 8`},
		{"too many dice", []string{`dice = "shooter.models"`, `dice = 101`},
			`92:8: chain "shoot": 101 dice; expected 0 to 100`},
		{"too big a table", []string{`columns = \[\{ param = "casualties", from = 1, to = 4 \}\]`, `columns = [{ param = "casualties", from = 1, to = 99 }]`},
			`123:12: from 1 to 99: expected 1 to 60 values`},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := edited(t, c.edits...)
			if len(errs) == 0 {
				t.Fatal("no error")
			}
			got := errs[0]
			if !strings.HasPrefix(got, file+c.want) {
				t.Errorf("errors:\n%s\nwant the first: %s%s", strings.Join(errs, "\n"), file, c.want)
			}
		})
	}
}

// load loads the shipped data with a club's rule set of the files given
// (path → text) laid over it: its errors.
func load(t *testing.T, files map[string]string) []string {
	t.Helper()
	club := fstest.MapFS{}
	for p, text := range files {
		club[p] = &fstest.MapFile{Data: []byte(text)}
	}
	_, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	var out []string
	for _, d := range l.Errors() {
		out = append(out, d.Error())
	}
	return out
}

const boundsSystem = `system = "bounds"
engine = "dice"

[about]
name = "Bounds"
short = "Bounds"
die = 6
book = "Bounds"
edition = "1"
source = "A test"
`

// TestCheckBounds: what would roll more dice than a step may, or work a
// pool too big to keep from, is refused when the data is read, at its
// place, before any work is done.
func TestCheckBounds(t *testing.T) {
	errs := load(t, map[string]string{"bounds/system.toml": boundsSystem + `
[[dice.param]]
id = "n"
min = 0
max = 100
default = 10

[[dice.step]]
id = "pile"
roll = "20d6"   # carries its total: up to 120 for each die handed to it

[[dice.step]]
id = "hit"
roll = "d6"
target = 4

[[dice.chain]]
id = "c"
dice = "n"
steps = ["pile", "hit"]

[[dice.question]]
id = "q"
chain = "c"
params = ["n"]
`})
	want := `club/bounds/system.toml:32:1: question "q", asked with every parameter at its default: step "hit" would roll up to 1200 times, for what the step before carried; expected at most 100`
	if len(errs) != 1 || errs[0] != want {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), want)
	}

	errs = load(t, map[string]string{"bounds/system.toml": boundsSystem + `
[[dice.step]]
id = "pool"
roll = "20d100kh10"
`})
	if len(errs) != 1 || !strings.Contains(errs[0], `club/bounds/system.toml:14:8: step "pool": roll "20d100kh10": too many dice to keep from`) {
		t.Errorf("errors:\n%s\nwant one: too many dice to keep from, at the roll", strings.Join(errs, "\n"))
	}

	// Exact arithmetic grows with the data: what would spend more than
	// its budget is refused before it is done.
	for _, c := range []struct{ name, src, want string }{
		{"a roll too big to work out", `
[[dice.step]]
id = "pool"
roll = "20d100!"
`, `club/bounds/system.toml:14:8: step "pool": roll "20d100!": too many dice, sides or explosions to work out exactly`},
		{"rolls too big together", `
[[dice.step]]
id = "a"
roll = "20d20!"

[[dice.step]]
id = "b"
roll = "19d20!"

[[dice.step]]
id = "c"
roll = "18d20!"

[[dice.step]]
id = "d"
roll = "17d20!"
`, `club/bounds/system.toml:26:8: step "d": roll "17d20!": the rolls of the rule set together ask for more exact arithmetic than can be done at once; expected fewer or smaller rolls`},
		{"totals too many to add up", `
[[dice.param]]
id = "n"
min = 0
max = 100
default = 100

[[dice.step]]
id = "pile"
roll = "20d100"
carry = "total"

[[dice.chain]]
id = "c"
dice = "n"
steps = ["pile"]

[[dice.question]]
id = "q"
chain = "c"
params = ["n"]
`, `club/bounds/system.toml:28:1: question "q", asked with every parameter at its default: step "pile", rolled 100 times, would add up to more totals than can be worked out exactly; expected fewer dice or smaller ones`},
		{"a chain whose weights grow past its budget", `
[[dice.param]]
id = "n"
min = 0
max = 100
default = 100

[[dice.step]]
id = "a"
roll = "6d100!"
target = 50

[[dice.step]]
id = "b"
roll = "6d100!"
target = 50

[[dice.step]]
id = "c"
roll = "6d100!"
target = 50

[[dice.step]]
id = "d"
roll = "6d100!"
target = 50

[[dice.step]]
id = "e"
roll = "6d100!"
target = 50

[[dice.step]]
id = "f"
roll = "6d100!"
target = 50

[[dice.step]]
id = "g"
roll = "6d100!"
target = 50

[[dice.step]]
id = "h"
roll = "6d100!"
target = 50

[[dice.chain]]
id = "c"
dice = "n"
steps = ["a", "b", "c", "d", "e", "f", "g", "h"]

[[dice.table]]
id = "t"
chain = "c"
rows = [{ param = "n", values = [100] }]
columns = [{ measures = [{ step = "h" }] }]
`, `club/bounds/system.toml:63:1: table "t": at n = 100: step "e" asks for more exact arithmetic than can be done at once; expected fewer dice, fewer sides or fewer steps`},
	} {
		errs := load(t, map[string]string{"bounds/system.toml": boundsSystem + c.src})
		if len(errs) == 0 || !strings.HasPrefix(errs[0], c.want) {
			t.Errorf("%s: errors:\n%s\nwant the first:\n%s", c.name, strings.Join(errs, "\n"), c.want)
		}
	}
}

// TestModifierLookupMistakes: a modifier read from a table is checked as
// a step's target is: its table, its cells, and one source of its number.
func TestModifierLookupMistakes(t *testing.T) {
	const table = `
[[table]]
id = "mods"
name = "Modifiers"
columns = ["Range", "1", "2+"]
rows = [["0-6", "+1", "x2"]]

[[dice.param]]
id = "range"

[[dice.param]]
id = "size"
`
	for _, c := range []struct{ name, mod, want string }{
		{"a cell that is no number", `lookup = { table = "mods", row = "range", column = "size" }`,
			`club/bounds/system.toml:16:23: table "mods": row 1, column 3: "x2": expected a modifier such as "+1", "−2" or "0"`},
		{"a table misspelt", `lookup = { table = "mod", row = "range", column = "size" }`,
			`club/bounds/system.toml:26:20: unknown table "mod" (did you mean "mods"?)`},
		{"a lookup and a value", "value = 1\nlookup = { table = \"mods\", row = \"range\", column = \"size\" }",
			`club/bounds/system.toml:24:1: modifier "m" has more than one of value, choice and lookup; expected one`},
	} {
		errs := load(t, map[string]string{"bounds/system.toml": boundsSystem + table + "\n[[dice.modifier]]\nid = \"m\"\n" + c.mod + "\n"})
		if len(errs) == 0 || !strings.HasPrefix(errs[0], c.want) {
			t.Errorf("%s: errors:\n%s\nwant the first:\n%s", c.name, strings.Join(errs, "\n"), c.want)
		}
	}
}
