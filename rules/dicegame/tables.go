package dicegame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Odds tables: rows by columns of a chain's chances, for the values each
// row and column sets, with the words of the rule set's [odds.<table>]
// block. A table prints like any engine's (rules.Table).

// table is a compiled Table.
type table struct {
	*Table
	index    int
	chain    *chain
	set      values
	measure  measure // each cell's, where the columns are not measures
	rows     []point
	cols     []point
	measures bool // the columns are measures, headed by the words' columns
	labelled []*param
	spec     rules.WordSpec
}

// point is one row or column: the values it sets, in order of its axes,
// and its measure when it is one.
type point struct {
	set     values
	params  []*param
	measure *measure
}

func (c *compiler) compileTables() {
	c.ids("table", len(c.r.Tables), func(i int) string { return c.r.Tables[i].ID })
	for i := range c.r.Tables {
		td := &c.r.Tables[i]
		path := fmt.Sprintf("table.%d", i)
		t := &table{Table: td, index: i}
		before := len(c.probs)
		t.chain = c.m.chains[td.Chain]
		if t.chain == nil {
			c.unknown(path+".chain", "chain", td.Chain, chainIDs(c.r))
			continue
		}
		if td.Card != "" {
			var names []string
			for _, r := range c.r.Rule {
				names = append(names, r.Name)
			}
			if !slices.Contains(names, td.Card) {
				c.unknown(path+".card", "rule", td.Card, names)
			}
		}
		t.set = c.setValues(path+".set", td.Set)
		t.measure = c.measure(path+".measure", t.chain, td.Measure)
		if len(td.Rows) == 0 {
			c.errf(path, "table %q has no rows; expected rows = [{ param = \"…\", … }]", td.ID)
		}
		for j, ax := range td.Rows {
			if ax.Measures != nil {
				c.errf(fmt.Sprintf("%s.rows.%d", path, j), "table %q: measures head columns, whose words are the table's columns = […]; expected them in columns", td.ID)
			}
		}
		t.rows = c.axes(path+".rows", t, td.Rows)
		t.cols = c.axes(path+".columns", t, td.Columns)
		if len(td.Columns) == 0 {
			c.errf(path, "table %q has no columns; expected columns = [{ param = \"…\", … }] or [{ measures = […] }]", td.ID)
		}
		for j, ax := range td.Columns {
			if ax.Measures != nil {
				t.measures = true
				if len(td.Columns) > 1 {
					c.errf(fmt.Sprintf("%s.columns.%d", path, j), "table %q: columns of measures stand alone, each headed by the table's words; expected no other axis beside them", td.ID)
				}
			}
		}
		if m := td.Measure; t.measures && (m.Step != "" || m.AtLeast != nil || m.Exactly != nil || m.Tag != "" || m.Average || m.Set != nil) {
			c.errf(path+".measure", "table %q: its columns are measures, so its own measure is never read", td.ID)
		}
		nr, nc := len(t.rows), len(t.cols)
		switch {
		case nr > maxTableRows:
			c.errf(path+".rows", "table %q has %d rows; expected at most %d (a page's worth)", td.ID, nr, maxTableRows)
		case nc > maxTableCols:
			c.errf(path+".columns", "table %q has %d columns; expected at most %d (a page's width)", td.ID, nc, maxTableCols)
		case nr*nc > maxTableCells:
			c.errf(path, "table %q has %d cells; expected at most %d", td.ID, nr*nc, maxTableCells)
		}
		if len(c.probs) > before {
			continue
		}
		t.spec = c.spec(t)
		c.m.tables = append(c.m.tables, t)
	}
}

func chainIDs(r *Rules) []string {
	var out []string
	for _, ch := range r.Chains {
		out = append(out, ch.ID)
	}
	return out
}

