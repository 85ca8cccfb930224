package main

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestRulingMarksOnTheirPage builds the print pack on A4 and Letter and
// checks every player document, read back from the PDF, so that a
// player never turns a page to read a ruling: every ruling mark printed in the body (a footnote number raised
// after the item it explains, or †, ‡, §, ¶) has its explanation line
// ("1 Ruling: …", "† Ruling: …") on the same page, and every explanation's
// mark is on that page outside it. A sheet of reference cards is read a
// sheet at a time, fronts with their backs: a card's ruling may sit on
// its back.
func TestRulingMarksOnTheirPage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the whole pack twice")
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		marked := 0
		for _, d := range shippedPack(t, paper) {
			if !playerDoc(d.Name) {
				continue
			}
			texts := d.Texts
			page := func(p int) int { return p }
			if strings.HasPrefix(d.Name, "reference-cards-") {
				page = func(p int) int { return (p + 1) / 2 } // fronts and their backs
			}
			used, explained := pageMarks(texts, page)
			for _, k := range sortedKeys(used) {
				if !explained[k] {
					t.Errorf("%s (%s): %s with no explanation on its page", d.Name, paper.Name, k)
				}
			}
			for _, k := range sortedKeys(explained) {
				if !used[k] {
					t.Errorf("%s (%s): %s explained but marks nothing on its page", d.Name, paper.Name, k)
				}
			}
			marked += len(used)
		}
		if marked < 20 {
			t.Errorf("%s: %d ruling marks in the whole pack; the reader finds too few", paper.Name, marked)
		}
	}
}

var (
	footMark  = regexp.MustCompile(`^R?\d+(,R?\d+)*\x{00A0}?$`)
	signMarks = regexp.MustCompile(`[†‡§¶]+`)
)

// pageMarks reads a document's ruling marks and explanations, keyed
// "page N mark M".
func pageMarks(texts []pdftest.Text, page func(int) int) (used, explained map[string]bool) {
	used, explained = map[string]bool{}, map[string]bool{}
	key := func(p int, m string) string { return fmt.Sprintf("page %d mark %s", page(p), m) }
	// rulingRight reports whether an explanation's words ("Ruling…")
	// start on the baseline of tx, just right of it.
	rulingRight := func(tx pdftest.Text) bool {
		return slices.ContainsFunc(texts, func(o pdftest.Text) bool {
			return o.Page == tx.Page && math.Abs(o.Y-tx.Y) < 0.3 && o.X > tx.X && o.X-tx.X < 9 &&
				strings.HasPrefix(strings.TrimSpace(o.S), "Ruling")
		})
	}
	for i, tx := range texts {
		s := strings.TrimSpace(tx.S)
		switch {
		case footMark.MatchString(tx.S) && i > 0 && texts[i-1].Page == tx.Page && texts[i-1].Y-tx.Y > 0.5 && texts[i-1].Y-tx.Y < 2.5:
			// A footnote mark: raised over the text before it.
			for _, n := range strings.Split(strings.TrimSuffix(tx.S, "\u00A0"), ",") {
				used[key(tx.Page, n)] = true
			}
		case regexp.MustCompile(`^R?\d+$`).MatchString(s) && rulingRight(tx):
			explained[key(tx.Page, s)] = true
		default:
			for _, loc := range signMarks.FindAllStringIndex(tx.S, -1) {
				m := tx.S[loc[0]:loc[1]]
				rest := strings.TrimSpace(tx.S[loc[1]:])
				switch {
				case strings.HasPrefix(rest, "Ruling"), rest == "" && strings.TrimSpace(tx.S[:loc[0]]) == "" && rulingRight(tx),
					rest == "" && i+1 < len(texts) && texts[i+1].Page == tx.Page && strings.HasPrefix(strings.TrimSpace(texts[i+1].S), "Ruling"):
					explained[key(tx.Page, m)] = true
				default:
					used[key(tx.Page, m)] = true
				}
			}
		}
	}
	return used, explained
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
