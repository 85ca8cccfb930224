package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/rules"
)

// Check prices and checks a parsed list against the catalogue
// (rules.CheckList: its engine's checks).
func Check(l *List, cat *catalog.Catalog) *Report { return rules.CheckList(l, cat) }

// Validate parses and checks src in one step. The report is nil when src
// is not TOML at all (the diagnostics then say why).
func Validate(file string, src []byte, cat *catalog.Catalog) (*Report, diag.List) {
	return rules.ValidateList(file, src, cat)
}

// ListSystems lists the ids of the rule sets army lists can be written
// for.
func ListSystems(cat *catalog.Catalog) []string { return rules.ListSystems(cat) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// firstOf is the first of s that is not empty.
func firstOf(s ...string) string { return rules.FirstOf(s...) }
