package main

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/rules/aqotmf"
)

// TestStandsAgree builds, for every shipped army list that names a
// scenario, the scenario's briefing and the list's roster and unit cards,
// and checks that each unit has one number of stands on all of them: the
// briefing's force line, the roster's elements, and the LOST boxes
// printed on its card (counted from the PDF's drawing).
func TestStandsAgree(t *testing.T) {
	cat := mustLoad(t)
	checked := 0
	for name, l := range armyLists(t) {
		if l.Scenario == "" {
			continue
		}
		sys := cat.System(l.System)
		sc := sys.Scenario(l.Scenario)
		if sys == nil || sc == nil || aqotmf.RulesOf(sys) == nil {
			continue
		}
		b, err := briefing.New(sys, sc, cat.Version())
		if err != nil {
			t.Fatal(err)
		}
		brief := map[string]int{} // unit entry name → stands per unit on its force line
		for _, side := range b.Sides {
			for _, ln := range side.Lines {
				n := stated(t, ln.Composition) / ln.Count
				if ln.Stands > 0 {
					n = ln.Stands // printed "N stands here" where it differs
				}
				brief[ln.Unit.Name] = n
			}
		}
		r := army.Check(l, cat)
		ro := army.NewRoster(r, cat)
		pdf, err := army.Print(r, cat, army.PrintOptions{Paper: layout.A4, Cards: true})
		if err != nil {
			t.Fatal(err)
		}
		texts, err := pdftest.Read(pdf)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := pdftest.Lines(pdf)
		if err != nil {
			t.Fatal(err)
		}
		for _, rl := range ro.Lines {
			entry := strings.TrimSpace(regexp.MustCompile(`\[\^[^\]]*\]`).ReplaceAllString(rl.Extra.(*aqotmf.LineValues).Entry, ""))
			if entry == "" {
				entry = rl.Name
			}
			want, ok := brief[entry]
			if !ok {
				t.Errorf("%s: %s is not on the briefing's force list", name, entry)
				continue
			}
			if got := stated(t, rl.Extra.(*aqotmf.LineValues).Elements); got != want {
				t.Errorf("%s: %s has %d stands on the roster (%q), %d on the briefing", name, entry, got, rl.Extra.(*aqotmf.LineValues).Elements, want)
			}
			if rl.Count != 1 {
				continue // several units share a card's boxes
			}
			if got := lostBoxes(texts, lines, plainName(rl.Name)); got != want && got >= 0 {
				t.Errorf("%s: %s's card has %d LOST boxes; the briefing and roster give %d stands", name, entry, got, want)
			} else if got < 0 && !strings.Contains(rl.Extra.(*aqotmf.LineValues).Entry+rl.Name, "Tripod") {
				t.Errorf("%s: no LOST boxes found on %s's card", name, plainName(rl.Name))
			}
			checked++
		}
	}
	if checked < 4 {
		t.Errorf("only %d units checked", checked)
	}
}

// stated is the number of stands an element line gives: its "N stands
// here" or "= N stands" where it says so, else the sum of its "N × …".
func stated(t *testing.T, s string) int {
	t.Helper()
	if m := regexp.MustCompile(`(\d+) stands (here|in this scenario)`).FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	if m := regexp.MustCompile(`= (\d+) stands`).FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		sum := 0
		for _, c := range regexp.MustCompile(`(\d+) × `).FindAllStringSubmatch(s, -1) {
			k, _ := strconv.Atoi(c[1])
			sum += k
		}
		if sum != n {
			t.Errorf("%q: the stands add up to %d, not %d", s, sum, n)
		}
		return n
	}
	sum := 0
	for _, c := range regexp.MustCompile(`(\d+) × `).FindAllStringSubmatch(s, -1) {
		k, _ := strconv.Atoi(c[1])
		sum += k
	}
	return sum
}

// plainName is a roster name without its note references and emphasis.
func plainName(s string) string {
	s = regexp.MustCompile(`\[\^[^\]]*\]`).ReplaceAllString(s, "")
	s = markIn.ReplaceAllString(s, "") // a reading's mark, as the roster holds it (the Doughboys' R19)
	return strings.Trim(strings.TrimSpace(s), "*")
}

// markIn is a reading's mark in a roster's text, between the private-use
// runes the roster sets it in.
var markIn = regexp.MustCompile("\ue002[^\ue003]*\ue003")

// lostBoxes counts the tick boxes in the row of the "LOST" label on the
// card titled title: the distinct squares (3 to 8 mm) whose top edge is
// level with the label, to its right, within the card. It returns -1
// when the card or its label is not found.
func lostBoxes(texts []pdftest.Text, lines []pdftest.Line, title string) int {
	var lost *pdftest.Text
	for i := range texts {
		card := &texts[i]
		if strings.TrimSpace(card.S) != title {
			continue
		}
		for j := range texts {
			x := &texts[j]
			if strings.EqualFold(strings.TrimSpace(x.S), "lost") && x.Page == card.Page && math.Abs(x.X-card.X) < 4 && x.Y > card.Y && x.Y < card.Y+88 {
				if lost == nil || x.Y < lost.Y {
					lost = x
				}
			}
		}
	}
	if lost == nil {
		return -1
	}
	var xs []float64
	for _, l := range lines {
		w := math.Abs(l.X2 - l.X1)
		if l.Page != lost.Page || l.Y1 != l.Y2 || w < 3 || w > 8 || l.Filled {
			continue
		}
		x := math.Min(l.X1, l.X2)
		if x < lost.X || x > lost.X+60 || l.Y1 < lost.Y-8 || l.Y1 > lost.Y+8 {
			continue
		}
		xs = append(xs, math.Round(x*2)/2)
	}
	sort.Float64s(xs)
	n, last := 0, math.Inf(-1)
	for _, x := range xs {
		if x-last > 1 {
			n++
			last = x
		}
	}
	return n
}
