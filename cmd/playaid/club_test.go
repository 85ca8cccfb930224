package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
)

// writeClubRuleSet writes, under dir, a club's house edition of the
// shipped AQotMF rules beside the book's: the shipped folder copied to
// dir/aqotmf-club/ as a club would, its system id, name and scenario ids
// changed (a briefing is named by its scenario), and three rule numbers
// changed in its own [aqotmf] block: morale passes on 7, not 5, hard
// cover adds 4 to Defense, not 3, and soft cover 2, not 1; and the morale
// table's note reworded in its own words ([odds.morale] in odds.toml), and
// the attack question's help and an answer's row ([query.attack]).
func writeClubRuleSet(t *testing.T, dir string) {
	t.Helper()
	club := shipped.Copy(t, "aqotmf", "aqotmf-club",
		shipped.Edit{RE: `(?m)^system = "aqotmf"$`, To: `system = "aqotmf-club"`},
		shipped.Edit{RE: `(?m)^name = "All Quiet on the Martian Front"$`, To: `name = "All Quiet on the Martian Front, Club Edition"`},
		shipped.Edit{RE: `"(boys-of-company-c|morale-wagon)"`, To: `"club-$1"`},
		shipped.Edit{RE: `(?m)^pass = 5 `, To: `pass = 7 `},
		shipped.Edit{RE: `(?m)^hard = 3$`, To: `hard = 4`},
		shipped.Edit{RE: `(?m)^soft = 1$`, To: `soft = 2`},
		shipped.Edit{RE: `notes = \["Roll a D\{die\}, -\{per_loss\}`, To: `notes = ["House rule: roll a D{die}, -{per_loss}`},
		shipped.Edit{RE: `(?m)^param.dice.help = "elements`, To: `param.dice.help = "house count: elements`},
		shipped.Edit{RE: `(?m)^words.hit = "At least one hit"$`, To: `words.hit = "One hit or more"`},
	)
	for name, f := range club {
		out := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A club's folder holding a rule set of its own on a shipped engine
// prints a full print pack for it, from its own numbers.
func TestClubRuleSet(t *testing.T) {
	t.Parallel()
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
	// The morale roll is said once, in the table's note on its title's
	// line: the club's words, with its own number, print on its sheet,
	// and the book's keep the book's.
	if !strings.Contains(house, "**Morale check** — *House rule: roll a D10, −1 for each element lost to shooting that turn: 7 or greater passes.*") ||
		strings.Contains(book, "House rule") || !strings.Contains(book, "**Morale check** — *Roll a D10, −1 for each element lost to shooting that turn: 5 or greater passes.*") {
		t.Errorf("the morale note: the club's sheet should print its reworded note (pass on 7), the book's its own (pass on 5)")
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
	// ... in the rule set's words: its answer, and its flags' help when
	// --system chooses it; the book's words otherwise.
	odds := func(args ...string) string {
		code, out, errs := runCLI(t, append([]string{"odds", "attack", "--data", club}, args...)...)
		if code != 0 {
			t.Fatalf("odds attack %v: exit %d\n%s", args, code, errs)
		}
		return out
	}
	if book, house := odds(), odds("--system", "aqotmf-club"); !strings.Contains(book, "\nat least one hit ") || strings.Contains(book, "one hit or more") ||
		!strings.Contains(house, "\none hit or more ") || strings.Contains(house, "at least one hit") {
		t.Errorf("odds attack: the book's answer should say %q, the club's %q:\n%s\n%s", "at least one hit", "one hit or more", book, house)
	}
	if book, house := odds("--help"), odds("--system", "aqotmf-club", "--help"); !strings.Contains(book, "\telements × weapon dice") ||
		!strings.Contains(house, "\thouse count: elements × weapon dice") {
		t.Errorf("odds attack --help: the book's help and the club's:\n%s\n%s", book, house)
	}
	if code, _, errs := runCLI(t, "odds", "attack", "--data", club, "--system", "imperial-mars"); code != 2 || !strings.Contains(errs, "runs on the imperial engine, not aqotmf; expected one of: aqotmf, aqotmf-club") {
		t.Errorf("odds attack --system imperial-mars: exit %d\n%s", code, errs)
	}

	// A word the engine does not read, in the club's copy: refused at its
	// place, with what the table takes.
	words := filepath.Join(club, "aqotmf-club", "odds.toml")
	b, err := os.ReadFile(words)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(words, []byte(strings.Replace(string(b), `words.destroyed = "Destroyed"`, "words.destroyed = \"Destroyed\"\nwords.survived = \"Survived\"", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "reference", "--data", club, "--system", "aqotmf-club", "--format", "md", "-o", "-")
	want := regexp.MustCompile(regexp.QuoteMeta(filepath.ToSlash(club)+"/aqotmf-club/odds.toml:") + `\d+:\d+: ` +
		regexp.QuoteMeta(`[odds.tripod-damage]: unknown word "survived"; expected one of: row, destroyed, column`))
	if code != 1 || !want.MatchString(errs) {
		t.Errorf("an unknown word: exit %d, want 1 and %s\n%s", code, want, errs)
	}
}
