package imperial

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/rules"
)

// imRules returns the system's [imperial] block and its die.
func imRules(sys *catalog.System) (*Rules, dice.Dist, error) {
	if sys == nil || RulesOf(sys) == nil {
		return nil, dice.Dist{}, fmt.Errorf("imperial mars: the data has no [imperial] block")
	}
	if sys.About.Die < 1 {
		return nil, dice.Dist{}, fmt.Errorf("%s: [about] has no die", sys.ID)
	}
	return RulesOf(sys), dice.Die(sys.About.Die), nil
}

// imProbs lists P(0), P(1) … P(max) of a distribution over 0..max.
func imProbs(d dice.Dist) []*big.Rat {
	out := make([]*big.Rat, d.Max()+1)
	for i := range out {
		out[i] = d.Prob(i)
	}
	return out
}

// imNotes collects the texts of the source notes touching any topic.
func imNotes(sys *catalog.System, topics ...string) []string {
	var out []string
	for _, n := range sys.NotesTouching(topics...) {
		out = append(out, n.Text)
	}
	return out
}

// ---- Small arms --------------------------------------------------------

// ShootResult is the odds of one shooting action: each tray throws a d20
// against the Small Arms Shooting Table row of the factor.
type ShootResult struct {
	Factor  int
	Row     *ShootRow  // the table row used; nil below the table
	PerTray []*big.Rat // P(0), P(1), P(2) hits for one tray
	Hits    dice.Dist  // total hits of all the trays
	Notes   []string
}

// imShootRow finds the shooting table row for a factor: the row printing
// it, the open row ("10+") for anything at or above its factors, or nil
// below the lowest printed factor.
func imShootRow(r *Rules, factor int) (*ShootRow, error) {
	rows := r.Shooting.Rows
	lowest, printed := 0, false
	for i := range rows {
		for _, f := range rows[i].Factors {
			if f == factor {
				return &rows[i], nil
			}
			if !printed || f < lowest {
				lowest, printed = f, true
			}
		}
	}
	for i := range rows {
		if rows[i].Open && len(rows[i].Factors) > 0 && factor >= slices.Min(rows[i].Factors) {
			return &rows[i], nil
		}
	}
	if printed && factor < lowest {
		return nil, nil
	}
	return nil, fmt.Errorf("imperial mars: the shooting table has no row for factor %d", factor)
}

// imTrayHits is the number of hits one tray's d20 roll scores on a row: the
// two-hit score or better is 2 hits, the one-hit score or better 1 hit, and
// a natural roll of always_hits (20) is at least 1 hit, even below the table.
func imTrayHits(r *Rules, row *ShootRow, roll int) int {
	hits := 0
	if row != nil {
		if row.OneHit > 0 && roll >= row.OneHit {
			hits = 1
		}
		if row.TwoHits > 0 && roll >= row.TwoHits {
			hits = 2
		}
	}
	if hits == 0 && r.Shooting.AlwaysHits > 0 && roll >= r.Shooting.AlwaysHits {
		hits = 1
	}
	return hits
}

// Shoot gives the hits of trays trays shooting with a total factor
// (weapon and tactical): per tray and in total. MGs shoot as their weapon's
// Trays. Below the lowest printed factor only the natural 20 hits (see the
// returned Notes).
func Shoot(sys *catalog.System, factor, trays int) (ShootResult, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return ShootResult{}, err
	}
	if err := rules.CheckDice("trays", trays); err != nil {
		return ShootResult{}, err
	}
	if err := rules.CheckScore("factor", factor); err != nil {
		return ShootResult{}, err
	}
	row, err := imShootRow(r, factor)
	if err != nil {
		return ShootResult{}, err
	}
	tray := dice.Map(d20, func(roll int) int { return imTrayHits(r, row, roll) })
	res := ShootResult{Factor: factor, Row: row, Hits: dice.Repeat(tray, trays)}
	for h := 0; h <= 2; h++ {
		res.PerTray = append(res.PerTray, tray.Prob(h))
	}
	if row == nil {
		res.Notes = imNotes(sys, "shooting")
	}
	return res, nil
}

