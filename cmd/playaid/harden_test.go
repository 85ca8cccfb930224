package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/playaid/playaid/data"
)

// The third hostile round's probes of the command line: each kind of
// failure it found, with its failing case and others of the same shape.

// clubOdds writes dir/aqotmf/odds.toml: the shipped file with each old
// text replaced by its new one.
func clubOdds(t *testing.T, dir string, edits ...string) {
	t.Helper()
	b, err := data.FS.ReadFile("aqotmf/odds.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(s, edits[i]) {
			t.Fatalf("the shipped aqotmf/odds.toml has no %q: update the test", edits[i])
		}
		s = strings.Replace(s, edits[i], edits[i+1], 1)
	}
	if err := os.MkdirAll(filepath.Join(dir, "aqotmf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "aqotmf", "odds.toml"), []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestClubWordsBounded: a club's odds.toml whose words would fill to
// gigabytes (the probe: words.column = "{armor_label}" 2,000 times took
// validate to 1.8 GB and out of memory) is refused at file:line:col,
// exit 1, and costs the run megabytes, not gigabytes; so are words that
// multiply while each stays under the bound.
func TestClubWordsBounded(t *testing.T) {
	column, armor := `words.column = "{armor_label}, Power {power}"`, `words.armor = "Armor {armor}"`
	for _, tc := range []struct {
		name  string
		edits []string
		want  string
	}{
		{"the probe", []string{column, `words.column = "` + strings.Repeat("{armor_label}", 2000) + `"`},
			"aqotmf/odds.toml:19:16: [odds.hit-damage-grid]: words.column is 26000 bytes long; expected at most 2000 (a paragraph)"},
		{"the probe with its words made long too", []string{column, `words.column = "` + strings.Repeat("{armor_label}", 2000) + `"`,
			armor, `words.armor = "` + strings.Repeat("Armor {armor}", 2000) + `"`},
			"aqotmf/odds.toml:17:15: [odds.hit-damage-grid]: words.armor is 26000 bytes long"},
		{"multiplied under the bound", []string{column, `words.column = "` + strings.Repeat("{armor_label}", 150) + `"`,
			armor, `words.armor = "` + strings.Repeat("A{armor}", 150) + `"`},
			"aqotmf/odds.toml:19:16: [odds.hit-damage-grid] words.column: filled in, it runs to more than 2000 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			club := t.TempDir()
			clubOdds(t, club, tc.edits...)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			code, _, errs := runCLI(t, "validate", "--data", club)
			runtime.ReadMemStats(&after)
			if code != 1 || !strings.Contains(errs, filepath.ToSlash(club)+"/"+tc.want) {
				t.Errorf("exit %d; want 1 and %q:\n%s", code, tc.want, errs)
			}
			if strings.Contains(errs, "goroutine") || strings.Contains(errs, "templates/") {
				t.Errorf("the refusal is not the data's alone:\n%s", errs)
			}
			if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 200 {
				t.Errorf("validate allocated %d MB; expected a few tens", mb)
			} else {
				t.Logf("validate allocated %d MB", mb)
			}
		})
	}
}

// TestClubTemplatesBounded: a club's template whose Markdown would take the
// renderer gigabytes or minutes (quotes a thousand deep: out of memory;
// 100,000 unfinished links: four minutes to parse; a writing line of 900 million
// underscores: 1.8 GB before the output bound) is refused at its place in
// the club's file, exit 1, in the PDF and the HTML alike, for megabytes.
func TestClubTemplatesBounded(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "templates", "briefing.md"))
	if err != nil {
		t.Fatal(err)
	}
	shipped := string(b)
	for _, tc := range []struct {
		name, top, want string
	}{
		{"quotes a thousand deep", strings.Repeat(">", 1000) + " x\n\n", "briefing.md:1:1: the line is indented 1001 columns"},
		{"quotes five deep", "> > > > > x\n\n", "briefing.md:1:1: quotes and lists stand 5 deep here"},
		{"lists indented a hundred deep", func() string {
			var s strings.Builder
			for i := range 100 {
				s.WriteString(strings.Repeat("  ", i) + "- x\n")
			}
			return s.String() + "\n"
		}(), "briefing.md:34:1: the line is indented 66 columns"},
		{"unfinished links", strings.Repeat("[a](", 60000) + "\n\n", "briefing.md:1:1: the paragraph holds 60000 closing brackets"},
		{"unfinished links made by a loop", "{{ range seq 1 100000 }}[a]({{ end }}\n\n", "briefing.md:1:25: the paragraph holds 100000 closing brackets"},
		{"a writing line of 900 million", "{{ line 900000000 }}\n\n", "briefing.md:1:4: <line 900000000>: line 900000000: expected a length from 0 to 1000 underscores"},
		{"a writing line of -1", "{{ line -1 }}\n\n", "briefing.md:1:4: <line -1>: line -1: expected a length from 0 to 1000"},
	} {
		for _, format := range []string{"pdf", "html"} {
			t.Run(tc.name+" "+format, func(t *testing.T) {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "briefing.md"), []byte(tc.top+shipped), 0o644); err != nil {
					t.Fatal(err)
				}
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				code, _, errs := runCLI(t, "briefing", "boys-of-company-c", "--templates", dir, "--format", format, "-o", filepath.Join(dir, "out."+format))
				runtime.ReadMemStats(&after)
				if code != 1 || !strings.Contains(errs, filepath.ToSlash(dir)+"/"+tc.want) {
					t.Errorf("exit %d; want 1 and %q:\n%s", code, tc.want, errs)
				}
				if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 200 {
					t.Errorf("the refusal allocated %d MB", mb)
				}
			})
		}
	}
}

