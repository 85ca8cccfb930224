package rules

// Ready odds tables of Imperial Mars for the reference sheet. Every cell is
// the value of the matching IM… function, so the sheet and the engine
// cannot disagree.

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// imMod prints a modifier as a sheet shows it: "+3", "0", "-2".
func imMod(m int) string {
	if m > 0 {
		return "+" + strconv.Itoa(m)
	}
	return strconv.Itoa(m)
}

// imNone is the cell for a result that cannot be had.
var imNone = Cell{Text: "–"}

// imScoreCell prints a score, or "–" for none.
func imScoreCell(n int) Cell {
	if n == 0 {
		return imNone
	}
	return Cell{Text: strconv.Itoa(n)}
}

// IMShootingTable is the Small Arms Shooting Table with each row's chances
// of 0, 1 and 2 hits per tray, and a row for factors below the table.
func IMShootingTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	t := Table{
		ID:      "im-shooting",
		Title:   "Small arms shooting: hits per tray",
		Corner:  "Factor",
		Columns: []string{"d20 for 1 hit", "d20 for 2 hits", "No hit", "1 hit", "2 hits"},
		Notes:   []string{fmt.Sprintf("One d20 per tray shooting; a roll of %d always hits.", r.Shooting.AlwaysHits)},
	}
	lowest := 0
	for i, row := range r.Shooting.Rows {
		if len(row.Factors) == 0 {
			continue
		}
		if low := slices.Min(row.Factors); i == 0 || low < lowest {
			lowest = low
		}
		res, err := IMShoot(sys, row.Factors[0], 1)
		if err != nil {
			return Table{}, err
		}
		labels := make([]string, len(row.Factors))
		for j, f := range row.Factors {
			labels[j] = strconv.Itoa(f)
		}
		label := strings.Join(labels, ", ")
		if row.Open {
			label += "+"
		}
		t.Rows = append(t.Rows, Row{Label: label, Cells: []Cell{
			imScoreCell(row.OneHit), imScoreCell(row.TwoHits),
			Prob(res.PerTray[0]), Prob(res.PerTray[1]), Prob(res.PerTray[2]),
		}})
	}
	below, err := IMShoot(sys, lowest-1, 1)
	if err != nil {
		return Table{}, err
	}
	t.Rows = append(t.Rows, Row{Label: fmt.Sprintf("below %d", lowest), Cells: []Cell{
		{Text: strconv.Itoa(r.Shooting.AlwaysHits)}, imNone,
		Prob(below.PerTray[0]), Prob(below.PerTray[1]), Prob(below.PerTray[2]),
	}})
	t.Notes = append(t.Notes, below.Notes...)
	return t, nil
}

// IMMGTable gives each MG's chance to jam in the first and the second round
// of shooting of a turn, and the chance to unjam.
func IMMGTable(sys *catalog.System) (Table, error) {
	unjam, err := IMUnjam(sys)
	if err != nil {
		return Table{}, err
	}
	t := Table{
		ID:      "im-mg-jam",
		Title:   "Machine guns: jams",
		Corner:  "MG",
		Columns: []string{"Trays", "Jam Number", "Jams, 1st round", "Jams, 2nd round", "Unjams"},
		Notes:   imNotes(sys, "mg-jam"),
	}
	for _, w := range sys.Weapons {
		if w.Kind != "mg" {
			continue
		}
		jam, err := IMMGJam(sys, w.ID)
		if err != nil {
			return Table{}, err
		}
		nums := make([]string, len(w.Jam))
		for i, j := range w.Jam {
			nums[i] = strconv.Itoa(j)
		}
		cells := []Cell{{Text: strconv.Itoa(w.Trays)}, {Text: strings.Join(nums, "/")}}
		for i := range 2 {
			if i < len(jam) {
				cells = append(cells, Prob(jam[i]))
			} else {
				cells = append(cells, imNone)
			}
		}
		cells = append(cells, Prob(unjam))
		t.Rows = append(t.Rows, Row{Label: w.Name, Cells: cells})
	}
	return t, nil
}

