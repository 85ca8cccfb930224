package pagelint

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/pdftest"
)

// A ruling is explained on the page (or card) that marks it, on a line
// that starts with its mark — a reading's ("R3"), a sign (†, ‡, §, ¶,
// doubled or not) or a number — followed by "Ruling:" and its words. On
// one page, or one card, a mark stands for one ruling and a ruling has
// one mark.

var (
	markRE    = regexp.MustCompile(`^(R\d+|[†‡§¶*]+|\d+)\x{00A0}?$`)
	markLead  = regexp.MustCompile(`^(R\d+|[†‡§¶*]+|\d+)[\s\x{00A0}]+(Ruling:.*)$`)
	spaceRuns = regexp.MustCompile(`\s+`)
	// usedRE is a run of readings' marks set beside the words they mark
	// ("R2,R10").
	usedRE = regexp.MustCompile(`^R\d+(,R\d+)*\x{00A0}?$`)
)

// A Mark is a reading's mark as it printed: used beside the words it
// marks, or explaining them at the start of its line.
type Mark struct {
	Page      int    // from 1
	Card      int    // the card it is on, counted on its page from 0; -1 off the cards
	Mark      string // "R3"
	Explained bool   // the start of its line, not a mark beside words
	Words     string // an explanation's words, after "Ruling:", at most 48 characters
}

// Marks reads the readings' marks pdf prints, page by page: each one set
// beside the words it marks, and each one starting its line.
func Marks(pdf []byte) ([]Mark, error) {
	d, err := pdftest.Ink(pdf)
	if err != nil {
		return nil, err
	}
	var out []Mark
	for _, p := range newDoc(d, Options{}).pages {
		for _, e := range p.explanations() {
			out = append(out, Mark{Page: p.N, Card: e.scope, Mark: e.mark, Explained: true, Words: e.words})
		}
		for _, t := range p.texts {
			s := strings.TrimSpace(t.S)
			if !usedRE.MatchString(s) || p.explains(t) {
				continue
			}
			for _, m := range strings.Split(strings.TrimRight(s, "\u00a0"), ",") {
				out = append(out, Mark{Page: p.N, Card: p.inCard(t.Box), Mark: m})
			}
		}
	}
	return out, nil
}

// explains reports whether t, a mark, starts its ruling's line: its words
// follow it on its baseline.
func (p *page) explains(t pdftest.Text) bool {
	for _, o := range p.texts {
		if follows(t, o) && strings.HasPrefix(strings.TrimSpace(o.S), "Ruling:") {
			return true
		}
	}
	return false
}

// follows reports whether o stands right after t on t's baseline, which
// may run up the page (a range stick turned to fit).
func follows(t, o pdftest.Text) bool {
	d := t.Dir
	if o.Dir != d {
		return false
	}
	dx, dy := o.X-t.X, o.Y-t.Y
	across := math.Abs(dx*d[1] - dy*d[0])
	along := dx*d[0] + dy*d[1]
	length := math.Abs((t.Box.X1-t.Box.X0)*d[0]) + math.Abs((t.Box.Y1-t.Box.Y0)*d[1])
	return across < 0.3 && along > 0 && along-length < 3
}

// explanation is a ruling's line: its mark and the start of its words.
type explanation struct {
	mark, words string
	scope       int // the card it is on, or -1 for the page
}

// explanations reads a page's explanation lines.
func (p *page) explanations() []explanation {
	var out []explanation
	add := func(t pdftest.Text, mark, words string) {
		words = spaceRuns.ReplaceAllString(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(words), "Ruling:")), " ")
		if r := []rune(words); len(r) > 48 {
			words = string(r[:48])
		}
		out = append(out, explanation{mark: mark, words: words, scope: p.inCard(t.Box)})
	}
	for _, t := range p.texts {
		s := strings.TrimSpace(t.S)
		if m := markLead.FindStringSubmatch(s); m != nil {
			add(t, m[1], p.lineFrom(pdftest.Text{S: m[2], Y: t.Y, Box: t.Box}))
			continue
		}
		m := markRE.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		// A mark alone, its words just right of it on its baseline.
		for _, o := range p.texts {
			if follows(t, o) && strings.HasPrefix(strings.TrimSpace(o.S), "Ruling:") {
				add(t, m[1], p.lineFrom(o))
				break
			}
		}
	}
	return out
}

// lineFrom is the words of t and of the texts that follow it on its
// baseline, each starting where the one before ends, up to the next
// ruling's mark (rulings run on in a wide column).
func (p *page) lineFrom(t pdftest.Text) string {
	s, end := t.S, t.Box.X1
	for {
		var next *pdftest.Text
		for i, o := range p.texts {
			if math.Abs(o.Y-t.Y) < 0.3 && o.Box.X0 >= end-0.5 && o.Box.X0-end < 2.5 && (next == nil || o.Box.X0 < next.Box.X0) {
				next = &p.texts[i]
			}
		}
		if next == nil || markRE.MatchString(strings.TrimSpace(next.S)) || markLead.MatchString(strings.TrimSpace(next.S)) {
			return s
		}
		s += " " + next.S
		end = next.Box.X1
	}
}

// marks: on a page, or on a card, one mark explains one ruling and one
// ruling is explained under one mark.
func marks(d *doc, p *page) []string {
	var out []string
	ex := p.explanations()
	d.measured["mark"] += len(ex)
	where := func(scope int) string {
		if scope < 0 {
			return "on the page"
		}
		c := p.cards[scope]
		return fmt.Sprintf("on the card at (%.0f, %.0f) mm", c.X0, c.Y0)
	}
	for i, a := range ex {
		for _, b := range ex[:i] {
			if a.scope != b.scope {
				continue
			}
			switch {
			case a.mark == b.mark && a.words != b.words:
				out = append(out, fmt.Sprintf("mark %s stands for two rulings %s: %q and %q", a.mark, where(a.scope), b.words, a.words))
			case a.mark != b.mark && a.words == b.words:
				out = append(out, fmt.Sprintf("one ruling has two marks %s, %s and %s: %q", where(a.scope), b.mark, a.mark, a.words))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
