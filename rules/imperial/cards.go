package imperial

import (
	"math/big"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// imWeapons is the chance a tray shooting with each small arm (and each
// MG, one tray of its dice) scores one hit or more at each range band,
// with the weapon's factor alone: tactical factors move it up or down the
// Small Arms table.
func imWeapons(sys *catalog.System) (rules.Table, error) {
	tw := rules.WordsOf(sys, "weapons")
	t := rules.Table{ID: "cards-im-weapons", Title: tw.Title(), Corner: tw.Corner()}
	width := 0
	for _, w := range sys.Weapons {
		if w.Kind != "small-arms" || len(w.Bands) == 0 {
			continue
		}
		row := rules.Row{Label: w.Name}
		for _, b := range w.Bands {
			res, err := Shoot(sys, b.Factor, 1)
			if err != nil {
				return rules.Table{}, err
			}
			hit := new(big.Rat).Sub(big.NewRat(1, 1), res.PerTray[0])
			row.Cells = append(row.Cells, rules.Cell{Text: rules.Inch(b.Range) + ": " + rules.Prob(hit).String()})
		}
		if width == 0 {
			for _, b := range w.Bands {
				t.Columns = append(t.Columns, rules.Capital(b.Name))
			}
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
	}
	return t, tw.Err()
}
