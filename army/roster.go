package army

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// Roster is what the roster template (templates/roster.md) is executed
// over. Text fields are Markdown-ready: whatever came from the list or the
// data is escaped already, and note references ([^id]) are appended where
// they belong.
type Roster struct {
	Title string // the list's name, or its file name
	Kind  string // the rule set's engine (roster-<Kind>.md); "" when lists cannot be written for it
	// OrganisationOnly: the rule set has no points; the list is checked
	// for organisation (Imperial Mars).
	OrganisationOnly bool
	System           string // the rule set's name ("All Quiet on the Martian Front")
	Short            string // its short name ("AQotMF")
	Scenario         string // the scenario's name, when the list names one
	Player           string
	Side             string // the side the list plays, else its faction
	Note             string

	Valid       bool
	Status      string // "VALID" or "INVALID"
	Used, Limit int64  // Limit 0: none
	Errors      []Message
	Warnings    []Message

	// What the list was checked against, in words for an organiser: the
	// book's title ("All Quiet on the Martian Front (quick-start)") and
	// the rules edition ("rules edition 2026-12", "club rules: …").
	Book, Edition string

	// For a club's template (the shipped one prints none of them: a
	// player's roster speaks the game): the list's file name, the short
	// sha256 of its bytes and the data version.
	File     string
	ListHash string
	DataHash string

	Lines []RosterLine

	ArmyNotes string // note references about army lists of the rule set
	// Extra are the rule set's engine's own values, for its
	// roster-<kind>.md (its lines have theirs too: .Extra of a line).
	Extra any

	// Glossary: every weapon and rule once.
	Weapons []WeaponRow
	Rules   []RuleRow

	// notes are the source notes the fields above refer to ([^id]): the
	// pipeline prints them as footnotes at the end.
	notes document.Notes
}

// Message is one diagnostic as the roster prints it.
type Message struct {
	Where   string // "line 5, column 6"
	Text    string
	Warning bool
}

// RosterLine is one unit of the summary, and WeaponRow a weapon of the
// glossary: as the engine fills them (rules.RosterLine, rules.WeaponRow).
type (
	RosterLine = rules.RosterLine
	WeaponRow  = rules.WeaponRow
)

// RuleRow is a rule of the glossary: a special ability, a training class …
type RuleRow struct {
	Name, Text string
}

// NewRoster gathers what the roster prints from a checked list.
func NewRoster(r *Report, cat *catalog.Catalog) *Roster {
	l := r.List
	ro := &Roster{
		Title:    document.Esc(firstOf(l.Name, strings.TrimSuffix(path.Base(l.File), path.Ext(l.File)))),
		Player:   document.Esc(l.Player),
		Note:     document.Esc(l.Note),
		Valid:    r.Valid(),
		Status:   "VALID",
		Used:     r.Used,
		Limit:    r.Limit,
		File:     document.Esc(path.Base(l.File)),
		ListHash: l.Hash,
	}
	if cat != nil {
		ro.DataHash = cat.Version()
	}
	if !ro.Valid {
		ro.Status = "INVALID"
	}
	for _, d := range r.Diags {
		if d.Font {
			continue // the font's gaps are told at the terminal
		}
		m := Message{Where: where(d), Text: document.Esc(d.Msg), Warning: d.Warning}
		if d.Warning {
			ro.Warnings = append(ro.Warnings, m)
		} else {
			ro.Errors = append(ro.Errors, m)
		}
	}
	s := r.System
	if s == nil {
		ro.System = document.Esc(l.System)
		for i, ln := range r.Lines {
			ro.Lines = append(ro.Lines, RosterLine{N: i + 1, Name: document.Esc(ln.Name)})
		}
		return ro
	}
	a := rules.ArmyOf(s)
	ro.Kind, ro.OrganisationOnly = Kind(s), !a.Points
	ro.System, ro.Short = document.Esc(s.About.Name), document.Esc(s.About.Short)
	ro.Book, ro.Edition = document.Esc(s.BookTitle()), document.Esc(s.Edition())
	if sc := s.Scenario(l.Scenario); sc != nil && sc.Name != s.About.Name {
		ro.Scenario = document.Esc(sc.Name)
	}
	switch {
	case r.Side != nil:
		ro.Side = document.Esc(r.Side.Name)
	case r.Faction != "":
		ro.Side = document.Esc(r.Faction)
	}
	g := &glossary{s: s, notes: &ro.notes}
	part := a.Roster(r, g)
	ro.Lines, ro.ArmyNotes, ro.Extra = part.Lines, part.ArmyNotes, part.Extra
	ro.Weapons, ro.Rules = g.weapons, g.rules
	return ro
}

// where prints a diagnostic's position for the sheet.
func where(d diag.Diag) string {
	switch {
	case d.Line > 0 && d.Col > 0:
		return fmt.Sprintf("line %d:%d", d.Line, d.Col)
	case d.Line > 0:
		return fmt.Sprintf("line %d", d.Line)
	}
	return "file"
}

