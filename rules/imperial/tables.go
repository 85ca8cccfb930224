package imperial

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/rules"
)

// imMod prints a modifier as a sheet shows it: "+3", "0", "-2".
func imMod(m int) string {
	if m > 0 {
		return "+" + strconv.Itoa(m)
	}
	return strconv.Itoa(m)
}

// imNone is the cell for a result that cannot be had.
var imNone = rules.Cell{Text: "–"}

// imScoreCell prints a score, or "–" for none.
func imScoreCell(n int) rules.Cell {
	if n == 0 {
		return imNone
	}
	return rules.Cell{Text: strconv.Itoa(n)}
}

// ShootingTable is the Small Arms Shooting Table with each row's chances
// of 0, 1 and 2 hits per tray, and a row for factors below the table.
func ShootingTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "shooting", "always", rules.Itoa(r.Shooting.AlwaysHits))
	t := rules.Table{ID: "im-shooting", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes()}
	lowest := 0
	for i, row := range r.Shooting.Rows {
		if len(row.Factors) == 0 {
			continue
		}
		if low := slices.Min(row.Factors); i == 0 || low < lowest {
			lowest = low
		}
		res, err := Shoot(sys, row.Factors[0], 1)
		if err != nil {
			return rules.Table{}, err
		}
		labels := make([]string, len(row.Factors))
		for j, f := range row.Factors {
			labels[j] = strconv.Itoa(f)
		}
		label := strings.Join(labels, ", ")
		if row.Open {
			label += "+"
		}
		t.Rows = append(t.Rows, rules.Row{Label: label, Cells: []rules.Cell{
			imScoreCell(row.OneHit), imScoreCell(row.TwoHits),
			rules.Prob(res.PerTray[0]), rules.Prob(res.PerTray[1]), rules.Prob(res.PerTray[2]),
		}})
	}
	below, err := Shoot(sys, lowest-1, 1)
	if err != nil {
		return rules.Table{}, err
	}
	t.Rows = append(t.Rows, rules.Row{Label: w.Word("below", "lowest", rules.Itoa(lowest)), Cells: []rules.Cell{
		{Text: strconv.Itoa(r.Shooting.AlwaysHits)}, imNone,
		rules.Prob(below.PerTray[0]), rules.Prob(below.PerTray[1]), rules.Prob(below.PerTray[2]),
	}})
	t.Notes = append(t.Notes, below.Notes...)
	return t, w.Err()
}

// MGTable gives each MG's chance to jam in the first and the second round
// of shooting of a turn, and the chance to unjam.
func MGTable(sys *catalog.System) (rules.Table, error) {
	unjam, err := Unjam(sys)
	if err != nil {
		return rules.Table{}, err
	}
	tw := rules.WordsOf(sys, "mg-jam")
	t := rules.Table{ID: "im-mg-jam", Title: tw.Title(), Corner: tw.Corner(), Columns: tw.Columns(), Notes: imNotes(sys, "mg-jam")}
	for _, w := range sys.Weapons {
		if w.Kind != "mg" {
			continue
		}
		jam, err := MGJam(sys, w.ID)
		if err != nil {
			return rules.Table{}, err
		}
		nums := make([]string, len(w.Jam))
		for i, j := range w.Jam {
			nums[i] = strconv.Itoa(j)
		}
		cells := []rules.Cell{{Text: strconv.Itoa(w.Trays)}, {Text: strings.Join(nums, "/")}}
		for i := range 2 {
			if i < len(jam) {
				cells = append(cells, rules.Prob(jam[i]))
			} else {
				cells = append(cells, imNone)
			}
		}
		cells = append(cells, rules.Prob(unjam))
		t.Rows = append(t.Rows, rules.Row{Label: w.Name, Cells: cells})
	}
	return t, tw.Err()
}

