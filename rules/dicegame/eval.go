package dicegame

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/dice"
)

// Running a chain: each step's outcome is a distribution (dice.Dist) over
// its state, worked out from the step before's by dice.Bind, exactly.
//
// A step's state is what it carried (a count of successes or failures, a
// total, the value of the rows it read), or for a step taken once that
// reads a chart, the row it landed on; a step taken once that was not
// taken is notTaken. The chain's dice are the state handed to the first.

const notTaken = -1

// values are the parameters of one question or one table cell: each as
// written ("4"; "1" for a switch on, "" off; a choice; an entry's id).
type values map[string]string

// key is the values as one string, for a memo.
func (v values) key() string {
	ks := sortedKeys(v)
	var b strings.Builder
	for _, k := range ks {
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(v[k])
		b.WriteByte(';')
	}
	return b.String()
}

// with is v with the pairs set.
func (v values) with(w values) values {
	out := make(values, len(v)+len(w))
	for k, x := range v {
		out[k] = x
	}
	for k, x := range w {
		out[k] = x
	}
	return out
}

// where is what a table's cell sets, as the data writes it: "n = 100,
// cover = heavy, dug_in = on".
func (m *model) where(v values) string {
	var parts []string
	for _, k := range sortedKeys(v) {
		x := v[k]
		if p := m.paramByID(k); p != nil && p.kind == kindSwitch {
			x = map[bool]string{true: "on", false: "off"}[x != ""]
		}
		parts = append(parts, k+" = "+x)
	}
	if len(parts) == 0 {
		return "every parameter's default"
	}
	return strings.Join(parts, ", ")
}

// defaults are every parameter's default.
func (m *model) defaults() values {
	out := values{}
	for _, p := range m.params {
		out[p.ID] = p.def
	}
	return out
}

// num is a reference's number for the values.
func (m *model) num(r ref, v values) (int, error) {
	p := r.param
	if p == nil {
		return r.n, nil
	}
	raw, ok := v[p.ID]
	if !ok {
		raw = p.def
	}
	switch {
	case r.stat != "":
		if over, ok := v[p.ID+"."+r.stat]; ok { // a unit in play: the models it has left
			if n, err := strconv.Atoi(over); err == nil {
				return n, nil
			}
		}
		for _, e := range p.entries {
			if e.id == raw {
				return e.stats[r.stat], nil
			}
		}
		return 0, fmt.Errorf("%s %q: no such %s", p.ID, raw, p.kind)
	case p.kind == kindSwitch:
		if raw != "" {
			return 1, nil
		}
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		return 0, fmt.Errorf("%s %q: expected a whole number", p.ID, raw)
	}
	return n, nil
}

// stepRun is a step with its numbers for one set of values.
type stepRun struct {
	*step
	target          int
	never           bool // the target cannot be made
	rollMod, tgtMod int  // modifiers that do not count what was carried
	pers            []perMod
}

type perMod struct {
	value, beyond int
	toTarget      bool
}

// prepare works out the step's numbers for v.
func (m *model) prepare(s *step, v values) (*stepRun, error) {
	sr := &stepRun{step: s}
	switch {
	case s.target != nil:
		t, err := m.num(*s.target, v)
		if err != nil {
			return nil, err
		}
		sr.target = t
	case s.lookup != nil:
		cell, err := m.cell(s.lookup, v)
		if err != nil {
			return nil, fmt.Errorf("step %q: %w", s.ID, err)
		}
		sr.target, sr.never = cell.target, cell.never
	}
	for _, md := range s.mods {
		if md.when != nil && v[md.when.ID] == "" || md.unless != nil && v[md.unless.ID] != "" {
			continue
		}
		n := 0
		switch {
		case md.lookup != nil:
			cell, err := m.cell(md.lookup, v)
			if err != nil {
				return nil, fmt.Errorf("modifier %q: %w", md.ID, err)
			}
			n = cell.target
		case md.choice != nil:
			n = md.Values[v[md.choice.ID]]
		default:
			var err error
			if n, err = m.num(md.value, v); err != nil {
				return nil, err
			}
		}
		toTarget := md.To == "target"
		switch {
		case md.Per != "":
			sr.pers = append(sr.pers, perMod{value: n, beyond: md.Beyond, toTarget: toTarget})
		case toTarget:
			sr.tgtMod += n
		default:
			sr.rollMod += n
		}
	}
	return sr, nil
}

