package markdown

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A footnote prints under the block that first marks it, in a smaller
// size, numbered like an ordered list: on the page and in the column of
// its mark, never pages away (issue 22 §2, §6). A heading's mark waits
// for the block the heading heads, so the heading keeps with its text.
// Footnotes no block marks go at the end, under a short rule.

// collectNotes finds the document's footnotes by their index.
func (r *walker) collectNotes(doc ast.Node) {
	r.notes, r.shown = map[int]*east.Footnote{}, map[int]int{}
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

// footnotesAfter prints, after the top-level block n, the footnotes it
// (or the heading before it) marks first.
func (r *walker) footnotesAfter(n ast.Node) {
	if n.Kind() == east.KindFootnoteList || len(r.notes) == 0 {
		return
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		// A mark on a later page than its footnote's prints it again.
		if l, ok := c.(*east.FootnoteLink); ok && entering && r.shown[l.Index] != r.fl.pages && !slices.Contains(r.waiting, l.Index) {
			r.waiting = append(r.waiting, l.Index)
		}
		return ast.WalkContinue, nil
	})
	switch n.Kind() {
	case ast.KindHeading, ast.KindHTMLBlock:
		return // after the block it heads
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
		_ = ast.Walk(fn, r.visit)
	}
	r.after = false
	r.lists = r.lists[:len(r.lists)-1]
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
			first := strings.TrimLeft(string(seg.Value(r.src)), " ")
			if first != "" && strings.ContainsRune("†‡§¶", []rune(first)[0]) {
				return true
			}
		}
	}
	if len(r.waiting) > 0 && n.Kind() != ast.KindHeading {
		return true // a heading's footnotes, due under this block
	}
	found := false
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := c.(*east.FootnoteLink); ok && entering && r.shown[l.Index] != r.fl.pages {
			found = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// noteStep is the indent of a footnote's text: room for the largest
// number.
func (r *walker) noteStep(s style) float64 {
	return max(3.5, s.face().width(strconv.Itoa(len(r.notes)))+1.5)
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
		r.lists = append(r.lists, &listState{ordered: true, tight: true,
			step: max(3.5, s.face().width(strconv.Itoa(n.ChildCount()))+1.5)})
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
		s := strconv.Itoa(n.(*east.Footnote).Index)
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
	// is under minMark (issue 22 §5).
	s.size = max(s.size*0.68, min(s.size, minMark))
	s.rise = -0.36 * r.cur().size * ptMM
	s.bold, s.italic, s.mono, s.hasBg = true, false, false, false
	s.color = r.lk.accent
	text := strings.Join(markLabels(links), ",")
	if numberFollows(after, r.src) {
		text += "\u00A0" // a no-break space at the marks' size: a thin space
	}
	r.in.text(text, s)
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

// markLabels are the numbers of a run of footnote links, sorted, without
// repeats.
func markLabels(links []*east.FootnoteLink) []string {
	var marks []int
	for _, l := range links {
		marks = append(marks, l.Index)
	}
	slices.Sort(marks)
	var labels []string
	for _, m := range slices.Compact(marks) {
		labels = append(labels, strconv.Itoa(m))
	}
	return labels
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
