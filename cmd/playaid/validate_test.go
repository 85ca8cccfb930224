package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/data"
)

// clubData writes a club's --data folder holding one shipped file with a
// change, and returns the folder.
func clubData(t *testing.T, file, old, new string) string {
	t.Helper()
	src, err := data.FS.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(src), old, new, 1)
	if changed == string(src) {
		t.Fatalf("%s has no %q to change", file, old)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(file)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, file), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestValidateBuilds: validate makes the print pack in memory on both
// papers, so data that validates builds; what would stop a build is an
// error of validate, at its place in the data.
func TestValidateBuilds(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the whole pack twice")
	}
	// The objective marker's armour track grows past its card.
	dir := clubData(t, "evacuation-mars/system.toml", "max_armour = 12", "max_armour = 100")
	code, stdout, stderr := runCLI(t, "validate", "--data", dir)
	want := `data/evacuation-mars/markers.toml:10:3: marker "objective": track "Armour" runs from 8 (evacuation.objective.armour) to 100 (evacuation.objective.max_armour): 93 boxes do not fit a 70 × 40 mm card; make the card bigger`
	if code != 1 || !strings.Contains(stderr, want+"\n") || strings.Contains(stdout, "data ok") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %s", code, stdout, stderr, want)
	}
	if !strings.Contains(stderr, "playaid: 1 error: the data loads, but the print pack would not build") {
		t.Errorf("stderr:\n%s", stderr)
	}
	// The build refuses the same, at the same place.
	code, _, stderr = runCLI(t, "build", "--data", dir, "-o", t.TempDir())
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("build: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestNoReinforcements: when no scenario holds a unit back there is no
// game to count the reinforcement odds over: the AQotMF sheet prints the
// rule without its odds table and the deck leaves the card out, instead
// of failing the build.
func TestNoReinforcements(t *testing.T) {
	dir := clubData(t, "aqotmf/scenarios/boys-of-company-c.toml", "reinforcement = true", "reinforcement = false")
	if code, stdout, stderr := runCLI(t, "validate", "--data", dir); code != 0 || !strings.Contains(stdout, "the print pack builds on A4 and Letter") {
		t.Fatalf("validate: exit %d\n%s%s", code, stdout, stderr)
	}
	code, sheet, stderr := runCLI(t, "reference", "--system", "aqotmf", "--format", "md", "-o", "-", "--data", dir)
	if code != 0 || !strings.Contains(sheet, "## Reinforcements") || strings.Contains(sheet, "Arrived by") {
		t.Errorf("sheet: exit %d, %s; want the rule without its odds", code, stderr)
	}
	code, cards, stderr := runCLI(t, "reference", "--cards", "--system", "aqotmf", "--format", "md", "-o", "-", "--data", dir)
	if code != 0 || strings.Contains(cards, "# Reinforcements") || !strings.Contains(cards, "# Hidden units") {
		t.Errorf("cards: exit %d, %s; want the deck without the reinforcements card", code, stderr)
	}
	// The shipped data has both.
	_, sheet, _ = runCLI(t, "reference", "--system", "aqotmf", "--format", "md", "-o", "-")
	_, cards, _ = runCLI(t, "reference", "--cards", "--system", "aqotmf", "--format", "md", "-o", "-")
	if !strings.Contains(sheet, "Arrived by") || !strings.Contains(cards, "# Reinforcements") {
		t.Error("the shipped sheet or deck lacks the reinforcement odds")
	}
}
