package dicegame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
)

// A step's roll is written in the dice notation players know:
//
//	d6, 1d6      one six-sided die
//	2d6          two, added up
//	4d6kh3       four, the three highest kept (kl: the lowest)
//	d6r1         a 1 rolled again, once (r2: a 1 or a 2)
//	d6!          a 6 rolls again and adds, at most explodeTimes times
//	d6!5         a 5 or a 6 rolls again
//
// Rerolls and explosions are each die's, before the dice are kept and
// added up.

// The bounds of a roll: what a game rolls at once, kept small enough that
// every roll's distribution takes milliseconds.
const (
	maxRollDice  = 20 // dice in one roll (2d6: 2)
	explodeTimes = 5  // a die explodes at most this many times more
)

// roll is one roll, read from its notation.
type roll struct {
	text      string
	n, sides  int
	keep      int  // dice kept; n when all are
	highest   bool // keep the highest (else the lowest)
	reroll    int  // faces up to this one are rolled again once; 0 for none
	explodeOn int  // faces from this one up roll again and add; 0 for none
}

// parseRoll reads a roll's notation.
func parseRoll(s string) (roll, error) {
	r := roll{text: s}
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func(why string) (roll, error) {
		return roll{}, fmt.Errorf("roll %q: %s; expected dice notation such as \"d6\", \"2d6\", \"4d6kh3\", \"d6r1\" or \"d6!\"", s, why)
	}
	// num reads a whole number at the start of t: its value, and whether
	// one was written (a number of more than 4 digits reads as 10000).
	num := func() (int, bool) {
		i := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, false
		}
		n := 10000
		if i <= 4 {
			n, _ = strconv.Atoi(t[:i])
		}
		t = t[i:]
		return n, true
	}
	n, written := num()
	if !written {
		n = 1
	}
	if len(t) == 0 || t[0] != 'd' {
		return bad("no d")
	}
	t = t[1:]
	sides, ok := num()
	if !ok {
		return bad("no sides after the d")
	}
	r.n, r.sides, r.keep = n, sides, n
	if r.n < 1 || r.n > maxRollDice {
		return bad(fmt.Sprintf("%d dice; a roll has 1 to %d", r.n, maxRollDice))
	}
	if r.sides < 2 || r.sides > limits.MaxDie {
		return bad(fmt.Sprintf("a die of %d sides; expected 2 to %d", r.sides, limits.MaxDie))
	}
	seen := map[string]bool{}
	for len(t) > 0 {
		var part string
		switch {
		case strings.HasPrefix(t, "kh"), strings.HasPrefix(t, "kl"):
			part, r.highest = t[:2], t[1] == 'h'
			t = t[2:]
			k, ok := num()
			if !ok || k < 1 || k > r.n {
				return bad(fmt.Sprintf("%s needs the number of dice kept, 1 to %d", part, r.n))
			}
			r.keep, part = k, "k"
		case t[0] == 'r':
			part, t = "r", t[1:]
			f, ok := num()
			if !ok || f < 1 || f >= r.sides {
				return bad(fmt.Sprintf("r needs the highest face rolled again, 1 to %d", r.sides-1))
			}
			r.reroll = f
		case t[0] == '!':
			part, t = "!", t[1:]
			r.explodeOn = r.sides
			if len(t) > 0 && t[0] >= '0' && t[0] <= '9' {
				f, ok := num()
				if !ok || f < 2 || f > r.sides {
					return bad(fmt.Sprintf("! takes the lowest face that rolls again, 2 to %d", r.sides))
				}
				r.explodeOn = f
			}
		default:
			return bad(fmt.Sprintf("%q is not kh, kl, r or !", t))
		}
		if seen[part] {
			return bad("the same option twice")
		}
		seen[part] = true
	}
	if w := dice.KeepWork(r.explodedSpan(), r.n, r.keep); r.keep < r.n && w > dice.MaxKeepWork {
		return bad("too many dice to keep from")
	}
	if w, ok := r.rollWork(); !ok || w > maxRollWork {
		return bad("too many dice, sides or explosions to work out exactly")
	}
	return r, nil
}

// explodedSpan is how many outcomes one die of the roll has.
func (r roll) explodedSpan() int {
	if r.explodeOn == 0 {
		return r.sides
	}
	return r.sides * (explodeTimes + 1)
}

// dist is the roll's distribution: each die rerolled and exploded, then
// the dice kept and added up.
func (r roll) dist() dice.Dist {
	d := dice.Die(r.sides)
	if r.reroll > 0 {
		d = dice.Reroll(d, func(v int) bool { return v <= r.reroll })
	}
	if r.explodeOn > 0 {
		d = dice.Explode(d, func(v int) bool { return v >= r.explodeOn }, explodeTimes)
	}
	if r.keep < r.n {
		return dice.Keep(d, r.n, r.keep, r.highest)
	}
	return dice.Repeat(d, r.n)
}
