package rules

import (
	"math/big"
	"slices"
	"strconv"
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

// Shots lists the questions from's weapons ask of to, each with the
// arguments their stats and states give; what the table decides (cover,
// range) is left at the question's defaults for the player to set.
func Shots(sys *catalog.System, from, to Fighter) []Shot {
	switch EngineOf(sys) {
	case AQEngine:
		return aqShots(sys, from, to)
	case IMEngine:
		return imShots(sys, from)
	}
	return nil
}

func aqShots(sys *catalog.System, from, to Fighter) []Shot {
	q, _ := LookupQuery("attack")
	r, _, err := aqRules(sys)
	if err != nil || to.Entry == nil || len(to.Entry.Composition) == 0 || from.Left <= 0 {
		return nil
	}
	p := sys.Profile(to.Entry.Composition[0].Profile)
	if p == nil || p.Defense == nil || p.Armor == nil {
		return nil // a target with no stats (the Mk II Baldwin): nothing to work out
	}
	var out []Shot
	for _, w := range from.Weapons {
		a := Args{
			"dice":    strconv.Itoa(from.Left * w.DicePerElement()),
			"defense": strconv.Itoa(*p.Defense),
			"armor":   strconv.Itoa(max(*p.Armor-to.Less["armor"], 0)),
			"power":   strconv.Itoa(w.Power),
		}
		if slices.ContainsFunc(to.Entry.Composition, func(s catalog.Stand) bool { return s.Profile == r.TripodDamage.Profile }) {
			a["tripod"] = "true"
		}
		flags(a, q, to)
		out = append(out, Shot{Label: w.Name, Query: q, Args: a})
	}
	return out
}

func imShots(sys *catalog.System, from Fighter) []Shot {
	q, _ := LookupQuery("im-shoot")
	var out []Shot
	for _, w := range from.Weapons {
		if len(w.Bands) == 0 {
			continue
		}
		t := IMTrays{PerTray: from.PerTray}
		if from.PerTray > 0 {
			t.Full, t.Remainder = from.Left/from.PerTray, from.Left%from.PerTray
		}
		s, err := IMShootingTrays(sys, from.Infantry, t, w)
		if err != nil || s.Trays == 0 {
			continue
		}
		for _, b := range w.Bands {
			a := Args{"factor": strconv.Itoa(b.Factor), "trays": strconv.Itoa(s.Trays)}
			out = append(out, Shot{Label: w.Name + ", " + b.Name + " (" + imInch(b.Range) + ")", Query: q, Args: a})
		}
	}
	return out
}

// flags sets the question's parameters the target's marks turn on.
func flags(a Args, q *Query, to Fighter) {
	for name, on := range to.Flags {
		if on && slices.ContainsFunc(q.Params, func(p Param) bool { return p.Name == name }) {
			a[name] = "true"
		}
	}
}

// DecoyType is the unit type the rule set's decoy blips pass for (they
// deploy "as if they were actual infantry units"), or "".
func DecoyType(sys *catalog.System) string {
	if r, _, err := aqRules(sys); err == nil {
		return r.Blips.DecoyType
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
	if EngineOf(sys) != AQEngine {
		return nil
	}
	r, err := AQReinforcements(sys, 0)
	if err != nil {
		return nil
	}
	return &Arrival{FromTurn: r.FromTurn, Arrive: r.Arrive, CanAttack: r.CanAttack}
}

// RoundEnds is the chance the game ends after the round, once it is
// played, from the rule set's game-length roll; nil where the rule set
// has none or the round is before it. Last reports the round that always
// ends the game.
func RoundEnds(sys *catalog.System, round int) (ends *big.Rat, last bool) {
	if EngineOf(sys) != EvacEngine {
		return nil, false
	}
	rs, err := GameLength(sys)
	if err != nil {
		return nil, false
	}
	for _, r := range rs {
		if r.Round == round {
			return r.EndsIf, r.EndsIf.Cmp(big.NewRat(1, 1)) == 0
		}
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
	if EngineOf(sys) != BuildingsEngine || sys.Buildings == nil {
		return nil
	}
	var out []Piece
	for _, t := range sys.Buildings.Types {
		out = append(out, Piece{On: catalog.OnBuilding, ID: t.ID, Name: t.Name, Stats: map[string]int{"armor": t.Armor, "fire": t.Fire}})
	}
	return out
}

// CheckPlay holds every rule set's tracks to what its engine reads: an
// odds parameter a track sets or lowers must be one of the engine's
// questions' own.
func CheckPlay(cat *catalog.Catalog) diag.List {
	var l diag.List
	for _, sys := range RuleSets(cat) {
		var names []string
		for _, q := range queriesOn(EngineOf(sys)) {
			for _, p := range q.Params {
				if !slices.Contains(names, p.Name) {
					names = append(names, p.Name)
				}
			}
		}
		// An add-on's tracks go on its base's pieces: their odds are the
		// base's questions.
		if sys.Base != nil {
			for _, q := range queriesOn(EngineOf(sys.Base)) {
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