// IMArtilleryHitTable gives the chance to hit for each sum of artillery
// factors, from "1 or less" to one past the die ("21 or more").
func IMArtilleryHitTable(sys *catalog.System) (Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	top := d20.Max() + 1
	t := Table{ID: "im-artillery-hit", Title: "Artillery: to hit (d20 equal or beat the sum of factors)", Corner: "Sum", Columns: []string{"Hits"}}
	for sum := 1; sum <= top; sum++ {
		label := strconv.Itoa(sum)
		switch sum {
		case 1:
			label = "1 or less"
		case top:
			label = label + " or more"
		}
		p, err := IMArtilleryHit(sys, sum)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: label, Cells: []Cell{Prob(p)}})
	}
	return t, nil
}

// imRowLabels lists an effect table's rows as key cells ("Shot", "Light"),
// the blank ammunition cells filled from the row above, and labels.
func imRowLabels(t *catalog.Table, nkeys int) (keys [][]string, labels []string) {
	group := ""
	for _, row := range t.Rows {
		if len(row) < nkeys {
			continue
		}
		if c := strings.TrimSpace(row[0]); c != "" {
			group = c
		}
		k := append([]string{group}, row[1:nkeys]...)
		keys = append(keys, k)
		var parts []string
		for _, c := range k {
			if c = strings.TrimSpace(c); c != "" {
				parts = append(parts, c)
			}
		}
		labels = append(labels, strings.Join(parts, " "))
	}
	return keys, labels
}

// imLadderCells turns ladder chances into cells, "–" for the rungs the row
// prints "-".
func imLadderCells(t *catalog.Table, key []string, p []*big.Rat) ([]Cell, error) {
	cells, err := imRow(t, key...)
	if err != nil {
		return nil, err
	}
	out := []Cell{Prob(p[0])}
	for i, c := range cells {
		if _, ok, _ := imScore(t, c); !ok {
			out = append(out, imNone)
			continue
		}
		out = append(out, Prob(p[i+1]))
	}
	return out, nil
}

// IMFormationTable gives, for a hit on a formation, the chances of 0 to 3
// casualties for each gun row, with the target modifier (0, close order +2,
// extended −2, cover −2/−4) added to the d20.
func IMFormationTable(sys *catalog.System, modifier int) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	src, err := imTable(sys, r.Artillery.FormationsTable)
	if err != nil {
		return Table{}, err
	}
	t := Table{
		ID:      "im-artillery-formations",
		Title:   fmt.Sprintf("Artillery against formations (modifier %s)", imMod(modifier)),
		Corner:  "Gun Type",
		Columns: append([]string{"No hit"}, src.Columns[2:]...),
		Notes:   imNotes(sys, src.ID),
	}
	t.Rows, err = imLadderRows(src, 2, func(k []string) ([]*big.Rat, error) {
		return IMArtilleryVsFormation(sys, k[0], k[1], modifier)
	})
	return t, err
}

// imLadderRows makes one row per row of an effect table (keyed by its
// first keyCols cells), with the chances odds gives for that key.
func imLadderRows(src *catalog.Table, keyCols int, odds func(key []string) ([]*big.Rat, error)) ([]Row, error) {
	var rows []Row
	keys, labels := imRowLabels(src, keyCols)
	for i, k := range keys {
		p, err := odds(k)
		if err != nil {
			return nil, err
		}
		cells, err := imLadderCells(src, k, p)
		if err != nil {
			return nil, err
		}
		rows = append(rows, Row{Label: labels[i], Cells: cells})
	}
	return rows, nil
}

