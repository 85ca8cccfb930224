package catalog

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/limits"
)

// Roll is a range of die results (or modified totals) a chart row answers
// to. Written as "7", "1-5", "-5-0", "10+" (10 or more) or "<=-6" (-6 or
// less); an en dash may stand for the hyphen.
type Roll struct {
	Min, Max int // math.MinInt / math.MaxInt for open ends
	Text     string
}

var rollRE = regexp.MustCompile(`^(?:(<=|≤)\s*(-?\d+)|(-?\d+)\s*(?:[-–]\s*(-?\d+)|(\+))?)$`)

// ParseRoll reads a roll range.
func ParseRoll(s string) (Roll, error) {
	m := rollRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Roll{}, fmt.Errorf("roll %q: expected \"N\", \"N-M\", \"N+\" or \"<=N\"", s)
	}
	// Every number written is within ±limits.MaxRoll: a roll plus any
	// modifier then stays far inside an int.
	var bad error
	num := func(t string) int {
		n, err := strconv.Atoi(t)
		if err != nil || n < -limits.MaxRoll || n > limits.MaxRoll {
			bad = fmt.Errorf("roll %q: %s is beyond any total; expected numbers from %d to %d", s, t, -limits.MaxRoll, limits.MaxRoll)
		}
		return n
	}
	r := Roll{Text: s}
	switch {
	case m[1] != "":
		r.Min = math.MinInt
		r.Max = num(m[2])
	case m[5] == "+":
		r.Min = num(m[3])
		r.Max = math.MaxInt
	case m[4] != "":
		r.Min = num(m[3])
		r.Max = num(m[4])
	default:
		r.Min = num(m[3])
		r.Max = r.Min
	}
	if bad != nil {
		return Roll{}, bad
	}
	if r.Min > r.Max {
		return Roll{}, fmt.Errorf("roll %q: the range runs backwards", s)
	}
	return r, nil
}

// UnmarshalText lets TOML strings decode into a Roll.
func (r *Roll) UnmarshalText(b []byte) error {
	v, err := ParseRoll(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Contains reports whether total v falls in the range.
func (r Roll) Contains(v int) bool { return v >= r.Min && v <= r.Max }

func (r Roll) String() string { return r.Text }

// Printed is the range as the documents print it: 1–5, 10+, 7, −6 or
// less (an en dash between the ends, a minus sign before a negative).
func (r Roll) Printed() string {
	num := func(n int) string {
		if n < 0 {
			return "−" + strconv.Itoa(-n)
		}
		return strconv.Itoa(n)
	}
	switch {
	case r.Min == math.MinInt:
		return num(r.Max) + " or less"
	case r.Max == math.MaxInt:
		return num(r.Min) + "+"
	case r.Min == r.Max:
		return num(r.Min)
	}
	return num(r.Min) + "–" + num(r.Max)
}
