package refcards

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/suggest"
	"github.com/playaid/playaid/layout/markdown"
)

// card is one rule or table as the template wrote it: its title and what
// each side says.
type card struct {
	title string
	line  int        // where its heading stands in the Markdown
	sides [2][]block // front, back
	back  bool       // the back has begun
}

const (
	front = 0
	back  = 1
)

type blockKind uint8

const (
	blockHeading blockKind = iota // ## a small heading inside a side
	blockPara
	blockItem // one item of a list
	blockTable
)

// block is a paragraph, heading, list item or table of a card's side.
type block struct {
	kind  blockKind
	text  []span     // heading, paragraph, list item
	mark  string     // list item: "•", or its number ("2.")
	head  [][]span   // table: the header cells
	rows  [][][]span // table: the rows' cells
	right []bool     // table: right-aligned columns
	line  int
}

// span is a run of text in one style ("", "B", "I" or "BI"); br is a line
// break, with no text.
type span struct {
	s     string
	style string
	br    bool
}

var (
	comment   = regexp.MustCompile(`^<!--\s*(.*?)\s*-->$`)
	backWords = []string{"back"}
)

// parse reads the Markdown a deck's template made into cards. Every
// problem is reported, at its line of the Markdown (file names it).
func parse(md []byte, file string) ([]card, error) {
	doc, err := markdown.Parse(md, file)
	if err != nil {
		return nil, err
	}
	p := parser{src: md, file: file}
	var cards []card
	faulty := map[int]bool{} // cards with a mistake of their own already reported
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		line := p.line(n)
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			title := strings.TrimSpace(plain(p.spans(h)))
			if title == "" {
				p.errorf(line, "a card without a title: write it after the #")
			}
			cards = append(cards, card{title: title, line: line})
			continue
		}
		if len(cards) == 0 {
			p.errorf(line, "%s before the first card: start every card with its title as a level-1 heading (# Title)", kindName(n))
			continue
		}
		before := len(p.errs)
		p.block(n, &cards[len(cards)-1], line)
		if len(p.errs) > before {
			faulty[len(cards)-1] = true
		}
	}
	for k, c := range cards {
		switch {
		case faulty[k]:
		case len(c.sides[front]) == 0:
			p.errorf(c.line, "card %q has nothing on its front", c.title)
		case !c.back:
			p.errorf(c.line, "card %q has no back: after its front write <!-- back --> and the odds that go with it, or a short reminder", c.title)
		case len(c.sides[back]) == 0:
			p.errorf(c.line, "card %q has nothing on its back: write the odds that go with it, or a short reminder, after <!-- back -->", c.title)
		}
	}
	if len(cards) == 0 && len(p.errs) == 0 {
		p.errorf(1, "no cards: start every card with its title as a level-1 heading (# Title)")
	}
	if len(p.errs) > 0 {
		p.errs.Sort()
		return nil, p.errs
	}
	return cards, nil
}

// block adds a block of the Markdown to the card it belongs to.
func (p *parser) block(n ast.Node, c *card, line int) {
	side := &c.sides[front]
	if c.back {
		side = &c.sides[back]
	}
	switch n := n.(type) {
	case *ast.HTMLBlock:
		p.directive(n, c, line)
	case *ast.Heading:
		*side = append(*side, block{kind: blockHeading, text: p.spans(n), line: line})
	case *ast.Paragraph, *ast.TextBlock:
		*side = append(*side, block{kind: blockPara, text: p.spans(n), line: line})
	case *ast.List:
		p.list(n, side)
	case *east.Table:
		*side = append(*side, p.table(n, line))
	default:
		p.errorf(line, "%s in card %q: cards print headings, paragraphs, lists and tables", kindName(n), c.title)
	}
}

type parser struct {
	src  []byte
	file string
	errs diag.List
	nl   []int // the offsets of src's newlines, found once (lineAt)
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.errs.Add(diag.Pos{File: p.file, Line: line, Col: 1}, format, args...)
}

// directive reads an HTML comment between a card's blocks: only
// <!-- back --> is known.
func (p *parser) directive(n *ast.HTMLBlock, c *card, line int) {
	var raw bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		raw.Write(seg.Value(p.src))
	}
	m := comment.FindStringSubmatch(strings.TrimSpace(raw.String()))
	switch {
	case m == nil:
		p.errorf(line, "raw HTML in card %q: cards print Markdown only", c.title)
	case strings.ToLower(m[1]) != "back":
		p.errorf(line, "unknown directive <!-- %s --> in card %q: %s", m[1], c.title, suggestBack(m[1]))
	case c.back:
		p.errorf(line, "a second <!-- back --> in card %q: a card has one back", c.title)
	default:
		c.back = true
	}
}

