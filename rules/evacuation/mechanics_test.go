package evacuation

import (
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules/rulestest"
)

func TestGameLength(t *testing.T) {
	sys := rulestest.Load(t, "evacuation-mars")
	rounds, err := GameLength(sys)
	if err != nil {
		t.Fatal(err)
	}
	// Round 8: 2/6 → 1/3. Round 9 is reached with 2/3 and ends on 3/6 → 1/3.
	// Round 10 always ends: the last 1/3.
	want := []struct {
		round                 int
		endsIf, reached, ends string
	}{
		{8, "1/3", "1", "1/3"},
		{9, "1/2", "2/3", "1/3"},
		{10, "1", "1/3", "1/3"},
	}
	if len(rounds) != len(want) {
		t.Fatalf("%d rounds, want 3", len(rounds))
	}
	for i, w := range want {
		r := rounds[i]
		if r.Round != w.round || r.Text == "" {
			t.Errorf("round %d (%q), want %d with its printed text", r.Round, r.Text, w.round)
		}
		rulestest.Eq(t, "EndsIf", r.EndsIf, w.endsIf)
		rulestest.Eq(t, "Reached", r.Reached, w.reached)
		rulestest.Eq(t, "Ends", r.Ends, w.ends)
	}
	// A rule set of another engine has no [evacuation] block.
	if _, err := GameLength(&catalog.System{ID: "other", About: catalog.About{Die: 10}}); err == nil {
		t.Error("GameLength on a rule set of another engine: want an error")
	}
}

func TestObjectiveCost(t *testing.T) {
	sys := rulestest.Load(t, "evacuation-mars")
	cases := []struct {
		armour, hull, want int
		ok                 bool
	}{
		{0, 0, 0, true},
		{1, 0, 10, true},
		{2, 0, 30, true},
		{4, 0, 150, true}, // "armour 12 at 150 points in total"
		{0, 1, 10, true},  // hull points "at the same rate"
		{2, 3, 100, true}, // 30 + 70
		{4, 4, 300, true}, // the whole army's 300 points
		{5, 0, 0, false},  // armour 13 > 12
		{0, 5, 0, false},  // 6 hull points > 5
		{-1, 0, 0, false},
	}
	for _, c := range cases {
		got, err := ObjectiveCost(sys, c.armour, c.hull)
		if (err == nil) != c.ok {
			t.Errorf("ObjectiveCost(%d, %d): error %v, want ok=%v", c.armour, c.hull, err, c.ok)
			continue
		}
		if got != c.want {
			t.Errorf("ObjectiveCost(%d, %d) = %d, want %d", c.armour, c.hull, got, c.want)
		}
	}
}

func TestEvacTables(t *testing.T) {
	sys := rulestest.Load(t, "evacuation-mars")
	gt, err := GameLengthTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.Eq(t, "round 9 played", rulestest.Cell(t, gt, "9", "Round is played").P, "2/3")
	rulestest.Eq(t, "round 10 ends", rulestest.Cell(t, gt, "10", "Game ends after it").P, "1/3")
	if len(gt.Notes) == 0 || gt.Notes[0] != "Expected length: 9 rounds." {
		t.Errorf("notes %q, want the expected length of 9 rounds", gt.Notes)
	}

	lt, err := LadderTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	// One hull point to start: the singular.
	if len(lt.Notes) == 0 || !strings.HasPrefix(lt.Notes[0], "The marker starts at Armour 8, 1 hull point. ") {
		t.Errorf("ladder notes %q, want the marker's Armour 8 and 1 hull point", lt.Notes)
	}
	// Armour and hull points are bought apart: the note says what the
	// first step of each costs together, so the rows do not read as one
	// purchase of both.
	if !strings.Contains(lt.Notes[0], "Armour 9 and 2 hull points cost 10 + 10 = 20") {
		t.Errorf("ladder note %q does not show armour and hull bought apart", lt.Notes[0])
	}
	if len(lt.Rows) != 4 {
		t.Fatalf("ladder rows %d, want +1…+4", len(lt.Rows))
	}
	for i, want := range []struct{ cost, total, armour, hull string }{
		{"10", "10", "9", "2"}, {"20", "30", "10", "3"}, {"40", "70", "11", "4"}, {"80", "150", "12", "5"},
	} {
		r := lt.Rows[i]
		got := []string{r.Cells[0].Text, r.Cells[1].Text, r.Cells[2].Text, r.Cells[3].Text}
		if got[0] != want.cost || got[1] != want.total || got[2] != want.armour || got[3] != want.hull {
			t.Errorf("ladder row %s = %q, want %+v", r.Label, got, want)
		}
		cost, err := ObjectiveCost(sys, i+1, 0)
		if err != nil || want.total != strconv.Itoa(cost) {
			t.Errorf("ladder row %s total %s, ObjectiveCost gives %d (%v)", r.Label, want.total, cost, err)
		}
	}
}