// setValues reads a table's (or a measure's) fixed parameters.
func (c *compiler) setValues(path string, set map[string]Ref) values {
	out := values{}
	for _, id := range sortedKeys(set) {
		p := c.param(id)
		if p == nil {
			c.unknown(path+"."+id, "parameter", id, c.paramIDs())
			continue
		}
		if v, ok := c.value(path+"."+id, p, set[id]); ok {
			out[id] = v
		}
	}
	return out
}

// value reads one value of a parameter as the data writes it: a number
// within its range, a switch's 0 or 1, a choice, an entry's id.
func (c *compiler) value(path string, p *param, r Ref) (string, bool) {
	switch p.kind {
	case kindNumber:
		if r.Name != "" || r.N < p.min || r.N > p.max {
			c.errf(path, "%s: %s is not a number from %d to %d", p.ID, r, p.min, p.max)
			return "", false
		}
		return strconv.Itoa(r.N), true
	case kindSwitch:
		if r.Name != "" || r.N != 0 && r.N != 1 {
			c.errf(path, "%s is a switch: %s is not 0 (off) or 1 (on)", p.ID, r)
			return "", false
		}
		if r.N == 1 {
			return "1", true
		}
		return "", true
	case kindChoice:
		if !slices.Contains(p.Choices, r.Name) {
			c.unknown(path, "choice of "+p.ID, r.String(), p.Choices)
			return "", false
		}
		return r.Name, true
	}
	var ids []string
	for _, e := range p.entries {
		if e.id == r.Name {
			return r.Name, true
		}
		ids = append(ids, e.id)
	}
	c.unknown(path, p.kind+" of "+p.ID, r.String(), ids)
	return "", false
}

// measure compiles a measure of the chain.
func (c *compiler) measure(path string, ch *chain, md Measure) measure {
	ms := measure{Measure: &md, step: len(ch.steps) - 1}
	if md.Step != "" {
		var ids []string
		ms.step = -1
		for i, s := range ch.steps {
			ids = append(ids, s.ID)
			if s.ID == md.Step {
				ms.step = i
			}
		}
		if ms.step < 0 {
			c.unknown(path+".step", "step of chain "+ch.ID, md.Step, ids)
			return ms
		}
	}
	s := ch.steps[ms.step]
	n := 0
	for _, set := range []bool{md.AtLeast != nil, md.Exactly != nil, md.Tag != "", md.Average} {
		if set {
			n++
		}
	}
	if n > 1 {
		c.errf(path, "a measure is one of at_least, exactly, tag or average; this one has %d", n)
	}
	for _, k := range []*int{md.AtLeast, md.Exactly} {
		if k != nil && (*k < 0 || *k > maxStepRolls*100) {
			c.errf(path, "a measure of %d; expected 0 to %d", *k, maxStepRolls*100)
		}
	}
	if md.Tag != "" {
		switch {
		case s.chart == nil || !s.Once:
			c.errf(path+".tag", "step %q reads no chart once: a tag measures the row it lands on", s.ID)
		case !slices.Contains(chartTags(s.chart), md.Tag):
			c.unknown(path+".tag", "tag of chart "+s.chart.ID, md.Tag, chartTags(s.chart))
		}
	}
	ms.set = c.setValues(path+".set", md.Set)
	for _, id := range sortedKeys(md.Only) {
		p := c.param(id)
		if p == nil {
			c.unknown(path+".only."+id, "parameter", id, c.paramIDs())
			continue
		}
		if ms.only == nil {
			ms.only = map[string][]string{}
		}
		for k, r := range md.Only[id] {
			if v, ok := c.value(fmt.Sprintf("%s.only.%s.%d", path, id, k), p, r); ok {
				ms.only[id] = append(ms.only[id], v)
			}
		}
	}
	return ms
}

