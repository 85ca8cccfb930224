package rules

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
)

// Report is a checked list: its price, its lines and every problem found.
type Report struct {
	List   *List
	System *catalog.System // nil when the list names no known rule set
	Used   int64           // points used, upgrades included (int64: see Line.Cost)
	Limit  int64           // points allowed; 0 when there is no limit
	Lines  []Line          // one per [[unit]], in file order

	Scenario *catalog.Scenario // the list's scenario, when it names one of its sides
	Side     *catalog.Side     // the side the list plays; nil when none
	Faction  string            // the list's faction as the data spells it; "" when none or unknown
	Diags    diag.List         // errors and warnings, sorted by position

	// Extra is what the engine's check works out of the list as a whole
	// (Evacuation: Mars's objective upgrades), for its own cards and
	// roster; nil for none.
	Extra any
}

// Valid reports whether the list has no errors (warnings are allowed).
func (r *Report) Valid() bool { return len(r.Diags.Errors()) == 0 }

// HasPoints reports whether the list's rule set prices lists in points
// (Imperial Mars checks organisation only).
func (r *Report) HasPoints() bool {
	a := ArmyOf(r.System)
	return a != nil && a.Points
}

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

	Entry *catalog.Unit // the catalogue entry, where units are entries (nil when unknown)
	Type  string        // the unit's type as the data spells it

	// Extra is what the engine's check works out of the unit beyond
	// these (Imperial Mars: its training, order and trays), for its own
	// cards and roster; nil for none.
	Extra any
}

// CardNames is the title of the line's unit cards and the other name the
// line under the title gives ("" for none): the line's name over its
// unit's (a label over the catalogue's name); or, where the line fields
// several units and each card holds one, the unit's own name, singular as
// the book gives it ("Mk II Baldwin Tank"), over the line's ("Mk II
// Baldwin Tanks").
func (ln Line) CardNames() (title, also string) {
	title = ln.Name
	if ln.Entry == nil {
		return title, ""
	}
	if ln.Count > 1 {
		title = ln.Entry.Name
		if ln.Name != title {
			also = ln.Name
		}
		return title, also
	}
	if ln.Unit.Label != "" && ln.Entry.Name != title {
		also = ln.Entry.Name
	}
	return title, also
}

// ListCheck carries one list's check: what an engine's Army.Check reads
// (the list, its rule set) and the report it fills, with the checks
// every engine's lists share.
type ListCheck struct {
	List   *List
	Sys    *catalog.System
	Report *Report
	out    diag.List
}

// Errorf and Warnf report a problem at pos.
func (c *ListCheck) Errorf(pos diag.Pos, format string, args ...any) { c.out.Add(pos, format, args...) }
func (c *ListCheck) Warnf(pos diag.Pos, format string, args ...any)  { c.out.Warn(pos, format, args...) }

// AddLine adds the next unit's line to the report, and its cost to the
// points used.
func (c *ListCheck) AddLine(ln Line) {
	c.Report.Lines = append(c.Report.Lines, ln)
	c.Report.Used += ln.Cost
}

// CheckList prices and checks a parsed list against the catalogue.
// Problems found while parsing are part of the report. A list that did
// not decode (a value of the wrong type) is reported as it is, without
// further checks.
func CheckList(l *List, cat *catalog.Catalog) *Report {
	r := &Report{List: l}
	c := &ListCheck{List: l, Report: r}
	c.out = append(c.out, l.diags...)
	if l.whole {
		c.check(cat)
	}
	r.Diags = c.out
	r.Diags.Sort()
	return r
}

// ValidateList parses and checks src in one step. The report is nil when
// src is not TOML at all (the diagnostics then say why).
func ValidateList(file string, src []byte, cat *catalog.Catalog) (*Report, diag.List) {
	l, dl := ParseList(file, src)
	if l == nil {
		return nil, dl
	}
	r := CheckList(l, cat)
	return r, r.Diags
}

func (c *ListCheck) check(cat *catalog.Catalog) {
	l := c.List
	if l.System == "" {
		c.Errorf(l.Top(), "the list names no rule set; add system = \"…\" at the top, one of: %s", strings.Join(ListSystems(cat), ", "))
		return
	}
	s := cat.System(l.System)
	a := ArmyOf(s)
	if a == nil {
		ids := ListSystems(cat)
		msg := catalog.Unknown("system", l.System, ids)
		if s != nil {
			msg = "no army lists for" + strings.TrimPrefix(msg, "unknown")
		}
		c.Errorf(l.Value("system"), "%s", msg)
		return
	}
	c.Sys = s
	c.Report.System = s
	c.lengths()
	if l.Scenario != "" && s.Scenario(l.Scenario) == nil {
		c.Unknown(l.Value("scenario"), "", "scenario", l.Scenario, scenarioIDs(s))
	}
	switch n := len(l.Units); {
	case n == 0:
		c.Errorf(l.Top(), "the list has no units; add a [[unit]] table for each unit")
	case n > limits.MaxEntries:
		c.Errorf(c.List.Key(UnitPath(limits.MaxEntries)), "the list has %d units; expected at most %d", n, limits.MaxEntries)
	}
	c.keys(a)
	c.side()
	a.Check(c)
}