// ArtilleryHitTable gives the chance to hit for each sum of artillery
// factors, from "1 or less" to one past the die ("21 or more").
func ArtilleryHitTable(sys *catalog.System) (rules.Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	top := d20.Max() + 1
	w := rules.WordsOf(sys, "artillery-hit")
	t := rules.Table{ID: "im-artillery-hit", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}
	for sum := 1; sum <= top; sum++ {
		label := strconv.Itoa(sum)
		switch sum {
		case 1:
			label = w.Word("or_less", "n", label)
		case top:
			label = w.Word("or_more", "n", label)
		}
		p, err := ArtilleryHit(sys, sum)
		if err != nil {
			return rules.Table{}, err
		}
		t.Rows = append(t.Rows, rules.Row{Label: label, Cells: []rules.Cell{rules.Prob(p)}})
	}
	return t, w.Err()
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

// imLadderCells turns ladder chances into cells: "–" for the rungs the row
// prints "-" (the book's none), blank (rules.Impossible) for a score the
// die cannot reach ("22" with no modifier).
func imLadderCells(t *catalog.Table, key []string, p []*big.Rat) ([]rules.Cell, error) {
	cells, err := imRow(t, key...)
	if err != nil {
		return nil, err
	}
	out := []rules.Cell{rules.Prob(p[0])}
	for i, c := range cells {
		switch _, ok, _ := imScore(t, c); {
		case !ok:
			out = append(out, imNone)
		case p[i+1].Sign() == 0:
			out = append(out, rules.Impossible)
		default:
			out = append(out, rules.Prob(p[i+1]))
		}
	}
	return out, nil
}

// FormationTable gives, for a hit on a formation, the chances of 0 to 3
// casualties for each gun row, with the target modifier (0, close order +2,
// extended −2, cover −2/−4) added to the d20.
func FormationTable(sys *catalog.System, modifier int) (rules.Table, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	src, err := imTable(sys, r.Artillery.FormationsTable)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "artillery-formations", "modifier", imMod(modifier), "die", rules.Itoa(d20.Max()))
	t := rules.Table{ID: "im-artillery-formations", Title: w.Title(), Corner: w.Corner(), Columns: append(w.Columns(), src.Columns[2:]...), Notes: imNotes(sys, src.ID), Blank: w.Word("blank"), Alone: w.Word("alone")}
	t.Rows, err = imLadderRows(src, 2, func(k []string) ([]*big.Rat, error) {
		return ArtilleryVsFormation(sys, k[0], k[1], modifier)
	})
	if err == nil {
		err = w.Err()
	}
	return t, err
}

// imLadderRows makes one row per row of an effect table (keyed by its
// first keyCols cells), with the chances odds gives for that key.
func imLadderRows(src *catalog.Table, keyCols int, odds func(key []string) ([]*big.Rat, error)) ([]rules.Row, error) {
	var rows []rules.Row
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
		rows = append(rows, rules.Row{Label: labels[i], Cells: cells})
	}
	return rows, nil
}

// ObjectTable gives, for a hit on an object, the chances of no effect,
// 1 hit, 2 hits and destroyed for shot and shell.
func ObjectTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	src, err := imTable(sys, r.Artillery.ObjectsTable)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "artillery-objects")
	t := rules.Table{ID: "im-artillery-objects", Title: w.Title(), Columns: append(w.Columns(), src.Columns[1:]...), Notes: imNotes(sys, src.ID)}
	t.Rows, err = imLadderRows(src, 1, func(k []string) ([]*big.Rat, error) {
		return ArtilleryVsObject(sys, k[0])
	})
	if err == nil {
		err = w.Err()
	}
	return t, err
}

// imPenetrationTable turns a penetration table (two key columns, then one
// column per armour or protection level) into chances.
func imPenetrationTable(sys *catalog.System, tableID, id, words string) (rules.Table, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	src, err := imTable(sys, tableID)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, words)
	t := rules.Table{ID: id, Title: w.Title(), Corner: w.Corner(), Columns: src.Columns[2:], Notes: imNotes(sys, src.ID)}
	keys, labels := imRowLabels(src, 2)
	for i, k := range keys {
		var cells []rules.Cell
		for _, col := range t.Columns {
			p, ok, err := imPenetrate(src, d20, col, k...)
			if err != nil {
				return rules.Table{}, err
			}
			if !ok {
				cells = append(cells, imNone)
				continue
			}
			cells = append(cells, rules.Prob(p))
		}
		t.Rows = append(t.Rows, rules.Row{Label: labels[i], Cells: cells})
	}
	return t, w.Err()
}

