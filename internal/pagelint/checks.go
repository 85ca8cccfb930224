package pagelint

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/pdftest"
)

// boxRunes are the characters that print a box to tick.
const boxRunes = "□☐▢❏❑"

// boxes: every box to tick is at least MinBox a side, printed as a
// character or drawn as a small stroked square.
func boxes(d *doc, p *page) []string {
	var ms []measure
	for _, t := range p.texts {
		for _, g := range t.Glyphs {
			if strings.ContainsRune(boxRunes, g.R) && !g.Box.Empty() {
				d.measured["box"]++
				if side := min(g.Box.W(), g.Box.H()); side < MinBox-0.005 {
					ms = append(ms, measure{side, fmt.Sprintf("the box %s at (%.0f, %.0f) mm is %.2f mm a side (%.1f pt); want %g mm", quote(t.S), g.Box.X0, g.Box.Y0, side, t.Size, MinBox)})
				}
			}
		}
	}
	for _, s := range p.shapes {
		side, ok := tickBox(s)
		if ok {
			d.measured["box"]++
		}
		if ok && side < MinBox-0.005 {
			ms = append(ms, measure{side, fmt.Sprintf("a box drawn at (%.0f, %.0f) mm is %.2f × %.2f mm; want %g mm a side", s.Path.X0, s.Path.Y0, s.Path.W(), s.Path.H(), MinBox)})
		}
	}
	return worst(ms, 3)
}

// tickBox reports whether s is a box to tick, and its side: a stroked,
// unfilled rectangle, near square, 1 to 12 mm a side.
func tickBox(s pdftest.Shape) (float64, bool) {
	if !s.Rect || !s.Stroke || s.Fill {
		return 0, false
	}
	w, h := s.Path.W(), s.Path.H()
	if min(w, h) < 1 || max(w, h) > 12 || max(w, h)/min(w, h) > 1.4 {
		return 0, false
	}
	return min(w, h), true
}

// writeIns: above every line to write on there is MinWriteIn of room, to
// the nearest ink above it. A line to write on is a run of three or more
// underscores.
func writeIns(d *doc, p *page) []string {
	var ms []measure
	for _, t := range p.texts {
		run, n := pdftest.Rect{}, 0
		flush := func() {
			if n >= 3 {
				d.measured["write-in"]++
				if h, above := p.roomAbove(run); h < MinWriteIn-0.005 {
					ms = append(ms, measure{h, fmt.Sprintf("the write-in after %s at (%.0f, %.0f) mm has %.1f mm above it (to %s); want %g mm", quote(before(t)), run.X0, run.Y0, h, above, MinWriteIn)})
				}
			}
			run, n = pdftest.Rect{}, 0
		}
		for _, g := range t.Glyphs {
			if g.R != '_' || g.Box.Empty() {
				flush()
				continue
			}
			if n == 0 {
				run = g.Box
			} else {
				run = run.Union(g.Box)
			}
			n++
		}
		flush()
	}
	return worst(ms, 3)
}

// before is what a text says before its underscores, for a finding.
func before(t pdftest.Text) string {
	s := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t.S), "_ "))
	if s == "" {
		return t.S
	}
	return s
}

// roomAbove is the clear height over r to the nearest ink above it that
// overlaps it across, and what that ink is. A fill that holds r (a table
// row's band) is under it, not above.
func (p *page) roomAbove(r pdftest.Rect) (float64, string) {
	best, what := r.Y0-p.Trim.Y0, "the paper's edge"
	overlaps := func(b pdftest.Rect) bool { return b.X1 > r.X0+0.5 && b.X0 < r.X1-0.5 && b.Y1 <= r.Y0+0.2 }
	for _, t := range p.texts {
		for _, g := range t.Glyphs {
			if !g.Box.Empty() && overlaps(g.Box) && r.Y0-g.Box.Y1 < best {
				best, what = r.Y0-g.Box.Y1, quote(t.S)
			}
		}
	}
	for _, s := range p.shapes {
		if s.Fill && s.Box.Contains(r, 0.2) {
			continue
		}
		if overlaps(s.Box) && r.Y0-s.Box.Y1 < best {
			best, what = r.Y0-s.Box.Y1, "a line"
		}
	}
	return max(best, 0), what
}

