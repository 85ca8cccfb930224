package imperial

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// imInch prints a length in inches with the inch mark: 5″, 2.5″.
func imInch(l catalog.Length) string {
	return strconv.FormatFloat(math.Round(l.Inches()*100)/100, 'f', -1, 64) + "″"
}

// imCapital is s with its first letter in capitals ("short" → "Short").
func imCapital(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// ShotLookTable gives, for every weapon of the kinds ("small-arms",
// "mg", "old-ones"), each range band's reach, its factor and, for 1 and
// for 2 hits, the d20 score and the chance of exactly that many for one
// tray before tactical factors. MG rows
// add the chance to jam in the first and the second round of a turn.
func ShotLookTable(sys *catalog.System, kinds ...string) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	tw := rules.WordsOf(sys, "look-shooting")
	t := rules.Table{ID: "im-look-" + strings.Join(kinds, "-"), Title: tw.Title(), Corner: tw.Corner(), Blank: tw.Word("blank")}
	var bands []string
	mg := false
	for _, w := range sys.Weapons {
		if !slices.Contains(kinds, w.Kind) || len(w.Bands) == 0 {
			continue
		}
		if bands == nil {
			for _, b := range w.Bands {
				bands = append(bands, b.Name)
				t.Columns = append(t.Columns, imCapital(b.Name), tw.Word("factor"), tw.Word("one_hit"), tw.Word("two_hits"))
			}
		}
		label := w.Name
		if w.Kind == "old-ones" {
			label = tw.Word("setting", "setting", rules.Itoa(w.Setting))
		}
		if w.Trays > 0 {
			label = tw.Word("trays", "weapon", w.Name, "trays", rules.Itoa(w.Trays))
		}
		row := rules.Row{Label: label}
		for i := range bands {
			if i >= len(w.Bands) {
				row.Cells = append(row.Cells, imNone, imNone, imNone, imNone)
				continue
			}
			b := w.Bands[i]
			res, err := Shoot(sys, b.Factor, 1)
			if err != nil {
				return rules.Table{}, fmt.Errorf("%s, %s range: %w", w.Name, b.Name, err)
			}
			none := rules.Cell{Text: tw.Word("none")}
			one, two := scoreChance(r, res, 1, none), scoreChance(r, res, 2, none)
			row.Cells = append(row.Cells, rules.Cell{Text: imInch(b.Range)}, rules.Cell{Text: strconv.Itoa(b.Factor)}, one, two)
		}
		if len(w.Jam) > 0 {
			jams, err := MGJam(sys, w.ID)
			if err != nil {
				return rules.Table{}, err
			}
			var ps []string
			for _, p := range jams {
				ps = append(ps, rules.Prob(p).String())
			}
			row.Cells = append(row.Cells, rules.Cell{Text: strings.Join(ps, " / ")})
			mg = true
		}
		t.Rows = append(t.Rows, row)
	}
	if mg {
		t.Columns = append(t.Columns, tw.Word("jams"))
		for i := range t.Rows {
			for len(t.Rows[i].Cells) < len(t.Columns) {
				t.Rows[i].Cells = append(t.Rows[i].Cells, rules.Impossible) // not an MG
			}
		}
	}
	return t, tw.Err()
}

// scoreChance is the cell of a one-look table for a tray scoring hits (1
// or 2): the d20 score for them and the chance of exactly that many,
// "14: 25%" ("20: 5%" below the table, where only a natural 20 hits),
// or none (the words' "none") where the book's table gives no score (its
// "-"): said in words, as a one-look card has no room for a legend.
func scoreChance(r *Rules, res ShootResult, hits int, none rules.Cell) rules.Cell {
	p := res.PerTray[hits]
	if p.Sign() == 0 {
		return none
	}
	score := r.Shooting.AlwaysHits
	if res.Row != nil {
		score = res.Row.OneHit
		if hits == 2 {
			score = res.Row.TwoHits
		}
	}
	return rules.Cell{Text: strconv.Itoa(score) + ": " + rules.Prob(p).String()}
}

// imChance is a chance cell, "–" for what cannot happen.
func imChance(p *big.Rat) rules.Cell {
	if p.Sign() == 0 {
		return imNone
	}
	return rules.Prob(p)
}

