// Package play keeps a game in progress: the armies' lists as they were
// when it started, what the players mark on each unit's card (the
// rule set's tracks, catalog.PlayTrack), the turn and phase, the
// hidden side's blips and written-down secrets, and a log line for each
// change. The web app serves it to every player's phone from the club's
// laptop (web/play*.go); this package knows nothing of HTTP.
//
// A game is a value (Game) that changes only by Apply, one change at a
// time, each a mark set to a value: the last tap wins, and every change
// is a line of the log that can be undone. Board reads a game with the
// catalogue into what each side's page shows, hiding what the other
// side may not see. Folder keeps games as files, written whole through a
// temporary file and a rename.
package play

import (
	"time"
)

// Format is the version of the game file's layout.
const Format = 1

// Game is a game in progress, as its file holds it.
type Game struct {
	Format   int       `json:"format"`
	ID       string    `json:"id"`
	System   string    `json:"system"`             // the rule set's id
	Scenario string    `json:"scenario,omitempty"` // the scenario's id, if any
	Title    string    `json:"title"`
	Started  time.Time `json:"started"`
	Version  int       `json:"version"` // counts the changes: a page polls for a new one
	Sides    []Side    `json:"sides"`
	Placed   []Placed  `json:"placed,omitempty"` // pieces put on the table in play (buildings)
	// Marks are every value the players set, by key: "PIECE/TRACK" for a
	// track of a piece, "PIECE/@at" for where a unit is, "@turn",
	// "@phase", "@over" for the game's own. A key left out is 0 (a
	// unit's starting place is its own: see startAt).
	Marks map[string]int    `json:"marks"`
	Notes map[string]string `json:"notes,omitempty"` // what a side wrote down, by key "sN/…"
	Log   []Entry           `json:"log"`
}

// Side is one side of the game and the list it plays.
type Side struct {
	Name string `json:"name"` // the scenario's side, or the list's army name
	// Token is the side's page's address: only the side's player is given
	// it, and only that page shows the side's hidden units and secrets.
	Token  string `json:"token"`
	List   string `json:"list"`   // the army's name, for the log and the summary
	Source string `json:"source"` // the list file as it was when the game started
}

// Placed is a piece put on the table in play: a building of the rule
// set that adds them.
type Placed struct {
	ID     string `json:"id"`     // "b1", "b2" …
	System string `json:"system"` // the rule set it is from (an add-on's id)
	Kind   string `json:"kind"`   // its kind's id (rules.Piece)
	Name   string `json:"name"`
}

// Entry is one line of the log: one change.
type Entry struct {
	N    int       `json:"n"` // its number, from 1
	At   time.Time `json:"at"`
	Turn int       `json:"turn"`
	By   int       `json:"by"` // the side whose page made it (from 0), or -1: the table's page
	// Hide is the side (from 1) whose secret the change is: only that
	// side's page shows it, until the game is over; 0 for everyone.
	Hide int    `json:"hide,omitempty"`
	Text string `json:"text"`
	// Changes are the marks it set, each with its value before: what
	// undoing it sets back. A note's entry has none and cannot be undone.
	Changes []Change `json:"changes,omitempty"`
	Undoes  int      `json:"undoes,omitempty"` // the entry this one undoes
}

// Keys of the game's own marks.
const (
	keyTurn  = "@turn"
	keyPhase = "@phase"
	keyOver  = "@over"
	atSuffix = "/@at"
)

// Where a unit is: on the table, or off it in one of the ways a side
// holds units back. A decoy blip or a building taken off is Gone.
const (
	AtTable = iota
	AtBlip
	AtAmbush
	AtHeldBack
	AtGone
)

// Turn is the game's turn (or round), from 1.
func (g *Game) Turn() int { return max(g.Marks[keyTurn], 1) }

// Phase is the index of the turn's phase, from 0.
func (g *Game) Phase() int { return g.Marks[keyPhase] }

// Over reports whether the game has been ended: every secret shows.
func (g *Game) Over() bool { return g.Marks[keyOver] != 0 }

// clone is a deep copy, which Apply changes while the original stays as
// every reader sees it.
func (g *Game) clone() *Game {
	c := *g
	c.Sides = append([]Side(nil), g.Sides...)
	c.Placed = append([]Placed(nil), g.Placed...)
	c.Log = append([]Entry(nil), g.Log...)
	c.Marks = make(map[string]int, len(g.Marks))
	for k, v := range g.Marks {
		c.Marks[k] = v
	}
	c.Notes = make(map[string]string, len(g.Notes))
	for k, v := range g.Notes {
		c.Notes[k] = v
	}
	return &c
}