// axes compiles a table's rows or columns: the product of its axes, the
// earlier axes outermost.
func (c *compiler) axes(path string, t *table, axes []Axis) []point {
	pts := []point{{set: values{}}}
	for j, ax := range axes {
		ap := fmt.Sprintf("%s.%d", path, j)
		axis, apart, ok := c.axis(ap, t, ax)
		if !ok {
			return nil
		}
		var next []point
		for _, q := range pts {
			for _, pt := range axis {
				if apart == nil || !apart(q, pt) {
					next = append(next, point{set: q.set.with(pt.set), params: append(slices.Clone(q.params), pt.params...), measure: pt.measure})
				}
			}
		}
		pts = next
	}
	return pts
}

// axis compiles one axis: its points, and which of them to leave out
// beside a point of the earlier axes (against).
func (c *compiler) axis(ap string, t *table, ax Axis) ([]point, func(q, p point) bool, bool) {
	var axis []point
	if ax.Measures != nil {
		if ax.Param != "" {
			c.errf(ap, "an axis is a parameter or measures, not both")
		}
		for k, md := range ax.Measures {
			ms := c.measure(fmt.Sprintf("%s.measures.%d", ap, k), t.chain, md)
			axis = append(axis, point{set: values{}, measure: &ms})
		}
		return axis, nil, true
	}
	p := c.param(ax.Param)
	if p == nil {
		c.unknown(ap+".param", "parameter", ax.Param, c.paramIDs())
		return nil, nil, false
	}
	if slices.Contains(t.labelled, p) {
		c.errf(ap+".param", "parameter %q on two axes of table %q", p.ID, t.ID)
		return nil, nil, false
	}
	t.labelled = append(t.labelled, p)
	var apart func(q, p point) bool
	if ax.Against != "" {
		o := c.param(ax.Against)
		switch {
		case o == nil:
			c.unknown(ap+".against", "parameter", ax.Against, c.paramIDs(kindUnit))
			return nil, nil, false
		case o.kind != kindUnit || p.kind != kindUnit:
			c.errf(ap+".against", "against sets units of one parameter against another's; %q and %q are not both units", p.ID, o.ID)
			return nil, nil, false
		case !slices.Contains(t.labelled[:len(t.labelled)-1], o):
			c.errf(ap+".against", "against names %q, which no earlier axis of the table runs over", o.ID)
			return nil, nil, false
		}
		faction := map[string]string{}
		for _, u := range c.m.sys.Units {
			faction[u.ID] = u.Faction
		}
		apart = func(q, pt point) bool {
			a, b := faction[q.set[o.ID]], faction[pt.set[p.ID]]
			return a != "" && strings.EqualFold(a, b)
		}
	}
	var vals []string
	switch {
	case ax.Values != nil && (ax.From != nil || ax.To != nil):
		c.errf(ap, "an axis runs over values or from … to, not both")
	case ax.From != nil || ax.To != nil:
		if p.kind != kindNumber || ax.From == nil || ax.To == nil {
			c.errf(ap, "from … to runs over a number parameter, both written")
			return nil, nil, false
		}
		if n := *ax.To - *ax.From + 1; n < 1 || n > maxAxisValues {
			c.errf(ap, "from %d to %d: expected 1 to %d values", *ax.From, *ax.To, maxAxisValues)
			return nil, nil, false
		}
		for x := *ax.From; x <= *ax.To; x++ {
			if v, ok := c.value(ap+".from", p, Ref{N: x, Set: true}); ok {
				vals = append(vals, v)
			}
		}
	case ax.Values != nil:
		for k, r := range ax.Values {
			if v, ok := c.value(fmt.Sprintf("%s.values.%d", ap, k), p, r); ok {
				vals = append(vals, v)
			}
		}
	default:
		switch p.kind {
		case kindNumber:
			c.errf(ap, "parameter %q is a number: expected values = […] or from and to", p.ID)
		case kindSwitch:
			vals = []string{"", "1"}
		case kindChoice:
			vals = p.Choices
		default:
			for _, e := range p.entries {
				vals = append(vals, e.id)
			}
		}
	}
	if len(vals) > maxAxisValues {
		c.errf(ap, "%d values on one axis; expected at most %d", len(vals), maxAxisValues)
		return nil, nil, false
	}
	for _, v := range vals {
		axis = append(axis, point{set: values{p.ID: v}, params: []*param{p}})
	}
	return axis, apart, true
}

