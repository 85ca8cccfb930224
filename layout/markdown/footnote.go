package markdown

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A footnote prints under the block that first marks it, in a smaller
// size, numbered like an ordered list: on the page and in the column of
// its mark, never pages away. A heading's mark waits
// for the block the heading heads, so the heading keeps with its text.
// Footnotes no block marks go at the end, under a short rule.

// A footnote's mark is its label: "[^R3]" prints "R3" beside the words
// and before the footnote's line, so a reading (catalog.Note) prints its
// one mark on every document. The marks a box prints are noted as it is
// made (box.marks), and Layout.Marks tells on which page each landed.

// collectNotes finds the document's footnotes by their index: its own
// and those Options.notes gives.
func (r *walker) collectNotes(doc ast.Node) {
	r.notes, r.shown = map[int]*east.Footnote{}, map[int]int{}
	r.labels = footnoteLabels(doc)
	for _, fn := range r.opt.notes {
		r.notes[fn.Index], r.labels[fn.Index] = fn, string(fn.Ref)
	}
	for c := doc.LastChild(); c != nil; c = c.PreviousSibling() {
		if c.Kind() != east.KindFootnoteList {
			continue
		}
		for f := c.FirstChild(); f != nil; f = f.NextSibling() {
			if fn, ok := f.(*east.Footnote); ok {
				r.notes[fn.Index] = fn
			}
		}
	}
}

// footnoteLabels are the labels of doc's footnotes, by their index.
func footnoteLabels(doc ast.Node) map[int]string {
	labels := map[int]string{}
	for c := doc.LastChild(); c != nil; c = c.PreviousSibling() {
		if c.Kind() != east.KindFootnoteList {
			continue
		}
		for f := c.FirstChild(); f != nil; f = f.NextSibling() {
			if fn, ok := f.(*east.Footnote); ok {
				labels[fn.Index] = string(fn.Ref)
			}
		}
	}
	return labels
}

// A landedRun is the footnote marks one box prints, and the heading it
// stands under.
type landedRun struct {
	labels []string
	head   string
}

// marksIn notes the footnote marks the lines print and returns what
// box.marks holds for them.
func (r *walker) marksIn(lines ...line) int32 { return r.markRun(appendMarks(nil, lines...)) }

// appendMarks appends the labels of the footnote marks the lines print
// (the tokens set raised: nothing else is) to labels, each once.
func appendMarks(labels []string, lines ...line) []string {
	for _, l := range lines {
		for _, t := range l.toks {
			if t.spec.rise >= 0 || t.spec.kind != tWord {
				continue
			}
			for _, m := range strings.Split(strings.TrimRight(t.s, "\u00a0"), ",") {
				if m != "" && !slices.Contains(labels, m) {
					labels = append(labels, m)
				}
			}
		}
	}
	return labels
}

// markRun notes a box's run of footnote marks and returns what box.marks
// holds for them.
func (r *walker) markRun(labels []string) int32 {
	if len(labels) == 0 {
		return 0
	}
	r.markRuns = append(r.markRuns, landedRun{labels: labels, head: r.head})
	return int32(len(r.markRuns))
}

// hasMark reports whether set lines print a footnote mark.
func hasMark(lines []line) bool {
	for _, l := range lines {
		for _, t := range l.toks {
			if t.spec.rise < 0 && t.spec.kind == tWord {
				return true
			}
		}
	}
	return false
}

