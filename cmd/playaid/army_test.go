package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

// writeArmyList writes a list into a fresh folder and returns its path.
func writeArmyList(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func armyExample(name string) string { return filepath.Join("..", "..", "data", "armies", name) }

const overLimit = `system = "aqotmf"
name = "Greedy"
points = 150
[[unit]]
id = "asault-tripod"
[[unit]]
id = "assault-tripod"
`

func TestArmyValidate(t *testing.T) {
	bad := writeArmyList(t, "greedy.toml", overLimit)
	notTOML := writeArmyList(t, "notes.toml", "Boys of Company C: 145 points\n")
	missing := filepath.Join(t.TempDir(), "gone.toml")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // exact
		stderr string // exact, data warnings left out
	}{
		{"valid", []string{"army", "validate", armyExample("boys-of-company-c-humans.toml")}, 0,
			armyExample("boys-of-company-c-humans.toml") + ": valid (145 of 145 points)\n", ""},
		{"several valid", []string{"army", "validate", armyExample("boys-of-company-c-martians.toml"), armyExample("imperial-mars.toml")}, 0,
			armyExample("boys-of-company-c-martians.toml") + ": valid (200 of 200 points)\n" + armyExample("imperial-mars.toml") + ": valid (organisation checked)\n", ""},
		{"invalid", []string{"army", "validate", bad}, 1,
			bad + ": INVALID (200 of 150 points, 2 errors)\n",
			bad + ":3:10: points: the units cost 200, over the limit of 150 by 50; remove units worth 50 or more, or raise points\n" +
				bad + `:5:6: unit 1 (asault-tripod): unknown unit id "asault-tripod" (did you mean "assault-tripod"?); expected one of: assault-tripod, hmg-unit, infantry-company, mk2-baldwin, rough-riders`},
		{"missing file", []string{"army", "validate", missing}, 2,
			missing + ": unreadable\n", missing + ": cannot read the list: there is no such file or folder"},
		{"not TOML", []string{"army", "validate", notTOML}, 2,
			notTOML + ": unreadable\n", notTOML + ":1:6: expected '.' or '=', but got 'o' instead"},
		{"unreadable wins over invalid", []string{"army", "validate", bad, missing}, 2,
			bad + ": INVALID (200 of 150 points, 2 errors)\n" + missing + ": unreadable\n", ""},
		{"no file", []string{"army", "validate"}, 2, "", "playaid: army validate: which list? give one or more FILEs"},
		{"flags after files", []string{"army", "validate", armyExample("evacuation-mars.toml"), "--data", "nowhere"}, 2, "", "playaid: --data nowhere: there is no such file or folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.args...)
			errs = strings.TrimSuffix(errs, "\n")
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstderr: %s", code, tt.code, errs)
			}
			if out != tt.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, tt.stdout)
			}
			if tt.stderr != "" && errs != tt.stderr || tt.stderr == "" && tt.code == 0 && errs != "" {
				t.Errorf("stderr:\n%s\nwant:\n%s", errs, tt.stderr)
			}
		})
	}
}

func TestArmyValidateJSON(t *testing.T) {
	bad := writeArmyList(t, "greedy.toml", overLimit)
	missing := filepath.Join(t.TempDir(), "gone.toml")
	code, out, errs := runCLI(t, "army", "validate", "--json", armyExample("morale-wagon-humans.toml"), bad, missing)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if errs != "" {
		t.Errorf("--json wrote to stderr: %s", errs)
	}
	var got []armyJSONList
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(got) != 3 {
		t.Fatalf("%d results", len(got))
	}
	if g := got[0]; !g.Readable || !g.Valid || g.System != "aqotmf" || g.Points != 625 || g.Limit != 625 || len(g.Errors) != 0 {
		t.Errorf("valid list: %+v", g)
	}
	want := armyJSONDiag{File: bad, Line: 3, Col: 10, Message: "points: the units cost 200, over the limit of 150 by 50; remove units worth 50 or more, or raise points"}
	if g := got[1]; !g.Readable || g.Valid || g.Points != 200 || g.Limit != 150 || len(g.Errors) != 2 || g.Errors[0] != want {
		t.Errorf("invalid list: %+v", g)
	}
	if g := got[2]; g.Readable || g.Valid || len(g.Errors) != 1 || g.Errors[0].Message != "cannot read the list: there is no such file or folder" {
		t.Errorf("missing list: %+v", g)
	}
}