// ---- Machine guns --------------------------------------------------------

// MGJam gives an MG's chance to jam for each of its jam numbers (d20 at
// or below it): the first round of shooting in a turn, then the second.
func MGJam(sys *catalog.System, weaponID string) ([]*big.Rat, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	w := sys.Weapon(weaponID)
	if w == nil || len(w.Jam) == 0 {
		return nil, fmt.Errorf("imperial mars: %q is not a weapon with jam numbers", weaponID)
	}
	var out []*big.Rat
	for _, j := range w.Jam {
		out = append(out, d20.AtMost(j))
	}
	return out, nil
}

// Unjam is the chance to clear a jammed MG at the end of the turn (d20 at
// or above the unjam score).
func Unjam(sys *catalog.System) (*big.Rat, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	if r.UnjamScore == 0 {
		return nil, fmt.Errorf("imperial mars: [imperial] has no unjam_score")
	}
	return d20.AtLeast(r.UnjamScore), nil
}

// ---- Artillery -----------------------------------------------------------

// ArtilleryHit is the chance that a gun hits: a d20 equal to or above the
// sum of its weapon and tactical factors. A sum of 1 or less always hits;
// above 20 never. Fire launchers hit the same way with the distance in
// inches as the sum.
func ArtilleryHit(sys *catalog.System, sum int) (*big.Rat, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	return d20.AtLeast(sum), nil
}

// imTable returns a table the engine reads, by id.
func imTable(sys *catalog.System, id string) (*catalog.Table, error) {
	t := sys.Table(id)
	if t == nil {
		return nil, fmt.Errorf("imperial mars: no table %q in the data", id)
	}
	return t, nil
}

// imRow finds the row of an effect table whose key cells match keys (case
// does not matter): the first key column is the ammunition, a blank cell
// repeating the one above; a later key cell that is blank or "All" matches
// any key. It returns the row's value cells.
func imRow(t *catalog.Table, keys ...string) ([]string, error) {
	group := ""
	for _, row := range t.Rows {
		if len(row) < len(keys) {
			continue
		}
		if c := strings.TrimSpace(row[0]); c != "" {
			group = c
		}
		if !strings.EqualFold(group, strings.TrimSpace(keys[0])) {
			continue
		}
		match := true
		for i := 1; i < len(keys); i++ {
			c := strings.TrimSpace(row[i])
			if c != "" && !strings.EqualFold(c, "All") && !strings.EqualFold(c, strings.TrimSpace(keys[i])) {
				match = false
			}
		}
		if match {
			return row[len(keys):], nil
		}
	}
	return nil, fmt.Errorf("imperial mars: table %q has no row for %q", t.ID, strings.Join(keys, " "))
}

// imColumn finds a value column (after nkeys key columns) by its header.
func imColumn(t *catalog.Table, nkeys int, name string) (int, error) {
	for i := nkeys; i < len(t.Columns); i++ {
		if strings.EqualFold(strings.TrimSpace(t.Columns[i]), strings.TrimSpace(name)) {
			return i - nkeys, nil
		}
	}
	return 0, fmt.Errorf("imperial mars: table %q has no column %q; expected one of %s", t.ID, name, strings.Join(t.Columns[nkeys:], ", "))
}

// imScore reads a score cell; ok is false for "-", a result that cannot be
// had.
func imScore(t *catalog.Table, cell string) (score int, ok bool, err error) {
	c := strings.TrimSpace(cell)
	if c == "-" || c == "–" || c == "" {
		return 0, false, nil
	}
	n, err := strconv.Atoi(c)
	if err != nil {
		return 0, false, fmt.Errorf("imperial mars: table %q: cell %q is not a score", t.ID, cell)
	}
	return n, true, nil
}

