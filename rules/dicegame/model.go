package dicegame

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// The block as the engine runs it: every name resolved, every roll read,
// every number bounded. compile does it once, when the data is checked
// (checkBlock), and reports each problem at its key; the tables and the
// questions then only look things up.

// The bounds of what a rule set may ask of the engine, each checked
// before any work is done: what a game rolls, with room to spare, and
// what a page can print.
const (
	maxSteps      = 8   // steps in a chain
	maxStepRolls  = 100 // rolls one step makes (limits.MaxAskDice): dice a player picks up at once
	maxAxisValues = 60  // values on one axis of a table
	maxTableRows  = 120 // rows of a table
	maxTableCols  = 40  // columns of a table
	maxTableCells = 2000
	maxNames      = 64 // params, stats, modifiers, steps, chains, tables, questions: each
)

// The kinds of parameter.
const (
	kindNumber  = "number"
	kindSwitch  = "switch"
	kindChoice  = "choice"
	kindUnit    = "unit"
	kindProfile = "profile"
	kindWeapon  = "weapon"
)

var paramKinds = []string{kindNumber, kindSwitch, kindChoice, kindUnit, kindProfile, kindWeapon}

// The ways a total is compared with its target.
const (
	testAtLeast = "at_least"
	testAbove   = "above"
	testAtMost  = "at_most"
	testBelow   = "below"
)

var tests = []string{testAtLeast, testAbove, testAtMost, testBelow}

// What a step carries to the next.
const (
	carrySuccesses = "successes"
	carryFailures  = "failures"
	carryTotal     = "total"
	carryValue     = "value"
)

// Built-in stats: the catalogue's own fields, read as stats beside a
// profile's or weapon's stats table.
var (
	profileFields = []string{"defense", "armor"}
	weaponFields  = []string{"power", "dice"}
	unitFields    = []string{"models", "points"} // a unit's own numbers
)

// nameRE is a name the words may fill as {name}: lower case, digits and
// underscores (a parameter's, a stat's, a choice's); idRE any other id,
// which may have hyphens too (a table's, a step's, a question's).
var (
	nameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	idRE   = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
)

// model is the compiled block.
type model struct {
	sys       *catalog.System
	stats     []*Stat
	params    []*param
	mods      map[string]*modifier
	steps     map[string]*step
	chains    map[string]*chain
	tables    []*table
	questions []*question

	ownOnce sync.Once
	parts   rules.Own // the tables and questions as the rules package asks them (own)
}

// param is a compiled parameter.
type param struct {
	*Param
	kind     string
	min, max int
	def      string   // its default, as a value is written ("4", "1", "light", "rifle")
	entries  []*entry // a unit, profile or weapon parameter's entries, in the data's order
}

// entry is a unit, profile or weapon as a parameter offers it: its name
// and every stat it has, the built-in ones among them.
type entry struct {
	id, name string
	stats    map[string]int
	place    entryPlace // where it stands, for a message
}

type entryPlace struct{ kind, id string }

// ref is a compiled Ref: a fixed number, a parameter's value or a stat of
// the entry a parameter chose.
type ref struct {
	n     int
	param *param
	stat  string
}

// modifier is a compiled modifier.
type modifier struct {
	*Modifier
	value        ref
	lookup       *lookup
	choice       *param
	when, unless *param
}

// step is a compiled step.
type step struct {
	*Step
	index      int
	roll       roll
	dist       dice.Dist // one roll, unmodified
	target     *ref
	lookup     *lookup
	test       string
	mods       []*modifier
	limit      *[2]int
	fail, pass map[int]bool
	chart      *catalog.Chart
	margin     bool
	carry      string
}

// lookup is a compiled Lookup: the row keys, the column heads and the
// numbers (targets, never for a cell that cannot be made; or modifiers).
type lookup struct {
	table       *catalog.Table
	row, column ref
	rows, cols  []catalog.Roll
	cells       [][]lookupCell
}

type lookupCell struct {
	target int
	never  bool
}

// chain is a compiled chain.
type chain struct {
	*Chain
	dice  ref
	steps []*step
}

// question is a compiled question.
type question struct {
	*Question
	chain  *chain
	params []*param
}

// problem is something wrong with the block: at a key of it (path), or
// at a key of an entry of the rule set (a profile lacking a stat).
type problem struct {
	path  string
	entry entryPlace
	msg   string
}

// compiler gathers the problems of one compile.
type compiler struct {
	m     *model
	r     *Rules
	probs []problem
	rolls map[string]dice.Dist // each roll's distribution, worked out once
	work  *budget              // what working out the rolls may spend
}

