package web

import (
	"fmt"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/rules"
)

// The odds page asks the rules engines' questions and those the rule
// sets' data writes (rules.QueriesIn): the same parameters, bounds and
// answers as 'playaid odds'.

// answer is a query's result as the page shows it: exact rows, charts of
// the distributions and the notes the engine attaches.
type answer struct {
	Rows   []oddsRow
	Charts []chart
	Notes  []string
}

type oddsRow struct {
	Label, Detail string
	P             *big.Rat // nil for a row that is a number, not a chance
	Num           *big.Rat
}

// chart is a bar chart of a distribution, laid out for SVG.
type chart struct {
	Title   string
	Caption string
	Bars    []bar
	Width   int
	Height  int
	Rows    []oddsRow // every possible outcome, exactly
	Open    bool      // the rows are few enough to show at once
}

type bar struct {
	X, Y, W, H     int
	LabelX, LabelY int
	TextX          int
	Label, Pct     string
}

// pageAnswer lays the engine's answer out for the page.
func pageAnswer(a *rules.Answer) *answer {
	out := &answer{Notes: a.Notes}
	for _, r := range a.Rows {
		out.Rows = append(out.Rows, oddsRow{Label: r.Label, Detail: r.Detail, P: r.P, Num: r.Num})
	}
	for _, d := range a.Dists {
		out.Charts = append(out.Charts, barChart(d.Title, d.Caption, d.Labels, d.P))
	}
	return out
}

// maxBars bounds a chart: beyond it the outcomes too unlikely to see are
// left off both ends (the rows keep every exact value).
const maxBars = 40

// barChart lays out one bar per outcome. A long distribution (hundreds of
// dice) is cut to the outcomes that carry its weight, and the caption says
// so.
func barChart(title, caption string, labels []string, ps []*big.Rat) chart {
	lo, hi := 0, len(ps)
	if hi-lo > maxBars {
		// Trim outcomes under 0.05% from both ends, then centre on the
		// most likely one.
		tiny := big.NewRat(1, 2000)
		for lo < hi-1 && ps[lo].Cmp(tiny) < 0 {
			lo++
		}
		for hi > lo+1 && ps[hi-1].Cmp(tiny) < 0 {
			hi--
		}
		if hi-lo > maxBars {
			top := lo
			for i := lo; i < hi; i++ {
				if ps[i].Cmp(ps[top]) > 0 {
					top = i
				}
			}
			lo = max(lo, min(top-maxBars/2, hi-maxBars))
			hi = lo + maxBars
		}
		caption += fmt.Sprintf(" (%s to %s shown; the others are each under 0.05%%)", labels[lo], labels[hi-1])
	}
	const barH, gap, labelW, pctW, plotW = 22, 6, 40, 60, 280
	c := chart{Title: title, Caption: caption, Width: labelW + plotW + pctW, Open: len(ps) <= 12}
	for i, p := range ps {
		if p.Sign() > 0 {
			c.Rows = append(c.Rows, oddsRow{Label: labels[i], P: p})
		}
	}
	top := new(big.Rat)
	for _, p := range ps[lo:hi] {
		if p.Cmp(top) > 0 {
			top = p
		}
	}
	for i := lo; i < hi; i++ {
		y := (i - lo) * (barH + gap)
		w := 0
		if top.Sign() > 0 {
			f, _ := new(big.Rat).Quo(ps[i], top).Float64()
			w = int(f*plotW + 0.5)
		}
		if ps[i].Sign() > 0 {
			w = max(w, 1)
		}
		c.Bars = append(c.Bars, bar{X: labelW, Y: y, W: w, H: barH, LabelX: labelW - 8, LabelY: y + barH/2 + 5, Label: labels[i],
			Pct: dice.Percent(ps[i], 1), TextX: labelW + w + 6})
	}
	c.Height = max(len(c.Bars)*(barH+gap)-gap, 1)
	return c
}

// oddsView is the odds page: every query's form, and the answer to the
// one asked.
type oddsView struct {
	chrome
	Queries []queryView
	Query   *queryView
	Answer  *answer
	Problem string
	Share   string // the answer's address
}

type queryView struct {
	*rules.Query
	Title, Summary string // in the words of the rule set asked
	SystemName     string
	Fields         []fieldView
}

