package army

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Starter returns a commented starter list for the rule set: the keys a
// list takes, the choices the catalogue offers, and one unit. It validates
// as it stands (a test makes sure), so a player can edit from something
// that works.
func Starter(s *catalog.System) (string, error) {
	if s == nil || ruleSetOf(s) == nil {
		id := ""
		if s != nil {
			id = s.ID
		}
		return "", fmt.Errorf("system %q has no army lists", id)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# A new %s army list.\n", s.About.Name)
	p("# Check it:  playaid army validate FILE\n# Print it:  playaid army print FILE [--cards]\n")
	p("system = %q\n", s.ID)
	if err := ruleSetOf(s).starter(s, p); err != nil {
		return "", err
	}
	return b.String(), nil
}
