package web

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
)

// TestPlainWords puts every message of the army checker's cases (the
// lists of army/testdata/validate, each as the builder would show it) in
// the player's words: no position, no key written as in the file, no
// table, no TOML.
func TestPlainWords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "army", "testdata", "validate", "*.txtar"))
	if err != nil || len(files) < 20 {
		t.Fatalf("army's validation cases: %v (%d)", err, len(files))
	}
	cat := shipped.Catalog(t)
	keyed := regexp.MustCompile(`\b(` + keyAlt() + `) = |\[\[|\]\]|\btoml\b|TOML|\w+\.toml:\d+|\bunit\.\d`)
	n := 0
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			if file.Name != "army.toml" {
				continue
			}
			_, dl := army.Validate("army.toml", file.Data, cat)
			for _, d := range dl {
				n++
				got := msgOf(d).Text
				if keyed.MatchString(got) {
					t.Errorf("%s: %q\n  shows as %q", filepath.Base(f), d.Msg, got)
				}
				if strings.ContainsAny(got, "{}") {
					t.Errorf("%s: %q\n  keeps a key in braces: %q", filepath.Base(f), d.Msg, got)
				}
				if strings.Contains(got, "…") {
					t.Errorf("%s: %q\n  stops mid-sentence: %q", filepath.Base(f), d.Msg, got)
				}
				if got == "" || strings.ToUpper(got[:1]) != got[:1] {
					t.Errorf("%s: %q does not start a sentence", filepath.Base(f), got)
				}
			}
		}
	}
	if n < 50 {
		t.Fatalf("only %d messages checked", n)
	}
	for in, want := range map[string]string{
		"the list has no units; add a [[unit]] table for each unit":                                       "The list has no units yet: add them from “Add units”.",
		`the list names no side of Scenario 1; add side = "Martians" under scenario (one of: "A", "B")`:   `The list names no side of Scenario 1; choose the side "Martians" (one of: "A", "B")`,
		"points = 145, but the Martians side plays at 200 points; write points = 200 or leave points out": "Points 145, but the Martians side plays at 200 points; expected points: 200 or leave points empty",
		`unit 2 (hmg-unit): count is 0; expected 1 or more (leave count out for one)`:                     `Unit 2 (hmg-unit): count is 0; expected 1 or more (leave count empty for one)`,
		"Tactical Squad has no points; write the unit's cost from your codex as points = …":               "Tactical Squad has no points; write the unit's cost from your codex as its points",
		"Company has no figures; write how many figures the unit has, as figures = …":                     "Company has no figures; write how many figures the unit has as its figures",
		"objective: hull_points is -1; expected the extra points bought, 0 to 4 (hull points 1 to 5)":     "Objective marker: extra hull points is -1; expected the extra points bought, 0 to 4 (hull points 1 to 5)",
		"remove [objective]": "Remove the objective marker",
	} {
		if got := playerWords(in); got != want {
			t.Errorf("playerWords(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}
