package markdown

import (
	"sync"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// The tries of one layout (layParsed) differ in the space between blocks
// and in where pages break, never in what a block sets: a paragraph's
// words in the same style broken at the same width, a table fitted to
// the same width. So the first try to set a block keeps what it set, and
// the others take it rather than walk the block's text and set it again.
// Nothing changes what is set once it is (lines share their tokens, and
// so do the tries).
type sets struct {
	text   map[setKey]setText
	tables map[setKey]*setTable
	links  map[ast.Node][]int // footnoteLinks
	src    string             // the source as a string (walker.source)
	ch     *chunks            // where the tries' tokens and lines go
	specs  *specs             // the tokens'
}

// chunks are where a layout's tokens (openInlines) and lines
// (breakLines) go, block after block, and its placed boxes (flow.take),
// region after region: the tries of a layout share them, and so do the
// sides of a card deck, whose every try sets a few short blocks on one
// card: each try starting chunks of its own left most of them empty.
// Nothing is set into them at once by two layouts (Source.mu,
// CardText.Measure).
type chunks struct {
	size   int // the bytes of Markdown the tokens come from: the first chunk is sized for them
	lines  []line
	toks   []tok
	placed []placed // flow.take
	// scratch is the buffers the last flow placed with, for the next.
	scratch scratch
	// specs are a deck's sides' tokens' (CardText.Measure): each try of
	// a side has sets of its own.
	specs *specs
	// table holds the buffers of the last table set (tableNode): the
	// next reads its cells into them.
	table tableState
	mu    sync.Mutex // a deck's sides' layouts, one at a time
}

// newSets is a layout's sets, its tokens' specs from ss (new where nil).
func newSets(ss *specs) *sets {
	if ss == nil {
		ss = newSpecs()
	}
	return &sets{text: map[setKey]setText{}, tables: map[setKey]*setTable{}, links: map[ast.Node][]int{}, specs: ss}
}

// setKey is what a block's setting depends on beyond the block: the
// style it starts in, its width and, for a table, whether it shrinks
// rather than wrap its prose (plan.shrink).
type setKey struct {
	n      ast.Node
	st     style
	w      float64
	shrink bool
}

// setText is a block's text set: its tokens and its lines.
type setText struct {
	toks  inlines
	lines []line
}

func (r *walker) setKey(n ast.Node, shrink bool) setKey {
	return setKey{n: n, st: r.cur(), w: r.width(), shrink: shrink}
}

// openText starts the text of block n (a paragraph or a heading). Where
// another try set it, the walk skips n's children and closeText returns
// that.
func (r *walker) openText(n ast.Node) ast.WalkStatus {
	if s, ok := r.sets.text[r.setKey(n, false)]; ok {
		r.known = s
		return ast.WalkSkipChildren
	}
	r.openInlines()
	return ast.WalkContinue
}

// closeText ends the text of block n: its tokens and its lines.
func (r *walker) closeText(n ast.Node) (inlines, []line) {
	if r.in == nil { // set by another try (openText)
		s := r.known
		r.known = setText{}
		return s.toks, s.lines
	}
	toks := r.closeInlines()
	s := setText{toks: toks, lines: r.breakLines(toks, r.width(), r.cur().size)}
	r.sets.text[r.setKey(n, false)] = s
	return s.toks, s.lines
}

// footnoteLinks are the indices of the footnotes block n links to, in
// the order of its links.
func (r *walker) footnoteLinks(n ast.Node) []int {
	if l, ok := r.sets.links[n]; ok {
		return l
	}
	l := linkedNotes(n)
	r.sets.links[n] = l
	return l
}

// linkedNotes are the indices of the footnotes n links to, in the order
// of its links.
func linkedNotes(n ast.Node) []int {
	var l []int
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if fl, ok := c.(*east.FootnoteLink); ok && entering {
			l = append(l, fl.Index)
		}
		return ast.WalkContinue, nil
	})
	return l
}
