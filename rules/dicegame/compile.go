package dicegame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// Modifiers, steps and chains: each name resolved, each roll read.

func (c *compiler) compileModifiers() {
	c.ids("modifier", len(c.r.Modifiers), func(i int) string { return c.r.Modifiers[i].ID })
	for i := range c.r.Modifiers {
		md := &c.r.Modifiers[i]
		path := fmt.Sprintf("modifier.%d", i)
		m := &modifier{Modifier: md}
		ok := true
		switch md.To {
		case "":
			md.To = "roll"
		case "roll", "target":
		default:
			c.unknown(path+".to", "place for a modifier", md.To, []string{"roll", "target"})
			ok = false
		}
		looked := md.Lookup != (Lookup{})
		switch {
		case md.Value.Set && md.Choice != "", looked && (md.Value.Set || md.Choice != ""):
			c.errf(path, "modifier %q has more than one of value, choice and lookup; expected one", md.ID)
			ok = false
		case looked:
			if m.lookup = c.lookup(path+".lookup", md.Lookup, modifierCell); m.lookup == nil {
				ok = false
			}
		case md.Value.Set:
			m.value, ok = c.ref(path+".value", md.Value)
		case md.Choice != "":
			m.choice = c.param(md.Choice)
			switch {
			case m.choice == nil:
				c.unknown(path+".choice", "parameter", md.Choice, c.paramIDs(kindChoice))
				ok = false
			case m.choice.kind != kindChoice:
				c.errf(path+".choice", "modifier %q: %q is a %s parameter, not a choice", md.ID, md.Choice, m.choice.kind)
				ok = false
			default:
				for _, v := range sortedKeys(md.Values) {
					if !slices.Contains(m.choice.Choices, v) {
						c.unknown(path+".values."+v, "choice of "+md.Choice, v, m.choice.Choices)
						ok = false
					} else if n := md.Values[v]; n < -limits.MaxRoll || n > limits.MaxRoll {
						c.errf(path+".values."+v, "modifier %q: %d is beyond any roll; expected %d to %d", md.ID, n, -limits.MaxRoll, limits.MaxRoll)
						ok = false
					}
				}
			}
		default:
			c.errf(path, "modifier %q has no value; expected value = N (or a parameter or stat), choice = \"…\" with values, or lookup", md.ID)
			ok = false
		}
		if md.Values != nil && md.Choice == "" {
			c.errf(path+".values", "modifier %q: values are for a choice; expected choice = \"…\" beside them", md.ID)
			ok = false
		}
		for _, sw := range []struct {
			key, id string
			to      **param
		}{{"when", md.When, &m.when}, {"unless", md.Unless, &m.unless}} {
			if sw.id == "" {
				continue
			}
			p := c.param(sw.id)
			switch {
			case p == nil:
				c.unknown(path+"."+sw.key, "parameter", sw.id, c.paramIDs(kindSwitch))
				ok = false
			case p.kind != kindSwitch:
				c.errf(path+"."+sw.key, "modifier %q: %s = %q names a %s parameter; expected a switch", md.ID, sw.key, sw.id, p.kind)
				ok = false
			}
			*sw.to = p
		}
		switch md.Per {
		case "":
			if md.Beyond != 0 {
				c.errf(path+".beyond", "modifier %q: beyond counts with per = \"carried\"", md.ID)
				ok = false
			}
		case "carried":
			if md.Beyond < 0 || md.Beyond > maxStepRolls {
				c.errf(path+".beyond", "modifier %q: beyond %d; expected 0 to %d", md.ID, md.Beyond, maxStepRolls)
				ok = false
			}
		default:
			c.unknown(path+".per", "count a modifier is per", md.Per, []string{"carried"})
			ok = false
		}
		if ok {
			c.m.mods[md.ID] = m
		}
	}
}

