package rules

import (
	"math/big"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
)

// What a game in progress asks of the engines: the odds of one unit
// shooting another, with the same questions (Queries) and numbers as the
// printed tables; a held-back unit's chance to arrive; the chance the
// game ends after a round; the pieces a rule set places in play
// (buildings). What the players track on each unit is data ([[track]],
// catalog.PlayTrack), shown by one generic code path; this file holds
// only what an engine computes.

// Fighter is a unit in play as the odds see it: what it is, what it
// shoots with, what is left of it, and what its marks do to it as a
// target.
type Fighter struct {
	Name    string
	Type    string            // its type as the data spells it
	Entry   *catalog.Unit     // its catalogue entry, where the rule set has them
	Weapons []*catalog.Weapon // what it shoots with
	Left    int               // elements, or figures, left
	PerTray int               // figures to a tray, where trays are counted
	// Infantry: its thin trays may not shoot (Imperial Mars).
	Infantry bool
	// Flags are the odds parameters its marks turn on as a target
	// ("dug-in"); Less what its counts take off a parameter ("armor").
	Flags map[string]bool
	Less  map[string]int
}

// Shot is one question "this unit shoots that one" asks: the query and
// its arguments, as the odds page and 'playaid odds' take them.
type Shot struct {
	Label string // the weapon (and range band) that shoots
	Query *Query
	Args  Args
}

// Play is what a game in progress asks of an engine. Each is nil where
// the engine's rule sets have none of it.
type Play struct {
	// Shots lists the questions from's weapons ask of to, each with the
	// arguments their stats and states give; what the table decides
	// (cover, range) is left at the question's defaults for the player
	// to set.
	Shots func(sys *catalog.System, from, to Fighter) []Shot
	// DecoyType is the unit type the rule set's decoy blips pass for.
	DecoyType func(sys *catalog.System) string
	// Arrivals is the rule set's reinforcement test.
	Arrivals func(sys *catalog.System) *Arrival
	// RoundEnds is the chance the game ends after the round (see
	// RoundEnds).
	RoundEnds func(sys *catalog.System, round int) (ends *big.Rat, last bool)
	// Pieces lists what the rule set places in play beside the armies.
	Pieces func(sys *catalog.System) []Piece

	// Units is what a game in progress needs of each line's unit of a
	// checked list, and how many decoy blips the list may deploy beside
	// its numbered ones; Objective is the list's objective marker in
	// play, with the numbers its tracks run to ("hull", "armor") and its
	// card (ok false where the list has none).
	Units     func(r *Report) (units []PlayUnit, decoys int)
	Objective func(r *Report, p Printer) (stats map[string]int, c Card, ok bool)
}

// play is the rule set's engine's part in play; zero for none.
func play(sys *catalog.System) Play {
	if e := EngineOf(sys); e != nil {
		return e.Play
	}
	return Play{}
}

// PlayUnits is what a game needs of each line's unit of a checked list,
// and the decoy blips it may deploy (Play.Units); none where its engine
// says nothing of them.
func PlayUnits(r *Report) (units []PlayUnit, decoys int) {
	if f := play(r.System).Units; f != nil {
		return f(r)
	}
	return nil, 0
}

// PlayObjective is the list's objective marker in play (Play.Objective);
// ok false where it has none.
func PlayObjective(r *Report, p Printer) (stats map[string]int, c Card, ok bool) {
	if f := play(r.System).Objective; f != nil {
		return f(r, p)
	}
	return nil, Card{}, false
}

// Shots lists the questions from's weapons ask of to (Play.Shots).
func Shots(sys *catalog.System, from, to Fighter) []Shot {
	if f := play(sys).Shots; f != nil {
		return f(sys, from, to)
	}
	return nil
}

// SetFlags sets the question's parameters the target's marks turn on.
func SetFlags(a Args, q *Query, to Fighter) {
	for name, on := range to.Flags {
		if on && slices.ContainsFunc(q.Params, func(p Param) bool { return p.Name == name }) {
			a[name] = "true"
		}
	}
}

// DecoyType is the unit type the rule set's decoy blips pass for (they
// deploy "as if they were actual infantry units"), or "".
func DecoyType(sys *catalog.System) string {
	if f := play(sys).DecoyType; f != nil {
		return f(sys)
	}
	return ""
}

// Arrival is the chance of a unit held back as reinforcements to arrive
// at a test: FromTurn is the first turn it tests.
type Arrival struct {
	FromTurn  int
	Arrive    *big.Rat // one test: it arrives
	CanAttack *big.Rat // one test: it arrives and may attack
}

// Arrivals is the rule set's reinforcement test, or nil where it has
// none.
func Arrivals(sys *catalog.System) *Arrival {
	if f := play(sys).Arrivals; f != nil {
		return f(sys)
	}
	return nil
}

// RoundEnds is the chance the game ends after the round, once it is
// played, from the rule set's game-length roll; nil where the rule set
// has none or the round is before it. Last reports the round that always
// ends the game.
func RoundEnds(sys *catalog.System, round int) (ends *big.Rat, last bool) {
	if f := play(sys).RoundEnds; f != nil {
		return f(sys, round)
	}
	return nil, false
}

// Piece is a thing the rule set places on the table in play, beside the
// armies (a building of the Destroying Buildings add-on), with the
// numbers its tracks run to.
type Piece struct {
	On    string // what tracks it carries: catalog.OnBuilding
	ID    string
	Name  string
	Stats map[string]int
}

// Pieces lists what the rule set places in play.
func Pieces(sys *catalog.System) []Piece {
	if f := play(sys).Pieces; f != nil {
		return f(sys)
	}
	return nil
}

// CheckPlay holds every rule set's tracks to what its engine reads: an
// odds parameter a track sets or lowers must be one of the engine's
// questions' own.
func CheckPlay(cat *catalog.Catalog) diag.List {
	var l diag.List
	for _, sys := range RuleSets(cat) {
		var names []string
		for _, q := range questionsOf(sys) {
			for _, p := range q.Params {
				if !slices.Contains(names, p.Name) {
					names = append(names, p.Name)
				}
			}
		}
		// An add-on's tracks go on its base's pieces: their odds are the
		// base's questions.
		if sys.Base != nil {
			for _, q := range questionsOf(sys.Base) {
				for _, p := range q.Params {
					if !slices.Contains(names, p.Name) {
						names = append(names, p.Name)
					}
				}
			}
		}
		for _, t := range sys.Tracks {
			for _, f := range []struct{ key, v string }{{"odds", t.Odds}, {"lowers", t.Lowers}} {
				if f.v != "" && !slices.Contains(names, f.v) {
					l.Add(t.Pos, "track %q: %s = %q is not a parameter of the rule set's odds questions; expected one of: %s", t.ID, f.key, f.v, strings.Join(names, ", "))
				}
			}
		}
	}
	l.Sort()
	return l
}
