package dice_test

import (
	"fmt"
	"math/big"

	"github.com/playaid/playaid/dice"
)

// A 100-dice attack hitting on 21%: chance of at least 25 hits.
func ExampleBinomial() {
	hits := dice.Binomial(100, big.NewRat(21, 100))
	fmt.Println(dice.Percent(hits.AtLeast(25), 1), dice.RatString(hits.Mean()))
	// Output: 19.3% 21
}

// Opposed d10 rolls: chance the attacker wins outright.
func ExampleSub() {
	diff := dice.Sub(dice.Die(10), dice.Die(10))
	fmt.Println(dice.RatString(diff.Greater(0)), dice.Percent(diff.Prob(0), 0))
	// Output: 9/20 10%
}
