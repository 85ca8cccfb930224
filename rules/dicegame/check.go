package dicegame

import (
	"github.com/playaid/playaid/catalog"
)

// checkBlock compiles a [dice] block when the data is loaded, reporting
// each problem at its key (or at the entry it is about), and keeps the
// compiled model for the tables and questions. Every table is built
// once here, so that what validates prints: a chart with no row for a
// total it is asked, a step that would roll too many dice, is the data's
// error at the table.
func checkBlock(c *catalog.BlockCheck, r *Rules) {
	m, probs := compile(c.Sys, r)
	for _, p := range probs {
		pos := c.Value(p.path)
		if p.entry.kind != "" {
			e := c.Entry(p.entry.kind, p.entry.id)
			pos = e.Pos()
			if p.path != "" {
				pos = e.Value(p.path)
			}
		}
		c.Errorf(pos, "%s", p.msg)
	}
	if m == nil {
		return
	}
	rule := newBudget(maxRuleWork)
	for _, t := range m.tables {
		if err := m.check(t, rule); err != nil {
			c.Errorf(c.Value(tablePath(t)), "table %q: %v", t.ID, err)
		}
	}
	r.model = m
}

func tablePath(t *table) string { return "table." + itoa(t.index) }