func suggestBack(got string) string {
	if suggest.Closest(strings.ToLower(got), backWords) != "" {
		return "did you mean <!-- back -->?"
	}
	return "the only directive is <!-- back -->, which starts a card's back"
}

// list adds a list's items to side, one block each.
func (p *parser) list(l *ast.List, side *[]block) {
	num := l.Start
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		mark := "•"
		if l.IsOrdered() {
			mark = strconv.Itoa(num) + "."
			num++
		}
		b := block{kind: blockItem, mark: mark, line: p.line(it)}
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			switch c.(type) {
			case *ast.Paragraph, *ast.TextBlock:
				if len(b.text) > 0 {
					b.text = append(b.text, span{br: true})
				}
				b.text = append(b.text, p.spans(c)...)
			default:
				p.errorf(p.line(c), "%s inside a list item: a card's list items are one paragraph each", kindName(c))
			}
		}
		*side = append(*side, b)
	}
}

// table reads a GFM table: header, rows and which columns are
// right-aligned.
func (p *parser) table(t *east.Table, line int) block {
	b := block{kind: blockTable, line: line}
	for _, a := range t.Alignments {
		b.right = append(b.right, a == east.AlignRight)
	}
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells [][]span
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, p.spans(c))
		}
		if _, ok := r.(*east.TableHeader); ok {
			b.head = cells
			continue
		}
		b.rows = append(b.rows, cells)
	}
	return b
}

// spans collects the inline text of n in its styles.
func (p *parser) spans(n ast.Node) []span {
	var out []span
	p.inline(n, "", &out)
	return out
}

func (p *parser) inline(n ast.Node, style string, out *[]span) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(p.src)
			if !c.IsRaw() {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			*out = append(*out, span{s: string(v), style: style})
			switch {
			case c.HardLineBreak():
				*out = append(*out, span{br: true})
			case c.SoftLineBreak():
				*out = append(*out, span{s: " ", style: style})
			}
		case *ast.String:
			*out = append(*out, span{s: string(c.Value), style: style})
		case *ast.Emphasis:
			st := style
			if c.Level >= 2 {
				st = addStyle(st, "B")
			} else {
				st = addStyle(st, "I")
			}
			p.inline(c, st, out)
		case *ast.RawHTML:
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(string(c.Segments.Value(p.src)))), "<br") {
				*out = append(*out, span{br: true})
			}
		case *ast.AutoLink:
			*out = append(*out, span{s: string(c.URL(p.src)), style: style})
		default:
			p.inline(c, style, out)
		}
	}
}

// addStyle adds B or I to a style, keeping the order fpdf knows ("BI").
func addStyle(style, add string) string {
	b := strings.Contains(style, "B") || add == "B"
	i := strings.Contains(style, "I") || add == "I"
	switch {
	case b && i:
		return "BI"
	case b:
		return "B"
	case i:
		return "I"
	}
	return ""
}

// plain is the text of spans without styles.
func plain(ss []span) string {
	var b strings.Builder
	for _, s := range ss {
		if s.br {
			b.WriteString(" ")
		}
		b.WriteString(s.s)
	}
	return b.String()
}

// line is the Markdown line a block starts on.
func (p *parser) line(n ast.Node) int {
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		if f.Info != nil {
			return p.lineAt(f.Info.Segment.Start) // the fence, not the code
		}
		if l := f.Lines(); l.Len() > 0 {
			return p.lineAt(l.At(0).Start) - 1
		}
	}
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return p.lineAt(l.At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.FirstChild() {
		if l := c.Lines(); c.Type() == ast.TypeBlock && l != nil && l.Len() > 0 {
			return p.lineAt(l.At(0).Start)
		}
		if t, ok := c.(*ast.Text); ok {
			return p.lineAt(t.Segment.Start)
		}
	}
	return p.lineAt(n.Pos())
}

func (p *parser) lineAt(offset int) int {
	if offset < 0 {
		return 1
	}
	if p.nl == nil {
		p.nl = []int{}
		for i, c := range p.src {
			if c == '\n' {
				p.nl = append(p.nl, i)
			}
		}
	}
	// The newlines before offset.
	n, _ := slices.BinarySearch(p.nl, min(offset, len(p.src)))
	return n + 1
}

// kindName is what a block is called in messages.
func kindName(n ast.Node) string {
	switch n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return "text"
	case *ast.Heading:
		return "a heading"
	case *ast.List:
		return "a list"
	case *east.Table:
		return "a table"
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return "a code block"
	case *ast.Blockquote:
		return "a quotation"
	case *ast.ThematicBreak:
		return "a rule (---)"
	case *ast.HTMLBlock:
		return "an HTML comment or block"
	case *east.FootnoteList:
		return "footnotes"
	}
	return n.Kind().String()
}
