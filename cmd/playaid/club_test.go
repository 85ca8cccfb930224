package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/data"
)

// writeClubRuleSet writes, under dir, a club's house edition of the
// shipped AQotMF rules beside the book's: the shipped folder copied to
// dir/aqotmf-club/ as a club would, its system id, name and scenario ids
// changed (a briefing is named by its scenario), and three rule numbers
// changed in its own [aqotmf] block: morale passes on 7, not 5, hard
// cover adds 4 to Defense, not 3, and soft cover 2, not 1.
func writeClubRuleSet(t *testing.T, dir string) {
	t.Helper()
	edits := []struct{ re, to string }{
		{`(?m)^system = "aqotmf"$`, `system = "aqotmf-club"`},
		{`(?m)^name = "All Quiet on the Martian Front"$`, `name = "All Quiet on the Martian Front, Club Edition"`},
		{`"(boys-of-company-c|morale-wagon)"`, `"club-$1"`},
		{`(?m)^pass = 5 `, `pass = 7 `},
		{`(?m)^hard = 3$`, `hard = 4`},
		{`(?m)^soft = 1$`, `soft = 2`},
	}
	done := make([]bool, len(edits))
	err := fs.WalkDir(data.FS, "aqotmf", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		for i, e := range edits {
			re := regexp.MustCompile(e.re)
			if re.Match(b) {
				b, done[i] = re.ReplaceAll(b, []byte(e.to)), true
			}
		}
		out := filepath.Join(dir, "aqotmf-club", strings.TrimPrefix(p, "aqotmf/"))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, ok := range done {
		if !ok {
			t.Fatalf("the shipped data has no %s to change: update the test", edits[i].re)
		}
	}
}

// A club's folder holding a rule set of its own on a shipped engine
// prints a full print pack for it, from its own numbers.
func TestClubRuleSet(t *testing.T) {
	club := t.TempDir()
	writeClubRuleSet(t, club)
	out := t.TempDir()
	if code, _, errs := runCLI(t, "build", "--data", club, "-o", out); code != 0 {
		t.Fatalf("build --data club: exit %d\n%s", code, errs)
	}
	for _, f := range []string{"reference-aqotmf-club.pdf", "reference-cards-aqotmf-club.pdf", "notes-aqotmf-club.pdf",
		"markers-aqotmf-club.pdf", "briefing-club-boys-of-company-c.pdf", "blips-club-morale-wagon.pdf",
		"reference-aqotmf.pdf", "briefing-boys-of-company-c.pdf"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("build --data club: no %s", f)
		}
	}

	// The sheet prints the club's number, and its odds follow it.
	sheet := func(sys string) string {
		code, md, errs := runCLI(t, "reference", "--data", club, "--system", sys, "--format", "md", "-o", "-")
		if code != 0 {
			t.Fatalf("reference --system %s: exit %d\n%s", sys, code, errs)
		}
		return md
	}
	book, house := sheet("aqotmf"), sheet("aqotmf-club")
	if !strings.Contains(book, "**5 or more passes**") || !strings.Contains(house, "**7 or more passes**") {
		t.Errorf("morale: the book's sheet should pass on 5, the club's on 7")
	}
	if !strings.Contains(house, "All Quiet on the Martian Front, Club Edition") {
		t.Errorf("the club's sheet does not carry its name")
	}
	// One element lost: a d10 −1 passes on 6+ (50%) in the book, on 8+
	// (30%) in the club's edition.
	if !strings.Contains(book, "| 1 | 50% | 50% |") || !strings.Contains(house, "| 1 | 30% | 70% |") {
		t.Errorf("morale odds: the book's sheet should pass one element lost 50%%, the club's 30%%")
	}

	// The worked example is worked from the club's numbers: the heat ray
	// at dug-in infantry in soft cover hits on 6+ in the book, on 7+ in
	// the club's edition.
	if !strings.Contains(book, "soft cover +1: a D10 of 6 or more, 50%") || !strings.Contains(book, "50% × 80% = 40%") ||
		!strings.Contains(house, "soft cover +2: a D10 of 7 or more, 40%") || !strings.Contains(house, "40% × 80% = 32%") {
		t.Errorf("worked example: the book's sheet should hit on 6+ (each die 40%%), the club's on 7+ (32%%)")
	}

	// A template of the rule set's own, in the club's templates folder,
	// comes before its engine's: no warning, and only that rule set reads it.
	tmpl := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmpl, "aqotmf-club.md"), []byte("# House rules of {{ .System.About.Name }}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, md, errs := runCLI(t, "reference", "--data", club, "--templates", tmpl, "--system", "aqotmf-club", "--format", "md", "-o", "-")
	if code != 0 || strings.Contains(errs, "aqotmf-club.md") || !strings.HasPrefix(md, "# House rules of All Quiet on the Martian Front, Club Edition") {
		t.Errorf("reference with the club's own template: exit %d\n%s\n%.200s", code, errs, md)
	}
	if code, md, _ := runCLI(t, "reference", "--data", club, "--templates", tmpl, "--system", "aqotmf", "--format", "md", "-o", "-"); code != 0 || md != book {
		t.Errorf("the club's own template changed the book's sheet")
	}

	// playaid odds answers for the rule set --system names.
	hit := func(sys string) string {
		code, js, errs := runCLI(t, "odds", "attack", "--data", club, "--system", sys, "--dice", "1", "--defense", "5", "--armor", "4", "--cover", "hard", "--json")
		if code != 0 {
			t.Fatalf("odds attack --system %s: exit %d\n%s", sys, code, errs)
		}
		var v struct{ Hit string }
		if err := json.Unmarshal([]byte(js), &v); err != nil {
			t.Fatal(err)
		}
		return v.Hit
	}
	// Defense 5 in hard cover: 8+ hits in the book, 9+ in the club's.
	if a, b := hit("aqotmf"), hit("aqotmf-club"); a != "3/10" || b != "1/5" {
		t.Errorf("odds attack in hard cover: hit %s (book), %s (club); want 3/10 and 1/5", a, b)
	}
	if code, _, errs := runCLI(t, "odds", "attack", "--data", club, "--system", "imperial-mars"); code != 2 || !strings.Contains(errs, "runs on the imperial engine, not aqotmf; expected one of: aqotmf, aqotmf-club") {
		t.Errorf("odds attack --system imperial-mars: exit %d\n%s", code, errs)
	}
}
