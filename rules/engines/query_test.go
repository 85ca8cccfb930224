package engines

import (
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

// TestOddsTablesOneList: every rule set's odds tables have distinct ids
// and all build from the shipped data.
func TestOddsTablesOneList(t *testing.T) {
	for _, id := range []string{"aqotmf", "buildings", "evacuation-mars", "imperial-mars"} {
		sys := rulestest.Load(t, id)
		seen := map[string]bool{}
		ts := rules.OddsTables(sys)
		if len(ts) == 0 {
			t.Errorf("%s: no odds tables", id)
		}
		for _, o := range ts {
			if seen[o.ID] {
				t.Errorf("%s: odds table %q twice", id, o.ID)
			}
			seen[o.ID] = true
			if _, err := o.Build(sys); err != nil {
				t.Errorf("%s: %s: %v", id, o.ID, err)
			}
		}
	}
}

// get reads values from a map: given when present.
func get(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// TestQueriesAnswer: every query answers with its defaults, with rows or
// distributions and a JSON value.
func TestQueriesAnswer(t *testing.T) {
	for _, q := range rules.Queries() {
		sys := queryRuleSet(t, &q)
		a, errs := q.Parse(sys, get(nil))
		if len(errs) > 0 {
			t.Fatalf("%s: defaults refused: %v", q.Name, errs[0])
		}
		ans, err := q.Answer(sys, a)
		if err != nil {
			t.Fatalf("%s: %v", q.Name, err)
		}
		if len(ans.Rows)+len(ans.Dists) == 0 || len(ans.JSON) == 0 {
			t.Errorf("%s: an empty answer", q.Name)
		}
	}
}

// TestQueryParamBounds: each number is held to what a game can have, every
// refusal at once, in the user's words, with the value cut short.
func TestQueryParamBounds(t *testing.T) {
	q, ok := rules.LookupQuery("attack")
	if !ok {
		t.Fatal("no attack query")
	}
	sys := queryRuleSet(t, q)
	long := strings.Repeat("9", 200)
	a, errs := q.Parse(sys, get(map[string]string{"dice": strconv.Itoa(limits.MaxAskDice + 1), "defense": long, "armor": "3", "cover": "mud", "tripod": "maybe"}))
	want := []string{
		`Dice: "101" is not a whole number from 0 to 100.`,
		`Defense: "999999999999999999999999…" is not a whole number from -100 to 100.`,
		`Cover: "mud" is not one of: soft, hard.`,
		`Target is a tripod: "maybe" is not yes or no.`,
	}
	if len(errs) != len(want) {
		t.Fatalf("%d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, e := range errs {
		if e.Error() != want[i] {
			t.Errorf("error %d: %q, want %q", i, e.Error(), want[i])
		}
	}
	if errs[0].Flag() != "--dice 101: expected a whole number from 0 to 100" {
		t.Errorf("flag message %q", errs[0].Flag())
	}
	if a["armor"] != "3" || a["dice"] != "101" {
		t.Errorf("the values given are not kept: %v", a)
	}
	a, errs = q.Parse(sys, get(map[string]string{"dice": "100", "defense": "-100", "power": "100", "cover": "hard", "dug-in": "on"}))
	if len(errs) > 0 || a.Int("dice") != 100 || a.Int("armor") != 4 || !a.Bool("dug-in") || a["cover"] != "hard" {
		t.Errorf("at the bounds: %v %v", a, errs)
	}
	b, _ := rules.LookupQuery("building")
	a, errs = b.Parse(queryRuleSet(t, b), get(nil))
	if len(errs) > 0 || a["type"] == "" {
		t.Errorf("a left-out choice is the first: %v %v", a, errs)
	}
}

// BenchmarkHeaviestQuery is the costliest question a person may ask:
// Imperial Mars shooting with the most trays, at the factor that spreads
// the hits most (the budget: well under 100 ms).
func BenchmarkHeaviestQuery(b *testing.B) {
	q, _ := rules.LookupQuery("im-shoot")
	sys := queryRuleSet(b, q)
	args := rules.Args{"factor": "5", "trays": strconv.Itoa(limits.MaxAskDice)}
	for b.Loop() {
		if _, err := q.Answer(sys, args); err != nil {
			b.Fatal(err)
		}
	}
}

// queryRuleSet is the shipped rule set a query answers for by default.
func queryRuleSet(t testing.TB, q *rules.Query) *catalog.System {
	t.Helper()
	for _, id := range []string{"aqotmf", "buildings", "evacuation-mars", "imperial-mars"} {
		if sys := rulestest.Load(t, id); rules.EngineOf(sys) == q.Engine {
			return sys
		}
	}
	t.Fatalf("no shipped rule set on the %s engine", q.Engine.Name)
	return nil
}
