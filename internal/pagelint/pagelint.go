// Package pagelint reads a printed page back from its PDF and holds it to
// the pack's rules for paper (the team's guide and the proof read): tick
// boxes at least 3.5 mm, write-in space at least 7 mm tall, ink at least
// 6 mm from the paper's edge, text at least 2 mm clear of a footer, pages
// mid-document at least 60 % used, no short section split across pages,
// and one mark for one ruling on a page. It judges what printed, through
// internal/pdftest, not what the code meant to draw; each finding names
// the file, the page and what it measured.
package pagelint

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/pdftest"
)

// The rules, in mm and as a share of a page.
const (
	MinBox     = 3.5  // a tick box's side, for a pencil
	MinWriteIn = 7.0  // the clear height above a line to write on
	MinEdge    = 6.0  // ink from the paper's edge: home printers clip 4–6 mm
	MinFooter  = 2.0  // text from a page's or a card's footer
	MinFill    = 0.60 // how far down its room a page mid-document reaches
)

// Options tell the linter what a page does not show.
type Options struct {
	// Fresh are pages (from 1) that start on a sheet of their own: a
	// secret sheet, handed to one side. The page before one may be short.
	// Pages of cards, and the first page of each document joined into
	// one PDF, start fresh without being named.
	Fresh []int
}

// Finding is one fault: the file, the page (from 1) and what was measured.
type Finding struct {
	File  string
	Page  int
	Check string // "box", "write-in", "edge", "footer", "fill", "split", "mark"
	What  string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s page %d: %s: %s", f.File, f.Page, f.Check, f.What)
}

// Result is what the linter found in a file: its faults, page by page,
// and how many things each check measured (boxes, write-ins, inked
// items, texts over a footer, pages mid-document, sections, rulings'
// explanations), so that a test can tell a check that passed from one
// that found nothing to look at.
type Result struct {
	Findings []Finding
	Measured map[string]int
}

// Lint reads pdf, the file named file, and holds its pages to the rules.
func Lint(file string, pdf []byte, o Options) (Result, error) {
	d, err := pdftest.Ink(pdf)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %v", file, err)
	}
	doc := newDoc(d, o)
	res := Result{Measured: doc.measured}
	for _, p := range doc.pages {
		for _, check := range checks {
			for _, what := range check.f(doc, p) {
				res.Findings = append(res.Findings, Finding{File: file, Page: p.N, Check: check.name, What: what})
			}
		}
	}
	return res, nil
}

// checks are the rules, each reading one page of a document.
var checks = []struct {
	name string
	f    func(d *doc, p *page) []string
}{
	{"box", boxes},
	{"write-in", writeIns},
	{"edge", edges},
	{"footer", footers},
	{"fill", fill},
	{"split", splits},
	{"mark", marks},
}

// doc is a PDF read for the checks: its pages, each with its ink.
type doc struct {
	pages    []*page
	fresh    map[int]bool
	secs     *[]section     // read once, by sections
	measured map[string]int // by check
}

// page is one page's ink, and what the linter made of it.
type page struct {
	pdftest.Page
	texts  []pdftest.Text // printed: not white, not spaces alone
	shapes []pdftest.Shape
	cards  []pdftest.Rect // the cards on it: outlines of a card's size, or its trim
	shop   bool           // a print shop's page: the card and its bleed
	foot   []pdftest.Text // the running footer, outside the cards
}

func newDoc(d *pdftest.Doc, o Options) *doc {
	out := &doc{fresh: map[int]bool{}, measured: map[string]int{}}
	for _, n := range o.Fresh {
		out.fresh[n] = true
	}
	for i := range d.Pages {
		out.pages = append(out.pages, &page{Page: d.Pages[i]})
	}
	for _, t := range d.Texts {
		if !t.White && !t.Box.Empty() {
			p := out.pages[t.Page-1]
			p.texts = append(p.texts, t)
		}
	}
	for _, s := range d.Shapes {
		if !s.White && !s.Box.Empty() {
			p := out.pages[s.Page-1]
			p.shapes = append(p.shapes, s)
		}
	}
	for i, p := range out.pages {
		p.shop = p.Trim.W() < p.W-0.1 || p.Trim.H() < p.H-0.1
		switch {
		case p.shop:
			p.cards = []pdftest.Rect{p.Trim}
		default:
			p.cards = cardsOf(p.shapes)
			p.cards = append(p.cards, foldedBacks(p)...)
			if i > 0 && len(p.cards) == 0 {
				p.cards = backsOf(p, out.pages[i-1])
			}
		}
		p.foot = footerOf(p)
	}
	for i, p := range out.pages {
		if i > 0 && p.Branch != out.pages[i-1].Branch || len(p.cards) > 0 {
			out.fresh[p.N] = true
		}
	}
	return out
}

// Card sizes, mm: poker and US poker, either way up.
var cardSizes = [][2]float64{{63, 88}, {63.5, 88.9}}