// edges: no ink within MinEdge of the paper's edge, but on a print
// shop's page, which is the card and its bleed.
func edges(d *doc, p *page) []string {
	if p.shop {
		return nil
	}
	var ms []measure
	check := func(b pdftest.Rect, what string) {
		d.measured["edge"]++
		d := min(b.X0, b.Y0, p.W-b.X1, p.H-b.Y1)
		if d < MinEdge-0.005 {
			side := map[float64]string{b.X0: "left", b.Y0: "top", p.W - b.X1: "right", p.H - b.Y1: "bottom"}[d]
			ms = append(ms, measure{d, fmt.Sprintf("%s is %.1f mm from the paper's %s edge; want %g mm", what, d, side, MinEdge)})
		}
	}
	for _, t := range p.texts {
		check(t.Box, "text "+quote(t.S))
	}
	for _, s := range p.shapes {
		check(s.Box, shapeName(s))
	}
	return worst(ms, 3)
}

// shapeName says what a shape looks like, for a finding.
func shapeName(s pdftest.Shape) string {
	w, h := s.Path.W(), s.Path.H()
	switch {
	case h < 0.05 && w >= 0.05:
		return fmt.Sprintf("a line %.1f mm across at (%.0f, %.1f) mm", w, s.Path.X0, s.Path.Y0)
	case w < 0.05:
		return fmt.Sprintf("a line %.1f mm down at (%.1f, %.0f) mm", h, s.Path.X0, s.Path.Y0)
	case s.Rect:
		return fmt.Sprintf("a %.1f × %.1f mm rectangle at (%.1f, %.1f) mm", w, h, s.Path.X0, s.Path.Y0)
	}
	return fmt.Sprintf("a %.1f × %.1f mm shape at (%.1f, %.1f) mm", w, h, s.Path.X0, s.Path.Y0)
}

// footers: text keeps MinFooter clear of the page's running footer and
// of each card's footer (the lowest line of its text, near its foot).
func footers(d *doc, p *page) []string {
	var ms []measure
	check := func(foot []pdftest.Text, texts []pdftest.Text, where string) {
		ft := minTop(foot)
		across := foot[0].Box
		for _, f := range foot {
			across = across.Union(f.Box)
		}
		for _, t := range texts {
			if slices.ContainsFunc(foot, func(f pdftest.Text) bool { return f.Box == t.Box && f.S == t.S }) || t.Box.Y0 > ft {
				continue // the footer itself, or beside it
			}
			if t.Box.X1 < across.X0 || t.Box.X0 > across.X1 {
				continue // not above it
			}
			d.measured["footer"]++
			if gap := ft - t.Box.Y1; gap < MinFooter-0.005 {
				ms = append(ms, measure{gap, fmt.Sprintf("text %s is %.1f mm above %s %s; want %g mm", quote(t.S), gap, where, quote(foot[0].S), MinFooter)})
			}
		}
	}
	if len(p.foot) > 0 {
		var body []pdftest.Text
		for _, t := range p.texts {
			if p.inCard(t.Box) < 0 {
				body = append(body, t)
			}
		}
		check(p.foot, body, "the footer")
	}
	for i, c := range p.cards {
		var in []pdftest.Text
		low := math.Inf(-1)
		for _, t := range p.texts {
			if p.inCard(t.Box) == i && t.Dir == [2]float64{1, 0} {
				in = append(in, t)
				low = max(low, t.Y)
			}
		}
		if low < c.Y1-6 {
			continue // no footer
		}
		var foot []pdftest.Text
		for _, t := range in {
			if near(t.Y, low, 0.3) {
				foot = append(foot, t)
			}
		}
		check(foot, in, "the card's footer")
	}
	return worst(ms, 3)
}

// fill: a page that is neither a document's last nor followed by one
// that starts fresh reaches at least MinFill of the way down its room,
// from its first ink to its footer (or the safe margin).
func fill(d *doc, p *page) []string {
	if p.N == len(d.pages) || d.fresh[p.N+1] {
		return nil
	}
	d.measured["fill"]++
	first, last := math.Inf(1), math.Inf(-1)
	add := func(b pdftest.Rect) { first, last = min(first, b.Y0), max(last, b.Y1) }
	inFoot := func(b pdftest.Rect) bool { return len(p.foot) > 0 && b.Y0 >= minTop(p.foot)-4.5 }
	for _, t := range p.texts {
		if !inFoot(t.Box) {
			add(t.Box)
		}
	}
	for _, s := range p.shapes {
		if !inFoot(s.Box) {
			add(s.Box)
		}
	}
	bottom := p.H - MinEdge
	if len(p.foot) > 0 {
		bottom = minTop(p.foot) - 4.5
	}
	if math.IsInf(first, 0) || bottom <= first {
		return []string{"the page is empty"}
	}
	if used := (last - first) / (bottom - first); used < MinFill {
		return []string{fmt.Sprintf("%.0f%% used: its ink reaches %.0f mm down of the %.0f mm from %.0f mm to %.0f mm; want %.0f%% on a page mid-document", 100*used, last-first, bottom-first, first, bottom, 100*MinFill)}
	}
	return nil
}
