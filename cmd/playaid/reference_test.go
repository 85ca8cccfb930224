package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

func TestReference(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
		file   string // written file that must exist
		holds  string // text it must hold
	}{
		{"one sheet as markdown", []string{"--system", "evacuation-mars", "--format", "md", "-o", filepath.Join(dir, "e.md")}, 0, "", "e.md", "Objective marker upgrades"},
		{"one sheet as html", []string{"--system", "buildings", "--format", "html", "-o", filepath.Join(dir, "b.html")}, 0, "", "b.html", "<table>"},
		{"one sheet as pdf on letter", []string{"--system", "aqotmf", "--paper", "letter", "-o", filepath.Join(dir, "a.pdf")}, 0, "", "a.pdf", "%PDF"},
		{"all four into a folder", []string{"--format", "md", "-o", filepath.Join(dir, "all")}, 0, "", "all/reference-imperial-mars.md", "One tray, by weapon and range"},
		{"unknown sheet", []string{"--system", "aqtomf"}, 2, `did you mean "aqotmf"`, "", ""},
		{"unknown format", []string{"--format", "docx"}, 2, "--format", "", ""},
		{"unknown paper", []string{"--paper", "a5"}, 2, "a5", "", ""},
		{"stdout needs one sheet", []string{"-o", "-"}, 2, "needs --system", "", ""},
		{"missing templates folder", []string{"--templates", filepath.Join(dir, "none")}, 2, "--templates", "", ""},
		{"stray argument", []string{"aqotmf"}, 2, "--system", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append([]string{"reference"}, tt.args...), &stdout, &stderr)
			if code := exitCode(err, &stderr); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q does not mention %q", stderr.String(), tt.stderr)
			}
			if tt.file == "" {
				return
			}
			b, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(tt.holds)) {
				t.Errorf("%s does not hold %q", tt.file, tt.holds)
			}
		})
	}
}

func TestReferenceStdoutAndTemplates(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "buildings.md"), []byte("# Our club's sheet\n\n{{ table \"burn\" }}"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"reference", "--system", "buildings", "--format", "md", "--templates", dir, "-o", "-"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("%v; stderr: %s", err, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "# Our club's sheet") || !strings.Contains(stdout.String(), "Wood Frame (Armor 6)") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
}

// TestReferenceInPrintPack: the pack holds the four reference sheets, then
// the four rules notes that cite their pages.
func TestReferenceInPrintPack(t *testing.T) {
	t.Parallel()
	found := false
	found = inPack("reference sheets")
	if !found {
		t.Fatal("no reference sheets packer in the print pack")
	}
	want := "reference-aqotmf.pdf reference-buildings.pdf reference-imperial-mars.pdf reference-evacuation-mars.pdf notes-aqotmf.pdf notes-buildings.pdf notes-imperial-mars.pdf notes-evacuation-mars.pdf"
	if got := packPDFNames(t, paperA4(t), "reference sheets", "rules notes"); got != want {
		t.Errorf("print pack files %q, want %q", got, want)
	}
}

func paperA4(t *testing.T) layout.Paper {
	t.Helper()
	p, err := paper("a4")
	if err != nil {
		t.Fatal(err)
	}
	return p
}