func (c *compiler) errf(path, format string, args ...any) {
	c.probs = append(c.probs, problem{path: path, msg: fmt.Sprintf(format, args...)})
}

func (c *compiler) entryErr(e entryPlace, path, format string, args ...any) {
	c.probs = append(c.probs, problem{path: path, entry: e, msg: fmt.Sprintf(format, args...)})
}

// unknown reports a name that is not one of known, with a suggestion.
func (c *compiler) unknown(path, what, got string, known []string) {
	c.errf(path, "%s", catalog.Unknown(what, got, known))
}

// compile reads the block of sys. The model is usable when there are no
// problems.
func compile(sys *catalog.System, r *Rules) (*model, []problem) {
	c := &compiler{m: &model{sys: sys, mods: map[string]*modifier{}, steps: map[string]*step{}, chains: map[string]*chain{}}, r: r,
		rolls: map[string]dice.Dist{}, work: newBudget(maxRollsWork)}
	for _, f := range []struct {
		key string
		n   int
	}{{"stat", len(r.Stats)}, {"param", len(r.Params)}, {"modifier", len(r.Modifiers)}, {"step", len(r.Steps)},
		{"chain", len(r.Chains)}, {"table", len(r.Tables)}, {"question", len(r.Questions)}} {
		if f.n > maxNames {
			c.errf(f.key, "[[dice.%s]]: %d of them; expected at most %d", f.key, f.n, maxNames)
			return nil, c.probs
		}
	}
	c.compileStats()
	c.compileParams()
	c.compileModifiers()
	c.compileSteps()
	c.compileChains()
	if len(c.probs) > 0 {
		return nil, c.probs // tables and questions read what is above
	}
	c.compileTables()
	c.compileQuestions()
	if len(c.probs) > 0 {
		return nil, c.probs
	}
	return c.m, nil
}

// ids checks a list's ids: each a name, once.
func (c *compiler) ids(key string, n int, id func(i int) string) {
	seen := map[string]int{}
	for i := range n {
		p := fmt.Sprintf("%s.%d.id", key, i)
		v := id(i)
		switch j, dup := seen[v]; {
		case v == "":
			c.errf(fmt.Sprintf("%s.%d", key, i), "[[dice.%s]] %d has no id", key, i+1)
		case (key == "param" || key == "stat") && !nameRE.MatchString(v):
			c.errf(p, "[[dice.%s]] id %q: expected lower-case letters, digits and underscores, starting with a letter (the words fill it as {%s})", key, v, strings.ReplaceAll(strings.ToLower(v), "-", "_"))
		case !idRE.MatchString(v):
			c.errf(p, "[[dice.%s]] id %q: expected lower-case letters, digits, hyphens and underscores, starting with a letter", key, v)
		case dup:
			c.errf(p, "[[dice.%s]] id %q twice (first as number %d)", key, v, j+1)
		default:
			seen[v] = i
		}
	}
}

var shows = []string{"plain", "plus", "signed"}

func (c *compiler) compileStats() {
	c.ids("stat", len(c.r.Stats), func(i int) string { return c.r.Stats[i].ID })
	for i := range c.r.Stats {
		s := &c.r.Stats[i]
		p := fmt.Sprintf("stat.%d", i)
		if s.Of == "" {
			s.Of = kindProfile
		}
		if s.Of != kindProfile && s.Of != kindWeapon {
			c.errf(p+".of", "stat %q: of = %q; expected \"profile\" or \"weapon\"", s.ID, s.Of)
		}
		if s.Show != "" && !slices.Contains(shows, s.Show) {
			c.unknown(p+".show", "way to show a value", s.Show, shows)
		}
		if s.Name == "" {
			c.errf(p, "stat %q has no name; expected name = \"…\", as cards head it", s.ID)
		}
		c.m.stats = append(c.m.stats, s)
	}
	// Every stat an entry writes is one of them, within bounds.
	known := map[string][]string{kindProfile: nil, kindWeapon: nil}
	for _, s := range c.m.stats {
		known[s.Of] = append(known[s.Of], s.ID)
	}
	check := func(kind, id string, stats map[string]int) {
		for _, k := range sortedKeys(stats) {
			e := entryPlace{kind, id}
			if !slices.Contains(known[kind], k) {
				c.entryErr(e, "stats."+k, "%s %q: %s", kind, id, catalog.Unknown(kind+" stat", k, known[kind]))
			} else if v := stats[k]; v < -limits.MaxStat || v > limits.MaxStat {
				c.entryErr(e, "stats."+k, "%s %q: stats.%s is %d; expected %d–%d", kind, id, k, v, -limits.MaxStat, limits.MaxStat)
			}
		}
	}
	for _, p := range c.m.sys.Profiles {
		check(kindProfile, p.ID, p.Stats)
	}
	for _, w := range c.m.sys.Weapons {
		check(kindWeapon, w.ID, w.Stats)
	}
}

