package document

import (
	"math/big"
	"testing"

	"github.com/playaid/playaid/rules"
)

func TestNumeric(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"3", true}, {"-2", true}, {"−2", true}, {"+4", true}, {"3/8", true},
		{"8: 65%", true}, {"10″", true}, {" 1.5 ", true}, {"+?", true}, {"?", true},
		{"Strong", false}, {"2 Pdrs", false}, {"-/-", false}, {"", false}, {"x3", false},
	} {
		if got := Numeric(c.in); got != c.want {
			t.Errorf("Numeric(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestDataTable: a blank header takes the first row; columns of numbers
// and dashes align right, words left; a row with nothing after its first
// cell heads the rows under it.
func TestDataTable(t *testing.T) {
	got := DataTable([]string{"", "", ""}, [][]string{
		{"Type", "6″", "Notes"},
		{"Light", "5/5", "fast"},
		{"Artillery:-", "", ""},
		{"Heavy", "-/-", "slow"},
	})
	want := "| Type | 6″ | Notes |\n" +
		"|:--|--:|:--|\n" +
		"| Light | 5/5 | fast |\n" +
		"| **Artillery:-** | | |\n" +
		"| Heavy | -/- | slow |\n\n"
	if got != want {
		t.Errorf("DataTable:\n%s\nwant:\n%s", got, want)
	}
}

// TestOddsTableHeading: a row without cells is a group heading across
// the table.
func TestOddsTableHeading(t *testing.T) {
	got := OddsTable(rules.Table{Corner: "Roll", Columns: []string{"A", "B"}, Rows: []rules.Row{
		{Label: "Firer"},
		{Label: "Light", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 2))}},
	}})
	want := "| Roll | A | B |\n|:--|--:|--:|\n| **Firer** | | |\n| Light | 50% | – |\n"
	if got != want {
		t.Errorf("OddsTable:\n%s\nwant:\n%s", got, want)
	}
}