func TestArmyNew(t *testing.T) {
	for _, sys := range []string{"aqotmf", "evacuation-mars", "imperial-mars"} {
		code, out, errs := runCLI(t, "army", "new", "--system", sys)
		if code != 0 || !strings.Contains(out, "system = \""+sys+"\"") {
			t.Fatalf("%s: exit %d: %s", sys, code, errs)
		}
		p := writeArmyList(t, sys+".toml", out)
		if code, vout, errs := runCLI(t, "army", "validate", p); code != 0 || errs != "" || !strings.Contains(vout, ": valid (") {
			t.Errorf("the %s starter does not validate cleanly: exit %d\n%s%s", sys, code, vout, errs)
		}
	}
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"army", "new"}, "playaid: army new: which rule set? give --system, one of: aqotmf, evacuation-mars, imperial-mars"},
		{[]string{"army", "new", "--system", "buildings"}, `playaid: system "buildings" has no army lists; expected one of: aqotmf, evacuation-mars, imperial-mars`},
		{[]string{"army", "new", "--system", "aqotmg"}, `playaid: unknown system "aqotmg" (did you mean "aqotmf"?); expected one of: aqotmf, buildings, evacuation-mars, imperial-mars`},
		{[]string{"army"}, "playaid: army what? expected validate, new or print; run 'playaid army --help'"},
		{[]string{"army", "valdate"}, `playaid: unknown army command "valdate" (did you mean "validate"?); expected one of: validate, new, print`},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(t, tt.args...)
		errs = strings.TrimSuffix(errs, "\n")
		if code != 2 || errs != tt.stderr {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant 2 and:\n%s", tt.args, code, errs, tt.stderr)
		}
	}
}

func TestArmyPrint(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "roster.pdf")
	code, stdout, errs := runCLI(t, "army", "print", armyExample("boys-of-company-c-humans.toml"), "--cards", "--paper", "letter", "-o", out)
	if code != 0 || stdout != "wrote "+out+"\n" || errs != "" {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	if b, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("no PDF written: %v", err)
	}

	// The Markdown to standard output, flags after the file.
	code, stdout, _ = runCLI(t, "army", "print", armyExample("morale-wagon-humans.toml"), "--format", "md", "-o", "-")
	if code != 0 || !strings.Contains(stdout, "> **VALID** · **625** of 625 points") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}

	// An invalid list still prints, stamped, and exits 1.
	bad := writeArmyList(t, "greedy.toml", overLimit)
	out = filepath.Join(dir, "greedy.html")
	code, stdout, errs = runCLI(t, "army", "print", "--format", "html", "-o", out, bad)
	if code != 1 || stdout != "wrote "+out+"\n" {
		t.Errorf("invalid list: exit %d, stdout %q", code, stdout)
	}
	if !strings.HasSuffix(errs, "playaid: "+bad+" is invalid (2 errors): the roster is stamped INVALID\n") || !strings.Contains(errs, bad+":3:10: points: the units cost 200") {
		t.Errorf("invalid list stderr:\n%s", errs)
	}
	if b, _ := os.ReadFile(out); !bytes.Contains(b, []byte("INVALID")) || !bytes.Contains(b, []byte("over the limit of 150 by 50")) {
		t.Error("the printed roster does not show the errors")
	}

	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"army", "print"}, 2, "playaid: army print: which list? give one FILE"},
		{[]string{"army", "print", "a.toml", "b.toml"}, 2, "playaid: army print takes one list, got 2: a.toml b.toml"},
		{[]string{"army", "print", "a.toml", "--cards", "--format", "md"}, 2, "playaid: --cards prints only as PDF (cards are drawn to size), not --format md"},
		{[]string{"army", "print", "a.toml", "--format", "docx"}, 2, `playaid: --format: unknown format "docx"; expected one of: pdf, html, md`},
		{[]string{"army", "print", "a.toml", "--paper", "a5"}, 2, `playaid: unknown paper "a5": expected a4 or letter`},
		{[]string{"army", "print", filepath.Join(dir, "gone.toml")}, 2, filepath.Join(dir, "gone.toml") + ": cannot read the list: there is no such file or folder"},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(t, tt.args...)
		errs = strings.TrimSuffix(errs, "\n")
		if code != tt.code || errs != tt.stderr {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant %d and:\n%s", tt.args, code, errs, tt.code, tt.stderr)
		}
	}
}

func TestArmyPack(t *testing.T) {
	code, _, errs := runCLI(t, "help")
	if code != 0 || errs != "" {
		t.Fatal(errs)
	}
	found := false
	found = inPack("army rosters")
	if !found {
		t.Fatal("the army rosters are not in the print pack")
	}
	want := "army-boys-of-company-c-humans.pdf army-boys-of-company-c-martians.pdf army-evacuation-mars.pdf army-imperial-mars.pdf army-morale-wagon-humans.pdf army-morale-wagon-martians.pdf"
	if got := packPDFNames(t, layout.A4, "army rosters"); got != want {
		t.Errorf("pack files %v", got)
	}
}