func (c *compiler) compileParams() {
	c.ids("param", len(c.r.Params), func(i int) string { return c.r.Params[i].ID })
	for i := range c.r.Params {
		pd := &c.r.Params[i]
		path := fmt.Sprintf("param.%d", i)
		p := &param{Param: pd, kind: pd.Kind}
		if p.kind == "" {
			p.kind = kindNumber
		}
		if !slices.Contains(paramKinds, p.kind) {
			c.unknown(path+".kind", "kind of parameter", p.kind, paramKinds)
			continue
		}
		if pd.Show != "" && !slices.Contains(shows, pd.Show) {
			c.unknown(path+".show", "way to show a value", pd.Show, shows)
		}
		only := func(key string, set bool, kinds ...string) {
			if set && !slices.Contains(kinds, p.kind) {
				c.errf(path+"."+key, "param %q: %s is for a %s parameter, not a %s one", pd.ID, key, strings.Join(kinds, " or "), p.kind)
			}
		}
		only("min", pd.Min != nil, kindNumber)
		only("max", pd.Max != nil, kindNumber)
		only("default", pd.Default != nil, kindNumber)
		only("choices", pd.Choices != nil, kindChoice)
		only("type", pd.Type != "", kindUnit, kindProfile, kindWeapon)
		switch p.kind {
		case kindNumber:
			p.min, p.max = -limits.MaxAskScore, limits.MaxAskScore
			if pd.Min != nil {
				p.min = *pd.Min
			}
			if pd.Max != nil {
				p.max = *pd.Max
			}
			switch {
			case p.min < -limits.MaxAskScore || p.max > limits.MaxAskScore:
				c.errf(path, "param %q: the range %d to %d; expected numbers from %d to %d (what a question may ask)", pd.ID, p.min, p.max, -limits.MaxAskScore, limits.MaxAskScore)
			case p.min > p.max:
				c.errf(path+".max", "param %q: max %d is below min %d", pd.ID, p.max, p.min)
			}
			def := max(p.min, min(0, p.max))
			if pd.Default != nil {
				def = *pd.Default
				if def < p.min || def > p.max {
					c.errf(path+".default", "param %q: default %d is outside its range %d to %d", pd.ID, def, p.min, p.max)
				}
			}
			p.def = strconv.Itoa(def)
		case kindSwitch:
			p.def = ""
		case kindChoice:
			if len(pd.Choices) == 0 {
				c.errf(path, "param %q is a choice but has no choices; expected choices = [\"…\", …]", pd.ID)
				continue
			}
			for j, v := range pd.Choices {
				if !nameRE.MatchString(v) || slices.Index(pd.Choices, v) != j {
					c.errf(fmt.Sprintf("%s.choices.%d", path, j), "param %q: choice %q: expected a name of lower-case letters, digits and underscores, once", pd.ID, v)
				}
			}
			p.def = pd.Choices[0]
		default:
			p.entries = c.entries(p, path)
			if len(p.entries) > 0 {
				p.def = p.entries[0].id
			}
		}
		c.m.params = append(c.m.params, p)
	}
}

// entries lists the units, profiles or weapons a parameter offers, with
// their stats.
func (c *compiler) entries(p *param, path string) []*entry {
	sys := c.m.sys
	var out []*entry
	typed := func(t string) bool { return p.Type == "" || strings.EqualFold(p.Type, t) }
	switch p.kind {
	case kindProfile:
		for i := range sys.Profiles {
			if pr := &sys.Profiles[i]; typed(pr.Type) {
				out = append(out, &entry{id: pr.ID, name: pr.Name, stats: profileStats(pr), place: entryPlace{kindProfile, pr.ID}})
			}
		}
	case kindWeapon:
		for i := range sys.Weapons {
			if w := &sys.Weapons[i]; typed(w.Kind) {
				out = append(out, &entry{id: w.ID, name: w.Name, stats: weaponStats(w), place: entryPlace{kindWeapon, w.ID}})
			}
		}
	case kindUnit:
		for i := range sys.Units {
			u := &sys.Units[i]
			if !typed(u.Type) {
				continue
			}
			st := map[string]int{"models": u.Elements(), "points": u.Points}
			// A unit's stats are its first profile's, and its first
			// weapon's.
			if len(u.Composition) > 0 {
				if pr := sys.Profile(u.Composition[0].Profile); pr != nil {
					for k, v := range profileStats(pr) {
						st[k] = v
					}
					if len(pr.Weapons) > 0 {
						if w := sys.Weapon(pr.Weapons[0]); w != nil {
							for k, v := range weaponStats(w) {
								if _, ok := st[k]; !ok {
									st[k] = v
								}
							}
						}
					}
				}
			}
			out = append(out, &entry{id: u.ID, name: u.Name, stats: st, place: entryPlace{kindUnit, u.ID}})
		}
	}
	if len(out) == 0 {
		what := p.kind + "s"
		if p.Type != "" {
			what = fmt.Sprintf("%ss of type %q", p.kind, p.Type)
		}
		c.errf(path, "param %q offers the rule set's %s, and it has none", p.ID, what)
	}
	return out
}