func (c *compiler) compileSteps() {
	c.ids("step", len(c.r.Steps), func(i int) string { return c.r.Steps[i].ID })
	var modIDs []string
	for _, m := range c.r.Modifiers {
		modIDs = append(modIDs, m.ID)
	}
	for i := range c.r.Steps {
		sd := &c.r.Steps[i]
		path := fmt.Sprintf("step.%d", i)
		s := &step{Step: sd, index: i, test: sd.Test, carry: sd.Carry}
		before := len(c.probs)
		if sd.Roll == "" {
			c.errf(path, "step %q has no roll; expected roll = \"d6\" (or \"2d6\", \"4d6kh3\" …)", sd.ID)
		} else if r, err := parseRoll(sd.Roll); err != nil {
			c.errf(path+".roll", "step %q: %v", sd.ID, err)
		} else if d, ok := c.rolls[r.text]; ok {
			s.roll, s.dist = r, d
		} else if w, _ := r.rollWork(); c.work.spend("the rolls", w) != nil {
			c.errf(path+".roll", "step %q: roll %q: the rolls of the rule set together ask for more exact arithmetic than can be done at once; expected fewer or smaller rolls", sd.ID, sd.Roll)
		} else {
			s.roll, s.dist = r, r.dist()
			c.rolls[r.text] = s.dist
		}
		if s.test == "" {
			s.test = testAtLeast
		} else if !slices.Contains(tests, s.test) {
			c.unknown(path+".test", "test", s.test, tests)
		}
		switch {
		case sd.Target.Set && sd.Lookup.Table != "":
			c.errf(path+".lookup", "step %q has both a target and a lookup; expected one", sd.ID)
		case sd.Target.Set:
			if r, ok := c.ref(path+".target", sd.Target); ok {
				s.target = &r
			}
		case sd.Lookup.Table != "":
			s.lookup = c.lookup(path+".lookup", sd.Lookup, targetCell)
		}
		for j, id := range sd.Modifiers {
			if m := c.m.mods[id]; m != nil {
				s.mods = append(s.mods, m)
			} else if !slices.Contains(modIDs, id) {
				c.unknown(fmt.Sprintf("%s.modifiers.%d", path, j), "modifier", id, modIDs)
			}
		}
		if sd.Limit != nil {
			if len(sd.Limit) != 2 || sd.Limit[0] > sd.Limit[1] || sd.Limit[0] < -limits.MaxRoll || sd.Limit[1] > limits.MaxRoll {
				c.errf(path+".limit", "step %q: limit %v; expected [least, most], the bounds of its modifiers' sum", sd.ID, sd.Limit)
			} else {
				s.limit = &[2]int{sd.Limit[0], sd.Limit[1]}
			}
		}
		s.fail, s.pass = c.naturals(path+".natural_fail", s, sd.NaturalFail), c.naturals(path+".natural_pass", s, sd.NaturalPass)
		for f := range s.fail {
			if s.pass[f] {
				c.errf(path+".natural_pass", "step %q: a natural %d both fails and passes", sd.ID, f)
			}
		}
		hasTarget := sd.Target.Set || sd.Lookup.Table != "" // as written: one that failed is reported
		if sd.Chart != "" {
			s.chart = c.m.sys.Chart(sd.Chart)
			if s.chart == nil {
				c.unknown(path+".chart", "chart", sd.Chart, chartIDs(c.m.sys))
			} else if len(s.chart.Rows) == 0 {
				c.errf(path+".chart", "step %q: chart %q has no rows", sd.ID, sd.Chart)
			}
		}
		switch sd.Read {
		case "", "total":
		case "margin":
			s.margin = true
			if !hasTarget {
				c.errf(path+".read", "step %q reads its margin, but has no target to measure it from", sd.ID)
			}
		default:
			c.unknown(path+".read", "way to read a chart", sd.Read, []string{"total", "margin"})
		}
		if sd.Read != "" && sd.Chart == "" {
			c.errf(path+".read", "step %q: read is for a chart; expected chart = \"…\" beside it", sd.ID)
		}
		if s.carry == "" {
			switch {
			case sd.Chart != "":
				s.carry = carryValue
			case !hasTarget:
				s.carry = carryTotal
			default:
				s.carry = carrySuccesses
			}
		}
		switch s.carry {
		case carrySuccesses, carryFailures:
			if sd.Chart != "" {
				c.errf(path+".carry", "step %q reads a chart: it carries the rows' value, not %s", sd.ID, s.carry)
			} else if !hasTarget {
				c.errf(path, "step %q carries its %s but has no target; expected target = N (or a parameter or a stat), or lookup", sd.ID, s.carry)
			}
		case carryTotal:
			if sd.Chart != "" {
				c.errf(path+".carry", "step %q reads a chart: it carries the rows' value", sd.ID)
			} else if hasTarget {
				c.errf(path+".carry", "step %q carries its total, so its target is not read; expected carry = \"successes\" or no target", sd.ID)
			}
		case carryValue:
			if sd.Chart == "" {
				c.errf(path+".carry", "step %q carries a chart's value but reads no chart", sd.ID)
			}
		default:
			c.unknown(path+".carry", "thing a step carries", s.carry, []string{carrySuccesses, carryFailures, carryTotal, carryValue})
		}
		if sd.Chart == "" && sd.Test != "" && !hasTarget {
			c.errf(path+".test", "step %q has a test but no target", sd.ID)
		}
		if (sd.NaturalFail != nil || sd.NaturalPass != nil) && (!hasTarget || sd.Chart != "") {
			c.errf(path, "step %q: natural rolls pass or fail a target; this step has none", sd.ID)
		}
		if (len(sd.When) > 0 || len(sd.Unless) > 0) && !sd.Once {
			c.errf(path, "step %q: when and unless choose whether a once step is taken; expected once = true", sd.ID)
		}
		if len(c.probs) == before {
			c.m.steps[sd.ID] = s
		}
	}
}

