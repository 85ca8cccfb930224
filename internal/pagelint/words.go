package pagelint

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/pdftest"
)

// Scope is the words printed on one card of a page, or on the page off
// its cards, as a reader meets them: the words a mark may stand beside,
// for a test that holds a reading's words to its mark on the same card.
type Scope struct {
	Page int // from 1
	Card int // the card, counted on its page from 0; -1 off the cards
	// Lines are its texts line by line, down the scope, each line's texts
	// left to right: a table's row reads as one line, its cells in order.
	Lines string
	// Columns are its texts column by column, each run of texts that
	// start at one left edge on lines one under the other read down: a
	// cell's words wrapped onto two lines read as one phrase.
	Columns string
}

// lineGap is how far apart two baselines may be, in line heights, to be
// lines one under the other in a column.
const lineGap = 1.6

// Words reads the words pdf prints, by card and page (see Scope). The
// readings' marks set beside words are left out, so that "Tank Gun" reads
// whole where it prints "Tank GunR5".
func Words(pdf []byte) ([]Scope, error) {
	d, err := pdftest.Ink(pdf)
	if err != nil {
		return nil, err
	}
	var out []Scope
	for _, p := range newDoc(d, Options{}).pages {
		by := map[int][]pdftest.Text{}
		for _, t := range p.texts {
			if usedRE.MatchString(strings.TrimSpace(t.S)) && !p.explains(t) {
				continue
			}
			c := p.inCard(t.Box)
			by[c] = append(by[c], t)
		}
		for c := -1; c < len(p.cards); c++ {
			if ts := by[c]; len(ts) > 0 {
				out = append(out, Scope{Page: p.N, Card: c, Lines: byLines(ts), Columns: byColumns(ts)})
			}
		}
	}
	return out, nil
}

// byLines joins texts in reading order: upright lines top to bottom,
// each left to right; texts turned some other way after, in their order.
func byLines(ts []pdftest.Text) string {
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b pdftest.Text) int {
		if ua, ub := upright(a), upright(b); ua != ub {
			if ua {
				return -1
			}
			return 1
		}
		if !upright(a) {
			return 0
		}
		if math.Abs(a.Y-b.Y) > 0.5 {
			return cmp.Compare(a.Y, b.Y)
		}
		return cmp.Compare(a.X, b.X)
	})
	return join(ts)
}

// byColumns joins upright texts that start at one left edge on lines one
// under the other, each such run top to bottom, the runs left to right.
func byColumns(ts []pdftest.Text) string {
	var up []pdftest.Text
	for _, t := range ts {
		if upright(t) {
			up = append(up, t)
		}
	}
	slices.SortStableFunc(up, func(a, b pdftest.Text) int {
		if math.Abs(a.X-b.X) > 0.3 {
			return cmp.Compare(a.X, b.X)
		}
		return cmp.Compare(a.Y, b.Y)
	})
	var b strings.Builder
	for i, t := range up {
		if i > 0 {
			prev := up[i-1]
			if math.Abs(t.X-prev.X) > 0.3 || t.Y-prev.Y > lineGap*t.Size*25.4/72 {
				b.WriteString("\n") // a new run
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString(t.S)
	}
	return b.String()
}

func upright(t pdftest.Text) bool { return t.Dir == [2]float64{1, 0} }

func join(ts []pdftest.Text) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.S
	}
	return strings.Join(parts, " ")
}
