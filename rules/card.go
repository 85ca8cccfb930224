package rules

import (
	"math/big"
	"slices"

	"github.com/playaid/playaid/catalog"
)

// What an engine's army lists print: each unit's card, the roster's
// lines and the engine's own values for its roster template. The engine
// decides what they say; the document that prints them decides how a
// length, a chance, a sentence or a footnote is written (Printer,
// Glossary), and lays the card out.

// Card is what one unit card carries, worked out before any drawing.
type Card struct {
	Title  string // the unit's name
	Corner string // points, or the type where there are none
	Sub    string // one line under the title
	Parts  []CardPart
	Tracks []Track // rows of boxes at the foot of the card
	// Readings are the readings whose marks the card prints, each with
	// its line on the card (CardMarks).
	Readings []catalog.Note
}

// CardPart is a block of a card: a small heading and rows or text.
type CardPart struct {
	Head string
	Rows [][]string // table rows: first cell left, the others right-aligned
	// Text is paragraphs, one a line of it, wrapped; a paragraph may lead
	// with words in bold, up to a tab ("Tow Cable:\tAssault: …").
	Text string
	Bold []bool // rows printed bold (sub-headings)
	// WriteOn is how many ruled lines follow, to write on (a codex
	// profile); WriteLabels, where given, says what goes on each, at its
	// start ("Weapons:").
	WriteOn     int
	WriteLabels []string
	// Odds marks a block of odds: when a card has no room for all it
	// carries, the odds give way first, the last block first, so the
	// unit's stats, rules and tracks always print whole.
	Odds   bool
	Legend bool // explains the blocks of odds: printed while any is
	// WithOdds marks what the odds are worked from (the weapons): where
	// the card splits, it goes to the odds' card, beside them, if that
	// evens the two cards.
	WithOdds bool
}

// Track is a row of boxes a player strikes during the game: the elements
// lost, a tripod's Armor, a unit's Disruption Markers.
type Track struct {
	Label string
	Boxes []string // what each box holds ("" for an empty box)
	Group int      // boxes in a group, with a gap after it (a tray's figures); 0 for none
}

// MarkOpen starts a reading's mark in a card's cell: the card draws the
// mark raised and smaller, in the accent colour, as a sheet prints it.
const MarkOpen = "\uE004"

// CardMarks are the readings a unit card marks where they apply (a stand
// the scenario adds, a weapon the book prints ambiguously or without
// stats): each its own mark, its line on the same card.
type CardMarks struct {
	Readings []catalog.Note
}

// Mark returns the reading's mark as a card's cell holds it, noting that
// the card prints it.
func (m *CardMarks) Mark(n catalog.Note) string {
	if !slices.ContainsFunc(m.Readings, func(r catalog.Note) bool { return r.Mark == n.Mark }) {
		m.Readings = append(m.Readings, n)
	}
	return MarkOpen + n.Mark
}

// Line is the reading's line under what it marks: its mark in bold, then
// its ruling as p writes it.
func (m *CardMarks) Line(p Printer, n catalog.Note) string {
	return n.Mark + "\t" + p.Ruling(n)
}

// Printer is how the document that prints a card or a roster writes the
// values an engine gives it.
type Printer interface {
	Inch(l catalog.Length) string // 6″
	Pct(p *big.Rat) string        // 42%, "–" for none
	Intp(p *int) string           // a stat, "–" where the data prints none
	Sentence(s string) string     // ending in a full stop
	OneLine(s string) string      // its white space single spaces
	Ruling(n catalog.Note) string // a reading's ruling as a player reads it
}

// Glossary is what a roster is written with: Printer's values, Markdown
// text, the footnotes of the source notes, and the weapons and rules it
// prints each once.
type Glossary interface {
	Printer
	Esc(s string) string                                 // text as Markdown
	Refs(topics ...string) string                        // the footnote marks of the notes touching any topic
	RefsExcept(except []string, topics ...string) string // Refs without the notes that also touch except
	Source(n catalog.Note) string                        // the footnote mark of the note
	Rule(name, text string)                              // a rule of the glossary (text is Markdown), once
	Special(sp string) string                            // a special ability explained once; its name
	Once(key string) bool                                // reports whether key is new, and notes it
	Weapon(row WeaponRow)                                // a weapon of the glossary
	WriteIn(n int) string                                // a line of n underscores to write on
}

// WeaponRow is a weapon in a list's roster, printed once. Its fields are
// Markdown.
type WeaponRow struct {
	Name     string
	Range    string // a range, or range bands
	Power    string // a power, or "–"
	Dice     string // dice per element
	Bands    []string
	Extra    string // what else it does (fires as trays, jams, a setting)
	Specials string
}

// RosterLine is one unit of a roster's summary: its numbers, and its
// engine's own values for its roster template (Extra; Markdown).
type RosterLine struct {
	N     int
	Name  string // label, else catalogue name, else type; with note references
	Type  string
	Count int
	Each  int
	Cost  int64
	Extra any
}

// Roster is what an engine adds to a list's roster: a line for each unit,
// the footnotes on the army as a whole, and its own values for its
// roster template (roster-<engine>.md reads them as .Extra).
type Roster struct {
	Lines     []RosterLine
	ArmyNotes string
	Extra     any
}

// PlayUnit is what a game in progress needs of a unit beyond its card:
// its type, the numbers its tracks run to (catalog.PieceStats: "elements",
// "figures", "armor", "per_group"), and what it shoots with.
type PlayUnit struct {
	Type    string
	Stats   map[string]int
	Fighter Fighter
	Blip    bool // deploys as a numbered blip (a hidden list's unit on the table at the start)
	// Ambush: starts in ambush, off the table, written down;
	// Reinforcement: held back, tests to arrive.
	Ambush, Reinforcement bool
}

// CardBlank is a write-in space in a line of a card; CardAgreed marks a
// stat the rules do not give, written in under "Agreed before play".
const (
	CardBlank  = "____"
	CardAgreed = "*"
)