// cardsOf finds the cards of a page: stroked rectangles of a card's size.
func cardsOf(shapes []pdftest.Shape) []pdftest.Rect {
	var out []pdftest.Rect
	for _, s := range shapes {
		if !s.Rect || !s.Stroke {
			continue
		}
		w, h := s.Path.W(), s.Path.H()
		for _, c := range cardSizes {
			if (near(w, c[0], 0.6) && near(h, c[1], 0.6)) || (near(w, c[1], 0.6) && near(h, c[0], 0.6)) {
				if !slices.ContainsFunc(out, func(r pdftest.Rect) bool { return r.Contains(s.Path, 0.3) && s.Path.Contains(r, 0.3) }) {
					out = append(out, s.Path)
				}
			}
		}
	}
	return out
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// foldedBacks are the backs of a fold-over sheet's cards, drawn without
// outlines: each front mirrored across the fold line, which is labelled
// "fold" at its ends.
func foldedBacks(p *page) []pdftest.Rect {
	var xs []float64
	for _, t := range p.texts {
		if strings.TrimSpace(t.S) == "fold" {
			xs = append(xs, (t.Box.X0+t.Box.X1)/2)
		}
	}
	if len(xs) == 0 {
		return nil
	}
	fold := 0.0
	for _, x := range xs {
		fold += x / float64(len(xs))
	}
	var out []pdftest.Rect
	for _, c := range p.cards {
		b := pdftest.Rect{X0: 2*fold - c.X1, Y0: c.Y0, X1: 2*fold - c.X0, Y1: c.Y1}
		if b.X0 >= 0 && b.X1 <= p.W && !slices.ContainsFunc(p.cards, func(r pdftest.Rect) bool { return r.Intersect(b).W() > 1 && r.Intersect(b).H() > 1 }) {
			out = append(out, b)
		}
	}
	return out
}

// backsOf are the cards of a page of backs, drawn without outlines: the
// fronts of the page before, flipped on the long edge, when that is where
// nearly all its text is.
func backsOf(p, prev *page) []pdftest.Rect {
	if len(prev.cards) == 0 || prev.shop || p.Branch != prev.Branch {
		return nil
	}
	var backs []pdftest.Rect
	for _, c := range prev.cards {
		backs = append(backs, pdftest.Rect{X0: p.W - c.X1, Y0: c.Y0, X1: p.W - c.X0, Y1: c.Y1})
	}
	in, all := 0, 0
	for _, t := range p.texts {
		n := t.Chars()
		all += n
		if slices.ContainsFunc(backs, func(c pdftest.Rect) bool { return c.Contains(t.Box, 0.3) }) {
			in += n
		}
	}
	if all == 0 || float64(in) < 0.8*float64(all) {
		return nil
	}
	return backs
}

// inCard is the card r lies in, or -1.
func (p *page) inCard(r pdftest.Rect) int {
	for i, c := range p.cards {
		if c.Contains(r, 0.3) {
			return i
		}
	}
	return -1
}

// footerOf is a page's running footer: the texts outside its cards on its
// lowest baseline, when that is in the bottom 16 mm of the paper, and on
// the lines just above it in the same size (a footer of two lines).
func footerOf(p *page) []pdftest.Text {
	var low *pdftest.Text
	for i, t := range p.texts {
		if p.inCard(t.Box) < 0 && t.Dir == [2]float64{1, 0} && (low == nil || t.Y > low.Y) {
			low = &p.texts[i]
		}
	}
	if low == nil || low.Y < p.H-16 {
		return nil
	}
	var out []pdftest.Text
	for _, t := range p.texts {
		if p.inCard(t.Box) < 0 && t.Dir == [2]float64{1, 0} && t.Y <= low.Y+0.3 && t.Y >= low.Y-footLines && near(t.Size, low.Size, 0.1) {
			out = append(out, t)
		}
	}
	return out
}

// footLines is how far above a footer's last baseline its other lines
// may be.
const footLines = 3.5

// minTop is the top of a footer's ink.
func minTop(ts []pdftest.Text) float64 {
	y := math.Inf(1)
	for _, t := range ts {
		y = min(y, t.Box.Y0)
	}
	return y
}

// quote shortens a text for a finding.
func quote(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return fmt.Sprintf("%q", string(r[:39])+"…")
	}
	return fmt.Sprintf("%q", s)
}

// worst sorts measures, smallest first, and keeps the first n, saying how
// many more there are.
func worst(ms []measure, n int) []string {
	slices.SortStableFunc(ms, func(a, b measure) int { return cmp.Compare(a.v, b.v) })
	var out []string
	for i, m := range ms {
		if i == n {
			out[n-1] += fmt.Sprintf(" (and %d more on the page)", len(ms)-n)
			break
		}
		out = append(out, m.what)
	}
	return out
}

type measure struct {
	v    float64
	what string
}
