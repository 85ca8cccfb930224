package imperial

import (
	"github.com/playaid/playaid/rules"
)

// The engine's tests load the shipped data with the engine registered:
// its rule sets (shipped.Source leaves out those of engines not
// registered here).
func init() { rules.Register(Engine) }
