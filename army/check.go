package army

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/rules/imperial"
)

// Report is a checked list: its price, its lines and every problem found.
type Report struct {
	List   *List
	System *catalog.System // nil when the list names no known rule set
	Used   int64           // points used, upgrades included (int64: see Line.Cost)
	Limit  int64           // points allowed; 0 when there is no limit
	Lines  []Line          // one per [[unit]], in file order
	Pod    *Pod            // Evacuation: Mars objective upgrades

	Scenario *catalog.Scenario // the list's scenario, when it names one of its sides
	Side     *catalog.Side     // the side the list plays; nil when none
	Faction  string            // the list's faction as the data spells it; "" when none or unknown
	Diags    diag.List         // errors and warnings, sorted by position
}

// Valid reports whether the list has no errors (warnings are allowed).
func (r *Report) Valid() bool { return len(r.Diags.Errors()) == 0 }

// Line is one [[unit]] of a list, priced and described.
type Line struct {
	Unit  Unit
	Name  string // as printed: the label, else the catalogue name, else the type
	Count int
	Each  int // points for one
	// Cost is the points for all: Count × Each. It is int64, as are the
	// sums of it, so that a 32-bit build adds up a thousand lines of the
	// largest count times the largest points as a 64-bit one does.
	Cost int64

	Entry *catalog.Unit // AQotMF: the catalogue entry (nil when unknown)
	Type  string        // the unit's type as the data spells it

	// Imperial Mars
	Training     *imperial.Training
	Class        *imperial.Class
	Order        *imperial.Order
	Weapon       *catalog.Weapon
	Vehicle      *imperial.Vehicle
	ActionPoints int
	PerTray      int // figures per tray for the order; 0 when trays are not counted
	Trays        int // full trays
	Remainder    int // figures over the full trays
}

// Pod is the priced objective upgrade of an Evacuation: Mars list.
type Pod struct {
	Armour, Hull         int // extra points bought
	ArmourCost, HullCost int
	TotalArmour, TotalHP int // the marker's values with the upgrades
}

// Cost is what the upgrades cost together.
func (p *Pod) Cost() int { return p.ArmourCost + p.HullCost }

// checker carries one list's check.
type checker struct {
	l   *List
	s   *catalog.System
	r   *Report
	out diag.List
}

func (c *checker) errf(pos diag.Pos, format string, args ...any) { c.out.Add(pos, format, args...) }

func (c *checker) warnf(pos diag.Pos, format string, args ...any) { c.out.Warn(pos, format, args...) }

// Check prices and checks a parsed list against the catalogue. Problems
// found while parsing are part of the report. A list that did not decode
// (a value of the wrong type) is reported as it is, without further checks.
func Check(l *List, cat *catalog.Catalog) *Report {
	r := &Report{List: l}
	c := &checker{l: l, r: r}
	c.out = append(c.out, l.diags...)
	if l.whole {
		c.check(cat)
	}
	r.Diags = c.out
	r.Diags.Sort()
	return r
}

// Validate parses and checks src in one step. The report is nil when src
// is not TOML at all (the diagnostics then say why).
func Validate(file string, src []byte, cat *catalog.Catalog) (*Report, diag.List) {
	l, dl := Parse(file, src)
	if l == nil {
		return nil, dl
	}
	r := Check(l, cat)
	return r, r.Diags
}

