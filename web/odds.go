package web

import (
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/rules"
)

// oddsQuery is one 'playaid odds' question as a form: the same name,
// parameters (the CLI's flags, with its defaults) and rules engine call.
type oddsQuery struct {
	Name, Title, Summary string
	Engine               *rules.Engine // the rule engine that answers it, for the data's first rule set on it
	Params               []param
	answer               func(sys *catalog.System, v map[string]string) (*answer, error)
}

// param is one input of a query.
type param struct {
	Name, Label, Help string
	Kind              string // "int", "bool" or "choice"
	Default           string
	Min, Max          int
	choices           func(sys *catalog.System) []choice
}

// answer is a query's result: exact rows, charts of the distributions and
// the notes the engine attaches.
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

var oddsQueries = []oddsQuery{
	{Name: "attack", Engine: rules.AQEngine, Title: "Attack", Summary: "An AQotMF attack: hits, damage points, a tripod's destruction.",
		Params: []param{
			{Name: "dice", Label: "Dice", Help: "elements × weapon dice (Rapid Fire rolls 3 per stand)", Kind: "int", Default: "1", Min: 0, Max: maxOddsDice},
			{Name: "defense", Label: "Defense", Help: "the target's Defense", Kind: "int", Default: "5", Min: -maxOddsInt, Max: maxOddsInt},
			{Name: "armor", Label: "Armor", Help: "the target's Armor (a damaged tripod: its current Armor)", Kind: "int", Default: "4", Min: -maxOddsInt, Max: maxOddsInt},
			{Name: "power", Label: "Power", Help: "the weapon's Power bonus", Kind: "int", Default: "0", Min: -maxOddsInt, Max: maxOddsInt},
			{Name: "cover", Label: "Cover", Kind: "choice", choices: func(*catalog.System) []choice {
				return []choice{{Value: "", Label: "none"}, {Value: "soft", Label: "soft"}, {Value: "hard", Label: "hard"}}
			}},
			{Name: "tripod", Label: "Target is a tripod", Help: "roll on the Tripod Damage Chart", Kind: "bool"},
			{Name: "dug-in", Label: "Target is dug in", Kind: "bool"},
			{Name: "tripod-close", Label: "Attacker is a tripod close by", Help: "within the Dug In range: dug in does not count", Kind: "bool"},
			{Name: "immobilised", Label: "Target is immobilised", Kind: "bool"},
		},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			r, err := rules.AQAttack(sys, rules.AttackQuery{Dice: atoi(v["dice"]), Defense: atoi(v["defense"]), Armor: atoi(v["armor"]),
				Power: atoi(v["power"]), Cover: v["cover"], Immobilised: v["immobilised"] != "", DugIn: v["dug-in"] != "",
				TripodClose: v["tripod-close"] != "", Tripod: v["tripod"] != ""})
			if err != nil {
				return nil, err
			}
			a := &answer{Notes: r.Notes}
			a.Rows = append(a.Rows,
				oddsRow{Label: "A die hits", Detail: "on " + score(r.HitOn), P: r.DieHit},
				oddsRow{Label: "A hit damages", Detail: "on " + score(r.DamageOn), P: r.HitDamages},
				oddsRow{Label: "At least one hit", P: r.Hit},
				oddsRow{Label: "At least one damage point", P: r.Damage})
			if r.Destroyed != nil {
				a.Rows = append(a.Rows, oddsRow{Label: "Tripod destroyed", P: r.Destroyed})
			}
			var labels []string
			for k := range r.Points {
				labels = append(labels, strconv.Itoa(k))
			}
			a.Charts = append(a.Charts, barChart("Damage points", "damage points scored by the attack", labels, r.Points))
			return a, nil
		}},
	{Name: "building", Engine: rules.BuildingsEngine, Title: "Hit on a building", Summary: "One hit on a building: destroyed, damaged, on fire.",
		Params: []param{
			{Name: "type", Label: "Building", Kind: "choice", choices: func(sys *catalog.System) []choice {
				var cs []choice
				for _, t := range sys.Buildings.Types {
					cs = append(cs, choice{Value: t.ID, Label: t.Name})
				}
				return cs
			}},
			{Name: "power", Label: "Power", Help: "the weapon's Power bonus", Kind: "int", Default: "0", Min: -maxOddsInt, Max: maxOddsInt},
			{Name: "heat-ray", Label: "Martian Heat Ray", Help: "+2 on the fire roll", Kind: "bool"},
		},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			r, err := rules.BuildingHit(sys, v["type"], atoi(v["power"]), v["heat-ray"] != "")
			if err != nil {
				return nil, err
			}
			labels := []string{"destroyed", "damaged", "on fire"}
			ps := []*big.Rat{r.Destroyed, r.Damaged, r.Fire}
			a := &answer{Rows: []oddsRow{
				{Label: "Destroyed (rubble)", P: r.Destroyed},
				{Label: "Damaged (armour −1)", P: r.Damaged},
				{Label: "Standing and on fire", P: r.Fire},
			}}
			a.Charts = append(a.Charts, barChart("One hit", "each outcome of one hit", labels, ps))
			return a, nil
		}},
	{Name: "burn", Engine: rules.BuildingsEngine, Title: "Burning building", Summary: "A burning building: still standing after each turn's test.",
		Params: []param{{Name: "armor", Label: "Armour", Help: "the building's current armour", Kind: "int", Default: "6", Min: 0, Max: maxBurnArmor}},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			r, err := rules.Burn(sys, atoi(v["armor"]))
			if err != nil {
				return nil, err
			}
			a := &answer{}
			var labels []string
			for i, p := range r.Standing {
				a.Rows = append(a.Rows, oddsRow{Label: fmt.Sprintf("Standing after test %d", i+1), P: p})
				labels = append(labels, strconv.Itoa(i+1))
			}
			a.Rows = append(a.Rows, oddsRow{Label: "Expected tests", Detail: "the collapsing one included", Num: r.ExpectedTests})
			a.Charts = append(a.Charts, barChart("Still standing", "after each turn's test", labels, r.Standing))
			return a, nil
		}},
	{Name: "im-shoot", Engine: rules.IMEngine, Title: "Small arms", Summary: "Imperial Mars small arms: hits per tray and for N trays.",
		Params: []param{
			{Name: "factor", Label: "Factor", Help: "the sum of weapon and tactical factors", Kind: "int", Default: "0", Min: -maxOddsInt, Max: maxOddsInt},
			{Name: "trays", Label: "Trays", Help: "trays shooting", Kind: "int", Default: "1", Min: 0, Max: maxOddsDice},
		},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			n := atoi(v["trays"])
			r, err := rules.IMShoot(sys, atoi(v["factor"]), n)
			if err != nil {
				return nil, err
			}
			a := &answer{Notes: r.Notes}
			for k, p := range r.PerTray {
				a.Rows = append(a.Rows, oddsRow{Label: fmt.Sprintf("One tray: %d %s", k, plural(k, "hit", "hits")), P: p})
			}
			var labels []string
			var ps []*big.Rat
			if len(r.Hits.Outcomes()) > 0 {
				for k := 0; k <= r.Hits.Max(); k++ {
					labels = append(labels, strconv.Itoa(k))
					ps = append(ps, r.Hits.Prob(k))
				}
			}
			a.Charts = append(a.Charts, barChart(fmt.Sprintf("Hits of %d %s", n, plural(n, "tray", "trays")), "total hits", labels, ps))
			return a, nil
		}},
	{Name: "im-morale", Engine: rules.IMEngine, Title: "Morale test", Summary: "An Imperial Mars morale test: disruption markers 0–4.",
		Params: []param{{Name: "modifier", Label: "Modifier", Help: "the sum of the morale modifiers", Kind: "int", Default: "0", Min: -maxOddsInt, Max: maxOddsInt}},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			r, err := rules.IMMorale(sys, atoi(v["modifier"]))
			if err != nil {
				return nil, err
			}
			return &answer{Charts: []chart{barChart("Disruption markers", "DMs taken", countLabels(len(r)), r)}}, nil
		}},
	{Name: "im-melee", Engine: rules.IMEngine, Title: "Melee", Summary: "An Imperial Mars melee between two trays.",
		Params: []param{{Name: "diff", Label: "Difference", Help: "the first tray's factors minus the second's", Kind: "int", Default: "0", Min: -maxOddsInt, Max: maxOddsInt}},
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			inf, suf, err := rules.IMMelee(sys, atoi(v["diff"]))
			if err != nil {
				return nil, err
			}
			return &answer{Charts: []chart{
				barChart("The second tray loses", "figures lost by the second tray", countLabels(len(inf)), inf),
				barChart("The first tray loses", "figures lost by the first tray", countLabels(len(suf)), suf),
			}}, nil
		}},
	{Name: "game-length", Engine: rules.EvacEngine, Title: "Game length", Summary: "Evacuation: Mars: how many rounds the game lasts.",
		answer: func(sys *catalog.System, v map[string]string) (*answer, error) {
			rs, err := rules.GameLength(sys)
			if err != nil {
				return nil, err
			}
			var labels []string
			var ps []*big.Rat
			for _, r := range rs {
				labels = append(labels, strconv.Itoa(r.Round))
				ps = append(ps, r.Ends)
			}
			return &answer{Charts: []chart{barChart("The game ends after round", "rounds played", labels, ps)}}, nil
		}},
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func score(n int) string {
	if n <= 1 {
		return "any roll"
	}
	return fmt.Sprintf("%d+", n)
}