// ListSystems lists the ids of the rule sets army lists can be written
// for.
func ListSystems(cat *catalog.Catalog) []string {
	var ids []string
	for _, s := range cat.Systems {
		if ArmyOf(s) != nil {
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
func (c *ListCheck) keys(a *Army) {
	name := c.Sys.About.Short
	allowedList := FieldKeys(a.ListFields)
	for _, k := range FieldKeys(AllListKeys()) {
		if !slices.Contains(allowedList, k) && c.List.Has(k) {
			switch {
			case k == PointsKey && !a.Points:
				c.Errorf(c.List.Key(k), "points: %s has no points system; lists are checked for organisation, not points — remove points", name)
			default:
				c.Errorf(c.List.Key(k), "%s is not used by %s lists; remove it (%s lists take: %s)", k, name, name, strings.Join(append(slices.Clone(CommonListKeys), allowedList...), ", "))
			}
		}
	}
	allowed := FieldKeys(a.UnitFields)
	for _, k := range CommonUnitKeys {
		if !slices.Contains(allowed, k) {
			allowed = append(allowed, k)
		}
	}
	sort.Strings(allowed)
	for i := range c.List.Units {
		for _, k := range append(slices.Clone(CommonUnitKeys), FieldKeys(AllUnitKeys())...) {
			p := UnitPath(i) + "." + k
			if slices.Contains(allowed, k) || !c.List.Has(p) {
				continue
			}
			hint := ""
			if a.KeyHint != nil {
				hint = a.KeyHint(k)
			}
			c.Errorf(c.List.Key(p), "%s: %s is not a key of %s units%s; expected one of: %s", c.UnitName(i), k, name, hint, strings.Join(allowed, ", "))
		}
	}
}

// lengths refuses, at its place, a name, label or note longer than the
// roster prints (limits.MaxLabel, limits.MaxNote), and shortens it in the
// list, so that the roster of the invalid list still prints (stamped
// INVALID): what validates prints, and what does not still prints.
func (c *ListCheck) lengths() {
	l := c.List
	long := func(path, what string, v *string, most int) {
		if n := utf8.RuneCountInString(*v); n > most {
			c.Errorf(l.Value(path), "%s is %d characters long; expected at most %d (shorten it)", what, n, most)
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
		p, u := UnitPath(i), &l.Units[i]
		long(p+".label", fmt.Sprintf("unit %d's label", i+1), &u.Label, limits.MaxLabel)
		long(p+".note", fmt.Sprintf("unit %d's note", i+1), &u.Note, limits.MaxNote)
	}
}

// UnitName names a unit in messages: its position in the list and its
// label, else the first text key of the engines' units it writes (its
// id, its type), cut short.
func (c *ListCheck) UnitName(i int) string {
	u := c.List.Units[i]
	if u.Label != "" {
		return fmt.Sprintf("unit %d %q", i+1, plain.Clip(u.Label, plain.MaxQuoted))
	}
	for _, f := range AllUnitKeys() {
		if v := u.Str(f.Key); f.Kind == TextField && v != "" && !slices.Contains(CommonUnitKeys, f.Key) {
			return fmt.Sprintf("unit %d (%s)", i+1, plain.Clip(v, plain.MaxQuoted))
		}
	}
	return fmt.Sprintf("unit %d", i+1)
}

// Unknown reports a name that is not one of known, with a suggestion.
// who prefixes the message ("unit 2 \"Rhino\"") when not empty.
func (c *ListCheck) Unknown(pos diag.Pos, who, what, got string, known []string) {
	msg := catalog.Unknown(what, got, known)
	if who != "" {
		msg = who + ": " + msg
	}
	c.Errorf(pos, "%s", msg)
}

// Count reads a unit's count: 1 when left out, an error below 1.
func (c *ListCheck) Count(i int) int {
	u := c.List.Units[i]
	switch n := u.Int(CountKey); {
	case c.List.Has(UnitPath(i)+"."+CountKey) && n < 1:
		c.Errorf(c.List.Value(UnitPath(i)+"."+CountKey), "%s: count is %d; expected 1 or more (leave count out for one)", c.UnitName(i), n)
		return 0
	case n > limits.MaxCount:
		c.Errorf(c.List.Value(UnitPath(i)+"."+CountKey), "%s: count is %d; expected the number of such units, at most %d", c.UnitName(i), n, limits.MaxCount)
		return 0
	}
	return u.N()
}

// Every number a list gives is bounded (internal/limits): counts and
// figures by limits.MaxCount, points by limits.MaxPoints, units by
// limits.MaxEntries. They are far above any army, not rules: with them
// no product of a count and points overflows even a 32-bit int, and the
// sums over the units, int64, come nowhere near overflowing.

// LimitPoints checks the list's own points limit: 1 to limits.MaxPoints.
// It returns the limit to check the list against; 0 (none) when the
// value is refused. expected says what the limit should be.
func (c *ListCheck) LimitPoints(expected string) int {
	l := c.List
	switch p := l.Values.Int(PointsKey); {
	case !l.Has(PointsKey):
		return 0
	case p <= 0:
		c.Errorf(c.List.Value(PointsKey), "points is %d; expected %s", p, expected)
		return 0
	case p > limits.MaxPoints:
		c.Errorf(c.List.Value(PointsKey), "points is %d; expected the limit the list is built to, at most %d", p, limits.MaxPoints)
		return 0
	default:
		return p
	}
}

// Limit checks the total against the limit. The message stands on the
// list's points value, or on the unit that crossed the limit when the
// limit is the rule set's own.
func (c *ListCheck) Limit(what, fix string, raise bool) {
	r := c.Report
	if r.Limit <= 0 || r.Used <= r.Limit {
		return
	}
	pos := c.List.Value(PointsKey)
	if !c.List.Has(PointsKey) {
		// The unit that crosses the limit, else the list's table of its
		// own (the objective's upgrades) that does.
		pos = c.List.Top()
		for _, f := range ArmyOf(c.Sys).ListFields {
			if f.Kind == TableField && c.List.Has(f.Key) {
				pos = c.List.Key(f.Key)
				break
			}
		}
		var sum int64
		for i, ln := range r.Lines {
			sum += ln.Cost
			if sum > r.Limit {
				pos = c.List.Key(UnitPath(i))
				break
			}
		}
	}
	orRaise := ", or raise points"
	if !raise {
		orRaise = " (the side's points)"
	}
	c.Errorf(pos, "points: %s cost %d, over the limit of %d by %d; remove %s worth %d or more%s", what, r.Used, r.Limit, r.Used-r.Limit, fix, r.Used-r.Limit, orRaise)
}

// FirstOf is the first of s that is not empty.
func FirstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// Labels warns when two units share a label: the roster and the cards
// could not tell them apart.
func (c *ListCheck) Labels() {
	first := map[string]int{}
	for i, u := range c.List.Units {
		if u.Label == "" {
			continue
		}
		if j, dup := first[u.Label]; dup {
			c.Warnf(c.List.Value(UnitPath(i)+".label"), "%s has the same label as unit %d; give each unit its own label so the roster tells them apart", c.UnitName(i), j+1)
			continue
		}
		first[u.Label] = i
	}
}

// Starter returns a commented starter list for the rule set: the keys a
// list takes, the choices the catalogue offers, and one unit. It validates
// as it stands (a test makes sure), so a player can edit from something
// that works.
func Starter(s *catalog.System) (string, error) {
	a := ArmyOf(s)
	if a == nil {
		id := ""
		if s != nil {
			id = s.ID
		}
		return "", fmt.Errorf("system %q has no army lists", id)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# A new %s army list.\n", s.About.Name)
	p("# Check it:  playaid army validate FILE\n# Print it:  playaid army print FILE [--cards]\n")
	p("system = %q\n", s.ID)
	if err := a.Starter(s, p); err != nil {
		return "", err
	}
	return b.String(), nil
}

// ScenarioIDs lists the rule set's scenarios' ids, sorted.
func ScenarioIDs(s *catalog.System) []string { return scenarioIDs(s) }

// Blips is how many numbered blips and decoys a list deploys when its
// side is hidden (HiddenRules.List); none for a list of a rule set
// without hidden deployment.
func Blips(l *List, s *catalog.System) (blips, decoys int) {
	b, _ := listBlips(l, s)
	return b.Blips, b.Decoys
}

// NoBlips says, in the player's words, why a list deploys no blips
// ("Imperial Mars has no hidden deployment"); "" when it deploys some.
func NoBlips(l *List, s *catalog.System) string {
	_, none := listBlips(l, s)
	return none
}

func listBlips(l *List, s *catalog.System) (b BlipCount, none string) {
	if s == nil {
		return b, "its rules have no hidden deployment"
	}
	h := DocumentsOf(s).Hidden(s)
	switch {
	case ArmyOf(s) == nil || h.List == nil:
		return b, FirstOf(s.About.Short, s.About.Name) + " has no hidden deployment"
	case l == nil:
		return b, "there is no list"
	}
	switch b, none = h.List(l); {
	case b.Blips > 0:
		return b, ""
	case none == "":
		none = "none of its units deploys as a blip"
	}
	return b, none
}