// profileStats are a profile's stats with its Defense and Armor.
func profileStats(p *catalog.Profile) map[string]int {
	st := map[string]int{}
	if p.Defense != nil {
		st["defense"] = *p.Defense
	}
	if p.Armor != nil {
		st["armor"] = *p.Armor
	}
	for k, v := range p.Stats {
		st[k] = v
	}
	return st
}

// weaponStats are a weapon's stats with its Power and dice.
func weaponStats(w *catalog.Weapon) map[string]int {
	st := map[string]int{"power": w.Power, "dice": max(w.Dice, 1)}
	for k, v := range w.Stats {
		st[k] = v
	}
	return st
}

func (c *compiler) param(id string) *param {
	for _, p := range c.m.params {
		if p.ID == id {
			return p
		}
	}
	return nil
}

func (c *compiler) paramIDs(kinds ...string) []string {
	var out []string
	for _, p := range c.m.params {
		if len(kinds) == 0 || slices.Contains(kinds, p.kind) {
			out = append(out, p.ID)
		}
	}
	return out
}

// ref compiles a reference written at path: a number within ±MaxRoll, a
// number or switch parameter, or "param.stat" of a unit, profile or
// weapon parameter whose every entry has the stat.
func (c *compiler) ref(path string, r Ref) (ref, bool) {
	if r.Name == "" {
		if r.N < -limits.MaxRoll || r.N > limits.MaxRoll {
			c.errf(path, "%d is beyond any roll; expected a number from %d to %d", r.N, -limits.MaxRoll, limits.MaxRoll)
			return ref{}, false
		}
		return ref{n: r.N}, true
	}
	name, stat, dotted := strings.Cut(r.Name, ".")
	p := c.param(name)
	if p == nil {
		c.unknown(path, "parameter", name, c.paramIDs())
		return ref{}, false
	}
	entity := p.entries != nil || p.kind == kindUnit || p.kind == kindProfile || p.kind == kindWeapon
	switch {
	case !dotted && entity:
		c.errf(path, "%q is a %s; expected one of its stats: %q", name, p.kind, name+"."+c.statHint(p))
		return ref{}, false
	case !dotted && p.kind == kindChoice:
		c.errf(path, "%q is a choice, not a number; a modifier's values give its choices numbers", name)
		return ref{}, false
	case !dotted:
		return ref{param: p}, true
	case !entity:
		c.errf(path, "%q: %s is a %s parameter, which has no stats", r.Name, name, p.kind)
		return ref{}, false
	}
	known := c.statsOf(p)
	if !slices.Contains(known, stat) {
		c.unknown(path, p.kind+" stat", stat, known)
		return ref{}, false
	}
	ok := true
	for _, e := range p.entries {
		if _, has := e.stats[stat]; !has {
			c.entryErr(e.place, "stats", "%s %q has no %s, which %s reads", e.place.kind, e.id, stat, r.Name)
			ok = false
		}
	}
	return ref{param: p, stat: stat}, ok
}

// statsOf lists the stats an entity parameter's entries may have.
func (c *compiler) statsOf(p *param) []string {
	var out []string
	add := func(of string, fields []string) {
		out = append(out, fields...)
		for _, s := range c.m.stats {
			if s.Of == of && !slices.Contains(out, s.ID) {
				out = append(out, s.ID)
			}
		}
	}
	switch p.kind {
	case kindProfile:
		add(kindProfile, profileFields)
	case kindWeapon:
		add(kindWeapon, weaponFields)
	case kindUnit:
		out = append(out, unitFields...)
		add(kindProfile, profileFields)
		add(kindWeapon, weaponFields)
	}
	return out
}

func (c *compiler) statHint(p *param) string {
	if s := c.statsOf(p); len(s) > 0 {
		return s[len(s)-1]
	}
	return "…"
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
