package catalog

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/limits"
)

// Length is a distance written with its unit in the data ("25mm", "1in",
// '6"', "2.5cm", "4ft"). Inside playaid every length is millimetres; the
// text as written is kept for printing.
type Length struct {
	MM   float64
	Text string
}

var lengthUnits = []struct {
	suffix string
	mm     float64
}{
	{"mm", 1}, {"cm", 10}, {"in", 25.4}, {"″", 25.4}, {`"`, 25.4}, {"ft", 304.8}, {"′", 304.8}, {"pt", 25.4 / 72},
}

// ParseLength reads a length with its unit: a distance from 0 to
// limits.MaxLengthMM. Negative, infinite and NaN lengths are refused here,
// so that nothing past the loader has to draw or measure one.
func ParseLength(s string) (Length, error) {
	t := strings.TrimSpace(s)
	for _, u := range lengthUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				break
			}
			mm := v * u.mm
			switch {
			case math.IsNaN(mm):
				return Length{}, fmt.Errorf("length %q is not a number; expected a distance such as \"25mm\" or '6\"'", s)
			case mm < 0:
				return Length{}, fmt.Errorf("length %q is negative; expected a distance of 0 or more", s)
			case longer(mm, limits.MaxLengthMM):
				return Length{}, fmt.Errorf("length %q is too long; expected at most %g ft", s, limits.MaxLengthMM/304.8)
			}
			return Length{MM: mm, Text: s}, nil
		}
	}
	return Length{}, fmt.Errorf("length %q: expected a number with a unit (mm, cm, in, \", ft), e.g. \"25mm\" or '6\"'", s)
}

// longer reports whether a length in mm is longer than a bound, allowing
// for the rounding of a unit's conversion: "12ft" is 12 ft exactly.
func longer(mm, bound float64) bool { return mm > bound*(1+1e-12) }

// UnmarshalText lets TOML strings decode straight into a Length.
func (l *Length) UnmarshalText(b []byte) error {
	v, err := ParseLength(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Inches is the length in inches.
func (l Length) Inches() float64 { return l.MM / 25.4 }

// IsZero reports whether the length was left out.
func (l Length) IsZero() bool { return l.Text == "" && l.MM == 0 }

// String prints the length as written in the data.
func (l Length) String() string {
	if l.Text != "" {
		return l.Text
	}
	return strconv.FormatFloat(l.MM, 'f', -1, 64) + "mm"
}
