package dicegame

import (
	"math/big"
	"strings"
	"testing"

	"github.com/playaid/playaid/dice"
)

func TestParseRoll(t *testing.T) {
	for _, c := range []struct {
		text string
		mean *big.Rat // of the roll's distribution
		min  int
		max  int
	}{
		{"d6", big.NewRat(7, 2), 1, 6},
		{"1d6", big.NewRat(7, 2), 1, 6},
		{"2D6", big.NewRat(7, 1), 2, 12},
		{"4d6kh3", big.NewRat(15869, 1296), 3, 18},
		{"2d20kl1", big.NewRat(287, 40), 1, 20},
		// A 1 rolled again: (1/6)(7/2) + 5/6 × mean of 2–6 (4) = 7/12 + 20/6.
		{"d6r1", big.NewRat(47, 12), 1, 6},
		// A 6 rolls again and adds, five times at most: the mean is
		// 7/2 × (1 + 1/6 + … + 1/6^5).
		{"d6!", new(big.Rat).Mul(big.NewRat(7, 2), big.NewRat(9331, 7776)), 1, 36},
		{"d10!9", nil, 1, 60},
	} {
		r, err := parseRoll(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		d := r.dist()
		if c.mean != nil && d.Mean().Cmp(c.mean) != 0 {
			t.Errorf("%s: mean %s, want %s", c.text, d.Mean().RatString(), c.mean.RatString())
		}
		if d.Min() != c.min || d.Max() != c.max {
			t.Errorf("%s: outcomes %d–%d, want %d–%d", c.text, d.Min(), d.Max(), c.min, c.max)
		}
	}
	// d10!9: a 9 or a 10 rolls again.
	r, _ := parseRoll("d10!9")
	if p := r.dist().Prob(9); p.Cmp(big.NewRat(0, 1)) != 0 {
		t.Errorf("d10!9 shows a bare 9 with %v; a 9 always rolls again", p)
	}
	if !dice.Equal(mustRoll(t, "3d6").dist(), dice.Repeat(dice.Die(6), 3)) {
		t.Error("3d6 is three d6 added up")
	}
	for _, c := range []struct{ text, want string }{
		{"", "no d"},
		{"6", "no d"},
		{"d", "no sides"},
		{"0d6", "0 dice; a roll has 1 to 20"},
		{"21d6", "21 dice"},
		{"99999d6", "10000 dice"},
		{"d1", "a die of 1 sides"},
		{"d101", "a die of 101 sides"},
		{"3d6kh4", "kh needs the number of dice kept, 1 to 3"},
		{"3d6kx2", `"kx2" is not kh, kl, r or !`},
		{"d6r6", "r needs the highest face rolled again, 1 to 5"},
		{"d6!1", "! takes the lowest face that rolls again, 2 to 6"},
		{"d6r1r2", "the same option twice"},
		{"20d100kh10", "too many dice to keep from"},
	} {
		_, err := parseRoll(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

func mustRoll(t *testing.T, s string) roll {
	t.Helper()
	r, err := parseRoll(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
