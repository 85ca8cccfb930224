package buildings

import (
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
)

// The engine's tests load the shipped data with the engine registered,
// and the one its rule set adds to: its rule sets and their base
// (shipped.Source leaves out those of engines not registered here).
func init() { rules.Register(aqotmf.Engine, Engine) }
