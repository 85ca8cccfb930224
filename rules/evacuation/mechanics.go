package evacuation

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Evacuation: Mars: the game-length roll and the objective marker's
// upgrade ladder, from the [evacuation] block of the data.

// evacRules returns the scenario's numbers.
func evacRules(sys *catalog.System) (*Rules, error) {
	if sys == nil {
		return nil, fmt.Errorf("evacuation: no rule set given")
	}
	if RulesOf(sys) == nil {
		return nil, fmt.Errorf("%s: no [evacuation] block in the data", sys.ID)
	}
	return RulesOf(sys), nil
}

// RoundChance is one round of the game-length roll.
type RoundChance struct {
	Round   int
	Text    string   // as printed: "Round 8: 2/6 chance of ending"
	EndsIf  *big.Rat // the game ends after this round, once it is played
	Reached *big.Rat // the round is played
	Ends    *big.Rat // the game ends after exactly this round
}

// GameLength returns, for each round of the game-length roll, the chance
// the round is played and the chance the game ends after it. The last
// round must always end the game.
func GameLength(sys *catalog.System) ([]RoundChance, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return nil, err
	}
	gl := ev.GameLength
	if gl.Die <= 0 || len(gl.Rounds) == 0 {
		return nil, fmt.Errorf("%s: [evacuation.game_length] needs a die and rounds", sys.ID)
	}
	var out []RoundChance
	reached := big.NewRat(1, 1)
	for i, r := range gl.Rounds {
		if i > 0 && r.Round <= gl.Rounds[i-1].Round {
			return nil, fmt.Errorf("%s: game length: round %d after round %d; expected increasing rounds", sys.ID, r.Round, gl.Rounds[i-1].Round)
		}
		if r.EndsOn < 0 || r.EndsOn > gl.Die {
			return nil, fmt.Errorf("%s: game length: round %d ends on %d of %d faces", sys.ID, r.Round, r.EndsOn, gl.Die)
		}
		rc := RoundChance{Round: r.Round, Text: r.Text, EndsIf: big.NewRat(int64(r.EndsOn), int64(gl.Die)), Reached: reached}
		rc.Ends = new(big.Rat).Mul(reached, rc.EndsIf)
		reached = new(big.Rat).Sub(reached, rc.Ends)
		out = append(out, rc)
	}
	if reached.Sign() != 0 {
		return nil, fmt.Errorf("%s: game length: the game may go on after round %d; the last round must always end it", sys.ID, gl.Rounds[len(gl.Rounds)-1].Round)
	}
	return out, nil
}

// ObjectiveCost returns the points an army pays for extra armour and extra
// hull points on its objective marker: each climbs the ladder (10, 20, 40,
// 80 — 150 for four) on its own, up to the maximum armour and hull points.
func ObjectiveCost(sys *catalog.System, extraArmour, extraHull int) (int, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return 0, err
	}
	o := ev.Objective
	cost := 0
	for _, buy := range []struct {
		what        string
		n, base, mx int
	}{
		{"armour", extraArmour, o.Armour, o.MaxArmour},
		{"hull points", extraHull, o.HullPoints, o.MaxHull},
	} {
		limit := min(buy.mx-buy.base, len(o.Ladder))
		if buy.n < 0 || buy.n > limit {
			return 0, fmt.Errorf("objective marker: %d extra %s; expected 0–%d (%s %d, at most %d)", buy.n, buy.what, limit, buy.what, buy.base, buy.mx)
		}
		c, err := evacLadderSum(o.Ladder, buy.n)
		if err != nil {
			return 0, err
		}
		cost += c
	}
	return cost, nil
}