// imLadder rolls the die plus a modifier against a row of rising scores
// (1 hit, 2 hits, 3 hits …): entry 0 is the chance of beating none, entry i
// of the i-th score being the highest one equalled or beaten. Scores
// printed "-" cannot be had.
func imLadder(t *catalog.Table, die dice.Dist, modifier int, cells []string) ([]*big.Rat, error) {
	type score struct {
		n  int
		ok bool
	}
	scores := make([]score, len(cells))
	for i, c := range cells {
		n, ok, err := imScore(t, c)
		if err != nil {
			return nil, err
		}
		scores[i] = score{n, ok}
	}
	rung := dice.Map(die, func(roll int) int {
		best := 0
		for i, s := range scores {
			if s.ok && roll+modifier >= s.n {
				best = i + 1
			}
		}
		return best
	})
	out := make([]*big.Rat, len(cells)+1)
	for i := range out {
		out[i] = rung.Prob(i)
	}
	return out, nil
}

// ArtilleryVsFormation gives, for a hit on a formation, the chances of
// 0, 1, 2 and 3 casualties: a d20 plus the target modifier (close order +2,
// extended −2, cover) against the row of the ammunition ("Canister",
// "Shot", "Shell") and gun type ("Light", "Medium", "Heavy").
func ArtilleryVsFormation(sys *catalog.System, ammo, gun string, modifier int) ([]*big.Rat, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	t, err := imTable(sys, r.Artillery.FormationsTable)
	if err != nil {
		return nil, err
	}
	cells, err := imRow(t, ammo, gun)
	if err != nil {
		return nil, err
	}
	return imLadder(t, d20, modifier, cells)
}

// ArtilleryVsObject gives, for a hit on an object (unlimbered artillery,
// deployed MGs, special weapons), the chances of no effect, 1 hit, 2 hits
// and destroyed, from an unmodified d20.
func ArtilleryVsObject(sys *catalog.System, ammo string) ([]*big.Rat, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	t, err := imTable(sys, r.Artillery.ObjectsTable)
	if err != nil {
		return nil, err
	}
	cells, err := imRow(t, ammo)
	if err != nil {
		return nil, err
	}
	return imLadder(t, d20, 0, cells)
}

// imPenetrate reads a penetration score and gives P(d20 >= score); possible
// is false where the table prints "-".
func imPenetrate(t *catalog.Table, d20 dice.Dist, column string, keys ...string) (p *big.Rat, possible bool, err error) {
	cells, err := imRow(t, keys...)
	if err != nil {
		return nil, false, err
	}
	col, err := imColumn(t, len(keys), column)
	if err != nil {
		return nil, false, err
	}
	n, ok, err := imScore(t, cells[col])
	if err != nil || !ok {
		return new(big.Rat), false, err
	}
	return d20.AtLeast(n), true, nil
}

// ---- Charts --------------------------------------------------------------

// Outcome is one result of a chart with its chance.
type Outcome struct {
	Roll   string // the row's range as read ("14-18"), or the natural face ("natural 20")
	Result string // the seed's words
	Text   string
	Value  int // DMs, DMs lost, percent escaping …
	Tags   []string
	Note   string
	P      *big.Rat
}

// ChartOdds is a chart's results with their chances for one modifier,
// and the source notes that touch the chart.
type ChartOdds struct {
	Chart    string
	Modifier int
	Outcomes []Outcome
	Notes    []string
}

// imChart reads a chart for d20 + modifier: each row's chance. Faces for
// which skip is true (a natural 20 with its own rule) are left out, so the
// chances then add up to less than 1. Every other face must land in
// exactly one row.
func imChart(sys *catalog.System, id string, modifier int, skip func(face int) bool) (ChartOdds, error) {
	_, d20, err := imRules(sys)
	if err != nil {
		return ChartOdds{}, err
	}
	ch := sys.Chart(id)
	if ch == nil {
		return ChartOdds{}, fmt.Errorf("imperial mars: no chart %q in the data", id)
	}
	mod := rules.ChartModifier(modifier)
	for _, face := range d20.Outcomes() {
		if skip != nil && skip(face) {
			continue
		}
		n := 0
		for _, row := range ch.Rows {
			if row.Roll.Contains(face + mod) {
				n++
			}
		}
		if n != 1 {
			return ChartOdds{}, fmt.Errorf("imperial mars: chart %q: a total of %d falls in %d rows, expected 1", id, face+mod, n)
		}
	}
	odds := ChartOdds{Chart: id, Modifier: modifier, Notes: imNotes(sys, id)}
	if ch.Note != "" {
		odds.Notes = append([]string{ch.Note}, odds.Notes...)
	}
	odds.Outcomes = make([]Outcome, 0, len(ch.Rows))
	for _, row := range ch.Rows {
		p := d20.ProbIf(func(face int) bool {
			return (skip == nil || !skip(face)) && row.Roll.Contains(face+mod)
		})
		odds.Outcomes = append(odds.Outcomes, Outcome{
			Roll: row.Roll.Text, Result: row.Result, Text: row.Text,
			Value: row.Value, Tags: row.Tags, Note: row.Note, P: p,
		})
	}
	return odds, nil
}

