// Package engines registers the rule engines playaid ships, one line
// each, in the order the print pack prints their rule sets. The program
// (cmd/playaid) imports it; nothing else names an engine. A new engine
// is a folder of its own under rules/ and a line here.
package engines

import (
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/buildings"
	"github.com/playaid/playaid/rules/dicegame"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

func init() {
	rules.Register(
		aqotmf.Engine,
		buildings.Engine,
		imperial.Engine,
		evacuation.Engine,
		dicegame.Engine,
	)
}
