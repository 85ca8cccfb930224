package rules

// Ready odds tables of Imperial Mars for the reference sheet. Every cell is
// the value of the matching IM… function, so the sheet and the engine
// cannot disagree.

import (
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
	w := wordsOf(sys, "shooting", "always", itoa(r.Shooting.AlwaysHits))
	t := Table{ID: "im-shooting", Title: w.title(), Corner: w.corner(), Columns: w.columns(), Notes: w.notes()}
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
	t.Rows = append(t.Rows, Row{Label: w.word("below", "lowest", itoa(lowest)), Cells: []Cell{
		{Text: strconv.Itoa(r.Shooting.AlwaysHits)}, imNone,
		Prob(below.PerTray[0]), Prob(below.PerTray[1]), Prob(below.PerTray[2]),
	}})
	t.Notes = append(t.Notes, below.Notes...)
	return t, w.err()
}

// IMMGTable gives each MG's chance to jam in the first and the second round
// of shooting of a turn, and the chance to unjam.
func IMMGTable(sys *catalog.System) (Table, error) {
	unjam, err := IMUnjam(sys)
	if err != nil {
		return Table{}, err
	}
	tw := wordsOf(sys, "mg-jam")
	t := Table{ID: "im-mg-jam", Title: tw.title(), Corner: tw.corner(), Columns: tw.columns(), Notes: imNotes(sys, "mg-jam")}
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
	return t, tw.err()
}

// IMArtilleryHitTable gives the chance to hit for each sum of artillery
// factors, from "1 or less" to one past the die ("21 or more").
func IMArtilleryHitTable(sys *catalog.System) (Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	top := d20.Max() + 1
	w := wordsOf(sys, "artillery-hit")
	t := Table{ID: "im-artillery-hit", Title: w.title(), Corner: w.corner(), Columns: w.columns()}
	for sum := 1; sum <= top; sum++ {
		label := strconv.Itoa(sum)
		switch sum {
		case 1:
			label = w.word("or_less", "n", label)
		case top:
			label = w.word("or_more", "n", label)
		}
		p, err := IMArtilleryHit(sys, sum)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: label, Cells: []Cell{Prob(p)}})
	}
	return t, w.err()
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
	w := wordsOf(sys, "artillery-formations", "modifier", imMod(modifier))
	t := Table{ID: "im-artillery-formations", Title: w.title(), Corner: w.corner(), Columns: append(w.columns(), src.Columns[2:]...), Notes: imNotes(sys, src.ID)}
	t.Rows, err = imLadderRows(src, 2, func(k []string) ([]*big.Rat, error) {
		return IMArtilleryVsFormation(sys, k[0], k[1], modifier)
	})
	if err == nil {
		err = w.err()
	}
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
	w := wordsOf(sys, "artillery-objects")
	t := Table{ID: "im-artillery-objects", Title: w.title(), Columns: append(w.columns(), src.Columns[1:]...), Notes: imNotes(sys, src.ID)}
	t.Rows, err = imLadderRows(src, 1, func(k []string) ([]*big.Rat, error) {
		return IMArtilleryVsObject(sys, k[0])
	})
	if err == nil {
		err = w.err()
	}
	return t, err
}

// imPenetrationTable turns a penetration table (two key columns, then one
// column per armour or protection level) into chances.
func imPenetrationTable(sys *catalog.System, tableID, id, words string) (Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	src, err := imTable(sys, tableID)
	if err != nil {
		return Table{}, err
	}
	w := wordsOf(sys, words)
	t := Table{ID: id, Title: w.title(), Corner: w.corner(), Columns: src.Columns[2:], Notes: imNotes(sys, src.ID)}
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
	return t, w.err()
}

// IMArmourTable gives the chance that a hit penetrates each armour level.
func IMArmourTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imPenetrationTable(sys, r.Artillery.ArmourTable, "im-artillery-armour", "artillery-armour")
}

