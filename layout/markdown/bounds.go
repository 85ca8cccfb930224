package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// Parse parses md as the PDF and HTML renderers and the card decks read
// it, after holding it to the bounds of a template's Markdown: goldmark's
// work, and the renderer's, grow faster than the text on some shapes of
// it (lists and quotes nested deep, many brackets in a paragraph),
// so those are refused, each at its line of file, before the work is
// spent. The Markdown's size is bounded where the template makes it
// (limits.MaxTemplateOutput).
func Parse(md []byte, file string) (ast.Node, error) {
	return parseIn(md, file, parser.NewContext())
}

// parseIn is Parse in the parse's context pc.
func parseIn(md []byte, file string, pc parser.Context) (ast.Node, error) {
	var errs diag.List
	line := 0
	for rest := md; len(rest) > 0; {
		line++
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		at := diag.Pos{File: file, Line: line}
		if n := indent(l); n > limits.MaxMarkdownIndent {
			errs.Add(at, "the line is indented %d columns (spaces, tabs and > marks before its text); expected at most %d: lists and quotes nested that deep take the renderer too long", n, limits.MaxMarkdownIndent)
		}
		if len(errs) > limits.MaxErrors {
			break
		}
	}
	if len(errs) > 0 {
		return nil, errs.Trim(limits.MaxErrors)
	}
	doc := sharedParser().Parse(text.NewReader(md), parser.WithContext(pc))
	if b, ok := pc.Get(bracketsKey).(brackets); ok {
		errs.Add(diag.Pos{File: file, Line: lineAt(md, b.at)}, "the paragraph holds %d closing brackets (]: links and footnote marks); expected at most %d in a paragraph", b.n, limits.MaxMarkdownBrackets)
		return nil, errs
	}
	if n, deep := nesting(doc); deep != nil {
		errs.Add(diag.Pos{File: file, Line: lineAt(md, firstOffset(deep))}, "quotes and lists stand %d deep here, one within another; expected at most %d", n, limits.MaxMarkdownDepth)
		return nil, errs
	}
	return doc, nil
}

// bracketBound is a paragraph transformer, run after the table's (so a
// table's cells, read one by one, do not count): a paragraph with more
// closing brackets than limits.MaxMarkdownBrackets is dropped before its
// text is read, and the first such is kept in the parse's context for
// Parse to refuse.
type bracketBound struct{}

// bracketsKey holds the first paragraph bracketBound dropped.
var bracketsKey = parser.NewContextKey()

// brackets is a paragraph dropped: where it starts, and its brackets.
type brackets struct{ at, n int }

func (bracketBound) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines, src, n := node.Lines(), reader.Source(), 0
	for i := range lines.Len() {
		seg := lines.At(i)
		n += bytes.Count(seg.Value(src), []byte("]"))
	}
	if n <= limits.MaxMarkdownBrackets {
		return
	}
	if pc.Get(bracketsKey) == nil {
		pc.Set(bracketsKey, brackets{lines.At(0).Start, n})
	}
	node.Parent().RemoveChild(node.Parent(), node)
}

// indent is the width, in columns, of the spaces, tabs (to the next
// multiple of 4) and quote marks a line starts with.
func indent(l []byte) int {
	col := 0
	for _, c := range l {
		switch c {
		case ' ', '>':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col
		}
	}
	return col
}

// nesting finds the first quote or list that stands deeper than
// limits.MaxMarkdownDepth within others, and its depth.
func nesting(doc ast.Node) (int, ast.Node) {
	var deep ast.Node
	depth, worst := 0, 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Kind() != ast.KindBlockquote && n.Kind() != ast.KindList {
			return ast.WalkContinue, nil
		}
		if !entering {
			depth--
			return ast.WalkContinue, nil
		}
		depth++
		if depth > limits.MaxMarkdownDepth {
			deep, worst = n, depth
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return worst, deep
}

// firstOffset is where the first text of a block stands in the source.
func firstOffset(n ast.Node) int {
	for c := n; c != nil; c = c.FirstChild() {
		if c.Type() == ast.TypeBlock {
			if l := c.Lines(); l != nil && l.Len() > 0 {
				return l.At(0).Start
			}
		}
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start
		}
	}
	return n.Pos()
}

// lineAt is the 1-based line of byte offset off in src.
func lineAt(src []byte, off int) int {
	if off < 0 || off > len(src) {
		return 0
	}
	return bytes.Count(src[:off], []byte("\n")) + 1
}
