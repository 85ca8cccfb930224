package refcards

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/imperial"
)

// TestIMOneLookCards: the Imperial Mars deck gives a shot in one look on
// cards: for every small arm and MG, each range band's reach, factor and,
// for 1 and 2 hits, the d20 score beside the chance — read from
// ShotLookTable, the function the sheet prints, and checked here against
// Shoot — with each MG's jams by
// its name, the Small Arms ladder and "each +1 … one row down" on the
// back, and every gun × range of artillery with its factor and chance to
// hit. No card of the deck runs over two, on either paper.
func TestIMOneLookCards(t *testing.T) {
	cat := loadCat(t)
	sys := cat.System("imperial-mars")
	var deck Deck
	for _, d := range All(cat) {
		if d.ID == "imperial-mars" {
			deck = d
		}
	}
	md, err := deck.Markdown(cat, "")
	if err != nil {
		t.Fatal(err)
	}
	text := string(md)
	weapons := 0
	for _, w := range sys.Weapons {
		if w.Kind != "small-arms" && w.Kind != "mg" {
			continue
		}
		weapons++
		head := "| **" + w.Name
		if w.Trays > 0 {
			head = fmt.Sprintf("| **%s (%d trays)", w.Name, w.Trays)
		}
		at := strings.Index(text, head)
		if at < 0 {
			t.Errorf("no one-look card heads %s", w.Name)
			continue
		}
		rest := text[at:]
		if w.Kind == "mg" {
			jams, err := imperial.MGJam(sys, w.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("jams %s / %s", rules.Prob(jams[0]), rules.Prob(jams[1]))
			if line := rest[:strings.Index(rest, "\n")]; !strings.Contains(line, want) {
				t.Errorf("%s: %q lacks %q", w.Name, line, want)
			}
		}
		for _, b := range w.Bands {
			res, err := imperial.Shoot(sys, b.Factor, 1)
			if err != nil {
				t.Fatal(err)
			}
			// The d20 score beside each chance: the Small Arms row of the
			// factor (below it, only the natural 20), the chance of
			// exactly that many hits.
			one := strconv.Itoa(imperial.RulesOf(sys).Shooting.AlwaysHits) + ": " + rules.Prob(res.PerTray[1]).String()
			two := rules.WordsOf(sys, "look-shooting").Word("none") // the book gives no score
			if res.Row != nil {
				one = strconv.Itoa(res.Row.OneHit) + ": " + rules.Prob(res.PerTray[1]).String()
				if res.PerTray[2].Sign() > 0 {
					two = strconv.Itoa(res.Row.TwoHits) + ": " + rules.Prob(res.PerTray[2]).String()
				}
			}
			row := fmt.Sprintf("| %s, to %s | %d | %s | %s |", strings.ToUpper(b.Name[:1])+b.Name[1:],
				strconv.FormatFloat(math.Round(b.Range.Inches()*100)/100, 'f', -1, 64)+"″", b.Factor, one, two)
			if i := strings.Index(rest, row); i < 0 || strings.Contains(rest[:i], "\n| **") {
				t.Errorf("%s: no row %q under its name", w.Name, row)
			}
		}
	}
	if weapons < 5 {
		t.Fatalf("only %d small arms and MGs", weapons)
	}
	if n := strings.Count(text, "is one row down"); n < 5 {
		t.Errorf("%d one-look backs say each +1 is one row down; want one per card (5)", n)
	}
	look, err := imperial.ArtilleryLookTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range look.Rows {
		for j, c := range r.Cells {
			if s := c.String(); s != "–" && !strings.Contains(text, "| "+s+" |") && !strings.Contains(text, "| "+s+" |\n") {
				t.Errorf("artillery %s at %s: %q is on no card", r.Label, look.Columns[j], s)
			}
		}
	}
	for _, p := range papers {
		_, texts := render(t, deck, Options{Paper: p})
		for _, tx := range texts {
			if tx.S == "1/2" || tx.S == "2/2" {
				t.Errorf("%s: a card runs over two (page %d)", p.Name, tx.Page)
			}
		}
	}
}
