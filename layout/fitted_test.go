package layout

import (
	"fmt"
	"testing"

	"github.com/playaid/playaid/diag"
)

// TestFitted: what was fitted is said once each, sorted, as warnings, at
// most maxFitted things, and forgotten once told.
func TestFitted(t *testing.T) {
	Fitted()
	b := diag.Diag{File: "b.md", Line: 2, Msg: "a table fitted"}
	a := diag.Diag{File: "a.md", Line: 9, Msg: "a title set smaller"}
	NoteFitted(diag.List{b, a})
	NoteFitted(diag.List{b}) // the same table on the other paper
	got := Fitted()
	if len(got) != 2 || got[0].File != "a.md" || got[1].File != "b.md" || !got[0].Warning || !got[1].Warning {
		t.Errorf("Fitted() = %v; want a.md then b.md, once each, as warnings", got)
	}
	if again := Fitted(); len(again) != 0 {
		t.Errorf("told twice: %v", again)
	}
	for i := range 3 * maxFitted {
		NoteFitted(diag.List{{File: fmt.Sprintf("%03d.md", i), Msg: "fitted"}})
	}
	if n := len(Fitted()); n != maxFitted {
		t.Errorf("%d kept; want at most %d", n, maxFitted)
	}
}
