package catalog

import (
	"strings"
	"unicode/utf8"
)

// Ability is what the data says of a special ability named in a profile's
// or a weapon's specials ("Tow Cable", "Rapid Fire – Roll 3 dice …").
type Ability struct {
	Name string // "Rapid Fire"
	// Text is the rule in full: the special's own words after " – ", else
	// the rows of the table of that name or id, else the rest of the row
	// of a table whose first cell is the name (the heat ray's "Sweep").
	Text  string
	Table string // the id of the table Text comes from, or ""
	// Short is the rule in a line, for a unit card: the rule set's own
	// line for it (its block's AbilityLines), else Text when it has its
	// own words, else "".
	Short string
}

// Described reports whether the rules say what the ability does. The
// quick-start names some it never describes (Stealth, Massive): players
// agree those before play.
func (a Ability) Described() bool { return a.Text != "" || a.Short != "" }

// Ability looks up a special ability by its name as a profile or weapon
// lists it, spelt any way NormName reads alike.
func (s *System) Ability(special string) Ability {
	name, own, ok := strings.Cut(special, " – ")
	a := Ability{Name: name}
	if ok {
		a.Text, a.Short = own, own
	}
	norm := NormName(name)
	sp := s.names()
	if b, ok := s.Block.(AbilityLines); ok {
		for i, l := range b.AbilityLines() {
			if sp.lines[i] == norm {
				a.Short = l.Short
			}
		}
	}
	if a.Text != "" {
		return a
	}
	for i, t := range s.Tables {
		if sp.tables[i][0] == norm || sp.tables[i][1] == norm {
			var parts []string
			for _, row := range t.Rows {
				if len(row) > 0 {
					parts = append(parts, row[len(row)-1])
				}
			}
			a.Text, a.Table = strings.Join(parts, " "), t.ID
			return a
		}
	}
	for i, t := range s.Tables {
		for j, row := range t.Rows {
			if len(row) >= 2 && sp.rows[i][j] == norm {
				a.Text, a.Table = strings.Join(row[1:], " "), t.ID
				return a
			}
		}
	}
	return a
}

// spelt is NormName's spelling of every name Ability compares a special's
// with: a document looks abilities up by the hundred, each against every
// table and row, so a loaded rule set spells them once.
type spelt struct {
	lines  []string    // the block's AbilityLines, by Name
	tables [][2]string // each table's ID and Name
	rows   [][]string  // each table's rows' first cells ("" for an empty row)
}

// names returns the rule set's names spelt: once for a loaded rule set,
// and anew for one made otherwise (by a test).
func (s *System) names() *spelt {
	if s.spelling != nil {
		return s.spelling()
	}
	return spell(s)
}

func spell(s *System) *spelt {
	sp := &spelt{tables: make([][2]string, len(s.Tables)), rows: make([][]string, len(s.Tables))}
	if b, ok := s.Block.(AbilityLines); ok {
		for _, l := range b.AbilityLines() {
			sp.lines = append(sp.lines, NormName(l.Name))
		}
	}
	for i, t := range s.Tables {
		sp.tables[i] = [2]string{NormName(t.ID), NormName(t.Name)}
		sp.rows[i] = make([]string, len(t.Rows))
		for j, row := range t.Rows {
			if len(row) > 0 {
				sp.rows[i][j] = NormName(row[0])
			}
		}
	}
	return sp
}

// wordSeps makes hyphens and underscores spaces. Built once: a Replacer
// builds its tables on first use, and names are normalised by the
// thousand.
var wordSeps = strings.NewReplacer("-", " ", "_", " ")

// NormName spells a name for comparison: lower case, hyphens and
// underscores as spaces, single spaces, a plural last word made singular
// ("Drop-Pods" reads as "drop pod", "rough-riders" as "rough rider").
func NormName(t string) string {
	if n, ok := normASCII(t); ok {
		t = n
	} else {
		t = normWords(t)
	}
	if len(t) > 3 && strings.HasSuffix(t, "s") && !strings.HasSuffix(t, "ss") {
		t = t[:len(t)-1]
	}
	return t
}

// normWords is NormName but for the plural: lower case, hyphens and
// underscores as spaces, single spaces.
func normWords(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	t = wordSeps.Replace(t)
	return strings.Join(strings.Fields(t), " ")
}

// normASCII is normWords of an ASCII name, in one pass and one string
// (normWords makes four): names are compared by the thousand as the
// documents are made. ok is false for a name that is not ASCII.
func normASCII(t string) (n string, ok bool) {
	var b strings.Builder
	b.Grow(len(t))
	gap := false // a space is due before the next letter
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			return "", false
		case c == ' ' || c == '-' || c == '_' || '\t' <= c && c <= '\r': // ASCII's spaces (unicode.IsSpace) and wordSeps
			gap = b.Len() > 0
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if gap {
			b.WriteByte(' ')
			gap = false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// Unstated lists the Game Stats the data gives the profile none of, as
// the players must agree them before play: "Speed", "Defense", "Armor"
// and "weapons". A profile with neither Defense, Armor nor weapons has no
// stats printed at all (the Mk II Baldwin), so its weapons are unknown
// too; one with stats but no weapons has none (the Rough Riders, who
// fight with tow cables).
func (p *Profile) Unstated() []string {
	var out []string
	if p.Speed.IsZero() {
		out = append(out, "Speed")
	}
	if p.Defense == nil {
		out = append(out, "Defense")
	}
	if p.Armor == nil {
		out = append(out, "Armor")
	}
	if len(p.Weapons) == 0 && p.Defense == nil && p.Armor == nil {
		out = append(out, "weapons")
	}
	return out
}

// UnstatedBlock is a block whose engine names the stats a profile must
// state (see System.Unstated).
type UnstatedBlock interface{ Unstated(p *Profile) []string }

// Unstated lists the stats the rule set's profile p leaves out, by the
// names the rules give them: those its engine's block names
// (UnstatedBlock), else Profile.Unstated's.
func (s *System) Unstated(p *Profile) []string {
	if b, ok := s.Block.(UnstatedBlock); ok {
		return b.Unstated(p)
	}
	return p.Unstated()
}

// slugSeps makes hyphens and underscores spaces, for Slug.
var slugSeps = strings.NewReplacer("-", " ", "_", " ")

// Slug is a name as an id: lower case, words joined by hyphens ("Hidden
// Movement", "hidden_movement" and "hidden-movement" are all
// "hidden-movement"). A note touches a thing the data names but gives no
// id ("Gripper Claw") by its slug.
func Slug(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(slugSeps.Replace(s))), "-")
}
