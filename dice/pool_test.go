package dice

import (
	"math/big"
	"slices"
	"strings"
	"testing"
)

// brute enumerates every roll of n dice of d (each with its probability)
// and gives the distribution of f of the outcomes: the reference the pool
// operations are checked against.
func brute(d Dist, n int, f func([]int) int) map[int]*big.Rat {
	out := map[int]*big.Rat{}
	var walk func(roll []int, p *big.Rat)
	walk = func(roll []int, p *big.Rat) {
		if len(roll) == n {
			addTo(out, f(roll), p)
			return
		}
		for _, v := range d.Outcomes() {
			walk(append(roll, v), new(big.Rat).Mul(p, d.Prob(v)))
		}
	}
	walk(nil, big.NewRat(1, 1))
	return out
}

func keepRef(d Dist, n, k int, highest bool) map[int]*big.Rat {
	return brute(d, n, func(roll []int) int {
		s := slices.Clone(roll)
		slices.Sort(s)
		if highest {
			slices.Reverse(s)
		}
		sum := 0
		for _, v := range s[:k] {
			sum += v
		}
		return sum
	})
}

func TestKeep(t *testing.T) {
	loaded := FromWeights(map[int]int64{1: 1, 2: 2, 5: 3, -1: 1}) // uneven weights, a negative face
	for _, c := range []struct {
		name    string
		d       Dist
		n, k    int
		highest bool
	}{
		{"4d6 keep 3", Die(6), 4, 3, true},
		{"2d20 keep the higher", Die(20), 2, 1, true},
		{"2d20 keep the lower", Die(20), 2, 1, false},
		{"3d6 keep 2 lowest", Die(6), 3, 2, false},
		{"5d4 keep 2", Die(4), 5, 2, true},
		{"loaded 4 keep 2", loaded, 4, 2, true},
		{"loaded 4 keep 1 lowest", loaded, 4, 1, false},
		{"3d6 keep all", Die(6), 3, 3, true},
	} {
		sameProbs(t, c.name, Keep(c.d, c.n, c.k, c.highest), keepRef(c.d, c.n, c.k, c.highest))
	}
	// Known values: 4d6 keep 3 averages 15869/1296; with advantage a d20
	// shows 11 or more three times in four.
	if m := Keep(Die(6), 4, 3, true).Mean(); m.Cmp(big.NewRat(15869, 1296)) != 0 {
		t.Errorf("4d6 keep 3: mean %v, want 15869/1296", m)
	}
	if p := Keep(Die(20), 2, 1, true).AtLeast(11); p.Cmp(big.NewRat(3, 4)) != 0 {
		t.Errorf("2d20 keep the higher: P(11+) = %v, want 3/4", p)
	}
	if !Equal(Keep(Die(6), 0, 0, true), Const(0)) {
		t.Error("keeping none of none is 0")
	}
}

func TestKeepBounds(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want string
	}{{3, 4, "Keep 4 of 3 dice"}, {-1, 0, "Keep 0 of -1 dice"}, {40, 20, "more than"}} {
		func() {
			defer func() {
				r, _ := recover().(string)
				if !strings.Contains(r, c.want) {
					t.Errorf("Keep %d of %d: panic %q, want %q", c.k, c.n, r, c.want)
				}
			}()
			Keep(Die(100), c.n, c.k, true)
		}()
	}
	if KeepWork(6, 4, 3) != 6*6*4*4*3 || KeepWork(1<<30, 1, 1) <= MaxKeepWork {
		t.Error("KeepWork")
	}
}

func TestReroll(t *testing.T) {
	// A d6 rerolling 1s: P(1) = 1/36, P(v) = 1/6 + 1/36 = 7/36 otherwise.
	want := map[int]*big.Rat{1: big.NewRat(1, 36)}
	for v := 2; v <= 6; v++ {
		want[v] = big.NewRat(7, 36)
	}
	sameProbs(t, "d6 reroll 1s", Reroll(Die(6), func(v int) bool { return v == 1 }), want)
	// Rerolling nothing is the die; rerolling everything is the die too.
	sameProbs(t, "reroll none", Reroll(Die(6), func(int) bool { return false }), probs(Die(6)))
	sameProbs(t, "reroll all", Reroll(Die(6), func(int) bool { return true }), probs(Die(6)))
}

func TestExplode(t *testing.T) {
	six := func(v int) bool { return v == 6 }
	// Exploding once: 1–5 at 1/6, 7–12 at 1/36.
	want := map[int]*big.Rat{}
	for v := 1; v <= 5; v++ {
		want[v] = big.NewRat(1, 6)
	}
	for v := 7; v <= 12; v++ {
		want[v] = big.NewRat(1, 36)
	}
	sameProbs(t, "d6 exploding once", Explode(Die(6), six, 1), want)
	// Twice: 13–18 at 1/216 and 12 (6, 6, then no more) at 1/216 less.
	d := Explode(Die(6), six, 2)
	if p := d.Prob(18); p.Cmp(big.NewRat(1, 216)) != 0 {
		t.Errorf("d6 exploding twice: P(18) = %v, want 1/216", p)
	}
	if p := d.Prob(12); p.Cmp(big.NewRat(0, 1)) != 0 {
		t.Errorf("d6 exploding twice: P(12) = %v, want 0 (a second 6 rolls again)", p)
	}
	if !Equal(Explode(Die(6), six, 0), Die(6)) {
		t.Error("exploding no times is the die")
	}
	func() {
		defer func() {
			if r, _ := recover().(string); !strings.Contains(r, "Explode 21 times") {
				t.Errorf("panic %q", r)
			}
		}()
		Explode(Die(6), six, MaxExplode+1)
	}()
}