func (c *checker) check(cat *catalog.Catalog) {
	l := c.l
	if l.System == "" {
		c.errf(l.top(), "the list names no rule set; add system = \"…\" at the top, one of: %s", strings.Join(armySystemIDs(cat), ", "))
		return
	}
	s := cat.System(l.System)
	rs := ruleSetOf(s)
	if rs == nil {
		ids := armySystemIDs(cat)
		msg := catalog.Unknown("system", l.System, ids)
		if s != nil {
			msg = "no army lists for" + strings.TrimPrefix(msg, "unknown")
		}
		c.errf(l.value("system"), "%s", msg)
		return
	}
	c.s = s
	c.r.System = s
	c.lengths()
	if l.Scenario != "" && s.Scenario(l.Scenario) == nil {
		c.unknown(l.value("scenario"), "", "scenario", l.Scenario, scenarioIDs(s))
	}
	switch n := len(l.Units); {
	case n == 0:
		c.errf(l.top(), "the list has no units; add a [[unit]] table for each unit")
	case n > limits.MaxEntries:
		c.errf(c.l.key(unitPath(limits.MaxEntries)), "the list has %d units; expected at most %d", n, limits.MaxEntries)
	}
	c.keys(rs)
	c.side()
	rs.check(c)
}

// ListSystems lists the ids of the rule sets army lists can be written
// for (see ruleSets).
func ListSystems(cat *catalog.Catalog) []string { return armySystemIDs(cat) }

func armySystemIDs(cat *catalog.Catalog) []string {
	var ids []string
	for _, s := range cat.Systems {
		if ruleSetOf(s) != nil {
			ids = append(ids, s.ID)
		}
	}
	return ids
}

func scenarioIDs(s *catalog.System) []string {
	var ids []string
	for _, sc := range s.Scenarios {
		ids = append(ids, sc.ID)
	}
	sort.Strings(ids)
	return ids
}

