package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/data"
)

// TestOddsDataProblem: a question the flags ask rightly but the data
// cannot answer is the data's fault, exit 1, not a usage error (2). Here a
// club's AQotMF data names a lucky-hit note it does not have, and an Armor
// above the die's faces needs it.
func TestOddsDataProblem(t *testing.T) {
	src, err := data.FS.ReadFile("aqotmf/system.toml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), `lucky_hit_note = "lucky-hit"`, `lucky_hit_note = "no-such-note"`, 1)
	if bad == string(src) {
		t.Fatal("the shipped data has no lucky_hit_note to break")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "aqotmf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "aqotmf", "system.toml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "odds", "attack", "--defense", "5", "--armor", "12", "--data", dir)
	if code != 1 || !strings.Contains(stderr, `source note "no-such-note" not found`) {
		t.Errorf("exit %d, stderr %q; want 1 and the data's problem", code, stderr)
	}
}

// TestOddsExitStatus: a number out of its bounds is a usage error (exit
// 2) named by its flag, before any work; a question the data cannot
// answer is the data's (exit 1, TestOddsDataProblem).
func TestOddsExitStatus(t *testing.T) {
	for _, args := range [][]string{
		{"im-melee", "--diff", "10000000"},
		{"attack", "--power", "-9223372036854775808"},
		{"im-morale", "--modifier", "9223372036854775807"},
		{"attack", "--dice", "1001"},
		{"burn", "--armor", "-1"},
		{"im-shoot", "--trays", "-1"},
		{"building", "--type", "straw"},
	} {
		code, stdout, stderr := runCLI(t, append([]string{"odds"}, args...)...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "playaid: ") {
			t.Errorf("odds %v: exit %d, stdout %q, stderr %q; want 2 and one line", args, code, stdout, stderr)
		}
	}
}
