package dicegame

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Questions: 'playaid odds ID' and the web's odds page ask a chain with
// the parameters the question names; the others keep their defaults. The
// words are the rule set's [query.<id>] block: the title, the summary,
// each parameter's label (and a choice's labels), and for each step of
// the chain words.<step> (the chance it carries at least one) with, for
// a step that counts or reads a chart, words.<step>_dist and
// words.<step>_dist_caption (its distribution).

func (c *compiler) compileQuestions() {
	c.ids("question", len(c.r.Questions), func(i int) string { return c.r.Questions[i].ID })
	for i := range c.r.Questions {
		qd := &c.r.Questions[i]
		path := fmt.Sprintf("question.%d", i)
		q := &question{Question: qd, chain: c.m.chains[qd.Chain]}
		if q.chain == nil {
			c.unknown(path+".chain", "chain", qd.Chain, chainIDs(c.r))
			continue
		}
		for j, id := range qd.Params {
			p := c.param(id)
			switch {
			case p == nil:
				c.unknown(fmt.Sprintf("%s.params.%d", path, j), "parameter", id, c.paramIDs())
			case slices.Contains(q.params, p):
				c.errf(fmt.Sprintf("%s.params.%d", path, j), "question %q asks %q twice", qd.ID, id)
			default:
				q.params = append(q.params, p)
			}
		}
		if _, err := c.m.run(q.chain, c.m.defaults(), newBudget(maxRunWork)); err != nil {
			c.errf(path, "question %q, asked with every parameter at its default: %v", qd.ID, err)
		}
		c.m.questions = append(c.m.questions, q)
	}
}

// counts reports whether the step's distribution is worth a chart: it
// counts (rolls for each one carried), or reads a chart once.
func (s *step) counts() bool { return !s.Once || s.chart != nil }

// query is the question as the rules package asks it.
func (m *model) query(q *question) rules.Query {
	var params []rules.Param
	for _, p := range q.params {
		switch p.kind {
		case kindNumber:
			params = append(params, rules.Param{Name: p.ID, Kind: rules.IntParam, Default: p.def, Min: p.min, Max: p.max})
		case kindSwitch:
			params = append(params, rules.Switch(p.ID))
		case kindChoice:
			params = append(params, rules.Choices(p.ID, p.Choices...))
		default:
			entries := p.entries
			params = append(params, rules.ChoicesFrom(p.ID, func(*catalog.System) []rules.Choice {
				out := make([]rules.Choice, len(entries))
				for i, e := range entries {
					out[i] = rules.Choice{Value: e.id, Label: e.name}
				}
				return out
			}))
		}
	}
	var words []string
	for _, s := range q.chain.steps {
		words = append(words, s.ID)
		if s.counts() {
			words = append(words, s.ID+"_dist", s.ID+"_dist_caption")
		}
	}
	return rules.Ask(q.ID, params, rules.WordSpec{Words: words, Vars: m.vars()}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		return m.answer(q, w, a)
	})
}

// answer asks the chain with the question's arguments.
func (m *model) answer(q *question, w *rules.Words, a rules.Args) (*rules.Answer, error) {
	v := m.defaults()
	for _, p := range q.params {
		v[p.ID] = a[p.ID]
		if p.kind == kindSwitch && a.Bool(p.ID) {
			v[p.ID] = "1"
		}
		// In play, a unit has the models it has left (Play's shots).
		if n, ok := a[left(p)]; ok && p.kind == kindUnit {
			if k, err := strconv.Atoi(n); err == nil && k >= 0 && k <= maxStepRolls {
				v[left(p)] = n
			}
		}
	}
	r, err := m.run(q.chain, v, newBudget(maxRunWork))
	if err != nil {
		return nil, err
	}
	m.fill(w, nil, v)
	ans := &rules.Answer{JSON: map[string]any{}}
	steps := map[string]any{}
	for i, s := range q.chain.steps {
		one := r.value(measure{Measure: &Measure{}, step: i})
		ans.Rows = append(ans.Rows, rules.AnswerRow{Label: w.Word(s.ID), P: one})
		js := map[string]any{"at_least_one": one.RatString(), "average": r.value(measure{Measure: &Measure{Average: true}, step: i}).RatString()}
		if s.counts() {
			labels, ps := distOf(s, r.states[i])
			ans.Dists = append(ans.Dists, rules.NewDist(w, s.ID+"_dist", labels, ps))
			js["dist"] = distJSON(labels, ps)
		}
		steps[s.ID] = js
	}
	ans.JSON["steps"] = steps
	return ans, nil
}

// distOf is a step's outcome as a chart draws it: each count it may carry
// (0 up), or each row of its chart (and, first, none when it may not be
// taken).
func distOf(s *step, d interface {
	ProbIf(func(int) bool) *big.Rat
	Outcomes() []int
}) ([]string, []*big.Rat) {
	var labels []string
	var ps []*big.Rat
	if s.Once && s.chart != nil {
		if p := d.ProbIf(func(st int) bool { return st == notTaken }); p.Sign() > 0 {
			labels, ps = append(labels, "–"), append(ps, p)
		}
		for i, row := range s.chart.Rows {
			labels = append(labels, row.Roll.Printed()+": "+row.Result)
			ps = append(ps, d.ProbIf(func(st int) bool { return st == i }))
		}
		return labels, ps
	}
	most := 0
	for _, st := range d.Outcomes() {
		most = max(most, s.carried(st))
	}
	for k := 0; k <= most; k++ {
		labels = append(labels, strconv.Itoa(k))
		ps = append(ps, d.ProbIf(func(st int) bool { return s.carried(st) == k }))
	}
	return labels, ps
}

func distJSON(labels []string, ps []*big.Rat) map[string]string {
	out := map[string]string{}
	for i, l := range labels {
		out[l] = ps[i].RatString()
	}
	return out
}
