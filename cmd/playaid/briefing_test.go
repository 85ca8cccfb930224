package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/layout"
)

func TestBriefingCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		file   string
		prefix string
	}{
		{[]string{"briefing", "boys-of-company-c", "-o", filepath.Join(dir, "b.pdf")}, "b.pdf", "%PDF-"},
		{[]string{"briefing", "--paper", "letter", "morale-wagon", "-o", filepath.Join(dir, "m.pdf")}, "m.pdf", "%PDF-"},
		{[]string{"briefing", "evacuation-mars", "--format", "html", "-o", filepath.Join(dir, "e.html")}, "e.html", "<!DOCTYPE html>"},
		{[]string{"briefing", "boys-of-company-c", "--format", "md", "-o", filepath.Join(dir, "b.md")}, "b.md", "# Scenario 1: The Boys of Company C"},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
			continue
		}
		if !strings.Contains(stdout, "wrote "+filepath.Join(dir, tc.file)) {
			t.Errorf("%v: stdout %q", tc.args, stdout)
		}
		b, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil || !bytes.HasPrefix(b, []byte(tc.prefix)) {
			t.Errorf("%v: %s starts %.20q (%v), want %q", tc.args, tc.file, b, err, tc.prefix)
		}
	}
	// -o - writes to standard output.
	code, stdout, stderr := runCLI(t, "briefing", "morale-wagon", "--format", "md", "-o", "-")
	if code != 0 || !strings.Contains(stdout, "### Boys of Company C — 625 points") || !strings.Contains(stdout, "### Martians — 600 points") {
		t.Errorf("md to stdout: exit %d, %s\n%.300s", code, stderr, stdout)
	}
}

func TestBriefingUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"briefing"}, "which scenario?"},
		{[]string{"briefing", "boys-of-company"}, `unknown scenario "boys-of-company" (did you mean "boys-of-company-c"?)`},
		{[]string{"briefing", "morale-wagon", "--format", "docx"}, `--format: unknown format "docx"`},
		{[]string{"briefing", "morale-wagon", "--paper", "a3"}, `unknown paper "a3"`},
		{[]string{"briefing", "morale-wagon", "extra"}, `one scenario, got "morale-wagon" and "extra"`},
		{[]string{"briefing", "morale-wagon", "--templates", "no-such-dir"}, "--templates no-such-dir"},
	} {
		code, _, stderr := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// A club's --data copy of the scenario with a wrong printed figure stops
// the build with the figure's file:line:col, and writes nothing.
func TestBriefingWrongFigure(t *testing.T) {
	src, err := data.FS.ReadFile("aqotmf/scenarios/boys-of-company-c.toml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	at, col := -1, 0
	for i, l := range lines {
		if at < 0 && strings.TrimSpace(l) == "points = 40" { // the HMG line
			lines[i] = strings.Replace(l, "40", "45", 1)
			at, col = i+1, strings.Index(l, "40")+1
		}
	}
	if at < 0 {
		t.Fatal("no points = 40 line in the shipped scenario")
	}
	club := t.TempDir()
	path := filepath.Join(club, "aqotmf", "scenarios", "boys-of-company-c.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "b.pdf")
	code, _, stderr := runCLI(t, "briefing", "boys-of-company-c", "--data", club, "-o", out)
	want := filepath.ToSlash(path) + ":" + strconv.Itoa(at) + ":" + strconv.Itoa(col) + ": scenario boys-of-company-c, Boys of Company C: Unit of Machine Guns printed as 45 points, but 1 × hmg-unit at 40 = 40"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant 1 and %s", code, stderr, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s was written despite the error", out)
	}
}

// The default print pack carries every shipped scenario's briefing.
func TestBriefingPack(t *testing.T) {
	if got := packPDFNames(t, layout.Letter, "briefings"); got != "briefing-boys-of-company-c.pdf briefing-morale-wagon.pdf briefing-evacuation-mars.pdf" {
		t.Errorf("pack briefings: %s", got)
	}
	found := false
	found = inPack("briefings")
	if !found {
		t.Error("no briefings packer registered")
	}
}