// queryView is a query's form for the rule set sys (nil: the first on
// its engine), in that rule set's words, showing vals (the defaults where
// nil). Where more than one
// rule set runs on the query's engine (a club's copy beside the book's),
// the form's first field chooses among them, the book's first, as
// 'playaid odds --system' does.
func (s *Server) queryView(q *rules.Query, sys *catalog.System, vals rules.Args) (queryView, *catalog.System) {
	on := q.RuleSets(s.cat)
	if sys == nil && len(on) > 0 {
		sys = on[0]
	}
	qv := queryView{Query: q}
	if sys == nil {
		return qv, nil
	}
	qv.Title, qv.Summary, qv.SystemName = q.Title(sys), q.Summary(sys), sys.About.Short
	if len(on) > 1 {
		fv := fieldView{Name: rules.SystemParam, Label: "Rule set", Input: "select", Span: true}
		for _, o := range on {
			fv.Choices = append(fv.Choices, choice{Value: o.ID, Label: o.About.Name, Selected: o == sys})
		}
		qv.Fields = append(qv.Fields, fv)
	}
	for _, p := range q.Params {
		v, given := vals[p.Name]
		fv := fieldView{Name: p.Name, Label: p.Label(sys), Value: v, Help: p.Help(sys)}
		switch p.Kind {
		case rules.IntParam:
			fv.Input, fv.Min = "number", strconv.Itoa(p.Min)
			if !given {
				fv.Value = p.Default
			}
		case rules.BoolParam:
			fv.Input = "check"
		case rules.ChoiceParam:
			fv.Input = "select"
			for _, c := range p.Choices(sys) {
				fv.Choices = append(fv.Choices, choice{Value: c.Value, Label: c.Label, Selected: c.Value == v})
			}
		}
		qv.Fields = append(qv.Fields, fv)
	}
	return qv, sys
}

func (s *Server) oddsIndex(w http.ResponseWriter, r *http.Request) {
	v := &oddsView{chrome: chrome{Title: "Odds", Nav: "odds"}}
	qs := rules.QueriesIn(s.cat)
	for i := range qs {
		if qv, sys := s.queryView(&qs[i], nil, nil); sys != nil {
			v.Queries = append(v.Queries, qv)
		}
	}
	s.render(w, r, http.StatusOK, "odds", v)
}

// odds answers one query. The query lives in the address, so an answer can
// be shared; a value the query does not take is refused with what it
// takes, and the form keeps what was typed.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	q, ok := rules.LookupQueryIn(s.cat, r.PathValue("query"))
	var sys *catalog.System
	if ok {
		sys, _ = q.RuleSet(s.cat, "")
	}
	if sys == nil {
		s.fail(w, r, http.StatusNotFound, "There is no such odds query.")
		return
	}
	in := r.URL.Query()
	var msgs []string
	if id := in.Get(rules.SystemParam); id != "" {
		if chosen, err := q.RuleSet(s.cat, id); err == nil {
			sys = chosen
		} else {
			// The book's rule set answers the form; the page says
			// which rule sets there are, by their names.
			var names []string
			for _, o := range q.RuleSets(s.cat) {
				names = append(names, o.About.Name)
			}
			msgs = append(msgs, fmt.Sprintf("Rule set: %q is not one this question is asked of; choose %s.", clip(id, 40), orList(names)))
		}
	}
	vals, perrs := q.Parse(sys, func(name string) (string, bool) {
		_, given := in[name]
		return clip(in.Get(name), maxFieldBytes), given
	})
	qv, _ := s.queryView(q, sys, vals)
	if len(q.RuleSets(s.cat)) > 1 {
		// Two rule sets may share a short name (a club's copy of the
		// book's): the page names the one it answers for in full.
		qv.SystemName = sys.About.Name
	}
	v := &oddsView{chrome: chrome{Title: qv.Title + " odds", Nav: "odds"}, Query: &qv}
	for _, pe := range perrs {
		msgs = append(msgs, pe.Error())
	}
	if len(msgs) > 0 {
		v.Problem = strings.Join(msgs, " ")
		s.render(w, r, http.StatusBadRequest, "odds", v)
		return
	}
	if first, _ := q.RuleSet(s.cat, ""); sys != first {
		vals = maps.Clone(vals)
		vals[rules.SystemParam] = sys.ID
	}
	s.oddsAnswer(w, r, q, sys, vals, v)
}

// orList joins names for a sentence: "A", "A or B", "A, B or C".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// shareQuery is the query string of an answer, in the parameters' order:
// the rule set first, when it is not the book's (the first).
func shareQuery(q *rules.Query, vals rules.Args) string {
	var parts []string
	if v := vals[rules.SystemParam]; v != "" {
		parts = append(parts, rules.SystemParam+"="+url.QueryEscape(v))
	}
	for _, p := range q.Params {
		if v := vals[p.Name]; v != "" {
			parts = append(parts, url.QueryEscape(p.Name)+"="+url.QueryEscape(v))
		}
	}
	return strings.Join(parts, "&")
}