// ArmourTable gives the chance that a hit penetrates each armour level.
func ArmourTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imPenetrationTable(sys, r.Artillery.ArmourTable, "im-artillery-armour", "artillery-armour")
}

// FlyerPenetrationTable gives the chance that a hit penetrates a flyer's
// protection and forces it down.
func FlyerPenetrationTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imPenetrationTable(sys, r.Flyers.PenetrationTable, "im-flyer-penetration", "flyer-penetration")
}

// imMeleeColumns is how many casualties the melee table shows chances of
// ("1+", "2+", "3+") for each side.
const imMeleeColumns = 3

// MeleeTable gives, for each difference of melee factors from lo to hi
// (your tray's factors minus the opponent's), the chances of inflicting
// and of suffering at least 1, 2 and 3 casualties; rows at the ends that
// change nothing more are one ("+34 or more").
func MeleeTable(sys *catalog.System, lo, hi int) (rules.Table, error) {
	w := rules.WordsOf(sys, "melee")
	t := rules.Table{ID: "im-melee", Title: w.Title(), Corner: w.Corner()}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, w.Word("inflicts", "n", rules.Itoa(k)))
	}
	for k := 1; k <= imMeleeColumns; k++ {
		t.Columns = append(t.Columns, w.Word("suffers", "n", rules.Itoa(k)))
	}
	r, d20, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	if r.Melee.CasualtyPer < 1 {
		return rules.Table{}, errNoCasualtyPer
	}
	margin := dice.Sub(d20, d20)
	for diff := lo; diff <= hi; diff++ {
		if err := rules.CheckScore("melee difference", diff); err != nil {
			return rules.Table{}, err
		}
		in, su := meleeCasualties(margin, diff, r.Melee.CasualtyPer)
		cells := make([]rules.Cell, 0, 2*imMeleeColumns)
		for _, d := range []dice.Dist{in, su} {
			for k := 1; k <= imMeleeColumns; k++ {
				cells = append(cells, rules.Prob(d.AtLeast(k)))
			}
		}
		t.Rows = append(t.Rows, rules.Row{Label: imMod(diff), Cells: cells})
	}
	openEnds(&t, w)
	return t, w.Err()
}

// imChartTable lays out a chart's outcomes for each modifier from lo to hi:
// one row per modifier, one column per chart row; rows at the ends that
// change nothing more are one ("+9 or more"). At and below steady (see
// imSteady) the chances are steady's: they are worked out once and copied
// to the rows below, which openEnds then folds as it would have folded
// them worked out (the morale table's modifiers reach a hundred below
// the chart's last change).
func imChartTable(sys *catalog.System, id, words string, lo, hi, steady int, odds func(m int) (ChartOdds, error)) (rules.Table, error) {
	w := rules.WordsOf(sys, words)
	t := rules.Table{ID: id, Title: w.Title(), Corner: w.Corner(), Rows: make([]rules.Row, max(hi-lo+1, 0))}
	first := lo
	if steady > lo && hi >= lo {
		first = min(steady, hi)
	}
	for m := first; m <= hi; m++ {
		o, err := odds(m)
		if err != nil {
			return rules.Table{}, err
		}
		if m == first { // the chart's rows, the same at every modifier
			for _, out := range o.Outcomes {
				t.Columns = append(t.Columns, out.Result)
			}
			t.Notes = o.Notes
		}
		cells := make([]rules.Cell, 0, len(o.Outcomes))
		for _, out := range o.Outcomes {
			cells = append(cells, rules.Prob(out.P))
		}
		t.Rows[m-lo] = rules.Row{Label: imMod(m), Cells: cells}
	}
	for m := lo; m < first; m++ {
		t.Rows[m-lo] = rules.Row{Label: imMod(m), Cells: slices.Clone(t.Rows[first-lo].Cells)}
	}
	openEnds(&t, w)
	return t, w.Err()
}

// imSteady returns a modifier at and below which every face of a d-faced
// die lands in the chart's open bottom row ("−5 or less"), so that a
// roll's chances at any modifier below it are those at it; math.MinInt
// for a chart without such a row. (No other row holds those totals: the
// catalogue refuses rows that overlap.)
func imSteady(sys *catalog.System, chart string, d int) int {
	if ch := sys.Chart(chart); ch != nil {
		for _, row := range ch.Rows {
			if r := row.Roll; r.Min == math.MinInt && r.Max != math.MaxInt {
				// ChartModifier, which clamps, leaves m as it is and
				// every lower modifier at or below it.
				if m := r.Max - d; rules.ChartModifier(m) == m {
					return m
				}
			}
		}
	}
	return math.MinInt
}

