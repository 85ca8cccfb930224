package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/playercopy"
)

// playerDoc reports whether a file of the print pack is a player
// document: everything but the organiser's rules notes.
func playerDoc(name string) bool { return !strings.HasPrefix(name, "notes-") }

// misprint is a cell a player table must never print bare: a "?" the book
// left for a value, or a number with a leading zero ("01").
var misprint = regexp.MustCompile(`(^|\s)([+−-]?\?+%?|0[0-9]+)(\s|$)`)

// TestPlayerCopySpeaksTheGame builds the print pack and reads every player
// document's text back with poppler's pdftotext: no file name, command,
// option, hash or program word ("seed", "TOML", "data" …) anywhere, no
// bare "?" or misprint in a table, and each names its rules edition.
// The organiser's notes may name the data version; they are read only to
// check that they do.
func TestPlayerCopySpeaksTheGame(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the whole pack")
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: apt-get install -y poppler-utils")
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"-o", dir}, &stdout, &stderr); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}
	names, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	players := 0
	for _, n := range names {
		name := n.Name()
		out, err := exec.Command("pdftotext", "-enc", "UTF-8", filepath.Join(dir, name), "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", name, err)
		}
		text := string(out)
		if !playerDoc(name) {
			if !strings.Contains(text, "rules edition") {
				t.Errorf("%s: the organiser's notes do not name the rules edition", name)
			}
			continue
		}
		players++
		for _, bad := range playercopy.Find(text) {
			t.Errorf("%s says: %q", name, bad)
		}
		// Marker and blip sheets hold no tables: a blip's back is a "?".
		sheet := strings.HasPrefix(name, "blips-") || strings.HasPrefix(name, "markers-")
		for _, line := range strings.Split(text, "\n") {
			if m := misprint.FindString(line); m != "" && !sheet {
				t.Errorf("%s: a bare misprint %q in %q", name, strings.TrimSpace(m), line)
			}
		}
		if !strings.Contains(text, "rules edition 2026-12") {
			t.Errorf("%s does not name the rules edition", name)
		}
	}
	if players < 20 {
		t.Errorf("read %d player documents; the pack has more", players)
	}
}

// TestMisprintPattern: the misprint check catches what it looks for and
// lets the game's numbers pass.
func TestMisprintPattern(t *testing.T) {
	for _, bad := range []string{"Wheeling in March Column 01", "+? Combat Strength", "Vehicle morale effect ? ? ?"} {
		if !misprint.MatchString(bad) {
			t.Errorf("%q passes", bad)
		}
	}
	for _, good := range []string{"Wheeling in March Column 0 or 1", "10 15% 0", "–1", "What are my chances?", "+1 to +7"} {
		if misprint.MatchString(good) {
			t.Errorf("%q is taken for a misprint", good)
		}
	}
}