// imByValue adds up the chances of outcomes by their Value: entry v is
// P(Value = v).
func imByValue(outs []Outcome) []*big.Rat {
	top := 0
	for _, o := range outs {
		top = max(top, o.Value)
	}
	by := make([]*big.Rat, top+1)
	for i := range by {
		by[i] = new(big.Rat)
	}
	for _, o := range outs {
		if o.Value >= 0 {
			by[o.Value].Add(by[o.Value], o.P)
		}
	}
	return by
}

// Morale gives the chances of taking 0, 1, 2, 3 and 4 DMs on a morale
// test: d20 plus the modifier read through the morale results chart.
func Morale(sys *catalog.System, modifier int) ([]*big.Rat, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	odds, err := imChart(sys, r.Morale.Chart, modifier, nil)
	if err != nil {
		return nil, err
	}
	return imByValue(odds.Outcomes), nil
}

// RallyOdds is a rally roll's results: the chart rows for every face but
// the natural 20, then the natural 20 as an outcome of its own; and the
// chances of losing 0, 1, 2 DMs.
type RallyOdds struct {
	ChartOdds
	DMsLost []*big.Rat
}

// Rally gives the outcomes of a rally roll (d20 + modifier: class A +4,
// B +1, D −1, E −4, officer +3). The printed rows "14 or less" and "14-18"
// overlap at 14; the data reads 14 in "14-18" and the Notes say so. A
// natural 20 loses 2 DMs whatever the total.
func Rally(sys *catalog.System, modifier int) (RallyOdds, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return RallyOdds{}, err
	}
	nat := r.Rally.Natural
	var skip func(int) bool
	if nat > 0 {
		skip = func(face int) bool { return face == nat }
	}
	odds, err := imChart(sys, r.Rally.Chart, modifier, skip)
	if err != nil {
		return RallyOdds{}, err
	}
	odds.Notes = append(odds.Notes, imNotes(sys, "rally")...)
	odds.Notes = imDedup(odds.Notes)
	if nat > 0 {
		odds.Outcomes = append(odds.Outcomes, Outcome{
			Roll:   fmt.Sprintf("natural %d", nat),
			Result: fmt.Sprintf("Natural %d: %d DMs lost", nat, r.Rally.NaturalDMs),
			Text:   r.Rally.NaturalText,
			Value:  r.Rally.NaturalDMs,
			Tags:   []string{"natural"},
			P:      d20.Prob(nat),
		})
	}
	return RallyOdds{ChartOdds: odds, DMsLost: imByValue(odds.Outcomes)}, nil
}

// imDedup drops repeated strings, keeping the first of each.
func imDedup(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// Pursuit gives the outcomes of victorious troops' pursuit roll: d20 plus
// the rally modifiers and the pursuit ones (mounted −3, in works +3). The
// printed rows "10 or less" and "10-15" overlap at 10; the data reads 10 in
// "10-15" and the Notes say so.
func Pursuit(sys *catalog.System, modifier int) (ChartOdds, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return ChartOdds{}, err
	}
	odds, err := imChart(sys, r.Pursuit.Chart, modifier, nil)
	if err != nil {
		return ChartOdds{}, err
	}
	odds.Notes = imDedup(append(odds.Notes, imNotes(sys, "pursuit")...))
	return odds, nil
}

// OfficerRisk gives the chances of each result on the Risk To Officers
// chart (an unmodified d20).
func OfficerRisk(sys *catalog.System) (ChartOdds, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return ChartOdds{}, err
	}
	return imChart(sys, r.OfficerRisk, 0, nil)
}

