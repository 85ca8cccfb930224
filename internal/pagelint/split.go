package pagelint

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/pdftest"
)

// A section is a heading and what follows it, up to the next heading as
// large or larger. One that fits on a page is printed on one page: its
// reader looks once. A heading is a line set in bold larger than the
// document's body type (the size most of its characters are printed at).

// splits reports the sections that start on page p, run on past it, and
// would fit on one page.
func splits(d *doc, p *page) []string {
	secs := d.sections()
	var out []string
	for _, s := range secs {
		if s.first != p.N {
			continue
		}
		d.measured["split"]++
		if s.last == s.first {
			continue
		}
		if s.last == s.first+1 && tableHeadFirst(d, s.last) {
			continue // a break between whole tables, as a publisher makes
		}
		if room := d.room(); s.height <= room+0.5 {
			out = append(out, fmt.Sprintf("section %s runs from page %d to page %d, though its %.0f mm would fit in the %.0f mm of one page", quote(s.head), s.first, s.last, s.height, room))
		}
	}
	return out
}

// tableHeadFirst reports whether page n's body opens with a table's
// head: its first line is three or more bold texts (the columns' names),
// none larger than the body type. A section that goes on there breaks
// between two tables, each whole.
func tableHeadFirst(d *doc, n int) bool {
	for _, p := range d.pages {
		if p.N != n {
			continue
		}
		body := p.body()
		if len(body) == 0 {
			return false
		}
		y, size, k := body[0].Y, d.bodySize(), 0
		for _, t := range body {
			if !near(t.Y, y, 0.3) {
				continue
			}
			if !strings.Contains(t.Font, "B") || t.Size > size+0.5 {
				return false
			}
			k++
		}
		return k >= 3
	}
	return false
}

type section struct {
	head        string
	size        float64 // its heading's size
	first, last int     // pages
	height      float64 // mm, the sum of its runs down a column
}

// running reports whether a page is one of running text: with a running
// footer and no cards. (Marker sheets and card sheets lay out pieces, not
// sections.)
func (p *page) running() bool { return len(p.foot) > 0 && len(p.cards) == 0 }

// body are a page's texts outside its running head and footer, in the
// order they were drawn, which is the order they are read.
func (p *page) body() []pdftest.Text {
	var out []pdftest.Text
	head := p.head()
	for _, t := range p.texts {
		if slices.ContainsFunc(p.foot, func(f pdftest.Text) bool { return f.Box == t.Box }) || slices.ContainsFunc(head, func(f pdftest.Text) bool { return f.Box == t.Box }) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// head is a page's running head: the texts on its topmost baseline, set
// small (8 pt or less) within 16 mm of the paper's top.
func (p *page) head() []pdftest.Text {
	hi := math.Inf(1)
	for _, t := range p.texts {
		if t.Dir == [2]float64{1, 0} {
			hi = min(hi, t.Y)
		}
	}
	var out []pdftest.Text
	for _, t := range p.texts {
		if t.Dir == [2]float64{1, 0} && near(t.Y, hi, 0.3) && t.Size <= 8 && t.Y < 16 {
			out = append(out, t)
		}
	}
	return out
}

// bodySize is the size most of the document's characters are printed at.
func (d *doc) bodySize() float64 {
	n := map[float64]int{}
	for _, p := range d.pages {
		for _, t := range p.texts {
			n[t.Size] += t.Chars()
		}
	}
	best, size := 0, 0.0
	for s, c := range n {
		if c > best || (c == best && s < size) {
			best, size = c, s
		}
	}
	return size
}

// room is the height a page gives its text: the least, over the pages
// that are not cards, from the first line under the running head to the
// footer.
func (d *doc) room() float64 {
	r := math.Inf(1)
	for _, p := range d.pages {
		if !p.running() {
			continue
		}
		top, bottom := math.Inf(1), p.H-MinEdge
		for _, t := range p.body() {
			top = min(top, t.Box.Y0)
		}
		if len(p.foot) > 0 {
			bottom = minTop(p.foot) - 4.5
		}
		if !math.IsInf(top, 0) {
			r = min(r, bottom-top)
		}
	}
	return r
}

// sections reads the document's sections, once.
func (d *doc) sections() []section {
	if d.secs != nil {
		return *d.secs
	}
	body := d.bodySize()
	isHead := func(t pdftest.Text) bool {
		return strings.Contains(t.Font, "B") && t.Size > body+0.5 && t.Dir == [2]float64{1, 0}
	}
	var secs []section
	var open []int // the sections not yet closed, outermost first
	// runs: each open section's extent down the current column.
	type run struct {
		page   int
		y0, y1 float64
	}
	runs := map[int]*run{}
	flush := func(i int) {
		if r := runs[i]; r != nil {
			secs[i].height += r.y1 - r.y0
			delete(runs, i)
		}
	}
	lastY := map[int]float64{}
	for _, p := range d.pages {
		if !p.running() {
			continue
		}
		for _, t := range p.body() {
			if isHead(t) && strings.TrimSpace(t.S) != "" {
				// Close the sections this heading ends; a heading on the
				// same line as the one before continues it.
				if n := len(open); n > 0 {
					last := &secs[open[n-1]]
					if last.last == p.N && near(lastY[open[n-1]], t.Y, 0.3) && near(last.size, t.Size, 0.05) {
						last.head += " " + t.S
						continue
					}
				}
				for len(open) > 0 && secs[open[len(open)-1]].size <= t.Size+0.05 {
					flush(open[len(open)-1])
					open = open[:len(open)-1]
				}
				secs = append(secs, section{head: t.S, size: t.Size, first: p.N, last: p.N})
				open = append(open, len(secs)-1)
				lastY[len(secs)-1] = t.Y
			}
			for _, i := range open {
				r := runs[i]
				// A run ends where the text goes back up: the next column
				// or page.
				if r != nil && (r.page != p.N || t.Box.Y0 < r.y0-1 || t.Box.Y0 < r.y1-20) {
					flush(i)
					r = nil
				}
				if r == nil {
					r = &run{p.N, t.Box.Y0, t.Box.Y1}
					runs[i] = r
				}
				r.y0, r.y1 = min(r.y0, t.Box.Y0), max(r.y1, t.Box.Y1)
				secs[i].last = p.N
			}
		}
	}
	for _, i := range open {
		flush(i)
	}
	slices.SortStableFunc(secs, func(a, b section) int { return cmp.Compare(a.first, b.first) })
	d.secs = &secs
	return secs
}