// IMObjectTable gives, for a hit on an object, the chances of no effect,
// 1 hit, 2 hits and destroyed for shot and shell.
func IMObjectTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	src, err := imTable(sys, r.Artillery.ObjectsTable)
	if err != nil {
		return Table{}, err
	}
	t := Table{
		ID:      "im-artillery-objects",
		Title:   "Artillery against objects",
		Corner:  "",
		Columns: append([]string{"No effect"}, src.Columns[1:]...),
		Notes:   imNotes(sys, src.ID),
	}
	t.Rows, err = imLadderRows(src, 1, func(k []string) ([]*big.Rat, error) {
		return IMArtilleryVsObject(sys, k[0])
	})
	return t, err
}

// imPenetrationTable turns a penetration table (two key columns, then one
// column per armour or protection level) into chances.
func imPenetrationTable(sys *catalog.System, tableID, id, title string) (Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	src, err := imTable(sys, tableID)
	if err != nil {
		return Table{}, err
	}
	t := Table{ID: id, Title: title, Corner: "Gun Type", Columns: src.Columns[2:], Notes: imNotes(sys, src.ID)}
	keys, labels := imRowLabels(src, 2)
	for i, k := range keys {
		var cells []Cell
		for _, col := range t.Columns {
			p, ok, err := imPenetrate(src, d20, col, k...)
			if err != nil {
				return Table{}, err
			}
			if !ok {
				cells = append(cells, imNone)
				continue
			}
			cells = append(cells, Prob(p))
		}
		t.Rows = append(t.Rows, Row{Label: labels[i], Cells: cells})
	}
	return t, nil
}

// IMArmourTable gives the chance that a hit penetrates each armour level.
func IMArmourTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imPenetrationTable(sys, r.Artillery.ArmourTable, "im-artillery-armour", "Artillery against armour: penetrates")
}

// IMFlyerPenetrationTable gives the chance that a hit penetrates a flyer's
// protection and forces it down.
func IMFlyerPenetrationTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imPenetrationTable(sys, r.Flyers.PenetrationTable, "im-flyer-penetration", "Flyers: hit penetrates and forces the target down")
}

// imMeleeColumns is how many casualties the melee table shows chances of
// ("1+", "2+", "3+") for each side.
const imMeleeColumns = 3

// imAtLeast is P(X >= k) from a list of P(X = i).
func imAtLeast(p []*big.Rat, k int) *big.Rat {
	s := new(big.Rat)
	for i := k; i < len(p); i++ {
		s.Add(s, p[i])
	}
	return s
}

// IMMeleeTable gives, for each difference of melee factors from lo to hi
// (your tray's factors minus the opponent's), the chances of inflicting
// and of suffering at least 1, 2 and 3 casualties.
func IMMeleeTable(sys *catalog.System, lo, hi int) (Table, error) {
	t := Table{ID: "im-melee", Title: "Melee: casualties per tray", Corner: "Factor difference"}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, fmt.Sprintf("Inflicts %d+", k))
	}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, fmt.Sprintf("Suffers %d+", k))
	}
	for diff := lo; diff <= hi; diff++ {
		in, su, err := IMMelee(sys, diff)
		if err != nil {
			return Table{}, err
		}
		var cells []Cell
		for _, p := range [][]*big.Rat{in, su} {
			for k := 1; k <= imMeleeColumns; k++ {
				cells = append(cells, Prob(imAtLeast(p, k)))
			}
		}
		t.Rows = append(t.Rows, Row{Label: imMod(diff), Cells: cells})
	}
	return t, nil
}

// imChartTable lays out a chart's outcomes for each modifier from lo to hi:
// one row per modifier, one column per chart row.
func imChartTable(id, title string, lo, hi int, odds func(m int) (IMChartOdds, error)) (Table, error) {
	t := Table{ID: id, Title: title, Corner: "Modifier"}
	for m := lo; m <= hi; m++ {
		o, err := odds(m)
		if err != nil {
			return Table{}, err
		}
		if m == lo {
			for _, out := range o.Outcomes {
				t.Columns = append(t.Columns, out.Result)
			}
			t.Notes = o.Notes
		}
		var cells []Cell
		for _, out := range o.Outcomes {
			cells = append(cells, Prob(out.P))
		}
		t.Rows = append(t.Rows, Row{Label: imMod(m), Cells: cells})
	}
	return t, nil
}