// spec is what the table reads from its [odds.<id>] block: a title, a
// corner and notes; the heads of its columns of measures, or the words
// of a column; the words of a row; what a blank cell means (a measure
// that cannot happen there), where one prints; a word for each value of a choice or
// switch on its axes or set ("cover_light", "heat_ray_on"); and, in
// every text, the parameters' values as {names}.
func (c *compiler) spec(t *table) rules.WordSpec {
	sp := rules.WordSpec{ID: t.ID, Title: true, Corner: true, Notes: true, Words: []string{"row"}}
	if t.blanks() {
		sp.Words = append(sp.Words, "blank")
	}
	if t.onCards(c.m) {
		sp.Words = append(sp.Words, "card") // its heading on a unit's card
	}
	if t.measures {
		sp.Columns = len(t.cols)
	} else {
		sp.Words = append(sp.Words, "column")
	}
	for _, p := range t.valueWords(c.m) {
		for _, v := range valueNames(p) {
			sp.Words = append(sp.Words, p.ID+"_"+v)
		}
	}
	sp.Vars = c.m.vars()
	return sp
}

// blanks reports whether a cell of the table may be blank: a measure
// that holds only for some values of its axes cannot happen elsewhere.
func (t *table) blanks() bool {
	if len(t.measure.only) > 0 {
		return true
	}
	for _, cp := range t.cols {
		if cp.measure != nil && len(cp.measure.only) > 0 {
			return true
		}
	}
	return false
}

// onCards reports whether the table's rows run first over units: each
// unit's card prints its rows (print.go), under the words' card.
func (t *table) onCards(m *model) bool {
	if len(t.Rows) == 0 || len(t.cols) > cardColumns {
		return false
	}
	p := m.paramByID(t.Rows[0].Param)
	return p != nil && p.kind == kindUnit
}