func countLabels(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i)
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
	oddsQuery
	SystemName string
	Fields     []fieldView
}

func (s *Server) queryView(q oddsQuery, vals map[string]string) (queryView, *catalog.System) {
	sys, _ := rules.RuleSetOn(s.cat, q.Engine, "")
	qv := queryView{oddsQuery: q}
	if sys == nil {
		return qv, nil
	}
	qv.SystemName = sys.About.Short
	for _, p := range q.Params {
		fv := fieldView{Name: p.Name, Label: p.Label, Value: vals[p.Name], Help: p.Help}
		switch p.Kind {
		case "int":
			fv.Input, fv.Min = "number", strconv.Itoa(p.Min)
			if fv.Value == "" {
				fv.Value = p.Default
			}
		case "bool":
			fv.Input = "check"
		case "choice":
			fv.Input = "select"
			opts := p.choices(sys)
			cur := vals[p.Name]
			for i := range opts {
				opts[i].Selected = opts[i].Value == cur
			}
			fv.Choices = opts
		}
		qv.Fields = append(qv.Fields, fv)
	}
	return qv, sys
}

func (s *Server) oddsIndex(w http.ResponseWriter, r *http.Request) {
	v := &oddsView{chrome: chrome{Title: "Odds", Nav: "odds"}}
	for _, q := range oddsQueries {
		if qv, sys := s.queryView(q, nil); sys != nil {
			v.Queries = append(v.Queries, qv)
		}
	}
	s.render(w, r, http.StatusOK, "odds", v)
}

