package dicegame

import (
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/buildings"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

// The engine's tests load the shipped data beside the examples, as the
// program does: every engine registered, in the program's order
// (rules/engines).
func init() {
	rules.Register(
		aqotmf.Engine,
		buildings.Engine,
		imperial.Engine,
		evacuation.Engine,
		Engine,
	)
}
