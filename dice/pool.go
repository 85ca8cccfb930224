package dice

import (
	"fmt"
	"math/big"
)

// Pools: what a roll of several dice keeps, and what one die does again.
// Each is a plain function of distributions, as the rest of the package:
//
//	Keep(d, n, k, true)   the sum of the k highest of n rolls of d (4d6 keep 3)
//	Keep(d, n, k, false)  the sum of the k lowest (2d20 keep the lower)
//	Reroll(d, pred)       d, rolled once more when the first roll satisfies pred
//	Explode(d, pred, n)   d, and again added on each roll that satisfies pred,
//	                      at most n times more

// MaxKeepWork bounds Keep's work: the outcomes of d squared, times the
// dice squared, times the dice kept, about as many big additions (a
// pool of 20d100 keep 10 is 4·10^7: refused; 4d6 keep 3 is 1,728).
const MaxKeepWork = 1 << 22

// KeepWork is the work Keep(d, n, k, …) would do, for callers bounding
// what a user may ask before asking it.
func KeepWork(outcomes, n, k int) uint64 {
	o, nn, kk := uint64(max(outcomes, 1)), uint64(max(n, 1)), uint64(max(k, 1))
	if o > 1<<20 || nn > 1<<20 || kk > 1<<20 {
		return MaxKeepWork + 1
	}
	return o * o * nn * nn * kk
}

// Keep is the sum of the k highest (highest) or k lowest of n independent
// rolls of d. Keep(d, n, n, _) is Repeat(d, n); keeping none is Const(0).
//
// The dice are sorted by their outcomes from the kept end: going through
// the outcomes in that order, j of the dice not yet placed show the
// outcome (in C(left, j) ways, with weight w^j), and as many of them as
// are still wanted are kept. The state is (dice placed, sum kept), and
// the weights are exact multinomial counts. It panics when n or k is
// negative, k > n, or the work passes MaxKeepWork.
func Keep(d Dist, n, k int, highest bool) Dist {
	if n < 0 || k < 0 || k > n {
		panic(fmt.Sprintf("dice: Keep %d of %d dice", k, n))
	}
	if w := KeepWork(len(d.outcomes), n, k); w > MaxKeepWork {
		panic(fmt.Sprintf("dice: Keep %d of %d dice of %d outcomes: work %d, more than %d", k, n, len(d.outcomes), w, MaxKeepWork))
	}
	if k == 0 || len(d.outcomes) == 0 {
		if len(d.outcomes) == 0 && n > 0 {
			return Dist{}
		}
		return Const(0)
	}
	if k == n {
		return Repeat(d, n)
	}
	checkSpan("Keep", mulInts("Keep", d.Min(), k), mulInts("Keep", d.Max(), k))
	// binom[i][j] = C(i, j) for i ≤ n.
	binom := make([][]*big.Int, n+1)
	for i := range binom {
		binom[i] = make([]*big.Int, i+1)
		binom[i][0], binom[i][i] = big.NewInt(1), big.NewInt(1)
		for j := 1; j < i; j++ {
			binom[i][j] = new(big.Int).Add(binom[i-1][j-1], binom[i-1][j])
		}
	}
	// state[m] maps the sum kept to its weight, with m dice placed.
	state := make([]map[int]*big.Int, n+1)
	state[0] = map[int]*big.Int{0: big.NewInt(1)}
	order := make([]int, len(d.outcomes))
	for i := range order {
		order[i] = i
		if highest {
			order[i] = len(d.outcomes) - 1 - i
		}
	}
	pow := make([]*big.Int, n+1)
	tmp, wo := new(big.Int), new(big.Int)
	for _, oi := range order {
		v, w := d.outcomes[oi], d.weightInt(oi, wo)
		pow[0] = big.NewInt(1)
		for j := 1; j <= n; j++ {
			pow[j] = new(big.Int).Mul(pow[j-1], w)
		}
		next := make([]map[int]*big.Int, n+1)
		for m := 0; m <= n; m++ {
			for s, sw := range state[m] {
				left := n - m
				for j := 0; j <= left; j++ {
					kept := min(j, max(0, k-m))
					to := s + kept*v
					if next[m+j] == nil {
						next[m+j] = map[int]*big.Int{}
					}
					acc := next[m+j][to]
					if acc == nil {
						acc = new(big.Int)
						next[m+j][to] = acc
					}
					tmp.Mul(sw, binom[left][j])
					acc.Add(acc, tmp.Mul(tmp, pow[j]))
				}
			}
		}
		state = next
	}
	return fromMap(state[n])
}

// Reroll is d rolled once, and rolled again when the first roll satisfies
// pred (the second roll stands, whatever it shows): a reroll of 1s.
func Reroll(d Dist, pred func(int) bool) Dist {
	again, w, t := new(big.Int), new(big.Int), d.totalInt(new(big.Int))
	for i, v := range d.outcomes {
		if pred(v) {
			again.Add(again, d.weightInt(i, w))
		}
	}
	// P(x) = w(x)/T · [x stands] + (R/T) · w(x)/T: over T², the weight
	// is w(x)·(T·[x stands] + R).
	m := make(map[int]*big.Int, len(d.outcomes))
	for i, v := range d.outcomes {
		f := new(big.Int).Set(again)
		if !pred(v) {
			f.Add(f, t)
		}
		m[v] = f.Mul(f, d.weightInt(i, w))
	}
	return fromMap(m)
}

// MaxExplode bounds how many times a die may explode: each time adds a
// die's span of outcomes.
const MaxExplode = 20

// Explode is d, rolled again and added whenever a roll satisfies pred (an
// exploding 6), at most times more: a roll that would explode again past
// that stands. It panics when times is negative or more than MaxExplode.
func Explode(d Dist, pred func(int) bool, times int) Dist {
	if times < 0 || times > MaxExplode {
		panic(fmt.Sprintf("dice: Explode %d times; expected 0 to %d", times, MaxExplode))
	}
	out := d
	for range times {
		prev := out
		out = Bind(d, func(v int) Dist {
			if pred(v) {
				return Add(Const(v), prev)
			}
			return Const(v)
		})
	}
	return out
}