// TestEmptyOutputRefused: `-o ""` (an unset shell variable, most often)
// is one mistake for every verb: exit 2, one line, nothing written; the
// probe found game writing into the current folder and army print into
// output/.
func TestEmptyOutputRefused(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "data", "armies", "boys-of-company-c-humans.toml"))
	if err != nil {
		t.Fatal(err)
	}
	wd := t.TempDir()
	t.Chdir(wd)
	os.WriteFile("list.toml", src, 0o644)
	for _, args := range [][]string{
		{"build"}, {"game", "boys-of-company-c"}, {"army", "print", "list.toml"}, {"briefing", "morale-wagon"},
		{"reference", "--system", "aqotmf"}, {"reference", "--cards", "--system", "aqotmf"}, {"notes", "--system", "aqotmf"},
		{"markers", "--system", "buildings"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, append(args, "-o", "")...)
			want := ": -o is empty; expected where to write, or leave the flag out for the default\n"
			if code != 2 || !strings.HasSuffix(errs, want) || strings.Count(errs, "\n") != 1 || out != "" {
				t.Errorf("exit %d, stderr %q; want 2 and one line ending %q", code, errs, want)
			}
			entries, _ := os.ReadDir(wd)
			if len(entries) != 1 {
				t.Errorf("something was written: %d entries beside the list", len(entries)-1)
			}
		})
	}
	if code, _, errs := runCLI(t, "reference", "--cards", "--system", "aqotmf", "--print-shop", "--png", ""); code != 2 || !strings.Contains(errs, "--png is empty; expected the folder for the PNGs") {
		t.Errorf("--png \"\": exit %d %s", code, errs)
	}
	if code, _, errs := runCLI(t, "serve", "--lists", ""); code != 2 || !strings.Contains(errs, "--lists is empty; expected the folder of army lists") {
		t.Errorf("--lists \"\": exit %d %s", code, errs)
	}
}

// TestClubCountOnce: a unit's element count below 1 in a club's file is
// one error, against the bound it must meet (the probe: count = -5 got
// "expected 0–10000" and "expected 1 or more"), and nothing follows from
// it (no warning of a scenario's stands adding up to -4).
func TestClubCountOnce(t *testing.T) {
	b, err := data.FS.ReadFile("aqotmf/units.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"-5", "0", "10001"} {
		club := t.TempDir()
		os.MkdirAll(filepath.Join(club, "aqotmf"), 0o755)
		os.WriteFile(filepath.Join(club, "aqotmf", "units.toml"), []byte(strings.Replace(string(b), `count = 5,`, `count = `+n+`,`, 1)), 0o644)
		code, _, errs := runCLI(t, "validate", "--data", club)
		want := `aqotmf/units.toml:11:48: unit "infantry-company": composition.count is ` + n + `; expected 1–10000`
		if code != 1 || !strings.Contains(errs, want) || strings.Count(errs, "count") != 1 || strings.Contains(errs, "warning") {
			t.Errorf("count = %s: exit %d\n%s", n, code, errs)
		}
	}
}
