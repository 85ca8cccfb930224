package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Starter returns a commented starter list for the rule set
// (rules.Starter: its engine's keys and first unit).
func Starter(s *catalog.System) (string, error) { return rules.Starter(s) }