// GameLengthTable gives the game-length roll's odds round by round.
func GameLengthTable(sys *catalog.System) (rules.Table, error) {
	rounds, err := GameLength(sys)
	if err != nil {
		return rules.Table{}, err
	}
	ev, err := evacRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	gl := ev.GameLength
	w := rules.WordsOf(sys, "game-length")
	t := rules.Table{ID: "evacuation-game-length", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}
	mean := new(big.Rat)
	for i, r := range rounds {
		// The chance beside the roll that gives it, as the book says it
		// ("2/6 chance"): the die is what the table asks about. A round
		// that always ends the game has no roll.
		ends := rules.Prob(r.EndsIf)
		if on := gl.Rounds[i].EndsOn; on < gl.Die {
			ends = rules.Cell{Text: w.Word("ends", "ends_on", rules.Itoa(on), "die", rules.Itoa(gl.Die), "chance", ends.String())}
		}
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(r.Round), Cells: []rules.Cell{ends, rules.Prob(r.Reached), rules.Prob(r.Ends)}})
		mean.Add(mean, new(big.Rat).Mul(r.Ends, new(big.Rat).SetInt64(int64(r.Round))))
	}
	w.Set("rounds", roundsText(w, mean))
	t.Notes = w.Notes()
	return t, w.Err()
}

// roundsText is an expected number of rounds as a reader says it: "9
// rounds", "8.5 rounds", "8.67 rounds" (to a hundredth, no trailing
// zeros), in the table's words.round and words.rounds ("{n} rounds").
func roundsText(w *rules.Words, mean *big.Rat) string {
	f, _ := mean.Float64()
	f = math.Round(f*100) / 100
	if f == 1 {
		return w.Word("round", "n", "1")
	}
	return w.Word("rounds", "n", strconv.FormatFloat(f, 'f', -1, 64))
}

// LadderTable gives the objective marker's upgrades: the cost of each
// extra point, the running total, and the armour and hull points it
// reaches.
func LadderTable(sys *catalog.System) (rules.Table, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	o := ev.Objective
	w := rules.WordsOf(sys, "ladder", "armour", rules.Itoa(o.Armour), "hull_points", rules.Itoa(o.HullPoints), "max_armour", rules.Itoa(o.MaxArmour), "max_hull", rules.Itoa(o.MaxHull))
	w.Set("hull_point_words", w.Word(rules.Plural(o.HullPoints, "hull_point", "hull_points")))
	if len(o.Ladder) > 0 {
		// The first step of each, bought apart: what the note's example costs.
		w.Set("armour_plus", rules.Itoa(o.Armour+1), "hull_plus", rules.Itoa(o.HullPoints+1),
			"first", rules.Itoa(o.Ladder[0]), "both", rules.Itoa(2*o.Ladder[0]))
	}
	t := rules.Table{ID: "evacuation-objective-ladder", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes()}
	n := min(len(o.Ladder), max(o.MaxArmour-o.Armour, o.MaxHull-o.HullPoints))
	for i := 1; i <= n; i++ {
		total, err := evacLadderSum(o.Ladder, i)
		if err != nil {
			return rules.Table{}, err
		}
		armour, hull := "–", "–"
		if o.Armour+i <= o.MaxArmour {
			armour = strconv.Itoa(o.Armour + i)
		}
		if o.HullPoints+i <= o.MaxHull {
			hull = strconv.Itoa(o.HullPoints + i)
		}
		t.Rows = append(t.Rows, rules.Row{Label: "+" + strconv.Itoa(i), Cells: []rules.Cell{
			{Text: strconv.Itoa(o.Ladder[i-1])}, {Text: strconv.Itoa(total)}, {Text: armour}, {Text: hull},
		}})
	}
	for _, note := range sys.NotesTouching("ladder") {
		t.Notes = append(t.Notes, note.Text)
	}
	return t, w.Err()
}

// evacLadderSum is the cost of the first n extra points.
func evacLadderSum(ladder []int, n int) (int, error) {
	if n < 0 || n > len(ladder) {
		return 0, fmt.Errorf("objective ladder: %d points; the ladder has %d", n, len(ladder))
	}
	sum := 0
	for _, c := range ladder[:n] {
		sum += c
	}
	return sum, nil
}
