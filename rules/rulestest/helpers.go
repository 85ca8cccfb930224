package rulestest

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/rules"
)

// ExampleText is a worked example's rows as one text, a row a line.
func ExampleText(t rules.Table) string {
	var b strings.Builder
	for _, r := range t.Rows {
		b.WriteString(r.Label + ": ")
		for _, c := range r.Cells {
			b.WriteString(c.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// WantIn fails for each piece the text lacks.
func WantIn(t *testing.T, what, text string, pieces ...string) {
	t.Helper()
	for _, p := range pieces {
		if !strings.Contains(text, p) {
			t.Errorf("%s lacks %q:\n%s", what, p, text)
		}
	}
}