// ShootingLadder is the Small Arms Shooting Table with one row per
// factor, from the first factor below the table (only the natural 20
// hits) to the open row ("10 or more"): each +1 of tactical factors moves
// a tray one row down. It gives the d20 scores and the chances of 1 and of
// 2 hits for one tray.
func ShootingLadder(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	lo, hi, open := 0, 0, false
	first := true
	for _, row := range r.Shooting.Rows {
		for _, f := range row.Factors {
			if first || f < lo {
				lo = f
			}
			if first || f > hi {
				hi = f
			}
			first = false
		}
		if row.Open && len(row.Factors) > 0 {
			open = true
		}
	}
	if first {
		return rules.Table{}, fmt.Errorf("imperial mars: the shooting table has no rows")
	}
	w := rules.WordsOf(sys, "shooting-ladder")
	t := rules.Table{ID: "im-shooting-ladder", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}
	for f := lo - 1; f <= hi; f++ {
		res, err := Shoot(sys, f, 1)
		if err != nil {
			return rules.Table{}, err
		}
		label := strconv.Itoa(f)
		if res.Row == nil {
			label = w.Word("or_less", "n", label)
		}
		if f == hi && open {
			label = w.Word("or_more", "n", label)
		}
		t.Rows = append(t.Rows, rules.Row{Label: label, Cells: ladderCells(r, res)})
		if res.Row == nil {
			// The row below the table follows the readings of a shot
			// there; the scores are read as every score is (both touch
			// "shooting"): the table quotes them, so whatever prints it
			// marks them.
			t.Notes = res.Notes
		}
	}
	return t, w.Err()
}

// ladderCells are a tray's shot on one factor as the ladder prints it:
// the d20 scores for 1 hit and for 2 hits, and the chance of each (below
// the table only the natural 20 hits).
func ladderCells(r *Rules, res ShootResult) []rules.Cell {
	one, two := rules.Cell{Text: strconv.Itoa(r.Shooting.AlwaysHits)}, imNone
	if res.Row != nil {
		one, two = imScoreCell(res.Row.OneHit), imScoreCell(res.Row.TwoHits)
	}
	return []rules.Cell{one, two, imChance(res.PerTray[1]), imChance(res.PerTray[2])}
}

// ScoredShot is a tray's shot on one factor with each chance beside the
// d20 score that gives it ("14: 25%", "19: 10%"), as the reference cards'
// ladder prints it (rules.Table.WithScores).
func ScoredShot(sys *catalog.System, res ShootResult) (one, two string, err error) {
	r, _, err := imRules(sys)
	if err != nil {
		return "", "", err
	}
	// The ladder's one row, its columns named by place (they never
	// print): scores for 1 and 2 hits, then their chances.
	cells := ladderCells(r, res)
	cols := make([]string, len(cells))
	for i := range cols {
		cols[i] = strconv.Itoa(i)
	}
	t := rules.Table{Columns: cols, Rows: []rules.Row{{Cells: cells}}}
	if t, err = t.WithScores(cols[0], cols[2], cols[1], cols[3]); err != nil {
		return "", "", err
	}
	return t.Rows[0].Cells[0].String(), t.Rows[0].Cells[1].String(), nil
}

// ArtilleryLookTable gives each gun, smoothbore and rifled, at each range
// of the artillery factors table: the factor and the chance to hit before
// tactical factors (a d20 equal or above it).
func ArtilleryLookTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	ft, err := imTable(sys, r.Artillery.FactorsTable)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "look-artillery")
	t := rules.Table{ID: "im-look-artillery", Title: w.Title(), Corner: w.Corner()}
	for _, c := range ft.Columns[1:] {
		t.Columns = append(t.Columns, strings.Fields(c)[0])
	}
	kinds := []string{w.Word("smoothbore"), w.Word("rifle")} // each cell: smoothbore/rifle
	for _, row := range ft.Rows {
		if len(row) != len(ft.Columns) {
			return rules.Table{}, fmt.Errorf("imperial mars: table %q: row %q has %d cells, expected %d", ft.ID, row[0], len(row), len(ft.Columns))
		}
		rows := make([]rules.Row, len(kinds))
		for k := range kinds {
			rows[k].Label = w.Word("row", "gun", row[0], "kind", kinds[k])
		}
		for _, c := range row[1:] {
			parts := strings.Split(c, "/")
			if len(parts) != len(kinds) {
				return rules.Table{}, fmt.Errorf("imperial mars: table %q: cell %q is not smoothbore/rifle", ft.ID, c)
			}
			for k, p := range parts {
				n, ok, err := imScore(ft, p)
				if err != nil {
					return rules.Table{}, err
				}
				if !ok {
					rows[k].Cells = append(rows[k].Cells, imNone)
					continue
				}
				hit, err := ArtilleryHit(sys, n)
				if err != nil {
					return rules.Table{}, err
				}
				rows[k].Cells = append(rows[k].Cells, rules.Cell{Text: strconv.Itoa(n) + ": " + rules.Prob(hit).String()})
			}
		}
		t.Rows = append(t.Rows, rows...)
	}
	return t, w.Err()
}

