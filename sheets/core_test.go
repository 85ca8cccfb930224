package sheets

import (
	"bytes"
	osexec "os/exec"
	"strconv"
	"strings"
	"testing"
)

// pageText is the text of one page of a PDF, read back with pdftotext,
// its runs of white space made single spaces.
func pageText(t *testing.T, pdf []byte, page int) string {
	t.Helper()
	if _, err := osexec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: it reads the page back")
	}
	n := strconv.Itoa(page)
	cmd := osexec.Command("pdftotext", "-f", n, "-l", n, "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// TestIMCoreOnOnePage: the Imperial Mars reference opens with a one-page
// core (turn sequence, action points, shooting in one look, morale,
// melee). On A4 and on Letter, its first and last items — the turn
// sequence, the morale results to the last result, and melee's pointer
// to how a melee is fought — are read back from page 1.
func TestIMCoreOnOnePage(t *testing.T) {
	cat := loadCat(t)
	s, err := Lookup(cat, "imperial-mars")
	if err != nil {
		t.Fatal(err)
	}
	results := cat.System("imperial-mars").Chart("morale-results")
	if results == nil || len(results.Rows) == 0 {
		t.Fatal("no morale results chart")
	}
	last := results.Rows[len(results.Rows)-1]
	for _, p := range papers {
		t.Run(p.Name, func(t *testing.T) {
			pdf, err := s.Render(cat, Options{Paper: p})
			if err != nil {
				t.Fatal(err)
			}
			one := pageText(t, pdf, 1)
			for _, want := range []string{"Turn sequence.", "Action points a turn:", "Shooting in one look", "Tactical Factors (small arms)",
				"Morale results", last.Roll.Printed() + " " + last.Result + ".", "Melee Factors.", "How a melee is fought"} {
				if !strings.Contains(one, want) {
					t.Errorf("page 1 lacks %q", want)
				}
			}
			if two := pageText(t, pdf, 2); strings.Contains(two, "Morale results") || strings.Contains(two, last.Result+".") {
				t.Errorf("the morale results run onto page 2: %.300s", two)
			}
		})
	}
}

// TestWorkedExamplesPrint: every rule set's sheet prints its worked
// example, on both papers.
func TestWorkedExamplesPrint(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(cat) {
		for _, p := range papers {
			pdf, err := s.Render(cat, Options{Paper: p})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for page := 1; page <= s.MaxPages && !found; page++ {
				found = strings.Contains(pageText(t, pdf, page), "Worked example")
			}
			if !found {
				t.Errorf("%s on %s: no worked example", s.ID, p.Name)
			}
		}
	}
}
