package rules

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/limits"
)

// TestChartModifierClamp: a modifier beyond the chart is the chart's end,
// exactly, however big: no total wraps round to the other end.
func TestChartModifierClamp(t *testing.T) {
	sys := imLoad(t)
	for _, c := range []struct {
		mods []int
		want []string
	}{
		// Every total 10 or more: no DMs.
		{[]int{9, 50, limits.MaxRoll, limits.MaxRoll + 1, math.MaxInt}, []string{"1", "0", "0", "0", "0"}},
		// Every total below -5: 4 DMs.
		{[]int{-26, -limits.MaxRoll, -limits.MaxRoll - limits.MaxDie - 1, math.MinInt}, []string{"0", "0", "0", "0", "1"}},
	} {
		for _, m := range c.mods {
			got, err := IMMorale(sys, m)
			if err != nil {
				t.Fatalf("modifier %d: %v", m, err)
			}
			ratsEqual(t, "morale "+imMod(m), got, c.want...)
		}
	}
}

// TestQueryBounds: a question's numbers beyond the bounds are refused
// with a message, never answered wrong, panicked on or worked on for
// minutes.
func TestQueryBounds(t *testing.T) {
	aq, bld, im := aqLoad(t, "aqotmf"), aqLoad(t, "buildings"), imLoad(t)
	for _, c := range []struct {
		name, want string
		err        func() error
	}{
		{"attack dice", "dice 1001: expected 0 to 1000", func() error {
			_, err := AQAttack(aq, AttackQuery{Dice: 1001, Defense: 5, Armor: 4})
			return err
		}},
		{"attack power", fmt.Sprintf("Power %d: expected -1000 to 1000", math.MinInt), func() error {
			_, err := AQAttack(aq, AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: math.MinInt})
			return err
		}},
		{"attack defense", fmt.Sprint("Defense ", math.MaxInt), func() error {
			_, err := AQAttack(aq, AttackQuery{Dice: 1, Defense: math.MaxInt, Armor: 4, Cover: "hard"})
			return err
		}},
		{"attack armor", "Armor -1001", func() error {
			_, err := AQAttack(aq, AttackQuery{Dice: 1, Defense: 5, Armor: -1001})
			return err
		}},
		{"building power", fmt.Sprint("Power ", math.MaxInt), func() error {
			_, err := BuildingHit(bld, "wood-frame", math.MaxInt, false)
			return err
		}},
		{"burn armour", "armour 101: expected 0 to 100", func() error {
			_, err := Burn(bld, 101)
			return err
		}},
		{"shoot factor", fmt.Sprint("factor ", math.MinInt), func() error {
			_, err := IMShoot(im, math.MinInt, 1)
			return err
		}},
		{"shoot trays", "trays 1001", func() error {
			_, err := IMShoot(im, 0, 1001)
			return err
		}},
		{"melee", "melee difference 10000000: expected -1000 to 1000", func() error {
			_, _, err := IMMelee(im, 10_000_000)
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
	if _, _, err := IMMelee(im, limits.MaxRoll); err != nil {
		t.Error(err)
	}
	if _, err := AQAttack(aq, AttackQuery{Dice: limits.MaxDice, Defense: -limits.MaxRoll, Armor: limits.MaxRoll, Power: -limits.MaxRoll, Tripod: true}); err != nil {
		t.Error(err)
	}
}