// valueWords are the choices and switches the table's words name: those
// on its axes and in its set.
func (t *table) valueWords(m *model) []*param {
	var out []*param
	add := func(p *param) {
		if (p.kind == kindChoice || p.kind == kindSwitch) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, p := range t.labelled {
		add(p)
	}
	for _, pt := range t.cols {
		if pt.measure != nil {
			for id := range pt.measure.set {
				add(m.paramByID(id))
			}
		}
	}
	for _, id := range sortedKeys(t.set) {
		add(m.paramByID(id))
	}
	return out
}

// valueNames are the names of a choice's or a switch's values in words.
func valueNames(p *param) []string {
	if p.kind == kindSwitch {
		return []string{"off", "on"}
	}
	return p.Choices
}

// vars are the {names} a table's words may hold: every number and entry
// parameter's value, each stat of an entry as {param_stat}, and each
// choice's and switch's word.
func (m *model) vars() []string {
	var out []string
	for _, p := range m.params {
		out = append(out, p.ID)
		for _, s := range (&compiler{m: m}).statsOf(p) {
			out = append(out, p.ID+"_"+s)
		}
	}
	return out
}

func (m *model) paramByID(id string) *param {
	for _, p := range m.params {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// fill gives the words the values' {names}.
func (m *model) fill(w *rules.Words, t *table, v values) {
	for _, p := range m.params {
		raw, ok := v[p.ID]
		if !ok {
			raw = p.def
		}
		switch p.kind {
		case kindNumber:
			n, _ := strconv.Atoi(raw)
			w.Set(p.ID, show(p.Show, p.Zero, n))
		case kindSwitch, kindChoice:
			if t == nil || !slices.Contains(t.valueWords(m), p) {
				continue
			}
			name := raw
			if p.kind == kindSwitch {
				name = "off"
				if raw != "" {
					name = "on"
				}
			}
			w.Set(p.ID, w.Word(p.ID+"_"+name))
		default:
			for _, e := range p.entries {
				if e.id != raw {
					continue
				}
				w.Set(p.ID, e.name)
				for _, s := range m.statList(p) {
					if n, ok := e.stats[s]; ok {
						w.Set(p.ID+"_"+s, m.showStat(s, n))
					}
				}
			}
		}
	}
}

// statList lists the stats an entity parameter's entries may have.
func (m *model) statList(p *param) []string { return (&compiler{m: m}).statsOf(p) }

// showStat prints a stat's value as the stat shows it.
func (m *model) showStat(id string, n int) string {
	for _, s := range m.stats {
		if s.ID == id {
			return show(s.Show, s.Zero, n)
		}
	}
	return show("", "", n)
}

// show prints a number as a parameter or stat shows it: "4", "4+",
// "+1" / "−1"; zero, when given, prints for 0.
func show(how, zero string, n int) string {
	if n == 0 && zero != "" {
		return zero
	}
	switch how {
	case "plus":
		return strconv.Itoa(n) + "+"
	case "signed":
		switch {
		case n > 0:
			return "+" + strconv.Itoa(n)
		case n < 0:
			return "−" + strconv.Itoa(-n)
		}
	}
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// cells works out every cell of the table, row by row: a chance, or an
// average where the measure is one, spending from b. Values met before
// are not run again.
func (m *model) cells(t *table, b *budget) ([][]rules.Cell, error) {
	base := m.defaults().with(t.set)
	runs := map[string]*run{}
	var out [][]rules.Cell
	for _, rp := range t.rows {
		vr := base.with(rp.set)
		var row []rules.Cell
		for _, cp := range t.cols {
			ms := t.measure
			if cp.measure != nil {
				ms = *cp.measure
			}
			v := vr.with(cp.set).with(ms.set)
			if !ms.applies(v) {
				row = append(row, rules.Impossible) // the measure cannot happen here
				continue
			}
			k := v.key()
			r := runs[k]
			if r == nil {
				var err error
				if r, err = m.run(t.chain, v, b); err != nil {
					return nil, fmt.Errorf("at %s: %w", m.where(rp.set.with(cp.set).with(ms.set)), err)
				}
				runs[k] = r
			}
			x := r.value(ms)
			if ms.Average {
				row = append(row, rules.Cell{Num: x})
			} else {
				row = append(row, rules.Prob(x))
			}
		}
		out = append(out, row)
	}
	return out, nil
}

// check works the table out, for the data check, within a table's
// budget and what is left of the rule set's.
func (m *model) check(t *table, rule *budget) error {
	_, err := m.cells(t, rule.sub(maxRunWork))
	return err
}

// build builds the table for sys in its words.
func (m *model) build(sys *catalog.System, t *table) (rules.Table, error) {
	cells, err := m.cells(t, newBudget(maxRunWork))
	if err != nil {
		return rules.Table{}, fmt.Errorf("table %q: %w", t.ID, err)
	}
	base := m.defaults().with(t.set)
	w := rules.WordsOf(sys, t.ID)
	m.fill(w, t, base)
	out := rules.Table{ID: sys.ID + "-" + t.ID, Title: w.Title(), Corner: w.Corner(), Notes: w.Notes()}
	if t.blanks() {
		out.Blank = w.Word("blank")
	}
	if t.measures {
		out.Columns = w.Columns()
	} else {
		for _, cp := range t.cols {
			m.fill(w, t, base.with(cp.set))
			out.Columns = append(out.Columns, w.Word("column"))
		}
	}
	for i, rp := range t.rows {
		m.fill(w, t, base.with(rp.set))
		out.Rows = append(out.Rows, rules.Row{Label: w.Word("row"), Cells: cells[i]})
	}
	return out, w.Err()
}