// keys reports keys that belong to another rule set's lists.
func (c *checker) keys(rs ruleSet) {
	name := c.s.About.Short
	allowedList := rs.listKeys()
	for _, k := range allKeys(ruleSet.listKeys) {
		if !contains(allowedList, k) && c.l.has(k) {
			switch {
			case k == "points" && !rs.points():
				c.errf(c.l.key(k), "points: %s has no points system; lists are checked for organisation, not points — remove points", name)
			default:
				c.errf(c.l.key(k), "%s is not used by %s lists; remove it (%s lists take: %s)", k, name, name, strings.Join(append(slices.Clone(commonListKeys), allowedList...), ", "))
			}
		}
	}
	allowed := append(slices.Clone(commonUnitKeys), rs.unitKeys()...)
	sort.Strings(allowed)
	for i := range c.l.Units {
		for _, k := range append(slices.Clone(commonUnitKeys), allKeys(ruleSet.unitKeys)...) {
			p := unitPath(i) + "." + k
			if contains(allowed, k) || !c.l.has(p) {
				continue
			}
			c.errf(c.l.key(p), "%s: %s is not a key of %s units%s; expected one of: %s", c.unitName(i), k, name, rs.keyHint(k), strings.Join(allowed, ", "))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// lengths refuses, at its place, a name, label or note longer than the
// roster prints (limits.MaxLabel, limits.MaxNote), and shortens it in the
// list, so that the roster of the invalid list still prints (stamped
// INVALID): what validates prints, and what does not still prints.
func (c *checker) lengths() {
	l := c.l
	long := func(path, what string, v *string, most int) {
		if n := utf8.RuneCountInString(*v); n > most {
			c.errf(l.value(path), "%s is %d characters long; expected at most %d (shorten it)", what, n, most)
			*v = string([]rune(*v)[:most-1]) + "…"
		}
	}
	long("name", "the army's name", &l.Name, limits.MaxLabel)
	long("player", "the player's name", &l.Player, limits.MaxLabel)
	long("note", "the note", &l.Note, limits.MaxNote)
	for i := range l.Units {
		if i == limits.MaxEntries {
			break
		}
		p, u := unitPath(i), &l.Units[i]
		long(p+".label", fmt.Sprintf("unit %d's label", i+1), &u.Label, limits.MaxLabel)
		long(p+".note", fmt.Sprintf("unit %d's note", i+1), &u.Note, limits.MaxNote)
	}
}

// unitName names a unit in messages: its position in the list and its
// label or id, cut short.
func (c *checker) unitName(i int) string {
	u := c.l.Units[i]
	switch {
	case u.Label != "":
		return fmt.Sprintf("unit %d %q", i+1, plain.Clip(u.Label, plain.MaxQuoted))
	case u.ID != "":
		return fmt.Sprintf("unit %d (%s)", i+1, plain.Clip(u.ID, plain.MaxQuoted))
	case u.Type != "":
		return fmt.Sprintf("unit %d (%s)", i+1, plain.Clip(u.Type, plain.MaxQuoted))
	}
	return fmt.Sprintf("unit %d", i+1)
}

// unknown reports a name that is not one of known, with a suggestion.
// who prefixes the message ("unit 2 \"Rhino\"") when not empty.
func (c *checker) unknown(pos diag.Pos, who, what, got string, known []string) {
	msg := catalog.Unknown(what, got, known)
	if who != "" {
		msg = who + ": " + msg
	}
	c.errf(pos, "%s", msg)
}

// count reads a unit's count: 1 when left out, an error below 1.
func (c *checker) count(i int) int {
	u := c.l.Units[i]
	switch {
	case c.l.has(unitPath(i)+".count") && u.Count < 1:
		c.errf(c.l.value(unitPath(i)+".count"), "%s: count is %d; expected 1 or more (leave count out for one)", c.unitName(i), u.Count)
		return 0
	case u.Count > limits.MaxCount:
		c.errf(c.l.value(unitPath(i)+".count"), "%s: count is %d; expected the number of such units, at most %d", c.unitName(i), u.Count, limits.MaxCount)
		return 0
	}
	return u.N()
}

// Every number a list gives is bounded (internal/limits): counts and
// figures by limits.MaxCount, points by limits.MaxPoints, units by
// limits.MaxEntries. They are far above any army, not rules: with them
// no product of a count and points overflows even a 32-bit int, and the
// sums over the units, int64, come nowhere near overflowing.

// limitPoints checks the list's own points limit: 1 to limits.MaxPoints.
// It returns the limit to check the list against; 0 (none) when the
// value is refused. expected says what the limit should be.
func (c *checker) limitPoints(expected string) int {
	l := c.l
	switch {
	case !l.has("points"):
		return 0
	case l.Points <= 0:
		c.errf(c.l.value("points"), "points is %d; expected %s", l.Points, expected)
		return 0
	case l.Points > limits.MaxPoints:
		c.errf(c.l.value("points"), "points is %d; expected the limit the list is built to, at most %d", l.Points, limits.MaxPoints)
		return 0
	}
	return l.Points
}

// limit checks the total against the limit. The message stands on the
// list's points value, or on the unit that crossed the limit when the
// limit is the rule set's own.
func (c *checker) limit(what, fix string, raise bool) {
	r := c.r
	if r.Limit <= 0 || r.Used <= r.Limit {
		return
	}
	pos := c.l.value("points")
	if !c.l.has("points") {
		// The unit that crosses the limit, else the upgrades that do.
		pos = c.l.key("objective")
		var sum int64
		for i, ln := range r.Lines {
			sum += ln.Cost
			if sum > r.Limit {
				pos = c.l.key(unitPath(i))
				break
			}
		}
	}
	orRaise := ", or raise points"
	if !raise {
		orRaise = " (the side's points)"
	}
	c.errf(pos, "points: %s cost %d, over the limit of %d by %d; remove %s worth %d or more%s", what, r.Used, r.Limit, r.Used-r.Limit, fix, r.Used-r.Limit, orRaise)
}

// firstOf is the first of s that is not empty.
func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// labels warns when two units share a label: the roster and the cards
// could not tell them apart.
func (c *checker) labels() {
	first := map[string]int{}
	for i, u := range c.l.Units {
		if u.Label == "" {
			continue
		}
		if j, dup := first[u.Label]; dup {
			c.warnf(c.l.value(unitPath(i)+".label"), "%s has the same label as unit %d; give each unit its own label so the roster tells them apart", c.unitName(i), j+1)
			continue
		}
		first[u.Label] = i
	}
}