// IMFlyerPenetrationTable gives the chance that a hit penetrates a flyer's
// protection and forces it down.
func IMFlyerPenetrationTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imPenetrationTable(sys, r.Flyers.PenetrationTable, "im-flyer-penetration", "flyer-penetration")
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
	w := wordsOf(sys, "melee")
	t := Table{ID: "im-melee", Title: w.title(), Corner: w.corner()}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, w.word("inflicts", "n", itoa(k)))
	}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, w.word("suffers", "n", itoa(k)))
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
	return t, w.err()
}

// imChartTable lays out a chart's outcomes for each modifier from lo to hi:
// one row per modifier, one column per chart row.
func imChartTable(sys *catalog.System, id, words string, lo, hi int, odds func(m int) (IMChartOdds, error)) (Table, error) {
	w := wordsOf(sys, words)
	t := Table{ID: id, Title: w.title(), Corner: w.corner()}
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
	return t, w.err()
}

// IMMoraleTable gives the chances of each morale result for the total
// modifiers lo to hi.
func IMMoraleTable(sys *catalog.System, lo, hi int) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	return imChartTable(sys, "im-morale", "morale", lo, hi, func(m int) (IMChartOdds, error) {
		return imChart(sys, r.Morale.Chart, m, nil)
	})
}

// IMRallyTable gives the chances of each rally result for the modifiers lo
// to hi, the natural 20 in a column of its own.
func IMRallyTable(sys *catalog.System, lo, hi int) (Table, error) {
	return imChartTable(sys, "im-rally", "rally", lo, hi, func(m int) (IMChartOdds, error) {
		o, err := IMRally(sys, m)
		return o.IMChartOdds, err
	})
}

// IMPursuitTable gives the chances of each pursuit result for the
// modifiers lo to hi.
func IMPursuitTable(sys *catalog.System, lo, hi int) (Table, error) {
	return imChartTable(sys, "im-pursuit", "pursuit", lo, hi, func(m int) (IMChartOdds, error) {
		return IMPursuit(sys, m)
	})
}

// imOutcomeTable lists a chart's outcomes with their chances, one row each.
func imOutcomeTable(sys *catalog.System, id, words string, o IMChartOdds) (Table, error) {
	w := wordsOf(sys, words)
	t := Table{ID: id, Title: w.title(), Corner: w.corner(), Columns: w.columns(), Notes: o.Notes}
	for _, out := range o.Outcomes {
		t.Rows = append(t.Rows, Row{Label: out.Roll, Cells: []Cell{{Text: out.Result}, Prob(out.P)}})
	}
	return t, w.err()
}

// IMOfficerRiskTable gives the chance of each Risk To Officers result.
func IMOfficerRiskTable(sys *catalog.System) (Table, error) {
	o, err := IMOfficerRisk(sys)
	if err != nil {
		return Table{}, err
	}
	return imOutcomeTable(sys, "im-officer-risk", "officer-risk", o)
}

// IMEscapeTable gives the chance of each share of transported troops
// escaping a destroyed vehicle.
func IMEscapeTable(sys *catalog.System) (Table, error) {
	o, err := IMEscape(sys)
	if err != nil {
		return Table{}, err
	}
	return imOutcomeTable(sys, "im-escape", "escape", o)
}

// IMOverloadTable gives each Old Ones weapon setting's chance to overload on
// the first shot and on a second shot in the same turn.
func IMOverloadTable(sys *catalog.System) (Table, error) {
	tw := wordsOf(sys, "overload")
	t := Table{ID: "im-overload", Title: tw.title(), Corner: tw.corner(), Columns: tw.columns()}
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
	return t, tw.err()
}

// IMVehicleTable gives each example vehicle's chance to go out of action
// when penetrated and to break down on a breakdown test.
func IMVehicleTable(sys *catalog.System) (Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Table{}, err
	}
	w := wordsOf(sys, "vehicles")
	t := Table{ID: "im-vehicles", Title: w.title(), Corner: w.corner(), Columns: w.columns()}
	for _, v := range r.Vehicles {
		o, err := IMVehicleDamage(sys, v.ID)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: v.Name, Cells: []Cell{
			{Text: v.Armour}, {Text: strconv.Itoa(v.SDL)}, Prob(o.OutOfAction), {Text: strconv.Itoa(v.BDL)}, Prob(o.Breakdown),
		}})
	}
	return t, w.err()
}
