package dice

import (
	"fmt"
	"math/big"
)

// Chain is a Markov chain on integer states, run forward exactly.
//
// Each step, a state s for which Absorbing(s) is true stays put; any other
// state moves to a state drawn from Step(s). A nil Absorbing means no state
// is absorbing. Example (a burning building whose armour a is tested with a
// d10 each turn: a roll above a collapses it, otherwise it loses a point):
//
//	const collapsed = -1
//	burning := Chain{
//		Step: func(a int) Dist {
//			return Map(Die(10), func(r int) int {
//				if r > a {
//					return collapsed
//				}
//				return a - 1
//			})
//		},
//		Absorbing: func(s int) bool { return s == collapsed },
//	}
type Chain struct {
	Step      func(state int) Dist
	Absorbing func(state int) bool
}

func (c Chain) absorbing(s int) bool {
	return c.Absorbing != nil && c.Absorbing(s)
}

// advance moves every state of d one step.
func (c Chain) advance(d Dist) Dist {
	return Bind(d, func(s int) Dist {
		if c.absorbing(s) {
			return Const(s)
		}
		return c.Step(s)
	})
}

// Run returns the state distributions after 0, 1, ..., k steps from start
// (k+1 values; the first is start). It panics if k < 0.
func (c Chain) Run(start Dist, k int) []Dist {
	if k < 0 {
		panic(fmt.Sprintf("dice: Chain.Run with negative step count %d", k))
	}
	trace := make([]Dist, 0, k+1)
	trace = append(trace, start)
	for i := 0; i < k; i++ {
		trace = append(trace, c.advance(trace[i]))
	}
	return trace
}

// After returns the state distribution after k steps from start.
func (c Chain) After(start Dist, k int) Dist {
	trace := c.Run(start, k)
	return trace[k]
}

// Absorbed returns the probability that a state drawn from d is absorbing.
// Applied to a Run trace it gives "absorbed by step t" for each t.
func (c Chain) Absorbed(d Dist) *big.Rat {
	return d.ProbIf(c.absorbing)
}

// AbsorbedBy returns the probability that the chain has reached an
// absorbing state within k steps of start. Absorbing states never leave, so
// this is the same as being in one after exactly k steps.
func (c Chain) AbsorbedBy(start Dist, k int) *big.Rat {
	return c.Absorbed(c.After(start, k))
}

// ExpectedSteps returns the exact expected number of steps before the chain
// is absorbed, using E[T] = sum over t >= 0 of P(T > t), i.e. the sum of the
// not-yet-absorbed probability after 0, 1, 2, ... steps.
//
// That sum is finite and exact only when all probability is absorbed after
// finitely many steps, as when each step moves the state monotonically
// toward absorption. If some probability is still unabsorbed after limit
// steps, ExpectedSteps returns an error instead of looping forever (a chain
// that can revisit states, like "reroll on a 1", never empties exactly).
func (c Chain) ExpectedSteps(start Dist, limit int) (*big.Rat, error) {
	sum := new(big.Rat)
	d := start
	for t := 0; ; t++ {
		alive := d.ProbIf(func(s int) bool { return !c.absorbing(s) })
		if alive.Sign() == 0 {
			return sum, nil
		}
		if t >= limit {
			return nil, fmt.Errorf("dice: chain not absorbed after %d steps (P(alive) = %s)", limit, alive.RatString())
		}
		sum.Add(sum, alive)
		d = c.advance(d)
	}
}
