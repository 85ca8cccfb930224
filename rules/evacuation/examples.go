package evacuation

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Example works one army's objective marker through Evacuation: Mars:
// the extra armour and hull points bought on the ladder, the points left
// for troops, and how long the marker must hold — the chance each round
// is played and the game ends after it.
func Example(sys *catalog.System, extraArmour, extraHull int) (rules.Table, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	o := ev.Objective
	cost, err := ObjectiveCost(sys, extraArmour, extraHull)
	if err != nil {
		return rules.Table{}, err
	}
	rounds, err := GameLength(sys)
	if err != nil {
		return rules.Table{}, err
	}
	tw := rules.WordsOf(sys, "example", "die", rules.Itoa(ev.GameLength.Die))
	e := rules.NewExample(sys.ID+"-example", tw)
	// costs are the costs of the first n points on the ladder and their
	// sum: "1 + 2 = 3".
	costs := func(n int) (string, error) {
		c, err := evacLadderSum(o.Ladder, n)
		if err != nil {
			return "", err
		}
		var parts []string
		for _, p := range o.Ladder[:n] {
			parts = append(parts, strconv.Itoa(p))
		}
		sum := strings.Join(parts, " + ")
		if n > 1 {
			sum += " = " + strconv.Itoa(c)
		}
		if n == 0 {
			sum = "0"
		}
		return sum, nil
	}
	armour, err := costs(extraArmour)
	if err != nil {
		return rules.Table{}, err
	}
	hull, err := costs(extraHull)
	if err != nil {
		return rules.Table{}, err
	}
	e.Step("armour", "n", rules.Itoa(extraArmour), "sum", armour, "value", rules.Itoa(o.Armour+extraArmour))
	e.Step("hull", "n", rules.Itoa(extraHull), "sum", hull, "value", rules.Itoa(o.HullPoints+extraHull))
	e.Step("troops", "points", rules.Itoa(ev.Points), "cost", rules.Itoa(cost), "left", rules.Itoa(ev.Points-cost))
	var ends []string
	mean := new(big.Rat)
	for i, r := range rounds {
		if i+1 < len(rounds) {
			e.Step("round", "round", rules.Itoa(r.Round), "ends_on", rules.Itoa(ev.GameLength.Rounds[i].EndsOn), "chance", rules.Pct(r.EndsIf),
				"next", rules.Itoa(rounds[i+1].Round), "reached", rules.Pct(rounds[i+1].Reached))
		}
		ends = append(ends, rules.Itoa(r.Round)+": "+rules.Pct(r.Ends))
		mean.Add(mean, new(big.Rat).Mul(r.Ends, big.NewRat(int64(r.Round), 1)))
	}
	gl := rules.WordsOf(sys, "game-length")
	e.Step("hold", "ends", strings.Join(ends, " · "), "mean", roundsText(gl, mean))
	if err := gl.Err(); err != nil {
		return rules.Table{}, err
	}
	return e.T, tw.Err()
}

// evacExampleFromData is the example the sheet prints: half the ladder
// bought for armour and for hull points (as far as each maximum allows).
func evacExampleFromData(sys *catalog.System) (rules.Table, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	o := ev.Objective
	n := len(o.Ladder) / 2
	return Example(sys, max(0, min(n, o.MaxArmour-o.Armour)), max(0, min(n, o.MaxHull-o.HullPoints)))
}
