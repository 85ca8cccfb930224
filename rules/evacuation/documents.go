package evacuation

import (
	"fmt"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// documents is what Evacuation: Mars adds to a scenario's briefing: the
// game-length roll's chances, the tie-breakers, the armies' unit types
// and the objective marker's upgrade costs.
type documents struct{ rules.NoDocuments }

func (documents) Briefing(sys *catalog.System, sc *catalog.Scenario, reinforced bool) (rules.BriefingPart, error) {
	var b rules.BriefingPart
	ev := RulesOf(sys)
	if ev == nil {
		return b, nil
	}
	if sc.Turns == 0 && len(ev.GameLength.Rounds) > 0 {
		t, err := GameLengthTable(sys)
		if err != nil {
			return b, fmt.Errorf("scenario %s: game length: %w", sc.ID, err)
		}
		b.Rounds = &t
	}
	b.TieBreakers = ev.TieBreakers
	b.Specials = ev.Specials
	b.Allowed, b.Excluded, b.AllowedSaid, b.ExcludedMore = ev.Allowed, ev.Excluded, ev.AllowedSaid, ev.ExcludedMore
	if len(ev.Objective.Ladder) > 0 {
		t, err := LadderTable(sys)
		if err != nil {
			return b, fmt.Errorf("scenario %s: objective upgrades: %w", sc.ID, err)
		}
		// The data's source notes the table quotes print as their
		// readings' marks and lines (document.Notes.Know), never in
		// their own words.
		b.Ladder = &t
	}
	return b, nil
}
