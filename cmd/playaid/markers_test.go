package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

func TestMarkersWrites(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args  []string
		file  string
		pages int
	}{
		{[]string{"--system", "aqotmf", "--only", "heat-ray-template"}, "hr.pdf", 1},
		{[]string{"--system", "aqotmf", "--only", "blips,dug-in", "--decoys", "4", "--backs", "long", "--back-offset", "1.5,-0.5"}, "blips.pdf", 2},
		{[]string{"--paper", "letter", "--count", "dug-in=8", "--count", "rubble=1,fire=2", "--backs", "short"}, "all.pdf", 0},
	} {
		out := filepath.Join(dir, tc.file)
		code, stdout, stderr := runCLI(t, append([]string{"markers", "-o", out}, tc.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", tc.args, code, stderr)
		}
		if want := "wrote " + out + "\n"; stdout != want {
			t.Errorf("%v: stdout %q; want %q", tc.args, stdout, want)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%v: %s is not a PDF", tc.args, out)
		}
		if n := bytes.Count(b, []byte("/Type /Page\n")) + bytes.Count(b, []byte("/Type /Page ")); tc.pages > 0 && n != tc.pages {
			t.Errorf("%v: %d pages; want %d", tc.args, n, tc.pages)
		}
	}
}

func TestMarkersBadInput(t *testing.T) {
	bad := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bad, "aqotmf"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A club's marker file with a marker of no size and a misspelt shape.
	if err := os.WriteFile(filepath.Join(bad, "aqotmf", "markers.toml"), []byte(`system = "aqotmf"

[[marker]]
id = "blips"
name = "Blip"
shape = "circle"
size = "0mm"
labels = ["1"]

[[marker]]
id = "dug-in"
name = "Dug In"
shape = "rectangle"
labels = ["Dug In"]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string // in stderr
	}{
		{"unknown kind", []string{"--only", "heat-ray-templat"}, 2, []string{`--only: unknown marker kind "heat-ray-templat" (did you mean "heat-ray-template"?)`}},
		{"kind of another system", []string{"--system", "imperial-mars", "--only", "blips"}, 2, []string{`unknown marker kind "blips"`, "expected one of: disruption, jammed, prone, range-stick"}},
		{"unknown count kind", []string{"--count", "dugin=3"}, 2, []string{`--count: unknown marker kind "dugin" (did you mean "dug-in"?)`}},
		{"count without N", []string{"--count", "dug-in"}, 2, []string{`playaid markers: --count dug-in: expected KIND=N`}},
		{"negative count", []string{"--count", "dug-in=-2"}, 2, []string{`--count dug-in=-2: N must be a whole number from 0 to 1000`}},
		{"count past the bound", []string{"--count", "dug-in=9223372036854775807"}, 2, []string{`--count dug-in=9223372036854775807: N must be a whole number from 0 to 1000`}},
		{"a million blips", []string{"--count", "blips=1000000"}, 2, []string{"N must be a whole number from 0 to 1000"}},
		{"one part of several", []string{"--count", "dug-in=2,blips=1001"}, 2, []string{`--count dug-in=2,blips=1001: "blips=1001": N must be a whole number from 0 to 1000`}},
		{"more pieces than a kind may have", []string{"--system", "aqotmf", "--only", "blips", "--count", "blips=999"}, 2, []string{`marker "blips": 1003 pieces to print; expected at most 1000 of a kind`}},
		{"unknown system", []string{"--system", "aqotmff"}, 2, []string{`unknown system "aqotmff" (did you mean "aqotmf"?)`}},
		{"unknown paper", []string{"--paper", "a5"}, 2, []string{`unknown paper "a5"`}},
		{"unknown flip", []string{"--backs", "sideways"}, 2, []string{`--backs "sideways": expected long or short`}},
		{"offset not a pair", []string{"--backs", "long", "--back-offset", "1"}, 2, []string{`--back-offset "1": expected X,Y in millimetres`}},
		{"offset not numbers", []string{"--backs", "long", "--back-offset", "a,b"}, 2, []string{`"a" is not a number of millimetres`}},
		{"offset without backs", []string{"--back-offset", "1,0"}, 2, []string{"--back-offset needs --backs long or --backs short"}},
		{"offset too far", []string{"--system", "aqotmf", "--backs", "long", "--back-offset", "0,-9"}, 2, []string{"--back-offset 0,-9 would print backs within 6 mm", "backs may move"}},
		{"decoys without blips", []string{"--system", "imperial-mars", "--decoys", "3"}, 2, []string{"--decoys 3: no chosen marker kind takes decoys, nor does any other of the rule sets printed"}},
		{"too many decoys", []string{"--decoys", "100000"}, 2, []string{"--decoys 100000: expected a whole number from 0 to 100 decoy blips"}},
		{"decoys not a number", []string{"--decoys", "many"}, 2, []string{"--decoys many: expected a whole number from 0 to 100"}},
		{"an argument", []string{"blips"}, 2, []string{`markers takes no arguments, got ["blips"]`}},
		{"bad data", []string{"--data", bad}, 1, []string{
			filepath.ToSlash(bad) + `/aqotmf/markers.toml:7:8: marker "blips" (circle): size is 0mm; expected a size above zero`,
			filepath.ToSlash(bad) + `/aqotmf/markers.toml:13:9: marker "dug-in": unknown shape "rectangle"`,
			"errors in the data",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "m.pdf")
			code, _, stderr := runCLI(t, append([]string{"markers", "-o", out}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d; want %d\n%s", code, tc.code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not say %q:\n%s", w, stderr)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written despite the error", out)
			}
		})
	}
}

func TestMarkersHelp(t *testing.T) {
	code, stdout, _ := runCLI(t, "markers", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, w := range []string{"-only", "-count", "-decoys", "-backs", "-back-offset", "-paper", "-system", "-scenario", "-data"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("help does not mention %s:\n%s", w, stdout)
		}
	}
	_, stdout, _ = runCLI(t, "help")
	if !strings.Contains(stdout, "markers") {
		t.Errorf("'playaid help' does not list markers:\n%s", stdout)
	}
}

// TestMarkersPack: the default print pack holds every rule set's markers.
func TestMarkersPack(t *testing.T) {
	found := false
	found = inPack("markers")
	if !found {
		t.Fatal("no markers packer in the print pack")
	}
	if got, want := packPDFNames(t, layout.A4, "markers"), "markers-aqotmf.pdf blips-boys-of-company-c.pdf blips-morale-wagon.pdf markers-buildings.pdf markers-evacuation-mars.pdf markers-imperial-mars.pdf"; got != want {
		t.Errorf("pack files %q; want %q", got, want)
	}
}
