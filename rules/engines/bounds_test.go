package engines

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/buildings"
	"github.com/playaid/playaid/rules/imperial"
	"github.com/playaid/playaid/rules/rulestest"
)

// TestQueryBounds: a question's numbers beyond the bounds are refused
// with a message, never answered wrong, panicked on or worked on for
// minutes.
func TestQueryBounds(t *testing.T) {
	aq, bld, im := rulestest.Load(t, "aqotmf"), rulestest.Load(t, "buildings"), rulestest.Load(t, "imperial-mars")
	for _, c := range []struct {
		name, want string
		err        func() error
	}{
		{"attack dice", "dice 1001: expected 0 to 1000", func() error {
			_, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: 1001, Defense: 5, Armor: 4})
			return err
		}},
		{"attack power", fmt.Sprintf("Power %d: expected -1000 to 1000", math.MinInt), func() error {
			_, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: math.MinInt})
			return err
		}},
		{"attack defense", fmt.Sprint("Defense ", math.MaxInt), func() error {
			_, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: 1, Defense: math.MaxInt, Armor: 4, Cover: "hard"})
			return err
		}},
		{"attack armor", "Armor -1001", func() error {
			_, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: 1, Defense: 5, Armor: -1001})
			return err
		}},
		{"building power", fmt.Sprint("Power ", math.MaxInt), func() error {
			_, err := buildings.Hit(bld, "wood-frame", math.MaxInt, false)
			return err
		}},
		{"burn armour", "armour 101: expected 0 to 100", func() error {
			_, err := buildings.Burn(bld, 101)
			return err
		}},
		{"shoot factor", fmt.Sprint("factor ", math.MinInt), func() error {
			_, err := imperial.Shoot(im, math.MinInt, 1)
			return err
		}},
		{"shoot trays", "trays 1001", func() error {
			_, err := imperial.Shoot(im, 0, 1001)
			return err
		}},
		{"melee", "melee difference 10000000: expected -1000 to 1000", func() error {
			_, _, err := imperial.Melee(im, 10_000_000)
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.err()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want one containing %q", err, c.want)
			}
		})
	}
	// The bounds themselves are answered.
	if _, _, err := imperial.Melee(im, limits.MaxRoll); err != nil {
		t.Error(err)
	}
	if _, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: limits.MaxDice, Defense: -limits.MaxRoll, Armor: limits.MaxRoll, Power: -limits.MaxRoll, Tripod: true}); err != nil {
		t.Error(err)
	}
}
