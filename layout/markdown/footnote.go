package markdown

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Footnotes go at the end, under a short rule, in a smaller size, numbered
// like an ordered list.
func (r *walker) footnoteList(n ast.Node, entering bool) ast.WalkStatus {
	if entering {
		r.space(1.2 * r.em)
		r.emit(box{h: 1.6, keep: true, draw: func(c canvas, x, y float64) {
			rule(c, x, x+30, y+0.4, pen{width: 0.25, color: colRule})
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
	ls := r.lists[len(r.lists)-1]
	if entering {
		f := r.cur().face()
		f.style = "B"
		f.color = colAccent
		s := strconv.Itoa(n.(*east.Footnote).Index)
		if n.PreviousSibling() != nil {
			r.space(itemGap * r.em)
		}
		r.marker = &marker{s: s, f: f, x: r.indent + ls.step - 1.3 - f.width(s)}
		r.indent += ls.step
		r.hold = true
		return ast.WalkContinue
	}
	r.indent -= ls.step
	r.space(itemGap * r.em)
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
	s.color = colAccent
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
