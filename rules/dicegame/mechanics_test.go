package dicegame

import (
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/rules/rulestest"
)

// proving is a rule set that uses every kind of roll, target and step,
// each worked out by hand in TestMechanics.
const proving = `system = "proving"
engine = "dice"

[about]
name = "Proving Ground"
short = "Proving"
die = 6
book = "Proving Ground"
edition = "1"
source = "A test of the dice engine"

[[table]]
id = "to-wound"
name = "To wound"
columns = ["Strength", "3", "4-5", "6+"]
rows = [["<=3", "4+", "5+", "–"], ["4", "3+", "4+", "6+"], ["5+", "2+", "3+", "5+"]]

[[chart]]
id = "effect"
name = "Effect"
die = 6

  [[chart.row]]
  roll = "1-3"
  result = "Shaken"
  tags = ["shaken"]

  [[chart.row]]
  roll = "4-5"
  result = "Down"
  value = 1
  tags = ["down"]

  [[chart.row]]
  roll = "6+"
  result = "Out"
  value = 2
  tags = ["out"]

[[dice.param]]
id = "strength"
min = 1
max = 10
default = 4

[[dice.param]]
id = "toughness"
min = 1
max = 10
default = 4

[[table]]
id = "to-hit-modifiers"
name = "To-hit modifiers"
columns = ["Range", "1", "2+"]
rows = [["0-6", "+1", "+2"], ["7-12", "0", "+1"], ["13+", "−1", "0"]]

[[dice.param]]
id = "range"
min = 0
max = 36
default = 6

[[dice.param]]
id = "size"
min = 1
max = 3
default = 1

[[dice.modifier]]
id = "range"
lookup = { table = "to-hit-modifiers", row = "range", column = "size" }

[[dice.step]]
id = "aim"
roll = "d6"
target = 4
modifiers = ["range"]

[[dice.chain]]
id = "aim"
steps = ["aim"]

[[dice.param]]
id = "bonus"
min = -5
max = 5

[[dice.param]]
id = "n"
min = 0
max = 10
default = 2

[[dice.modifier]]
id = "bonus"
value = "bonus"

[[dice.modifier]]
id = "pile"
value = 1
per = "carried"
beyond = 1

[[dice.step]]
id = "wound"
roll = "d6"
lookup = { table = "to-wound", row = "strength", column = "toughness" }
modifiers = ["bonus"]
limit = [-1, 1]
natural_fail = [1]

[[dice.step]]
id = "best"
once = true
roll = "2d6kh1"
target = 5

[[dice.step]]
id = "again"
roll = "d6r1"
target = 4

[[dice.step]]
id = "boom"
roll = "d6!"

[[dice.step]]
id = "effect"
once = true
roll = "d6"
chart = "effect"
modifiers = ["pile"]

[[dice.chain]]
id = "wound"
dice = "n"
steps = ["wound"]

[[dice.chain]]
id = "best"
steps = ["best"]

[[dice.chain]]
id = "again"
steps = ["again"]

[[dice.chain]]
id = "boom"
dice = 2
steps = ["boom"]

[[dice.chain]]
id = "effect"
dice = "n"
steps = ["effect"]

[[dice.chain]]
id = "wound-effect"
dice = "n"
steps = ["wound", "effect"]
`