// Escape gives the chances of each percentage of transported troops
// escaping a destroyed vehicle (Value is the percent).
func Escape(sys *catalog.System) (ChartOdds, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return ChartOdds{}, err
	}
	return imChart(sys, r.Artillery.EscapeChart, 0, nil)
}

// ---- Melee ---------------------------------------------------------------

// errNoCasualtyPer is the melee tables' and chances' error for rules
// that give no casualty_per.
var errNoCasualtyPer = errors.New("imperial mars: [imperial.melee] has no casualty_per")

// Melee gives the casualties of one tray-against-tray melee round. Each
// tray rolls a d20 and adds its factors; diff is the first tray's factors
// minus the second's. The lower total takes one casualty per full
// casualty_per (5) points of difference: inflicted is the distribution of
// casualties on the second tray, suffered on the first (index = casualties).
func Melee(sys *catalog.System, diff int) (inflicted, suffered []*big.Rat, err error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return nil, nil, err
	}
	// The margin's distribution runs over 39 totals around diff, but
	// the casualties counted from it run from 0 to diff/per: a bound.
	if err := rules.CheckScore("melee difference", diff); err != nil {
		return nil, nil, err
	}
	per := r.Melee.CasualtyPer
	if per < 1 {
		return nil, nil, errNoCasualtyPer
	}
	in, su := meleeCasualties(dice.Sub(d20, d20), diff, per)
	return imProbs(in), imProbs(su), nil
}

// meleeCasualties is Melee's casualties inflicted and suffered as
// distributions, from margin, the first d20 less the second: the same for
// every diff, so a table of differences makes it once.
func meleeCasualties(margin dice.Dist, diff, per int) (inflicted, suffered dice.Dist) {
	// first total − second total = margin + diff
	inflicted = dice.Map(margin, func(m int) int { return max(m+diff, 0) / per })
	suffered = dice.Map(margin, func(m int) int { return max(-(m+diff), 0) / per })
	return inflicted, suffered
}

// ---- Old Ones weapons ----------------------------------------------------

// Overload is the chance that an Old Ones weapon fired at a setting
// overloads: the setting number or less on the tray's to-hit d20, the
// chance multiplied by second_shot_factor (doubled) for a second shot in
// the same turn.
func Overload(sys *catalog.System, setting int, second bool) (*big.Rat, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return nil, err
	}
	found := false
	for _, w := range sys.Weapons {
		if w.Kind == "old-ones" && w.Setting == setting {
			found = true
		}
	}
	if !found {
		return nil, fmt.Errorf("imperial mars: no Old Ones weapon setting %d in the data", setting)
	}
	p := d20.AtMost(setting)
	if second {
		if r.OldOnes.SecondShotFactor < 1 {
			return nil, fmt.Errorf("imperial mars: [imperial.old_ones] has no second_shot_factor")
		}
		p.Mul(p, big.NewRat(int64(r.OldOnes.SecondShotFactor), 1))
		if p.Cmp(big.NewRat(1, 1)) > 0 {
			p.SetInt64(1)
		}
	}
	return p, nil
}

// ---- Vehicles ------------------------------------------------------------

// VehicleOdds is what a vehicle's damage levels mean as chances.
type VehicleOdds struct {
	OutOfAction *big.Rat // when penetrated: d20 equal to or above the SDL
	Breakdown   *big.Rat // on a breakdown test: d20 equal to or below the BDL
}

// VehicleDamage gives a vehicle's chances of going out of action when
// penetrated and of breaking down on a breakdown test.
func VehicleDamage(sys *catalog.System, id string) (VehicleOdds, error) {
	r, d20, err := imRules(sys)
	if err != nil {
		return VehicleOdds{}, err
	}
	for _, v := range r.Vehicles {
		if v.ID == id {
			return VehicleOdds{OutOfAction: d20.AtLeast(v.SDL), Breakdown: d20.AtMost(v.BDL)}, nil
		}
	}
	return VehicleOdds{}, fmt.Errorf("imperial mars: no vehicle %q in the data", id)
}
