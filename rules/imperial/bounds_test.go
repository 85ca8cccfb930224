package imperial

import (
	"math"
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
			got, err := Morale(sys, m)
			if err != nil {
				t.Fatalf("modifier %d: %v", m, err)
			}
			ratsEqual(t, "morale "+imMod(m), got, c.want...)
		}
	}
}