// TestMechanics runs every kind of roll, target and step against
// fractions worked by hand.
func TestMechanics(t *testing.T) {
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: fstest.MapFS{"proving/system.toml": {Data: []byte(proving)}}})
	for _, d := range l.Errors() {
		t.Fatal(d)
	}
	m := modelOf(cat.System("proving"))
	if m == nil {
		t.Fatal("no model")
	}
	one := 1
	for _, c := range []struct {
		chain, why string
		set        values
		ms         Measure
		want       string
	}{
		// A modifier from a table: at 6" a size-1 target is +1 (a d6 + 1
		// makes 4 on 3 to 6), at 13" −1 (on 5 or 6), at 8" a size-3
		// target +1, at 20" a size-2 target 0 (4 to 6).
		{"aim", "range 6, size 1: +1", nil, Measure{}, "2/3"},
		{"aim", "range 13, size 1: −1", values{"range": "13"}, Measure{}, "1/3"},
		{"aim", "range 8, size 3: +1", values{"range": "8", "size": "3"}, Measure{}, "2/3"},
		{"aim", "range 20, size 2: 0", values{"range": "20", "size": "2"}, Measure{}, "1/2"},
		// The lookup: Strength 4 against Toughness 4 (the "4-5" column)
		// wounds on 4+; two dice, at least one: 1 − 1/4.
		{"wound", "4 against 4: 4+", nil, Measure{}, "3/4"},
		{"wound", "exactly one of two", nil, Measure{Exactly: &one}, "1/2"},
		{"wound", "on average", nil, Measure{Average: true}, "1"},
		// Strength 2 against Toughness 7: "–", none can wound.
		{"wound", "a dash: never", values{"strength": "2", "toughness": "7"}, Measure{}, "0"},
		// Strength 5 against 3: 2+, but a 1 always fails: 5/6 a die.
		{"wound", "2+, a natural 1 fails", values{"strength": "5", "toughness": "3", "n": "1"}, Measure{}, "5/6"},
		// +3 is limited to +1: still only the natural 1 fails.
		{"wound", "the limit holds +3 to +1", values{"strength": "5", "toughness": "3", "n": "1", "bonus": "3"}, Measure{}, "5/6"},
		// −3 is limited to −1: a 3 or more, 4/6.
		{"wound", "the limit holds −3 to −1", values{"strength": "5", "toughness": "3", "n": "1", "bonus": "-3"}, Measure{}, "2/3"},
		// The higher of two dice makes 5: 1 − (4/6)².
		{"best", "2d6 keep the higher, 5+", nil, Measure{}, "5/9"},
		// A 1 rolled again, then 4+: 1/2 + 1/6 × 1/2.
		{"again", "d6 reroll 1s, 4+", nil, Measure{}, "7/12"},
		// Two exploding dice, carrying their total: 2 × 7/2 × (1 − 6⁻⁶)/(5/6).
		{"boom", "2 × d6 exploding", nil, Measure{Average: true}, "65317/7776"},
		// One handed to the chart: a d6, a 6 is out.
		{"effect", "the chart, one", values{"n": "1"}, Measure{Tag: "out"}, "1/6"},
		// Three handed to it: +2 beyond the first, 4 or more is out.
		{"effect", "the chart, three: +2", values{"n": "3"}, Measure{Tag: "out"}, "1/2"},
		{"effect", "the chart, three: down on 2-3", values{"n": "3"}, Measure{Tag: "down"}, "1/3"},
		// Wounds, then the chart: none (1/4) not taken; one (1/2) a d6,
		// out on a 6; two (1/4) a d6 + 1, out on a 5 or 6.
		{"wound-effect", "chained: out", nil, Measure{Tag: "out"}, "1/6"},
		// Shaken: 1-3 of a d6 (1/2 × 1/2), 1-2 of a d6 + 1 (1/4 × 1/3).
		{"wound-effect", "chained: shaken", nil, Measure{Tag: "shaken"}, "1/3"},
		// What the chart carries, its rows' values, on average: one wound
		// 1 × 2/6 + 2 × 1/6 = 2/3, two wounds 1 × 2/6 + 2 × 2/6 = 1;
		// 1/2 × 2/3 + 1/4 × 1.
		{"wound-effect", "chained: the value carried", nil, Measure{Average: true}, "7/12"},
	} {
		r, err := m.run(m.chains[c.chain], m.defaults().with(c.set), newBudget(maxRunWork))
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		ms := c.ms
		rulestest.Eq(t, c.why, r.value(measure{Measure: &ms, step: len(r.steps) - 1}), c.want)
	}
	// A lookup with no cell for its values refuses, saying which.
	if _, err := m.run(m.chains["wound"], m.defaults().with(values{"toughness": "1"}), newBudget(maxRunWork)); err == nil ||
		err.Error() != `step "wound": table "to-wound" has no cell for row 4, column 1` {
		t.Errorf("a lookup off its table: %v", err)
	}
}