// IMMoraleTable gives the chances of each morale result for the total
// modifiers lo to hi.
func IMMoraleTable(sys *catalog.System, lo, hi int) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imChartTable("im-morale", "Morale test: DMs taken", lo, hi, func(m int) (IMChartOdds, error) {
		return imChart(sys, r.Morale.Chart, m, nil)
	})
}

// IMRallyTable gives the chances of each rally result for the modifiers lo
// to hi, the natural 20 in a column of its own.
func IMRallyTable(sys *catalog.System, lo, hi int) (Table, error) {
	return imChartTable("im-rally", "Rallying", lo, hi, func(m int) (IMChartOdds, error) {
		o, err := IMRally(sys, m)
		return o.IMChartOdds, err
	})
}

// IMPursuitTable gives the chances of each pursuit result for the
// modifiers lo to hi.
func IMPursuitTable(sys *catalog.System, lo, hi int) (Table, error) {
	return imChartTable("im-pursuit", "Pursuers", lo, hi, func(m int) (IMChartOdds, error) {
		return IMPursuit(sys, m)
	})
}

// imOutcomeTable lists a chart's outcomes with their chances, one row each.
func imOutcomeTable(id, title string, o IMChartOdds) Table {
	t := Table{ID: id, Title: title, Corner: "d20", Columns: []string{"Result", "Chance"}, Notes: o.Notes}
	for _, out := range o.Outcomes {
		t.Rows = append(t.Rows, Row{Label: out.Roll, Cells: []Cell{{Text: out.Result}, Prob(out.P)}})
	}
	return t
}

// IMOfficerRiskTable gives the chance of each Risk To Officers result.
func IMOfficerRiskTable(sys *catalog.System) (Table, error) {
	o, err := IMOfficerRisk(sys)
	if err != nil {
		return Table{}, err
	}
	return imOutcomeTable("im-officer-risk", "Risk to officers", o), nil
}

// IMEscapeTable gives the chance of each share of transported troops
// escaping a destroyed vehicle.
func IMEscapeTable(sys *catalog.System) (Table, error) {
	o, err := IMEscape(sys)
	if err != nil {
		return Table{}, err
	}
	return imOutcomeTable("im-escape", "Transported troops escaping", o), nil
}

// IMOverloadTable gives each Old Ones weapon setting's chance to overload on
// the first shot and on a second shot in the same turn.
func IMOverloadTable(sys *catalog.System) (Table, error) {
	t := Table{ID: "im-overload", Title: "Old Ones weapons: radioactive overload per tray", Corner: "Setting", Columns: []string{"First shot", "Second shot in the turn"}}
	for _, w := range sys.Weapons {
		if w.Kind != "old-ones" {
			continue
		}
		var cells []Cell
		for _, second := range []bool{false, true} {
			p, err := IMOverload(sys, w.Setting, second)
			if err != nil {
				return Table{}, err
			}
			cells = append(cells, Prob(p))
		}
		t.Rows = append(t.Rows, Row{Label: strconv.Itoa(w.Setting), Cells: cells})
	}
	return t, nil
}

// IMVehicleTable gives each example vehicle's chance to go out of action
// when penetrated and to break down on a breakdown test.
func IMVehicleTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	t := Table{ID: "im-vehicles", Title: "Vehicles: damage", Corner: "Vehicle",
		Columns: []string{"Armour", "SDL", "Out of action if penetrated", "BDL", "Breaks down on a test"}}
	for _, v := range r.Vehicles {
		o, err := IMVehicleDamage(sys, v.ID)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: v.Name, Cells: []Cell{
			{Text: v.Armour}, {Text: strconv.Itoa(v.SDL)}, Prob(o.OutOfAction), {Text: strconv.Itoa(v.BDL)}, Prob(o.Breakdown),
		}})
	}
	return t, nil
}