// ShotExample works one small-arms shot through the tables, each number
// a player reads on the way: the weapon's band at the distance, its
// factor, each tactical factor (read from the data's table of them by its
// printed name), the total, the Small Arms row and the chances. With the
// trays of a unit and a target, it goes on: the unit's hits, the
// casualties they are, and the target's morale test when its losses
// bring one on, each result with the d20 that gives it.
func ShotExample(sys *catalog.System, ex Example) (rules.Table, error) {
	w := sys.Weapon(ex.Weapon)
	if w == nil || len(w.Bands) == 0 {
		return rules.Table{}, fmt.Errorf("imperial mars: %q is not a weapon with range bands", ex.Weapon)
	}
	inches := ex.Distance.Inches()
	var band *catalog.Band
	for i := range w.Bands {
		if inches <= w.Bands[i].Range.Inches()+1e-9 {
			band = &w.Bands[i]
			break
		}
	}
	dist := imInch(ex.Distance)
	if band == nil {
		return rules.Table{}, fmt.Errorf("imperial mars: %s is out of range of the %s", dist, w.Name)
	}
	tw := rules.WordsOf(sys, "shot-example", "weapon", w.Name, "distance", dist, "band", band.Name, "range", imInch(band.Range))
	t := rules.Table{ID: "im-example", Title: tw.Title(), Corner: tw.Corner(), Columns: tw.Columns()}
	step := func(label, text string) {
		t.Rows = append(t.Rows, rules.Row{Label: label, Cells: []rules.Cell{{Text: text}}})
	}
	step(tw.Word("weapon_step"), tw.Word("weapon"))
	step(tw.Word("band_step"), tw.Word("band"))
	step(tw.Word("factor_step"), strconv.Itoa(band.Factor))
	total := band.Factor
	for _, name := range ex.Factors {
		m, err := imTacticalFactor(sys, "small-arms-tactical-factors", name)
		if err != nil {
			return rules.Table{}, err
		}
		total += m
		step(name, imMod(m))
	}
	step(tw.Word("total_step"), strconv.Itoa(total))
	res, err := Shoot(sys, total, max(ex.Trays, 1))
	if err != nil {
		return rules.Table{}, err
	}
	r, d20, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	if res.Row == nil {
		step(tw.Word("table_step"), tw.Word("below", "always", rules.Itoa(r.Shooting.AlwaysHits)))
	} else {
		s := tw.Word("one_on", "score", rules.Itoa(res.Row.OneHit))
		if res.Row.TwoHits > 0 {
			s += tw.Word("two_on", "score", rules.Itoa(res.Row.TwoHits))
		}
		step(tw.Word("table_step"), s)
	}
	chance := tw.Word("one_chance", "chance", rules.Prob(res.PerTray[1]).String())
	if res.PerTray[2].Sign() > 0 {
		chance += tw.Word("two_chance", "chance", rules.Prob(res.PerTray[2]).String())
	}
	step(tw.Word("chance_step"), chance+tw.Word("no_chance", "chance", rules.Prob(res.PerTray[0]).String()))
	if ex.Trays == 0 {
		return t, tw.Err()
	}

	// The unit's volley: its hits, shown until what is left is under a
	// sixth, then "k or more".
	var hits []string
	rest := big.NewRat(1, 1)
	for k := 0; k <= res.Hits.Max(); k++ {
		if rest.Cmp(big.NewRat(1, 6)) < 0 && k > 0 {
			hits = append(hits, tw.Word("hits_more", "n", rules.Itoa(k), "chance", rules.Prob(rest).String()))
			break
		}
		p := res.Hits.Prob(k)
		hits = append(hits, tw.Word(rules.Plural(k, "hits_one", "hits_n"), "n", rules.Itoa(k), "chance", rules.Prob(p).String()))
		rest.Sub(rest, p)
	}
	step(tw.Word("volley_step"), tw.Word("volley", "trays", rules.Itoa(ex.Trays), "hits", strings.Join(hits, tw.Word("sep"))))
	mean := new(big.Rat).Mul(big.NewRat(int64(ex.Trays), 1), new(big.Rat).Add(res.PerTray[1], new(big.Rat).Mul(big.NewRat(2, 1), res.PerTray[2])))
	step(tw.Word("casualties_step"), tw.Word("casualties", "mean", printMean(mean)))
	if ex.Target == "" || ex.Figures <= 0 || ex.Lost <= 0 {
		return t, tw.Err()
	}

	// The target's morale test, with the modifiers its losses bring.
	mods, err := imTable(sys, r.Morale.Modifiers.Table)
	if err != nil {
		return rules.Table{}, err
	}
	col := slices.IndexFunc(mods.Columns, func(c string) bool { return strings.EqualFold(strings.TrimSpace(c), ex.Target) })
	if col < 1 {
		return rules.Table{}, fmt.Errorf("imperial mars: the example's target %q is not a column of table %q; expected one of %s", ex.Target, mods.ID, strings.Join(mods.Columns[1:], ", "))
	}
	modifier := 0
	var why []string
	for _, name := range ex.MoraleFactors {
		i := slices.IndexFunc(mods.Rows, func(row []string) bool { return len(row) > col && strings.EqualFold(strings.TrimSpace(row[0]), name) })
		if i < 0 {
			return rules.Table{}, fmt.Errorf("imperial mars: table %q has no modifier %q", mods.ID, name)
		}
		m, err := strconv.Atoi(strings.Replace(strings.TrimSpace(mods.Rows[i][col]), "+", "", 1))
		if err != nil {
			return rules.Table{}, fmt.Errorf("imperial mars: table %q: %q has no number for %s", mods.ID, name, ex.Target)
		}
		modifier += m
		why = append(why, tw.Word("factor", "factor", strings.TrimSpace(mods.Rows[i][0]), "modifier", imMod(m)))
	}
	ch := sys.Chart(r.Morale.Chart)
	if ch == nil {
		return rules.Table{}, fmt.Errorf("imperial mars: no chart %q in the data", r.Morale.Chart)
	}
	var results []string
	for _, row := range ch.Rows {
		// The faces whose total falls in the row: a run, the rows being
		// ranges (looked at face by face: an open end is math.MaxInt).
		lo, hi := 0, 0
		for _, f := range d20.Outcomes() {
			if row.Roll.Contains(f + modifier) {
				if lo == 0 {
					lo = f
				}
				hi = f
			}
		}
		if lo == 0 {
			continue
		}
		p := d20.ProbIf(func(face int) bool { return face >= lo && face <= hi })
		results = append(results, tw.Word("result", "result", row.Result, "roll", faces(tw, lo, hi, d20.Max()), "chance", rules.Prob(p).String()))
	}
	step(tw.Word("morale_step"), tw.Word("morale", "lost", rules.Itoa(ex.Lost), "figures", rules.Itoa(ex.Figures),
		"share", rules.Prob(big.NewRat(int64(ex.Lost), int64(ex.Figures))).String(), "target", ex.Target,
		"modifier", imMod(modifier), "why", strings.Join(why, tw.Word("sep")), "results", strings.Join(results, tw.Word("sep"))))
	return t, tw.Err()
}

