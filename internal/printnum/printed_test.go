package printnum

import (
	"math"
	"strconv"
	"testing"
)

func TestSigned(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {2, "+2"}, {-4, "−4"}, {math.MaxInt, "+" + strconv.Itoa(math.MaxInt)}, {-100, "−100"},
	} {
		if got := Signed(tc.n); got != tc.want {
			t.Errorf("Signed(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
