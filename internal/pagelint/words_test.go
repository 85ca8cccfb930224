package pagelint

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

// TestWords: the words of each card, and of the page off the cards, read
// apart from one another; a table's row reads as a line, a cell's words
// wrapped onto two lines read as one phrase by column, and a reading's
// mark beside words is left out so they read whole.
func TestWords(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "test")
	pdf.AddPage()
	pdf.SetLineWidth(0.15)
	pdf.Rect(20, 20, 63, 88, "D")
	pdf.Rect(83, 20, 63, 88, "D")
	layout.SetFont(pdf, layout.Font, "", 7)
	// Card 1: a row of cells, and a cell wrapped onto two lines beside
	// another cell.
	pdf.Text(23, 30, "≤ −6")
	pdf.Text(40, 30, "20: 5%")
	pdf.Text(23, 40, "Reaper")
	pdf.Text(50, 40, "Assault")
	pdf.Text(23, 43, "Tentacles")
	// Card 2: words with a raised mark after them.
	pdf.Text(86, 30, "Tank Gun")
	layout.SetFont(pdf, layout.Font, "", 5)
	pdf.Text(86+layout.Width(pdf, "Tank Gun")*7/5+0.2, 28.5, "R5")
	layout.SetFont(pdf, layout.Font, "", 7)
	pdf.Text(100, 30, "30″")
	// Off the cards.
	pdf.Text(20, 150, "Stealth")
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	scopes, err := Words(b)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]Scope{}
	for _, s := range scopes {
		got[s.Card] = s
	}
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for _, c := range []struct {
		card           int
		lines, columns []string // words read whole
		never          []string // words not in the scope
	}{
		{0, []string{"≤−620:5%"}, []string{"ReaperTentacles"}, []string{"TankGun", "Stealth"}},
		{1, []string{"TankGun30″"}, nil, []string{"R5", "Reaper"}},
		{-1, []string{"Stealth"}, nil, []string{"TankGun", "Reaper"}},
	} {
		s, ok := got[c.card]
		if !ok {
			t.Errorf("card %d: no words read", c.card)
			continue
		}
		for _, w := range c.lines {
			if !strings.Contains(squeeze(s.Lines), w) {
				t.Errorf("card %d: lines %q lack %q", c.card, s.Lines, w)
			}
		}
		for _, w := range c.columns {
			if !strings.Contains(squeeze(s.Columns), w) {
				t.Errorf("card %d: columns %q lack %q", c.card, s.Columns, w)
			}
		}
		for _, w := range c.never {
			if strings.Contains(squeeze(s.Lines+s.Columns), w) {
				t.Errorf("card %d: %q read in %q / %q", c.card, w, s.Lines, s.Columns)
			}
		}
	}
}
