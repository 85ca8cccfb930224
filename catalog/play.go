package catalog

import (
	"regexp"
	"strings"

	"github.com/playaid/playaid/diag"
)

// Play is how the play view counts a game of the rule set: the word for
// a turn and the turn's phases, as the book names them ([play], once per
// rule set, in its play.toml).
type Play struct {
	Turn   string   `toml:"turn"`   // the word for a turn: "Turn", "Round"
	Phases []string `toml:"phases"` // the turn's phases in order; none where the book gives none
	Note   string   `toml:"note"`   // what the book leaves out, said on the play view
	// Section is the book's section the turn's words are from ("Turn
	// Sequence"), where the organiser's notes file the note.
	Section string `toml:"section"`
	// Ends words the chance that the game ends after the round, where a
	// roll decides the game's length: "{chance}".
	Ends string `toml:"ends"`
	// The words of where a unit is while off the table, where the rule
	// set's lists hold units back: deployed as a blip, a decoy blip, in
	// ambush, held back as reinforcements.
	Blip     *PlayState `toml:"blip"`
	Decoy    *PlayState `toml:"decoy"`
	Ambush   *PlayState `toml:"ambush"`
	HeldBack *PlayState `toml:"held_back"`
	Pos      diag.Pos   `toml:"-"`
}

// PlayState is the words of a place off the table: its name, what it
// means in the book's words, the button that brings the unit onto the
// table, and for a unit held back the chance of its test ({arrive},
// {attack}, {from}) or for one in ambush what its side writes down.
type PlayState struct {
	Name   string `toml:"name"`
	Text   string `toml:"text"`
	Done   string `toml:"done"`
	Say    string `toml:"say"`
	Secret string `toml:"secret"`
}

// PlayTrack is one thing the players keep track of during a game, shown on
// the cards of the play view: a count (elements lost, Disruption
// Markers, tow cables), a mark that is on or off (Dug In, Crippled, an
// MG jammed) or a choice of states (fighting on, routed, rallied). Its
// words are the book's: the play view shows a card's state in them, not
// only as ticks. One generic code path shows every rule set's tracks.
type PlayTrack struct {
	ID   string `toml:"id"`
	Name string `toml:"name"` // the label on the card: "Elements lost"
	Kind string `toml:"kind"` // one of TrackKinds
	// On is what the track is kept for: a unit of a list (the default),
	// a list's objective marker, or a building placed in play.
	On string `toml:"on"`
	// For keeps it for units of these types or carrying a weapon of
	// these kinds, as the data spells them ("Tripod", "mg"); none: all.
	For []string `toml:"for"`
	// Factions keeps it for units of these factions; none: all.
	Factions []string `toml:"factions"`

	// A count runs from 0 to Max, or to the piece's stat Of
	// ("elements"); with neither, the book sets no limit (a Note says
	// so) and the play view stops at MaxOpenCount.
	Max int    `toml:"max"`
	Of  string `toml:"of"` // one of PieceStats
	// Say is a count's state in words, with {n} (the count), {max},
	// {left} (max − n), {pct} (n as a percentage of max) and {groups}
	// (what is left in groups of the piece's per_group stat, one group
	// losing at a time: "4, 4 and 2").
	Say  string `toml:"say"`
	Zero string `toml:"zero"` // a count's words at 0, or a mark's when off ("" shows none)
	Full string `toml:"full"` // a count's words at its max
	Text string `toml:"text"` // a mark's words when on
	// Steps are a choice's states, the first the state it starts in, or
	// a count's words at a value (At); Table gives a count's words from
	// a table of the data instead: its first column the value, its
	// second the state's name, its third what it means.
	Steps []PlayStep `toml:"step"`
	Table string     `toml:"table"`

	// Losses marks the count of what the piece has lost: the play view
	// counts what is left with it, and the odds shoot with what is left.
	Losses bool `toml:"losses"`
	// Odds names a parameter of the rule set's odds questions that a set
	// mark (or a count above 0) turns on for the piece as a target
	// ("dug-in"); Lowers one that the count lowers ("armor").
	Odds   string `toml:"odds"`
	Lowers string `toml:"lowers"`

	Section string `toml:"section"` // the book's section its words are from
	Note    string `toml:"note"`    // where the book is silent, in a player's words
	// Ruled names the source note whose ruling the play view shows beside
	// the track, marked as a ruling (a silence of the book it meets).
	Ruled string   `toml:"ruled"`
	Pos   diag.Pos `toml:"-"`
}

// PlayStep is a state of a choice, or the words of a count at a value.
type PlayStep struct {
	At   int    `toml:"at"`
	Name string `toml:"name"`
	Text string `toml:"text"`
}

// The kinds of track.
const (
	TrackCount  = "count"
	TrackMark   = "mark"
	TrackChoice = "choice"
)

// TrackKinds lists the kinds of track.
var TrackKinds = []string{TrackCount, TrackMark, TrackChoice}

// What a track is kept for.
const (
	OnUnit      = "unit"
	OnObjective = "objective"
	OnBuilding  = "building"
)

// TrackOn lists what a track may be kept for.
var TrackOn = []string{OnUnit, OnObjective, OnBuilding}

// PieceStats are the numbers of a piece in play a count may run to:
// a unit's elements (stands) or figures, its Armor, an objective's hull
// points. per_group is the size of a unit's groups (a tray's figures).
var PieceStats = []string{"elements", "figures", "armor", "hull", "fire", "per_group"}

// MaxOpenCount is where a count the book sets no limit to stops.
const MaxOpenCount = 99

// sayVar is a {name} in a track's words.
var sayVar = regexp.MustCompile(`\{([a-z]+)\}`)

// sayVars are the names a track's words may use.
var sayVars = []string{"n", "max", "left", "pct", "groups"}

// TracksOn lists the rule set's tracks kept for on ("unit" …), in the
// data's order: the rule set's own, then those of the rule sets that add
// to it, passed as addOns.
func (s *System) TracksOn(on string, addOns ...*System) []*PlayTrack {
	var out []*PlayTrack
	for _, sys := range append([]*System{s}, addOns...) {
		for i := range sys.Tracks {
			if t := &sys.Tracks[i]; t.on() == on {
				out = append(out, t)
			}
		}
	}
	return out
}

func (t *PlayTrack) on() string {
	if t.On == "" {
		return OnUnit
	}
	return t.On
}

// Keeps reports whether the track is kept for a unit of the type, the
// faction and the weapon kinds given (any of them may be empty).
func (t *PlayTrack) Keeps(typ, faction string, weaponKinds []string) bool {
	if len(t.Factions) > 0 && !containsFold(t.Factions, faction) {
		return false
	}
	if len(t.For) == 0 {
		return true
	}
	if containsFold(t.For, typ) {
		return true
	}
	for _, k := range weaponKinds {
		if containsFold(t.For, k) {
			return true
		}
	}
	return false
}

func containsFold(list []string, s string) bool {
	if s == "" {
		return false
	}
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