// MoraleTable gives the chances of each morale result for the total
// modifiers lo to hi.
func MoraleTable(sys *catalog.System, lo, hi int) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imChartTable(sys, "im-morale", "morale", lo, hi, imSteady(sys, r.Morale.Chart, sys.About.Die), func(m int) (ChartOdds, error) {
		return imChart(sys, r.Morale.Chart, m, nil)
	})
}

// RallyTable gives the chances of each rally result for the modifiers lo
// to hi, the natural 20 in a column of its own.
func RallyTable(sys *catalog.System, lo, hi int) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imChartTable(sys, "im-rally", "rally", lo, hi, imSteady(sys, r.Rally.Chart, sys.About.Die), func(m int) (ChartOdds, error) {
		o, err := Rally(sys, m)
		return o.ChartOdds, err
	})
}

// PursuitTable gives the chances of each pursuit result for the
// modifiers lo to hi.
func PursuitTable(sys *catalog.System, lo, hi int) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imChartTable(sys, "im-pursuit", "pursuit", lo, hi, imSteady(sys, r.Pursuit.Chart, sys.About.Die), func(m int) (ChartOdds, error) {
		return Pursuit(sys, m)
	})
}

// imOutcomeTable lists a chart's outcomes with their chances, one row each.
func imOutcomeTable(sys *catalog.System, id, words string, o ChartOdds) (rules.Table, error) {
	w := rules.WordsOf(sys, words)
	t := rules.Table{ID: id, Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: o.Notes}
	for _, out := range o.Outcomes {
		t.Rows = append(t.Rows, rules.Row{Label: out.Roll, Cells: []rules.Cell{{Text: out.Result}, rules.Prob(out.P)}})
	}
	return t, w.Err()
}

// OfficerRiskTable gives the chance of each Risk To Officers result.
func OfficerRiskTable(sys *catalog.System) (rules.Table, error) {
	o, err := OfficerRisk(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imOutcomeTable(sys, "im-officer-risk", "officer-risk", o)
}

// EscapeTable gives the chance of each share of transported troops
// escaping a destroyed vehicle.
func EscapeTable(sys *catalog.System) (rules.Table, error) {
	o, err := Escape(sys)
	if err != nil {
		return rules.Table{}, err
	}
	return imOutcomeTable(sys, "im-escape", "escape", o)
}

// OverloadTable gives each Old Ones weapon setting's chance to overload on
// the first shot and on a second shot in the same turn.
func OverloadTable(sys *catalog.System) (rules.Table, error) {
	tw := rules.WordsOf(sys, "overload")
	t := rules.Table{ID: "im-overload", Title: tw.Title(), Corner: tw.Corner(), Columns: tw.Columns()}
	for _, w := range sys.Weapons {
		if w.Kind != "old-ones" {
			continue
		}
		var cells []rules.Cell
		for _, second := range []bool{false, true} {
			p, err := Overload(sys, w.Setting, second)
			if err != nil {
				return rules.Table{}, err
			}
			cells = append(cells, rules.Prob(p))
		}
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(w.Setting), Cells: cells})
	}
	return t, tw.Err()
}

// VehicleTable gives each example vehicle's chance to go out of action
// when penetrated and to break down on a breakdown test.
func VehicleTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "vehicles")
	t := rules.Table{ID: "im-vehicles", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}
	for _, v := range r.Vehicles {
		o, err := VehicleDamage(sys, v.ID)
		if err != nil {
			return rules.Table{}, err
		}
		t.Rows = append(t.Rows, rules.Row{Label: v.Name, Cells: []rules.Cell{
			{Text: v.Armour}, {Text: strconv.Itoa(v.SDL)}, rules.Prob(o.OutOfAction), {Text: strconv.Itoa(v.BDL)}, rules.Prob(o.Breakdown),
		}})
	}
	return t, w.Err()
}
