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

// allPages is the text of each page of a PDF, its runs of white space
// made single spaces.
func allPages(t *testing.T, pdf []byte) []string {
	t.Helper()
	if _, err := osexec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: it reads the page back")
	}
	cmd := osexec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	var pages []string
	for _, p := range strings.Split(strings.TrimRight(string(out), "\f"), "\f") {
		pages = append(pages, strings.Join(strings.Fields(p), " "))
	}
	return pages
}

// TestIMTopicsOnOnePage: the Imperial Mars reference is four pages, two
// sheets printed both sides, and each part of the game is whole on one
// page, so a question takes one look: action points and melee, shooting
// (its worked example to the target's morale, machine guns, Old Ones
// weapons), an artillery shot at a vehicle (to hit, penetration, the
// vehicle's SDL, the troops escaping), morale, rallying and pursuit.
// Each topic's first and last items are read back from one page, on A4
// and on Letter.
func TestIMTopicsOnOnePage(t *testing.T) {
	cat := loadCat(t)
	s, err := Lookup(cat, "imperial-mars")
	if err != nil {
		t.Fatal(err)
	}
	sys := cat.System("imperial-mars")
	ap := sys.Table("action-points")
	tables, err := s.Tables(cat)
	if err != nil {
		t.Fatal(err)
	}
	last := func(id string) string {
		for _, tb := range tables {
			if tb.ID == id {
				return tb.Rows[len(tb.Rows)-1].Label
			}
		}
		t.Fatalf("the sheet prints no table %q", id)
		return ""
	}
	topics := map[string][]string{
		"action points": {"Action Points", ap.Rows[0][0], ap.Rows[len(ap.Rows)-1][0]},
		"melee": {"Charges are declared", "Melee Factors.", "Combat Strength (for use in melee)", "Melee: casualties per tray",
			// "+34 or more" may wrap in its narrow folded column: its number.
			strings.Fields(last("im-melee"))[0] + " "},
		"shooting": {"One tray, by weapon and range", "Small Arms table, one row per factor", "Tactical Factors (small arms)",
			"Worked example", "Target's morale", "Risk to officers", "Jams:", "Unjamming:", "radioactive overload"},
		"artillery at a vehicle": {"Artillery to hit, by gun and range", "Artillery Tactical Factors", "Artillery against armour: penetrates",
			"Penetrated:", "Transported troops escaping", "Vehicle examples", "Threshold hits"},
		"flyers":   {"Each flyer defines", "Bringing them down", "Flyers: hit penetrates"},
		"morale":   {"Disruption Markers", "Morale test modifiers", "Morale results", "Morale test: DMs taken", last("im-morale")},
		"rallying": {"Rallying modifiers", "Rallying results", "Natural 20", last("im-rally") + " "},
		"pursuit":  {"Pursuers results", "will rally immediately", last("im-pursuit") + " "},
	}
	for _, p := range papers {
		t.Run(p.Name, func(t *testing.T) {
			pdf, err := s.Render(cat, Options{Paper: p})
			if err != nil {
				t.Fatal(err)
			}
			pages := allPages(t, pdf)
			if len(pages) > 4 || len(pages) > s.MaxPages {
				t.Errorf("%d pages; want 4 at most, two sheets", len(pages))
			}
			for topic, items := range topics {
				on := -1
				for n, text := range pages {
					if strings.Contains(text, items[0]) {
						on = n
						break
					}
				}
				if on < 0 {
					t.Errorf("%s: %q is on no page", topic, items[0])
					continue
				}
				for _, it := range items[1:] {
					if !strings.Contains(pages[on], it) {
						t.Errorf("%s: %q is not on page %d with %q", topic, it, on+1, items[0])
					}
				}
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