// odds answers one query. The query lives in the address, so an answer can
// be shared; a value out of bounds is refused with what is allowed.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	var q *oddsQuery
	for i := range oddsQueries {
		if oddsQueries[i].Name == r.PathValue("query") {
			q = &oddsQueries[i]
		}
	}
	if q == nil {
		s.fail(w, r, http.StatusNotFound, "There is no such odds query.")
		return
	}
	if sys, _ := rules.RuleSetOn(s.cat, q.Engine, ""); sys == nil {
		s.fail(w, r, http.StatusNotFound, "There is no such odds query.")
		return
	}
	in := r.URL.Query()
	vals, problem := readParams(q, in)
	qv, sys := s.queryView(*q, vals)
	v := &oddsView{chrome: chrome{Title: q.Title + " odds", Nav: "odds"}, Query: &qv, Problem: problem}
	if problem != "" {
		s.render(w, r, http.StatusBadRequest, "odds", v)
		return
	}
	s.oddsAnswer(w, r, q, sys, vals, v)
}

// readParams reads a query's parameters: defaults for those left out,
// whole numbers within bounds, choices among the offered ones.
func readParams(q *oddsQuery, in url.Values) (map[string]string, string) {
	vals := map[string]string{}
	var problems []string // every field keeps what the player typed
	for _, p := range q.Params {
		raw := in.Get(p.Name)
		switch p.Kind {
		case "int":
			if raw == "" {
				raw = p.Default
			}
			n, err := strconv.Atoi(raw)
			if err != nil || n < p.Min || n > p.Max {
				vals[p.Name] = clip(raw, 20)
				problems = append(problems, fmt.Sprintf("%s: %q is not a whole number from %d to %d.", p.Label, clip(raw, 20), p.Min, p.Max))
				continue
			}
			vals[p.Name] = strconv.Itoa(n)
		case "bool":
			if raw != "" && raw != "0" && raw != "false" {
				vals[p.Name] = "1"
			}
		case "choice":
			vals[p.Name] = clip(raw, maxFieldBytes)
		}
	}
	return vals, strings.Join(problems, " ")
}

// shareQuery is the query string of an answer, in the parameters' order.
func shareQuery(q *oddsQuery, vals map[string]string) string {
	var parts []string
	for _, p := range q.Params {
		if v := vals[p.Name]; v != "" {
			parts = append(parts, url.QueryEscape(p.Name)+"="+url.QueryEscape(v))
		}
	}
	return strings.Join(parts, "&")
}