// faces prints the faces lo to hi of a die: "12+" to its top, "1–2", "7".
func faces(tw *rules.Words, lo, hi, top int) string {
	switch {
	case lo == hi:
		return rules.Itoa(lo)
	case hi == top:
		return tw.Word("or_more", "n", rules.Itoa(lo))
	}
	return tw.Word("range", "lo", rules.Itoa(lo), "hi", rules.Itoa(hi))
}

// printMean prints an average to one decimal, a whole number without.
func printMean(m *big.Rat) string {
	if m.IsInt() {
		return m.Num().String()
	}
	return m.FloatString(1)
}

// imTacticalFactor reads a tactical factor by its printed name from a
// table of name and modifier column pairs.
func imTacticalFactor(sys *catalog.System, tableID, name string) (int, error) {
	t, err := imTable(sys, tableID)
	if err != nil {
		return 0, err
	}
	var names []string
	for _, row := range t.Rows {
		for i := 0; i+1 < len(row); i += 2 {
			n := strings.TrimSpace(row[i])
			if n == "" {
				continue
			}
			names = append(names, n)
			if strings.EqualFold(n, strings.TrimSpace(name)) {
				v, err := strconv.Atoi(strings.Replace(strings.TrimSpace(row[i+1]), "+", "", 1))
				if err != nil {
					return 0, fmt.Errorf("imperial mars: table %q: %q has no number (%q)", t.ID, n, row[i+1])
				}
				return v, nil
			}
		}
	}
	slices.Sort(names)
	return 0, fmt.Errorf("imperial mars: table %q has no factor %q; expected one of %s", t.ID, name, strings.Join(names, ", "))
}

// ShotExampleFromData is the worked example the reference prints: the
// data's [imperial.example]; without one, the first small-arms weapon of
// the data at the reach of its middle band, against a target with the
// first tactical factor of the table, to the chance of a hit.
func ShotExampleFromData(sys *catalog.System) (rules.Table, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	if r.Example.Weapon != "" {
		return ShotExample(sys, r.Example)
	}
	t, err := imTable(sys, "small-arms-tactical-factors")
	if err != nil {
		return rules.Table{}, err
	}
	if len(t.Rows) == 0 || len(t.Rows[0]) == 0 {
		return rules.Table{}, fmt.Errorf("imperial mars: table %q has no rows", t.ID)
	}
	for _, w := range sys.Weapons {
		if w.Kind != "small-arms" || len(w.Bands) == 0 {
			continue
		}
		b := w.Bands[len(w.Bands)/2]
		return ShotExample(sys, Example{Weapon: w.ID, Distance: b.Range, Factors: []string{t.Rows[0][0]}})
	}
	return rules.Table{}, fmt.Errorf("imperial mars: the data has no small-arms weapon")
}
