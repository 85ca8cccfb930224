package catalog

import (
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	base := &System{ID: "base", Tables: []Table{{ID: "fire"}}}
	s := &System{
		ID:        "addon",
		Charts:    []Chart{{ID: "reinforcements"}},
		Tables:    []Table{{ID: "burning"}},
		Block:     wordsBlock{{Name: "Floors", Text: "One floor a phase."}},
		Scenarios: []Scenario{{Specials: []Special{{Name: "Victory", Text: "Hold the pod."}}}},
	}
	if c, err := s.FindChart("reinforcements"); err != nil || c.ID != "reinforcements" {
		t.Errorf("FindChart: %v, %v", c, err)
	}
	if _, err := s.FindChart("reinforcement"); err == nil || !strings.Contains(err.Error(), `unknown chart of addon "reinforcement" (did you mean "reinforcements"?)`) {
		t.Errorf("FindChart of a misspelt id: %v", err)
	}
	if tb, err := s.FindTable("fire", base); err != nil || tb.ID != "fire" {
		t.Errorf("FindTable falls back to the base rule set: %v, %v", tb, err)
	}
	if _, err := s.FindTable("fire", nil); err == nil || !strings.Contains(err.Error(), "expected one of: burning") {
		t.Errorf("FindTable without a base: %v", err)
	}
	if r, err := s.FindRule("Victory"); err != nil || r.Text != "Hold the pod." {
		t.Errorf("FindRule finds a scenario's rule: %v, %v", r, err)
	}
	if _, err := s.FindRule("Floor"); err == nil || !strings.Contains(err.Error(), `(did you mean "Floors"?)`) {
		t.Errorf("FindRule of a misspelt name: %v", err)
	}
}

// wordsBlock is an engine's block that keeps rules as words.
type wordsBlock []Special

func (b wordsBlock) WordRules() []Special { return b }
