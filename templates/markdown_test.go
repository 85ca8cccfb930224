package templates

import (
	"math/big"
	"testing"

	"github.com/playaid/playaid/rules"
)

func TestEscape(t *testing.T) {
	if got, want := Escape("a *b*  [c]\n| d_e #"), `a \*b\* \[c\] \| d\_e \#`; got != want {
		t.Errorf("Escape = %q, want %q", got, want)
	}
}

func TestOddsTable(t *testing.T) {
	tab := rules.Table{Corner: "Stands", Columns: []string{"Hit", "Kill"}, Rows: []rules.Row{
		{Label: "1", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 5)), rules.Prob(big.NewRat(1, 100000))}},
		{Label: "2", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 1))}},
	}}
	want := "| Stands | Hit | Kill |\n|:--|--:|--:|\n| 1 | 20% | \\<1% |\n| 2 | 100% | – |\n"
	if got := OddsTable(tab, Escape); got != want {
		t.Errorf("OddsTable:\n%s\nwant:\n%s", got, want)
	}
}