// naturals reads a step's natural rolls: each a total its roll can show.
func (c *compiler) naturals(path string, s *step, faces []int) map[int]bool {
	if faces == nil {
		return nil
	}
	out := map[int]bool{}
	for j, f := range faces {
		if s.dist.Total() != nil && s.dist.Prob(f).Sign() == 0 {
			c.errf(fmt.Sprintf("%s.%d", path, j), "step %q: a natural %d: its roll %s never shows it", s.ID, f, s.Roll)
		}
		out[f] = true
	}
	return out
}

func chartIDs(sys *catalog.System) []string {
	var out []string
	for _, ch := range sys.Charts {
		out = append(out, ch.ID)
	}
	return out
}

// lookup compiles a lookup: its table's row keys and column heads are
// totals or ranges ("5", "3-4", "7+"), its cells as cell reads them:
// targets ("4+", "4") or "–" for one that cannot be made; or modifiers.
func (c *compiler) lookup(path string, l Lookup, cell func(string) (lookupCell, error)) *lookup {
	sys := c.m.sys
	t := sys.Table(l.Table)
	if t == nil {
		var ids []string
		for _, t := range sys.Tables {
			ids = append(ids, t.ID)
		}
		c.unknown(path+".table", "table", l.Table, ids)
		return nil
	}
	out := &lookup{table: t}
	var ok1, ok2 bool
	out.row, ok1 = c.ref(path+".row", l.Row)
	out.column, ok2 = c.ref(path+".column", l.Column)
	if !l.Row.Set || !l.Column.Set {
		c.errf(path, "a lookup reads a row and a column; expected row = … and column = …")
		return nil
	}
	if !ok1 || !ok2 {
		return nil
	}
	at := entryPlace{"table", t.ID}
	if len(t.Columns) < 2 || len(t.Rows) == 0 {
		c.entryErr(at, "", "table %q: a lookup needs a head over each column and a row at least", t.ID)
		return nil
	}
	for j, h := range t.Columns[1:] {
		r, err := catalog.ParseRoll(h)
		if err != nil {
			c.entryErr(at, fmt.Sprintf("columns.%d", j+1), "table %q: column head %v (a lookup reads the heads as numbers)", t.ID, err)
			return nil
		}
		out.cols = append(out.cols, r)
	}
	for i, row := range t.Rows {
		if len(row) != len(t.Columns) {
			c.entryErr(at, fmt.Sprintf("rows.%d", i), "table %q: row %d has %d cells, the heads %d", t.ID, i+1, len(row), len(t.Columns))
			return nil
		}
		r, err := catalog.ParseRoll(row[0])
		if err != nil {
			c.entryErr(at, fmt.Sprintf("rows.%d", i), "table %q: row %d: %v (a lookup reads the first cell as a number)", t.ID, i+1, err)
			return nil
		}
		out.rows = append(out.rows, r)
		var cells []lookupCell
		for j, v := range row[1:] {
			cell, err := cell(v)
			if err != nil {
				c.entryErr(at, fmt.Sprintf("rows.%d.%d", i, j+1), "table %q: row %d, column %d: %v", t.ID, i+1, j+2, err)
				return nil
			}
			cells = append(cells, cell)
		}
		out.cells = append(out.cells, cells)
	}
	return out
}

// targetCell reads a lookup table's cell: "4+" or "4" a target, "–" one
// that cannot be made.
func targetCell(v string) (lookupCell, error) {
	t := strings.TrimSpace(v)
	switch t {
	case "–", "-", "—", "":
		return lookupCell{never: true}, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(t, "+"))
	if err != nil || n < -limits.MaxRoll || n > limits.MaxRoll {
		return lookupCell{}, fmt.Errorf("%q: expected a target such as \"4+\", or \"–\" for none", v)
	}
	return lookupCell{target: n}, nil
}

