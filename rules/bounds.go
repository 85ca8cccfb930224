package rules

import (
	"fmt"

	"github.com/playaid/playaid/internal/limits"
)

// The numbers of a question (dice, a Defense, a modifier …) come from a
// user: the engine refuses those beyond the bounds of internal/limits, so
// that no sum overflows and no answer takes minutes. The data's own numbers
// are bounded by the loader. Callers that take numbers from people check
// them first, with the same bounds, to name the flag or field.

// CheckRange refuses v outside lo…hi; what names the number.
func CheckRange(what string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s %d: expected %d to %d", what, v, lo, hi)
	}
	return nil
}

// CheckDice refuses a number of dice (or trays, or stands) outside
// 0…limits.MaxDice.
func CheckDice(what string, n int) error { return CheckRange(what, n, 0, limits.MaxDice) }

// CheckScore refuses a score, stat or modifier outside ±limits.MaxRoll:
// beyond it every roll of every die lands the same way, and the sums of a
// few such numbers stay far inside an int.
func CheckScore(what string, v int) error {
	return CheckRange(what, v, -limits.MaxRoll, limits.MaxRoll)
}

// ChartModifier clamps a modifier added to a roll read through a chart.
// Every row of a chart is bounded by ±limits.MaxRoll and a die has at most
// limits.MaxDie faces, so a modifier of MaxRoll or more puts every face
// beyond the last row, and one of −(MaxRoll+MaxDie) or less before the
// first: a modifier beyond the table is the table's end, whatever its
// size, and the clamp gives the answer exactly.
func ChartModifier(mod int) int {
	return min(max(mod, -(limits.MaxRoll+limits.MaxDie)), limits.MaxRoll)
}
