package rules

import (
	"testing"

	"github.com/playaid/playaid/catalog"
)

// TestFillAsVarRE: fill's scan fills the {names} varRE matches, and
// leaves every other brace as it is.
func TestFillAsVarRE(t *testing.T) {
	vars := map[string]string{"a": "A", "b_2": "B", "range": "6″"}
	for _, text := range []string{
		"", "plain", "{a}", "x{a}y{b_2}z", "{{a}}", "{a", "a}", "{}", "{A}", "{2a}", "{a-b}",
		"{range} and {missing} and {a}", "{ a }", "{a}{a}{", "é{a}é", "{b_2", "{{{range}",
	} {
		w := &catalog.OddsWords{}
		tw := &Words{where: "[odds.t]", w: w, at: w.At, vars: vars}
		want := VarRE.ReplaceAllStringFunc(text, func(m string) string { return vars[m[1:len(m)-1]] })
		if got := tw.fill("title", text); got != want {
			t.Errorf("fill(%q) = %q; want %q", text, got, want)
		}
		wantFail := false
		for _, m := range VarRE.FindAllStringSubmatch(text, -1) {
			if _, ok := vars[m[1]]; !ok {
				wantFail = true
			}
		}
		if (tw.fail != nil) != wantFail {
			t.Errorf("fill(%q): error %v; want one: %v", text, tw.fail, wantFail)
		}
	}
}