// modifierCell reads a lookup table's cell as a modifier: "+1", "−2",
// "0", or "–" for none.
func modifierCell(v string) (lookupCell, error) {
	t := strings.TrimSpace(v)
	switch t {
	case "–", "-", "—", "":
		return lookupCell{}, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.Replace(t, "−", "-", 1), "+"))
	if err != nil || n < -limits.MaxRoll || n > limits.MaxRoll {
		return lookupCell{}, fmt.Errorf("%q: expected a modifier such as \"+1\", \"−2\" or \"0\"", v)
	}
	return lookupCell{target: n}, nil
}

// find returns the row (or column) whose range holds v.
func find(rs []catalog.Roll, v int) int {
	for i, r := range rs {
		if r.Contains(v) {
			return i
		}
	}
	return -1
}

func (c *compiler) compileChains() {
	c.ids("chain", len(c.r.Chains), func(i int) string { return c.r.Chains[i].ID })
	stepIDs := make([]string, len(c.r.Steps))
	for i, s := range c.r.Steps {
		stepIDs[i] = s.ID
	}
	for i := range c.r.Chains {
		cd := &c.r.Chains[i]
		path := fmt.Sprintf("chain.%d", i)
		ch := &chain{Chain: cd, dice: ref{n: 1}}
		ok := true
		if cd.Dice.Set {
			ch.dice, ok = c.ref(path+".dice", cd.Dice)
			if ok && ch.dice.param == nil && (ch.dice.n < 0 || ch.dice.n > maxStepRolls) {
				c.errf(path+".dice", "chain %q: %d dice; expected 0 to %d", cd.ID, ch.dice.n, maxStepRolls)
				ok = false
			}
		}
		switch n := len(cd.Steps); {
		case n == 0:
			c.errf(path, "chain %q has no steps; expected steps = [\"…\", …]", cd.ID)
			ok = false
		case n > maxSteps:
			c.errf(path+".steps", "chain %q has %d steps; expected at most %d", cd.ID, n, maxSteps)
			ok = false
		}
		for j, id := range cd.Steps {
			s := c.m.steps[id]
			switch {
			case s == nil && !slices.Contains(stepIDs, id):
				c.unknown(fmt.Sprintf("%s.steps.%d", path, j), "step", id, stepIDs)
				ok = false
			case s == nil:
				ok = false // reported at the step
			case slices.Contains(cd.Steps[:j], id):
				c.errf(fmt.Sprintf("%s.steps.%d", path, j), "chain %q: step %q twice; a measure would not know which", cd.ID, id)
				ok = false
			default:
				if (len(s.When) > 0 || len(s.Unless) > 0) && j > 0 {
					c.checkTags(fmt.Sprintf("step.%d", s.index), s, ch.steps[len(ch.steps)-1], cd.ID)
				}
				if (len(s.When) > 0 || len(s.Unless) > 0) && j == 0 {
					c.errf(fmt.Sprintf("step.%d", s.index), "step %q reads the chart of the step before it, but comes first in chain %q", s.ID, cd.ID)
					ok = false
				}
				ch.steps = append(ch.steps, s)
			}
		}
		if ok {
			c.m.chains[cd.ID] = ch
		}
	}
}

// checkTags holds a step's when and unless to the tags of the chart the
// step before it reads, once.
func (c *compiler) checkTags(path string, s, prev *step, chainID string) {
	if prev.chart == nil || !prev.Once {
		c.errf(path, "step %q is taken by the tags of the row the step before it reads, but in chain %q that step (%q) reads no chart once", s.ID, chainID, prev.ID)
		return
	}
	tags := chartTags(prev.chart)
	for _, list := range []struct {
		key  string
		tags []string
	}{{"when", s.When}, {"unless", s.Unless}} {
		for j, t := range list.tags {
			if !slices.Contains(tags, t) {
				c.unknown(fmt.Sprintf("%s.%s.%d", path, list.key, j), "tag of chart "+prev.chart.ID, t, tags)
			}
		}
	}
}

// chartTags lists the tags of a chart's rows, once each.
func chartTags(ch *catalog.Chart) []string {
	var out []string
	for _, r := range ch.Rows {
		for _, t := range r.Tags {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}