// glossary collects weapons, rules and notes, each once: what an engine
// writes its roster with (rules.Glossary).
type glossary struct {
	printer
	s       *catalog.System
	weapons []WeaponRow
	rules   []RuleRow
	seen    map[string]bool
	notes   *document.Notes
}

func (g *glossary) Once(key string) bool {
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	if g.seen[key] {
		return false
	}
	g.seen[key] = true
	return true
}

// Refs returns the footnote references for the notes touching any of the
// topics. The marks are written side by side: the renderer prints a run
// of them as one sorted list ("3,5").
func (g *glossary) Refs(topics ...string) string { return g.RefsExcept(nil, topics...) }

// RefsExcept is Refs without the notes that also touch any of except.
func (g *glossary) RefsExcept(except []string, topics ...string) string {
	notes := slices.DeleteFunc(g.s.NotesTouching(topics...), func(n catalog.Note) bool {
		return slices.ContainsFunc(n.Touches, func(t string) bool { return slices.Contains(except, t) })
	})
	return g.notes.Sources(notes)
}

func (g *glossary) Rule(name, text string) {
	if text == "" || !g.Once("rule/"+name) {
		return
	}
	g.rules = append(g.rules, RuleRow{Name: document.Esc(name), Text: text})
}

// Special explains a special ability from the data (see
// catalog.System.Ability) and returns its name. An ability the rules never
// describe gets a line to write the club's ruling on.
func (g *glossary) Special(sp string) string {
	a := g.s.Ability(sp)
	if !g.Once("rule/" + a.Name) {
		return a.Name
	}
	var text string
	name := document.Esc(a.Name)
	switch {
	case a.Text != "":
		text = document.Esc(document.Sentence(a.Text))
		if a.Table != "" {
			text += g.Refs(a.Table)
		}
	case a.Short != "":
		text = document.Esc(document.Sentence(a.Short))
	default:
		// A reading on it says what Undescribed would: its mark on the
		// name, its line under the block, and room for what is agreed.
		text = Undescribed
		if refs := g.Refs(document.Slug(a.Name)); refs != "" {
			name += refs
			text = ""
		}
		text += "<br><br>Agreed: " + underscores(24)
	}
	g.rules = append(g.rules, RuleRow{Name: name, Text: text})
	return a.Name
}

// Esc is text as Markdown; Source the footnote mark of a note; Weapon
// adds a weapon to the glossary; WriteIn is room to write in a cell.
func (g *glossary) Esc(s string) string          { return document.Esc(s) }
func (g *glossary) Source(n catalog.Note) string { return g.notes.Source(n) }
func (g *glossary) Weapon(row WeaponRow)         { g.weapons = append(g.weapons, row) }
func (g *glossary) WriteIn(n int) string         { return writeIn(n) }

// Undescribed is what rosters and cards say of a special ability the
// rules name but never describe.
const Undescribed = "The rules do not describe it: agree what it does before play."

// writeIn is a line of n underscores to write on, as Markdown, in a table
// cell: on the cell's second line, so that a hand has a line's room above
// it (a write-in is at least 7 mm tall).
func writeIn(n int) string { return "<br>" + underscores(n) }

// underscores is a line of n underscores, as Markdown.
func underscores(n int) string { return strings.Repeat(`\_`, n) }

// Markdown executes the roster template over the report: roster.md and
// the rule set's own roster-<kind>.md, each from templatesDir when it has
// one of that name (a club's --templates folder), else the shipped one.
func Markdown(r *Report, cat *catalog.Catalog, templatesDir string) ([]byte, error) {
	md, _, _, err := markdownLines(r, cat, templatesDir)
	return md, err
}

// markdownLines is Markdown with where its lines came from and its
// footnotes (the readings it marks).
func markdownLines(r *Report, cat *catalog.Catalog, templatesDir string) ([]byte, document.Lines, *document.Notes, error) {
	ro := NewRoster(r, cat)
	srcs, err := document.Read(templatesDir, rosterTemplates(ro.Kind)...)
	if err != nil {
		return nil, nil, nil, err
	}
	md, lines, err := document.ExecuteLines(srcs, nil, ro, &ro.notes)
	return md, lines, &ro.notes, err
}

// rosterTemplates are the templates a roster of a rule set of the kind
// executes: roster.md, and the kind's own beside it.
func rosterTemplates(kind string) []string {
	if kind == "" {
		return []string{RosterTemplate}
	}
	return []string{RosterTemplate, "roster-" + kind + ".md"}
}

// Templates are the shipped templates the rosters of the catalogue's
// rule sets execute (see document.ParseShipped).
func Templates(cat *catalog.Catalog) []document.Set {
	var sets []document.Set
	seen := map[string]bool{}
	for _, sys := range cat.Systems {
		if k := Kind(sys); k != "" && !seen[k] {
			seen[k] = true
			sets = append(sets, document.Set{Names: rosterTemplates(k)})
		}
	}
	return sets
}

// RosterTemplate is the roster's template; a club's --templates folder
// may replace it, and the rule sets' roster-<kind>.md beside it.
const RosterTemplate = "roster.md"