// cell is the lookup's cell for the values.
func (m *model) cell(l *lookup, v values) (lookupCell, error) {
	rv, err := m.num(l.row, v)
	if err != nil {
		return lookupCell{}, err
	}
	cv, err := m.num(l.column, v)
	if err != nil {
		return lookupCell{}, err
	}
	i, j := find(l.rows, rv), find(l.cols, cv)
	if i < 0 || j < 0 {
		return lookupCell{}, fmt.Errorf("table %q has no cell for row %d, column %d", l.table.ID, rv, cv)
	}
	return l.cells[i][j], nil
}

// mods are the step's modifiers to the roll and to the target, when the
// step before carried carried.
func (sr *stepRun) mods(carried int) (roll, target int) {
	roll, target = sr.rollMod, sr.tgtMod
	for _, p := range sr.pers {
		k := max(0, carried-p.beyond)
		if p.toTarget {
			target += k * p.value
		} else {
			roll += k * p.value
		}
	}
	if sr.limit != nil {
		roll = min(max(roll, sr.limit[0]), sr.limit[1])
	}
	return roll, target
}

// passes reports whether a roll showing natural, with modifiers rm to the
// roll and tm to the target, makes the test.
func (sr *stepRun) passes(natural, rm, tm int) bool {
	switch {
	case sr.fail[natural]:
		return false
	case sr.pass[natural]:
		return true
	case sr.never:
		return false
	}
	total, target := natural+rm, sr.target+tm
	switch sr.test {
	case testAbove:
		return total > target
	case testAtMost:
		return total <= target
	case testBelow:
		return total < target
	}
	return total >= target
}

// row is the chart row a roll showing natural lands on.
func (sr *stepRun) row(natural, rm, tm int) (int, error) {
	x := natural + rm
	if sr.margin {
		x -= sr.target + tm
	}
	for i, r := range sr.chart.Rows {
		if r.Roll.Contains(x) {
			return i, nil
		}
	}
	what := "total"
	if sr.margin {
		what = "margin"
	}
	return 0, fmt.Errorf("step %q: chart %q has no row for a %s of %d", sr.ID, sr.chart.ID, what, x)
}

// run is a chain run for one set of values: each step's distribution.
type run struct {
	steps  []*step
	states []dice.Dist
}

// carried is what a state of step s hands on.
func (s *step) carried(state int) int {
	switch {
	case state == notTaken && s.Once:
		return 0
	case s.Once && s.chart != nil:
		return max(0, s.chart.Rows[state].Value)
	}
	return max(0, state)
}

// run runs the chain for the values, each step's work taken from b
// before it is done.
func (m *model) run(ch *chain, v values, b *budget) (*run, error) {
	n, err := m.num(ch.dice, v)
	if err != nil {
		return nil, err
	}
	if n < 0 || n > maxStepRolls {
		return nil, fmt.Errorf("chain %q: %d dice; expected 0 to %d", ch.ID, n, maxStepRolls)
	}
	out := &run{steps: ch.steps}
	prev := dice.Const(n)
	var prevStep *step // nil: the chain's dice
	for _, s := range ch.steps {
		sr, err := m.prepare(s, v)
		if err != nil {
			return nil, err
		}
		carriedOf := func(state int) int {
			if prevStep == nil {
				return state
			}
			return prevStep.carried(state)
		}
		most := 0
		for _, st := range prev.Outcomes() {
			most = max(most, carriedOf(st))
		}
		if !s.Once && most > maxStepRolls {
			return nil, fmt.Errorf("step %q would roll up to %d times, for what the step before carried; expected at most %d", s.ID, most, maxStepRolls)
		}
		bp := s.dist.Total().BitLen()
		if !s.Once && (s.carry == carrySuccesses || s.carry == carryFailures) {
			bp = sr.probBits(most)
		}
		w, ok := s.stepWork(prev, most, bp)
		if !ok {
			return nil, fmt.Errorf("step %q, rolled %d times, would add up to more totals than can be worked out exactly; expected fewer dice or smaller ones", s.ID, most)
		}
		if err := b.spend(fmt.Sprintf("step %q", s.ID), w); err != nil {
			return nil, err
		}
		var fail error
		next := dice.Bind(prev, func(state int) dice.Dist {
			d, err := sr.outcome(prevStep, state, carriedOf(state))
			if err != nil && fail == nil {
				fail = err
			}
			return d
		})
		if fail != nil {
			return nil, fail
		}
		out.states = append(out.states, next)
		prev, prevStep = next, s
	}
	return out, nil
}

