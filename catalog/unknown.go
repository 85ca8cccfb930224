package catalog

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/internal/suggest"
)

// Unknown says that got is not one of known, the way every message about
// an unknown name reads: `unknown what "got" (did you mean "x"?); expected
// one of: a, b, c`. The suggestion is suggest.Closest's; "expected one of" is
// left out when known is empty, and an empty got reads "no what given".
func Unknown(what, got string, known []string) string {
	return unknown(what, got, known, len(known))
}

// unknown is Unknown listing known only when it has at most most names:
// the data's checks leave long lists to the suggestion.
func unknown(what, got string, known []string, most int) string {
	msg := fmt.Sprintf("unknown %s %q", what, plain.Clip(got, plain.MaxQuoted))
	if got == "" {
		msg = fmt.Sprintf("no %s given", what)
	} else if g := suggest.Closest(got, known); g != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", g)
	}
	if len(known) > 0 && len(known) <= most {
		msg += "; expected one of: " + strings.Join(known, ", ")
	}
	return msg
}
