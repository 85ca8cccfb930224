package refcards

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/suggest"
	"github.com/playaid/playaid/layout/markdown"
)

// card is one rule or table as the template wrote it: its title and the
// Markdown of each side, which layout/markdown sets as the card's body.
type card struct {
	title string
	line  int       // where its heading stands in the Markdown
	sides [2]source // front, back
	back  bool      // the back has begun
	// oneSize: the deck sets every side at one size (<!-- one size -->
	// before its first card), the larger where every side fits it.
	oneSize bool
}

const (
	front = 0
	back  = 1
)

// source is the Markdown of a side: its lines of the deck's Markdown.
type source struct {
	md     []byte
	line   int        // the deck's line it starts on
	blocks []ast.Node // of the deck's tree
	// text is md parsed: its blocks of the deck's tree, with the
	// deck's footnotes they mark (Deck.Side), else, where the deck
	// defines link references, md parsed alone by the first layOut.
	text *markdown.CardText
}

var (
	comment   = regexp.MustCompile(`^<!--\s*(.*?)\s*-->$`)
	backWords = []string{"back"}
)

// oneSizeWord is the deck's directive, before its first card, that sets
// every side of the deck at one size.
const oneSizeWord = "one size"

// parse reads the Markdown a deck's template made into cards: a level-1
// heading starts a card, <!-- back --> its back, and each side is the
// Markdown between. A card prints headings, paragraphs, lists and tables;
// anything else is refused, every problem reported at its line of the
// Markdown (file names it).
func parse(md []byte, file string) ([]card, error) {
	md, defs := footnoteDefs(md)
	deck, err := markdown.ParseDeck(withDefs(md, defs), file)
	if err != nil {
		return nil, err
	}
	doc := deck.Doc
	p := parser{src: md, file: file}
	var cards []card
	faulty := map[int]bool{} // cards with a mistake of their own already reported
	var side *source         // the side being read
	oneSize := false
	// end ends the side being read before line.
	end := func(line int) {
		if side != nil && len(side.blocks) > 0 {
			side.md = p.lines(side.line, line)
		}
		side = nil
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		line := p.line(n)
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			end(line)
			title := strings.TrimSpace(p.plain(h))
			if title == "" {
				p.errorf(line, "a card without a title: write it after the #")
			}
			cards = append(cards, card{title: title, line: line})
			continue
		}
		if hb, ok := n.(*ast.HTMLBlock); ok && len(cards) == 0 {
			if w, ok := p.comment(hb); ok && strings.ToLower(w) == oneSizeWord {
				oneSize = true
				continue
			}
		}
		if len(cards) == 0 {
			p.errorf(line, "%s before the first card: start every card with its title as a level-1 heading (# Title)", kindName(n))
			continue
		}
		c := &cards[len(cards)-1]
		if hb, ok := n.(*ast.HTMLBlock); ok {
			if p.directive(hb, c, line) {
				end(line)
			}
			continue
		}
		before := len(p.errs)
		p.block(n, c, line)
		if len(p.errs) > before {
			faulty[len(cards)-1] = true
		}
		s := &c.sides[front]
		if c.back {
			s = &c.sides[back]
		}
		if len(s.blocks) == 0 {
			s.line = line
		}
		s.blocks = append(s.blocks, n)
		side = s
	}
	end(len(p.nl) + 2) // to the end of the Markdown
	for k := range cards {
		cards[k].oneSize = oneSize
	}
	for k, c := range cards {
		switch {
		case faulty[k]:
		case len(c.sides[front].blocks) == 0:
			p.errorf(c.line, "card %q has nothing on its front", c.title)
		case !c.back:
			p.errorf(c.line, "card %q has no back: after its front write <!-- back --> and the odds that go with it, or a short reminder", c.title)
		case len(c.sides[back].blocks) == 0:
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
	// A side is its lines of the deck with the definitions of the
	// footnotes it marks after them: the deck, parsed with the
	// definitions its sides mark after it, holds its blocks and those
	// footnotes (only a deck that defines link references has its sides
	// parsed again, layOut).
	for k := range cards {
		for s := range cards[k].sides {
			side := &cards[k].sides[s]
			md := withDefs(side.md, defs)
			side.text = deck.Side(side.blocks)
			side.md, side.blocks = md, nil
		}
	}
	return cards, nil
}

// A card's footnotes are the lines of the readings it marks (the
// pipeline writes their definitions at the end of the deck's Markdown):
// each side carries the definitions of the marks it prints, which print
// under the block that marks them, on the same side of the same card.

var (
	footDef = regexp.MustCompile(`(?m)^\[\^([^\]\s]+)\]: .*$`)
	footRef = regexp.MustCompile(`\[\^([^\]\s]+)\]`)
)

// footnoteDefs takes the footnotes' definitions out of md, each line
// left blank so the lines keep their numbers, and returns them by label.
//
// A definition is a whole line, so only the lines that start as one are
// matched against footDef: a multi-line pattern anchored at line starts
// is tried at every byte of the deck, which took a tenth of a deck's
// work.
func footnoteDefs(md []byte) ([]byte, map[string][]byte) {
	defs := map[string][]byte{}
	var out []byte
	kept := 0 // md[kept:] is not yet in out
	for start := 0; start < len(md); {
		end := len(md)
		if i := bytes.IndexByte(md[start:], '\n'); i >= 0 {
			end = start + i
		}
		if line := md[start:end]; bytes.HasPrefix(line, []byte("[^")) {
			if m := footDef.FindSubmatch(line); m != nil {
				defs[string(m[1])] = slices.Clone(line)
				out = append(out, md[kept:start]...)
				kept = end // the line is left blank
			}
		}
		start = end + 1
	}
	if len(defs) == 0 {
		return md, nil
	}
	return append(out, md[kept:]...), defs
}

// withDefs is Markdown (a side's, or a deck's) with the definitions of
// the footnotes it references after it.
func withDefs(md []byte, defs map[string][]byte) []byte {
	var tail [][]byte
	var seen []string
	for _, m := range footRef.FindAllSubmatch(md, -1) {
		label := string(m[1])
		if d, ok := defs[label]; ok && !slices.Contains(seen, label) {
			seen = append(seen, label)
			tail = append(tail, d)
		}
	}
	if len(tail) == 0 {
		return md
	}
	out := append(slices.Clone(md), '\n')
	for _, d := range tail {
		out = append(append(out, '\n'), d...)
	}
	return append(out, '\n')
}

// block checks a block of a card's side: headings, paragraphs, lists of
// one paragraph an item, and tables.
func (p *parser) block(n ast.Node, c *card, line int) {
	switch n.(type) {
	case *ast.Heading, *ast.Paragraph, *ast.TextBlock, *east.Table:
	case *ast.List:
		for it := n.FirstChild(); it != nil; it = it.NextSibling() {
			for b := it.FirstChild(); b != nil; b = b.NextSibling() {
				switch b.(type) {
				case *ast.Paragraph, *ast.TextBlock:
				default:
					p.errorf(p.line(b), "%s inside a list item: a card's list items are one paragraph each", kindName(b))
				}
			}
		}
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
// <!-- back --> is known there (<!-- one size --> goes before the first
// card). It reports whether the back begins.
func (p *parser) directive(n *ast.HTMLBlock, c *card, line int) bool {
	words, ok := p.comment(n)
	switch {
	case !ok:
		p.errorf(line, "raw HTML in card %q: cards print Markdown only", c.title)
	case strings.ToLower(words) == oneSizeWord:
		p.errorf(line, "<!-- %s --> in card %q: it sets the whole deck, so it goes before the first card", words, c.title)
	case strings.ToLower(words) != "back":
		p.errorf(line, "unknown directive <!-- %s --> in card %q: %s", words, c.title, suggestBack(words))
	case c.back:
		p.errorf(line, "a second <!-- back --> in card %q: a card has one back", c.title)
	default:
		c.back = true
		return true
	}
	return false
}

// comment is the words of an HTML comment block; ok is false for other
// HTML.
func (p *parser) comment(n *ast.HTMLBlock) (words string, ok bool) {
	var raw bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		raw.Write(seg.Value(p.src))
	}
	m := comment.FindStringSubmatch(strings.TrimSpace(raw.String()))
	if m == nil {
		return "", false
	}
	return m[1], true
}

func suggestBack(got string) string {
	if suggest.Closest(strings.ToLower(got), backWords) != "" {
		return "did you mean <!-- back -->?"
	}
	return "the only directive is <!-- back -->, which starts a card's back"
}

// plain is the text of a heading, without its emphasis.
func (p *parser) plain(n ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(p.src)
			if !c.IsRaw() {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b.Write(v)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteString(" ")
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// lines returns the Markdown's lines from line first up to (not with)
// line last.
func (p *parser) lines(first, last int) []byte {
	p.lineAt(0) // the newlines, found
	// at is where line starts.
	at := func(line int) int {
		if line <= 1 {
			return 0
		}
		if line-2 < len(p.nl) {
			return p.nl[line-2] + 1
		}
		return len(p.src)
	}
	return p.src[at(first):at(last)]
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