// outcome is the distribution of the step's state when the step before
// was in prevState and carried carried.
func (sr *stepRun) outcome(prevStep *step, prevState, carried int) (dice.Dist, error) {
	rm, tm := sr.mods(carried)
	if sr.Once {
		taken := carried >= 1
		if len(sr.When) > 0 || len(sr.Unless) > 0 {
			taken = prevState != notTaken
			if taken {
				row := prevStep.chart.Rows[prevState]
				taken = (len(sr.When) == 0 || slices.ContainsFunc(sr.When, row.Has)) && !slices.ContainsFunc(sr.Unless, row.Has)
			}
		}
		if !taken {
			return dice.Const(notTaken), nil
		}
		return sr.one(rm, tm)
	}
	if carried == 0 {
		return dice.Const(0), nil
	}
	switch sr.carry {
	case carrySuccesses, carryFailures:
		return dice.Binomial(carried, sr.prob(rm, tm)), nil
	}
	d, err := sr.one(rm, tm)
	if err != nil {
		return dice.Dist{}, err
	}
	if sr.chart != nil {
		rows := sr.chart.Rows
		d = dice.Map(d, func(i int) int { return rows[i].Value })
	}
	return dice.Repeat(d, carried), nil
}

// prob is the chance one roll carries one, with modifiers rm to the roll
// and tm to the target.
func (sr *stepRun) prob(rm, tm int) *big.Rat {
	p := sr.dist.ProbIf(func(x int) bool { return sr.passes(x, rm, tm) })
	if sr.carry == carryFailures {
		p.Sub(big.NewRat(1, 1), p)
	}
	return p
}

// probBits is the most bits of the denominators of the chances one roll
// carries one, for what the step before may carry, up to most.
func (sr *stepRun) probBits(most int) int {
	seen := map[[2]int]bool{}
	b := 0
	for k := 0; k <= most; k++ {
		rm, tm := sr.mods(k)
		if !seen[[2]int{rm, tm}] {
			seen[[2]int{rm, tm}] = true
			b = max(b, sr.prob(rm, tm).Denom().BitLen())
		}
	}
	return b
}

// one is one roll's state: 1 or 0 for a test (as it carries), the chart
// row, or the total (never below 0).
func (sr *stepRun) one(rm, tm int) (dice.Dist, error) {
	var fail error
	d := dice.Map(sr.dist, func(x int) int {
		switch {
		case sr.chart != nil:
			i, err := sr.row(x, rm, tm)
			if err != nil && fail == nil {
				fail = err
			}
			return i
		case sr.carry == carryTotal:
			return max(0, x+rm)
		}
		ok := sr.passes(x, rm, tm)
		if ok == (sr.carry == carrySuccesses) {
			return 1
		}
		return 0
	})
	return d, fail
}

// measure is a compiled Measure.
type measure struct {
	*Measure
	step int // index in the chain
	set  values
	only map[string][]string // by parameter, the values it applies to
}

// applies reports whether the measure applies to the values (Only).
func (ms measure) applies(v values) bool {
	for id, vals := range ms.only {
		if !slices.Contains(vals, v[id]) {
			return false
		}
	}
	return true
}

// value is the measure of the run: a chance, or for an average the mean
// of what the step carried.
func (r *run) value(ms measure) *big.Rat {
	s, d := r.steps[ms.step], r.states[ms.step]
	switch {
	case ms.Tag != "":
		return d.ProbIf(func(st int) bool { return st != notTaken && s.chart.Rows[st].Has(ms.Tag) })
	case ms.Average:
		return dice.Map(d, s.carried).Mean()
	case ms.Exactly != nil:
		k := *ms.Exactly
		return d.ProbIf(func(st int) bool { return s.carried(st) == k })
	}
	k := 1
	if ms.AtLeast != nil {
		k = *ms.AtLeast
	}
	return d.ProbIf(func(st int) bool { return s.carried(st) >= k })
}