// plainLines is the text of set lines, footnote marks left out.
func plainLines(lines []line) string {
	var b strings.Builder
	for _, l := range lines {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		for i, t := range l.toks {
			if t.spec.rise >= 0 {
				b.WriteString(t.s)
			}
			if g := t.spec.gap; g != nil && i < len(l.toks)-1 && g.rise >= 0 {
				b.WriteString(gapTok(g).s)
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// A Mark is a footnote mark as it landed: its label, the page (from 1)
// and the heading it stands under ("" before the first).
type Mark struct {
	Label   string
	Page    int
	Heading string
}

// Marks are the footnote marks the document prints, page by page, in the
// order they are placed: a mark printed twice on a page is there twice.
func (l *Layout) Marks() []Mark {
	var out []Mark
	for i, ps := range l.r.fl.done {
		for _, p := range ps {
			if p.b.marks == 0 {
				continue
			}
			run := l.r.markRuns[p.b.marks-1]
			for _, label := range run.labels {
				out = append(out, Mark{Label: label, Page: i + 1, Heading: run.head})
			}
		}
	}
	return out
}

// footnotesAfter prints, after the top-level block n, the footnotes it
// (or the heading before it) marks first.
func (r *walker) footnotesAfter(n ast.Node) {
	if n.Kind() == east.KindFootnoteList || len(r.notes) == 0 {
		return
	}
	for _, i := range r.footnoteLinks(n) {
		// A mark on a later page than its footnote's prints it again.
		if r.shown[i] != r.fl.pages && !slices.Contains(r.waiting, i) {
			r.waiting = append(r.waiting, i)
		}
	}
	switch n.Kind() {
	case ast.KindHeading:
		if next := n.NextSibling(); next != nil && next.Kind() != ast.KindHTMLBlock && next.Kind() != east.KindFootnoteList {
			return // after the block it heads
		}
		// A heading over a directive or a drawing (a map), or over
		// nothing: its notes print under it.
	case ast.KindHTMLBlock:
		return // after the block the heading before it heads
	}
	var due []*east.Footnote
	for _, i := range r.waiting {
		if fn := r.notes[i]; fn != nil {
			due = append(due, fn)
			r.shown[i] = r.fl.pages
		}
	}
	r.waiting = nil
	if len(due) == 0 {
		return
	}
	r.noteLine = r.nodeLine(n)
	defer func() { r.noteLine = 0 }()
	if len(due) > 1 && r.width() >= runInWidth {
		// They belong to the block: as close under it as a list's items.
		gap := r.gap
		r.gap = min(gap, r.lk.itemGap*r.em*r.squeezed())
		r.runIn(due, r.nodeLine(n))
		r.gap = gap
		return
	}
	r.space(0.4 * r.em)
	s := r.cur()
	s.size = smaller(s.size, 0.85)
	r.push(s)
	r.lists = append(r.lists, &listState{ordered: true, tight: true, step: r.noteStep(s)})
	r.after = true
	for k, fn := range due {
		if k > 0 {
			r.space(r.lk.itemGap * r.em)
		}
		r.notesLeft = len(due) - 1 - k
		_ = ast.Walk(fn, r.visit)
	}
	r.notesLeft = 0
	r.after = false
	r.lists = r.lists[:len(r.lists)-1]
	r.pop()
}

// runInWidth is the width of a column from which the footnotes due
// under a block run on in one paragraph, each after its mark: a line to
// each in a column this wide would leave most of it empty.
const runInWidth = 110.0 // mm

// runIn prints footnotes one after the other in one paragraph, each its
// mark in bold and its words, a wide space between them.
func (r *walker) runIn(due []*east.Footnote, line int) {
	r.openInlines()
	r.runOn(due)
	lines := r.breakLines(r.closeInlines(), r.width(), r.cur().size)
	r.emitLines(lines, r.lk.lead, keepLines, line)
}

// runOn adds footnotes to the inline content being set, each after a wide
// space, its mark in bold and its words, in the footnotes' smaller size.
func (r *walker) runOn(due []*east.Footnote) {
	s := r.cur()
	s.size = smaller(s.size, 0.85)
	r.push(s)
	for _, fn := range due {
		if len(*r.in) > 0 {
			r.in.glue(r.sets.specs, r.cur())
			r.in.text(r.sets.specs, "\u2002", r.cur()) // an en space more before a note
			r.in.glue(r.sets.specs, r.cur())
		}
		ms := r.cur()
		ms.bold, ms.color = true, r.lk.accent
		// A no-break space: the mark never ends a line without its words.
		r.in.text(r.sets.specs, string(fn.Ref)+"\u00a0", ms)
		for para := fn.FirstChild(); para != nil; para = para.NextSibling() {
			for c := para.FirstChild(); c != nil; c = c.NextSibling() {
				_ = ast.Walk(c, r.visit)
			}
		}
		r.shown[fn.Index] = max(r.fl.pages, 1) // the paragraph's first box starts page 1
	}
	r.pop()
}

// explained reports whether rulings print right under the top-level
// block n: footnotes it marks that are not yet on this page, or a
// paragraph of ruling lines after it ("† Ruling: …"). The block's last
// line keeps with them, so a ruling never starts the next page.
func (r *walker) explained(n ast.Node) bool {
	if n.Parent() == nil || n.Parent().Kind() != ast.KindDocument {
		return false
	}
	if next := n.NextSibling(); next != nil && next.Kind() == ast.KindParagraph {
		if lines := next.Lines(); lines.Len() > 0 {
			seg := lines.At(0)
			first := bytes.TrimLeft(seg.Value(r.src), " ")
			if c, _ := utf8.DecodeRune(first); len(first) > 0 && strings.ContainsRune("†‡§¶", c) {
				return true
			}
		}
	}
	if len(r.waiting) > 0 && n.Kind() != ast.KindHeading {
		return true // a heading's footnotes, due under this block
	}
	return slices.ContainsFunc(r.footnoteLinks(n), func(i int) bool { return r.shown[i] != r.fl.pages })
}

// noteStep is the indent of a footnote's text: room for the widest
// mark.
func (r *walker) noteStep(s style) float64 {
	f := s.face().withStyle("B")
	w := 0.0
	for _, l := range r.labels {
		w = max(w, f.width(l))
	}
	return max(3.5, w+1.5)
}

// footnoteList prints the footnotes no block marked, at the end, under a
// short rule.
func (r *walker) footnoteList(n ast.Node, entering bool) ast.WalkStatus {
	if len(r.shown) >= len(r.notes) {
		return ast.WalkSkipChildren // every one printed under its block
	}
	if entering {
		r.space(1.2 * r.em)
		r.emit(box{h: 1.6, keep: true, draw: func(c canvas, x, y float64) {
			rule(c, x, x+30, y+0.4, pen{width: 0.25, color: r.lk.rule})
		}})
		s := r.cur()
		s.size = smaller(s.size, 0.85)
		r.push(s)
		r.lists = append(r.lists, &listState{ordered: true, tight: true, step: r.noteStep(s)})
		return ast.WalkContinue
	}
	r.lists = r.lists[:len(r.lists)-1]
	r.pop()
	return ast.WalkContinue
}

func (r *walker) footnote(n ast.Node, entering bool) ast.WalkStatus {
	if !r.after && r.shown[n.(*east.Footnote).Index] > 0 {
		return ast.WalkSkipChildren // printed under the block that marks it
	}
	ls := r.lists[len(r.lists)-1]
	if entering {
		f := r.cur().face().withStyle("B")
		f.color = r.lk.accent
		s := string(n.(*east.Footnote).Ref)
		if n.PreviousSibling() != nil && !r.after {
			r.space(r.lk.itemGap * r.em)
		}
		r.marker = &marker{s: s, f: f, x: r.indent + ls.step - 1.3 - f.width(s)}
		r.indent += ls.step
		r.hold = true
		return ast.WalkContinue
	}
	r.indent -= ls.step
	r.space(r.lk.itemGap * r.em)
	return ast.WalkContinue
}

// footnoteLink prints a run of adjacent footnote marks at its first link,
// as one sorted list without repeats: "2,14,15", not "1415" or "14,2".
// A number right after the run gets a thin space, so "Company¹⁷ 1 die"
// does not read as "171 die".
func (r *walker) footnoteLink(n ast.Node, entering bool) ast.WalkStatus {
	if !entering || r.in == nil {
		return ast.WalkSkipChildren
	}
	if _, ok := n.PreviousSibling().(*east.FootnoteLink); ok {
		return ast.WalkSkipChildren // printed with the run's first mark
	}
	links, after := markRun(n)
	s := r.cur()
	// A mark is a superscript, but no character of a player's document
	// is under minMark, the least a mark may be read at.
	s.size = max(s.size*0.68, min(s.size, minMark))
	s.rise = -0.36 * r.cur().size * ptMM
	s.bold, s.italic, s.mono, s.hasBg = true, false, false, false
	s.color = r.lk.accent
	text := strings.Join(markLabels(links, r.labels), ",")
	if numberFollows(after, r.src) {
		text += "\u00A0" // a no-break space at the marks' size: a thin space
	}
	r.in.text(r.sets.specs, text, s)
	return ast.WalkSkipChildren
}

// markRun returns the footnote links of the run n starts and the node
// after it.
func markRun(n ast.Node) (links []*east.FootnoteLink, after ast.Node) {
	for p := n; p != nil; p = p.NextSibling() {
		link, ok := p.(*east.FootnoteLink)
		if !ok {
			return links, p
		}
		links = append(links, link)
	}
	return links, nil
}

// markLabels are the labels of a run of footnote links, without
// repeats, sorted as people count: "R2,R10", not "R10,R2".
func markLabels(links []*east.FootnoteLink, labels map[int]string) []string {
	var out []string
	for _, l := range links {
		if m := labels[l.Index]; !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, compareLabels)
	return out
}

// compareLabels orders labels by what comes before their number, then by
// the number: "R2" before "R10", "3" before "12".
func compareLabels(a, b string) int {
	split := func(s string) (string, int, bool) {
		i := len(s)
		for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			i--
		}
		n, err := strconv.Atoi(s[i:])
		return s[:i], n, err == nil
	}
	pa, na, oka := split(a)
	pb, nb, okb := split(b)
	if c := strings.Compare(pa, pb); c != 0 || !oka || !okb {
		if c == 0 {
			return strings.Compare(a, b)
		}
		return c
	}
	return na - nb
}

// numberFollows reports whether the text after a run of marks starts with
// a digit, right away or after a space.
func numberFollows(after ast.Node, src []byte) bool {
	t, ok := after.(*ast.Text)
	if !ok {
		return false
	}
	v := bytes.TrimLeft(t.Segment.Value(src), " ")
	return len(v) > 0 && v[0] >= '0' && v[0] <= '9'
}
