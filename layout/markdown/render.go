package markdown

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
)

// The look of a sheet. Sizes are multiples of the body size, spaces
// multiples of its em (BaseSize in mm).
var (
	colText   = rgb{26, 26, 26}
	colAccent = rgb{29, 53, 87}    // headings, h1 rule, quote bar
	colMuted  = rgb{95, 102, 112}  // running header and footer
	colRule   = rgb{160, 168, 178} // thin rules
	colHead   = rgb{220, 228, 238} // table header row
	colZebra  = rgb{243, 245, 248} // every other table row
	colQuote  = rgb{238, 242, 246} // block quote background
	colCode   = rgb{236, 238, 241} // code background
)

// minText is the smallest size, in points, that body text, table cells,
// footnotes, code and chart labels are set in: the print standard's bar.
// Smaller parts of a sheet (footnotes, code, table cells that shrink to
// fit) go down to it and no further. A body size under it (BaseSize 6–7)
// is used as it is, never shrunk; only footnote marks are smaller, as
// superscripts are.
const minText = 7.0

// minMark is the smallest size of a footnote mark: the print standard's
// floor for every character.
const minMark = 6.5

// smaller is size × f, but not under minText (nor over size).
func smaller(size, f float64) float64 { return max(size*f, min(size, minText)) }

const (
	lead      = 1.3 // body line height / font size
	tableLead = 1.2
	paraGap   = 0.6 // em between paragraphs
	itemGap   = 0.2 // em between items of a tight list
	columnGap = 6.0 // mm between two columns
)

// style is an entry of the style stack.
type style struct {
	bold, italic, mono, strike bool
	size                       float64
	color                      rgb
	rise                       float64 // baseline shift, mm (negative is up)
	bg                         rgb
	hasBg                      bool
}

func (s style) face() face {
	if s.mono {
		return newFace(layout.FontMono, "", s.size, s.color)
	}
	st := "" // constants, not built: a face is made for every run of text
	switch {
	case s.bold && s.italic:
		st = "BI"
	case s.bold:
		st = "B"
	case s.italic:
		st = "I"
	}
	return newFace(layout.Font, st, s.size, s.color)
}

// deco is the background of a block quote, drawn behind every box inside
// it, so the quote stays boxed across column breaks.
type deco struct {
	x0, x1 float64 // relative to the column's left edge
	accent rgb     // the bar's
}

func (d deco) draw(c canvas, x, y, h float64) {
	c.Fill(x+d.x0, y, d.x1-d.x0, h, colQuote)
	c.Fill(x+d.x0, y, 0.7, h, d.accent)
}

// marker is a list bullet or number waiting for the first line of its item.
type marker struct {
	s string
	f face
	x float64 // relative to the column's left edge
}

type listState struct {
	ordered bool
	n       int // number of the next item
	tight   bool
	step    float64 // indent of the items
}

// walker renders one document: goldmark walks the tree once and calls the
// method funcs holds for each node's kind on entering and leaving it.
type walker struct {
	src    []byte
	opt    Options
	lk     *look   // the document's look: a sheet's or a card's
	em     float64 // body em in mm
	fl     *flow
	styles []style
	in     *inlines // where inline content goes (&inBuf), nil between blocks
	inBuf  inlines
	sets   *sets   // what the layout's tries have set
	known  setText // a block's text another try set (openText)
	gap    float64 // space wanted before the next box
	hold   bool    // ignore space requests until the next box
	indent float64 // of the current block from the column's left edge
	rind   float64 // right indent
	decos  []deco
	marker *marker
	lists  []*listState
	table  *tableState
	nl     []int // offsets of the newlines in src
	line   int   // source line of the block being rendered, for Measure
	// plan scales the space between blocks of a part of the document,
	// by the page breaks before it, or of a page (1 where it has none;
	// less to save a part's nearly empty last page, or to keep a short
	// section on its page), and starts a page with a heading (lay).
	plan      plan
	headLevel uint8 // the level of the heading whose lines are emitted
	breaks    int   // page breaks so far
	breakAt   []int // their source lines
	ends      []int // the last page of each section a page break ended
	errs      diag.List
	// wrapped says a table led by prose wrapped it rather than shrink
	// (tableScale): layParsed weighs the layout against shrinking.
	wrapped bool
	// fitted is what was fitted to its column (noteFit).
	fitted diag.List
	// Footnotes print under the block that first marks them on a page
	// (see footnotesAfter): notes are the document's, by index; shown the
	// page each last printed on; waiting those marked by a heading, for
	// after the block it heads.
	notes   map[int]*east.Footnote
	shown   map[int]int
	waiting []int
	after   bool // printing footnotes under their block
	// noteLine is the line of the block whose footnotes are being
	// printed under it: their boxes are its (Layout.EndBefore, Page).
	noteLine int
	// keepFrom is the first of the lines being emitted that keeps with
	// the next box, beyond what their rule keeps (-1: none): those from a
	// footnote's mark to the footnotes under the paragraph.
	keepFrom int
	// whole: the next paragraph is kept whole (a keep directive).
	whole bool
	// split: the next box may start a page its section goes over (a
	// split directive).
	split bool
	// notesLeft counts the footnotes under a block still to print after
	// the one being printed: they keep together.
	notesLeft int
	// labels are the footnotes' labels by index: a footnote prints its
	// label as its mark (a reading's "R3").
	labels map[int]string
	// markRuns are the runs of footnote marks the boxes print, with the
	// heading they stand under (see box.marks); head is the last heading.
	markRuns []landedRun
	head     string
	visit    func(n ast.Node, entering bool) (ast.WalkStatus, error)
	// ink is how much column the boxes emitted so far fill without the
	// space between them (a box in one of two columns counting half):
	// no spacing sets them on fewer pages than it takes, as a page's
	// regions stack and a region of two columns is at least half as
	// tall as its boxes. over: with
	// Options.onePage, the walk stopped as the document cannot take one
	// page at any spacing (ink past a column, or a table fitted).
	ink  float64
	over bool
	// counted is the document's pages as Options.Pages counts them
	// (pagesOf), 0 until asked.
	counted int
}

// source is the source as a string, made once for the layout's tries:
// the tokens of text nodes are cut from it rather than each making a
// string of its own.
func (r *walker) source() string {
	if r.sets.src == "" {
		r.sets.src = string(r.src)
	}
	return r.sets.src
}

// render lays src out and draws it on c; with c nil it only lays it out.
func render(src []byte, opt Options, c canvas) (*walker, error) {
	r, err := lay(src, opt)
	if err != nil {
		return nil, err
	}
	if c != nil {
		r.draw(c, opt.ExtraPages)
	}
	return r, nil
}

// lay lays src out: the walker it returns holds the placed boxes, ready
// to draw.
//
// When the last page of a section — the part of a document between page
// breaks — would hold little, a few lines of a section that almost fits
// one page fewer, the layout is tried again with the space between that
// section's blocks tightened (squeezes), and the first that saves the
// page is kept. Each section is tightened on its own: a page break starts
// afresh, so only a section's own blocks can save its last page, and the
// sections are decided in order, each on its own content. So a document
// laid out up to a page break lays out its sections as the whole document
// does (a caller may have done that and drawn on the page it found).
// Measure-then-place makes the trials cheap: nothing is drawn until a
// layout is chosen.
func lay(src []byte, opt Options) (*walker, error) {
	doc, nl, err := parse(src, opt)
	if err != nil {
		return nil, err
	}
	return layParsed(doc, src, nl, opt, newSets(nil))
}

// parse parses src (Parse: within the bounds of a template's Markdown),
// and finds its newlines, for the lines of messages.
func parse(src []byte, opt Options) (ast.Node, []int, error) {
	doc, err := Parse(src, opt.File)
	if err != nil {
		if l, ok := diag.AsList(err); ok && opt.firstLine > 1 {
			for i := range l {
				if l[i].Line > 0 {
					l[i].Line += opt.firstLine - 1
				}
			}
			return nil, nil, l
		}
		return nil, nil, err
	}
	return doc, newlines(src), nil
}

// newlines are the offsets of src's newlines.
func newlines(src []byte) []int {
	var nl []int
	for i, b := range src {
		if b == '\n' {
			nl = append(nl, i)
		}
	}
	return nl
}

// layParsed is lay on src parsed, its tries sharing what they set with
// each other and with the layouts set holds already.
func layParsed(doc ast.Node, src []byte, nl []int, opt Options, set *sets) (*walker, error) {
	r, err := layPlanned(doc, src, nl, opt, plan{}, set)
	if err != nil || !r.wrapped {
		return r.letGo(), err
	}
	// A table led by prose wraps it at its size (tableScale) where that
	// costs the document nothing: every heading on the page it had, no
	// page more, no section more split across pages. Else its tables
	// shrink, and what was on a page stays there.
	s, err := layPlanned(doc, src, nl, opt, plan{shrink: true}, set)
	if err != nil || !costs(r, s, opt) {
		return r.letGo(), nil
	}
	return s.letGo(), nil
}

// letGo lets go of what only laying the document out needs — its tree,
// what the tries set — once r is the layout chosen: a Layout is kept
// until it is drawn (a deck's cards all at once), and it draws from its
// boxes.
func (r *walker) letGo() *walker {
	if r != nil {
		r.visit, r.notes, r.sets, r.opt.notes = nil, nil, nil, nil
	}
	return r
}

// costs reports whether layout w costs its reader against s: more
// pages, more sections split across pages, or a heading on another page.
func costs(w, s *walker, opt Options) bool {
	if pagesOf(w, opt) != pagesOf(s, opt) || len(w.fl.splitSections()) > len(s.fl.splitSections()) {
		return true
	}
	// A heading w sets on a later page than s does is what the wrap
	// costs; one it sets earlier (a section s moves whole, w splits
	// where it may) costs nothing.
	wh, sh := w.fl.headingPages(), s.fl.headingPages()
	if len(wh) != len(sh) {
		return true
	}
	for i := range wh {
		if wh[i] > sh[i] {
			return true
		}
	}
	return false
}

// pagesOf is the pages of w's document, as its caller counts them: once
// for each walker, as the tries weigh a layout against each of theirs.
func pagesOf(w *walker, opt Options) int {
	if opt.Pages == nil {
		return w.fl.pages
	}
	if w.counted == 0 {
		w.counted = opt.Pages(measured(w))
	}
	return w.counted
}

// layPlanned lays doc out from the plan start, as layParsed says, its
// tries sharing what they set (set).
func layPlanned(doc ast.Node, src []byte, nl []int, opt Options, start plan, set *sets) (*walker, error) {
	lw := func(pl plan) (*walker, error) { return walk(doc, src, nl, opt, pl, set) }
	r, err := lw(start)
	if err != nil || r.over {
		return r, err // over: no spacing makes it one page
	}
	r, pl := squeezeParts(r, start, lw)
	pages := func(w *walker) int { return pagesOf(w, opt) }
	// A short section that would run over a page is kept on one: its
	// reader looks once. Its page is tightened to take it whole; else it
	// starts the next page, where the page it leaves is still filled to
	// minFill. Neither at the cost of a page. Outer sections first; each
	// change moves what follows, so the layout is read again.
	tried := map[int]bool{}
	for range maxMoves {
		if opt.frame[0] > 0 {
			break // a card: one page, which its typesetter fits
		}
		var sec *splitSection
		for _, c := range r.fl.splitSections() {
			if !tried[c.line] {
				sec = &c
				break
			}
		}
		if sec == nil {
			break
		}
		tried[sec.line] = true
		whole := func(t *walker) bool {
			return pages(t) <= pages(r) && !slices.ContainsFunc(t.fl.splitSections(), func(c splitSection) bool { return c.line == sec.line })
		}
		if t, tp, ok := pullBack(r, pl, *sec, lw, whole); ok {
			r, pl = t, tp
			continue
		}
		if sec.reach < minFill || sec.here+sec.spill > r.fl.colHeight()*float64(sec.cols)*maxMoved {
			continue
		}
		if last := r.fl.pages; opt.Pages == nil && sec.here/2 > (1-r.fl.fill(last))*r.fl.colHeight() {
			continue // the last page has no room for what would move
		}
		tp := pl.clone()
		tp.onNewPage[sec.line] = true
		t, err := lw(tp)
		if err != nil {
			continue
		}
		t, tp = squeezeParts(t, tp, lw)
		moved := tp
		// A page the move costs may be saved by tighter space in the
		// moved section's part of the document.
		part := t.partOf(sec.line)
		for _, k := range squeezes {
			if pages(t) <= pages(r) || tp.part[part] != 0 && tp.part[part] <= k {
				break
			}
			tight := tp.clone()
			tight.part[part] = k
			if u, err := lw(tight); err == nil {
				t, tp = u, tight
			}
		}
		// Else tighter space on the page it moved to alone, the rest as
		// it was: what costs the page may be what follows the section
		// there (a briefing's map).
		for _, k := range pullSqueezes {
			if pages(t) <= pages(r) {
				break
			}
			tight := moved.clone()
			tight.page[sec.page+1] = k
			if u, err := lw(tight); err == nil && pages(u) <= pages(r) {
				t, tp = u, tight
			}
		}
		if pages(t) <= pages(r) && t.fl.fill(sec.page) >= leftFill {
			r, pl = t, tp
		}
	}
	return r, nil
}

// plan is what a walk does beyond the Markdown: the space between blocks
// tightened in a part of the document (by the page breaks before it) or
// on a page, and the headings that start a page.
type plan struct {
	part      map[int]float64
	page      map[int]float64
	onNewPage map[int]bool
	// shrink sets tables led by prose as any other: their type shrinks
	// before their prose wraps (tableScale).
	shrink bool
}

func (p plan) clone() plan {
	c := plan{part: maps.Clone(p.part), page: maps.Clone(p.page), onNewPage: maps.Clone(p.onNewPage), shrink: p.shrink}
	if c.part == nil {
		c.part = map[int]float64{}
	}
	if c.page == nil {
		c.page = map[int]float64{}
	}
	if c.onNewPage == nil {
		c.onNewPage = map[int]bool{}
	}
	return c
}

// pullBack tightens the space between blocks on the page where section s
// starts until it ends there too, if that makes a layout ok accepts.
func pullBack(r *walker, pl plan, s splitSection, lw func(plan) (*walker, error), ok func(*walker) bool) (*walker, plan, bool) {
	for _, k := range pullSqueezes {
		if f, set := pl.page[s.page]; set && f <= k || s.gaps*(1-k) < s.spill {
			continue // already as tight, or too little space to take
		}
		tp := pl.clone()
		tp.page[s.page] = k
		t, err := lw(tp)
		if err == nil && ok(t) {
			return t, tp, true
		}
	}
	return r, pl, false
}

// partOf is the part of the document, counted in page breaks before it,
// that Markdown line src is in.
func (r *walker) partOf(src int) int {
	part := 0
	for _, b := range r.breakAt {
		if b < src {
			part++
		}
	}
	return part
}

// squeezeParts tightens the space between blocks of each part of the
// document (between page breaks) that would otherwise end on a nearly
// empty page, where that saves the page.
func squeezeParts(r *walker, pl plan, lw func(plan) (*walker, error)) (*walker, plan) {
	pl = pl.clone()
	for s := 0; s <= r.breaks; s++ {
		first, last := r.section(s)
		if _, done := pl.part[s]; done || last <= first || r.fl.fill(last) > lastPageSlack {
			continue
		}
		for _, sq := range squeezes {
			try := pl.clone()
			try.part[s] = sq
			t, err := lw(try)
			if err == nil && t.fl.pages < r.fl.pages {
				r, pl = t, try
				break
			}
		}
	}
	return r, pl
}

// draw puts the laid-out pages on c with their running header and
// footer, whose page count adds extra pages the caller draws after.
func (r *walker) draw(c canvas, extra int) {
	r.fl.draw(c, func(p int) { r.furniture(c, p, r.fl.pages+extra) })
}

// A section starts a new page only where it is at most maxMoved of its
// page's columns tall (of one column, or of two together), what comes
// before it reaches minFill of the way down its page and, once it has
// moved, still fills leftFill of the page's columns: a longer section
// would leave a hole. maxMoves bounds the tries.
const (
	maxMoved = 0.5
	minFill  = 0.6
	leftFill = 0.6
	maxMoves = 8
)

// A last page filled to lastPageSlack or less is worth saving by
// tightening the space between blocks to one of squeezes (× normal).
const lastPageSlack = 0.25

var squeezes = []float64{0.8, 0.6}

// pullSqueezes tighten the space between blocks on one page to keep a
// short section whole on it: a page, not a part, so it goes further.
var pullSqueezes = []float64{0.8, 0.6, 0.5, 0.4}

// section returns the first and last page of section s, the part of the
// document after s page breaks.
func (r *walker) section(s int) (first, last int) {
	first, last = 1, r.fl.pages
	if s > 0 && s-1 < len(r.ends) {
		first = r.ends[s-1] + 1
	}
	if s < len(r.ends) {
		last = r.ends[s]
	}
	return first, last
}

// walk lays doc out once, as pl plans, taking what the layout's other
// tries set from set and adding what it sets.
func walk(doc ast.Node, src []byte, nl []int, opt Options, pl plan, set *sets) (*walker, error) {
	if set.ch == nil {
		set.ch = &chunks{size: len(src)}
	}
	r := &walker{src: src, nl: nl, opt: opt, lk: opt.look, em: opt.BaseSize * ptMM, plan: pl, keepFrom: -1, sets: set}
	if r.lk == nil {
		r.lk = sheetLook
	}
	if w, h := opt.frame[0], opt.frame[1]; w > 0 {
		r.fl = newFlow(0, w, 0, h, columnGap, 1, set.ch) // a card's body: a page of its own
	} else {
		m := opt.Margin
		r.fl = newFlow(m, opt.Paper.Width-m, m+headerH, opt.Paper.Height-m-footerH, columnGap, opt.Columns, set.ch)
	}
	r.styles = []style{{size: opt.BaseSize, color: r.lk.text}}
	r.fl.lineH = r.em * r.lk.lead
	r.visit = func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if opt.onePage && (r.ink > r.fl.colHeight()+inkSlack || len(r.fitted) > 0) {
			r.over = true
			return ast.WalkStop, nil
		}
		if entering && n.Type() == ast.TypeBlock {
			r.line = r.nodeLine(n)
		}
		st := ast.WalkContinue
		if k := int(n.Kind()); k < len(funcs) && funcs[k] != nil {
			st = funcs[k](r, n, entering)
		}
		if !entering && n.Parent() == doc {
			r.footnotesAfter(n)
		}
		return st, nil
	}
	r.collectNotes(doc)
	err := ast.Walk(doc, r.visit)
	if err != nil {
		return nil, err
	}
	r.fl.finish()
	for _, e := range r.fl.errs {
		e.File = opt.File
		r.errs = append(r.errs, e)
	}
	if len(r.errs) > 0 {
		r.errs.Sort()
		return nil, r.errs
	}
	return r, nil
}

// kindFunc is the walker's method for a kind of node.
type kindFunc struct {
	kind ast.NodeKind
	f    func(r *walker, n ast.Node, entering bool) ast.WalkStatus
}

// funcs is the walker's method for each kind of node.
var funcs = byKind([]kindFunc{
	{ast.KindParagraph, (*walker).paragraph},
	{ast.KindTextBlock, (*walker).paragraph},
	{ast.KindHeading, (*walker).heading},
	{ast.KindThematicBreak, (*walker).thematicBreak},
	{ast.KindCodeBlock, (*walker).codeBlock},
	{ast.KindFencedCodeBlock, (*walker).codeBlock},
	{ast.KindHTMLBlock, (*walker).htmlBlock},
	{ast.KindBlockquote, (*walker).blockquote},
	{ast.KindList, (*walker).list},
	{ast.KindListItem, (*walker).listItem},
	{east.KindTable, (*walker).tableNode},
	{east.KindTableHeader, (*walker).tableRow},
	{east.KindTableRow, (*walker).tableRow},
	{east.KindTableCell, (*walker).tableCell},
	{east.KindFootnoteList, (*walker).footnoteList},
	{east.KindFootnote, (*walker).footnote},
	{ast.KindText, (*walker).text},
	{ast.KindString, (*walker).str},
	{ast.KindEmphasis, (*walker).emphasis},
	{east.KindStrikethrough, (*walker).strike},
	{ast.KindCodeSpan, (*walker).codeSpan},
	{ast.KindAutoLink, (*walker).autoLink},
	{ast.KindRawHTML, (*walker).rawHTML},
	{east.KindFootnoteLink, (*walker).footnoteLink},
	{east.KindFootnoteBacklink, func(*walker, ast.Node, bool) ast.WalkStatus { return ast.WalkSkipChildren }},
})

// byKind is a table from node kind (goldmark numbers them from 1 as
// they are registered) to method: a slice, not a map, as it is asked
// at every node.
func byKind(fs []kindFunc) []func(*walker, ast.Node, bool) ast.WalkStatus {
	n := 0
	for _, e := range fs {
		n = max(n, int(e.kind)+1)
	}
	out := make([]func(*walker, ast.Node, bool) ast.WalkStatus, n)
	for _, e := range fs {
		out[e.kind] = e.f
	}
	return out
}

// lineOf returns the 1-based source line of byte offset pos.
func (r *walker) lineOf(pos int) int {
	if pos < 0 {
		return 0
	}
	return sort.SearchInts(r.nl, pos) + max(r.opt.firstLine, 1)
}

// nodeLine is the source line a block starts on.
func (r *walker) nodeLine(n ast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return r.lineOf(l.At(0).Start)
	}
	for c := n.FirstChild(); c != nil; c = c.FirstChild() {
		if c.Type() == ast.TypeBlock { // an inline node panics when asked for lines
			if l := c.Lines(); l != nil && l.Len() > 0 {
				return r.lineOf(l.At(0).Start)
			}
		}
		if t, ok := c.(*ast.Text); ok {
			return r.lineOf(t.Segment.Start)
		}
	}
	return r.lineOf(n.Pos())
}

func (r *walker) errorf(line int, format string, args ...any) {
	r.errs.Add(diag.Pos{File: r.opt.File, Line: line}, format, args...)
}

// noteFit tells what a table had to give up to fit its column, w mm
// across, set at size pt: a warning for the person at the terminal
// (Layout.Fitted), as a font with wider letters than the Go font needs.
func (r *walker) noteFit(line int, f tableFit, size, w float64) {
	var how []string
	if f.narrowed {
		how = append(how, fmt.Sprintf("its cells' margins narrowed to %g mm", fitPad))
	}
	if f.under {
		how = append(how, fmt.Sprintf("its type set at %g pt, under the %g pt of the rest", size, f.floor))
	}
	if f.cut {
		how = append(how, "its longest words broken across lines")
	}
	r.fitted.Warn(diag.Pos{File: r.opt.File, Line: line}, "the table is too wide for its %.1f mm with this font's letters: fitted with %s", w, strings.Join(how, ", "))
}

// Style stack.

func (r *walker) cur() style   { return r.styles[len(r.styles)-1] }
func (r *walker) push(s style) { r.styles = append(r.styles, s) }
func (r *walker) pop()         { r.styles = r.styles[:len(r.styles)-1] }

// Boxes.

// width is the width available to the current block.
func (r *walker) width() float64 { return r.fl.colWidth() - r.indent - r.rind }

// space asks for at least h mm before the next box.
func (r *walker) space(h float64) {
	if !r.hold {
		r.gap = max(r.gap, h*r.squeezed())
	}
}

// squeezed is the factor the space between blocks is scaled by here.
func (r *walker) squeezed() float64 {
	f := 1.0
	if k := r.opt.Tight; k > 0 {
		f = k
	}
	if k, ok := r.plan.part[r.breaks]; ok {
		f = min(f, k)
	}
	if k, ok := r.plan.page[r.fl.pages]; ok {
		f = min(f, k)
	}
	return f
}

// flushGap puts the pending space down now, with the current decorations.
func (r *walker) flushGap() {
	if r.gap > 0 {
		r.fl.add(r.decorate(box{h: r.gap, space: true}))
	}
	r.gap = 0
}

// emit hands a box to the flow after the pending space.
func (r *walker) emit(b box) {
	switch {
	case r.noteLine > 0:
		b.line = int32(r.noteLine) // a footnote stands with the block that marks it
		b.keep = b.keep || !b.space && r.notesLeft > 0
	case b.line == 0:
		b.line = int32(r.line)
	}
	r.flushGap()
	r.hold = false
	if !b.space {
		r.ink += b.h / float64(r.fl.cols)
		// A split lets a section go over a page at the sheet's type,
		// not in a layout whose tables shrink to bring a break about.
		b.split, r.split = r.split && !r.plan.shrink, false
	}
	r.fl.add(r.wrap(b))
}

// inkSlack is far more than a column's boxes may overrun its foot
// (eps) or their heights' sum may be off by.
const inkSlack = 1e-3

// wrap shifts a box by the current indent and adds a waiting list marker
// and the quote backgrounds.
func (r *walker) wrap(b box) box {
	if l, base, ind := b.ln, b.base, r.indent; l != nil && (ind != 0 || r.marker != nil || len(r.decos) > 0) {
		// A line drawn around, or indented: a function after all.
		b.draw, b.ln = func(c canvas, x, y float64) { drawLine(c, *l, x+ind, y+base, 0, alignLeft) }, nil
	} else if draw := b.draw; draw != nil && ind != 0 {
		b.draw = func(c canvas, x, y float64) { draw(c, x+ind, y) }
	}
	if m := r.marker; m != nil && !b.space {
		r.marker = nil
		inner, base := b.draw, b.base
		if base == 0 {
			base = r.em
		}
		b.draw = func(c canvas, x, y float64) {
			if inner != nil {
				inner(c, x, y)
			}
			c.Text(x+m.x, y+base, m.s, m.f)
		}
	}
	return r.decorate(b)
}

func (r *walker) decorate(b box) box {
	if len(r.decos) == 0 {
		return b
	}
	ds, inner, h := slices.Clone(r.decos), b.draw, b.h
	b.draw = func(c canvas, x, y float64) {
		for _, d := range ds {
			d.draw(c, x, y, h)
		}
		if inner != nil {
			inner(c, x, y)
		}
	}
	return b
}

// keepRule says which lines of a block keep with the next box.
type keepRule uint8

const (
	keepLines keepRule = iota // the first and the second-to-last: no orphan, no widow
	keepNext                  // those and the last: the block introduces what follows
	keepAll                   // every line: headings, short introductions
	keepWhole                 // every line but the last: a block never split
)

// emitLines emits set lines, one box each, set left, keeping them with
// the next box as rule says. A box draws its line from where it is set,
// not a copy: every try of a layout emits them again.
func (r *walker) emitLines(lines []line, lineLead float64, rule keepRule, src int) {
	for i := range lines {
		l := &lines[i]
		h, base := l.height(lineLead), l.baseline(lineLead)
		keep := rule == keepAll || (len(lines) > 1 && (i == 0 || i == len(lines)-2)) || (rule == keepNext && i == len(lines)-1) ||
			(rule == keepWhole && i < len(lines)-1) || (r.keepFrom >= 0 && i >= r.keepFrom)
		r.emit(box{h: h, base: base, keep: keep, line: int32(src), what: aLine, marks: r.marksIn(*l), head: r.headLevel, ln: l})
	}
	r.keepFrom = -1
}

// introduces reports whether paragraph n introduces the block after it:
// a paragraph right before a table (its caption or the sentence that
// leads into it), or one ending in a colon before a list, a code block
// or a chart. It keeps with that block.
func (r *walker) introduces(n ast.Node) bool {
	next := n.NextSibling()
	if next == nil {
		return false
	}
	switch next.Kind() {
	case east.KindTable:
		return true
	case ast.KindList, ast.KindFencedCodeBlock, ast.KindCodeBlock:
		lines := n.Lines()
		if lines.Len() == 0 {
			return false
		}
		last := lines.At(lines.Len() - 1)
		end := bytes.TrimSpace(last.Value(r.src))
		end = trailingNotes.ReplaceAll(end, nil)
		return bytes.HasSuffix(end, []byte(":"))
	}
	return false
}

// trailingNotes matches footnote references at the end of a line.
var trailingNotes = regexp.MustCompile(`(\[\^[^\]]*\])+$`)

// breakLines is breakLines with the lines in the layout's current chunk
// of lines, as tokens go into a chunk of tokens (openInlines): a
// paragraph or table cell of a line or two does not make a slice of its
// own.
func (r *walker) breakLines(toks []tok, width, size float64) []line {
	ch := r.sets.ch
	if cap(ch.lines)-len(ch.lines) < linesLow {
		// A short document (a card's side) takes a short chunk.
		ch.lines = make([]line, 0, min(linesChunk, ch.size/16+2*linesLow))
	}
	start := len(ch.lines)
	ch.lines = appendLines(ch.lines, toks, width, size) // a longer block moves to a new chunk
	return ch.lines[start:len(ch.lines):len(ch.lines)]
}

// Line chunks: a new chunk of linesChunk (fewer for a short document)
// when fewer than linesLow lines are left.
const (
	linesChunk = 256
	linesLow   = 16
)

// openInlines starts a block's inline content. Its tokens go into the
// layout's current chunk of tokens, after the blocks before it, so that
// the many small paragraphs and table cells of a sheet do not each grow
// a buffer of their own, nor each try of the layout a chunk (sets). The
// first chunk is sized for the whole document, which the first try sets:
// Markdown makes about a token for every six of its bytes (a word, the
// space after it in its spec). The tries after it take most of what they
// set from it, so the chunks after the first are short.
func (r *walker) openInlines() {
	ch := r.sets.ch
	if cap(ch.toks)-len(ch.toks) < chunkLow {
		n := min(chunkToks, ch.size/16+chunkLow)
		if ch.toks == nil {
			n = ch.size/6 + chunkLow
		}
		ch.toks = make([]tok, 0, n)
	}
	r.inBuf = ch.toks[len(ch.toks):]
	r.in = &r.inBuf
}

// Token chunks: a new chunk when fewer than chunkLow tokens are left (a
// longer block grows a buffer of its own); chunks after the first hold
// at most chunkToks.
const (
	chunkToks = 256
	chunkLow  = 16
)

// closeInlines ends the block's inline content and returns its tokens.
// If they still stand in the chunk (a block too long for what was left of
// it moves to a buffer of its own as it grows), the chunk keeps them:
// the next block's go after them. Nothing may add to the tokens returned.
func (r *walker) closeInlines() inlines {
	in := *r.in
	r.in = nil
	if ch, n := r.sets.ch, len(r.sets.ch.toks); len(in) > 0 && n < cap(ch.toks) && &in[0] == &ch.toks[:n+1][n] {
		ch.toks = ch.toks[:n+len(in)]
	}
	return in[:len(in):len(in)]
}

// Block nodes.

func (r *walker) paragraph(n ast.Node, entering bool) ast.WalkStatus {
	gap := r.lk.paraGap
	if n.Kind() == ast.KindTextBlock {
		gap = r.lk.itemGap
	}
	if entering {
		r.space(gap * r.em)
		return r.openText(n)
	}
	toks, lines := r.closeText(n)
	rule := keepLines
	if r.lk.whole {
		rule = keepWhole // a card's paragraph is read on one card
	}
	if n.Kind() == ast.KindParagraph && r.introduces(n) {
		rule = keepNext
		if len(lines) <= 3 {
			rule = keepAll
		}
	} else if n.Parent() != nil && n.Parent().Kind() == ast.KindDocument && r.explained(n) {
		rule = keepNext // with the rulings under it
		// And the lines from the first that marks one: no mark is a
		// page from its line.
		if i := slices.IndexFunc(lines, func(l line) bool { return hasMark([]line{l}) }); i >= 0 && i < len(lines)-1 {
			r.keepFrom = i
		}
	}
	if rule == keepLines && (r.whole || r.entry(n, toks, lines)) {
		rule = keepWhole
	} else if rule == keepNext && r.whole {
		rule = keepAll
	}
	r.whole = false
	r.emitLines(lines, r.lk.lead, rule, r.nodeLine(n))
	r.space(gap * r.em)
	return ast.WalkContinue
}

// entry reports whether paragraph n is a list item set in parts, each on
// a line of its own (a hard break between them: a ruling under what it
// rules, where it prints under that). Such an item is one entry, read at
// one look: it moves whole to the next column rather than leave its last
// part at the top of it, where a reader misses it. An entry taller than a
// column breaks like any paragraph.
func (r *walker) entry(n ast.Node, toks []tok, lines []line) bool {
	if p := n.Parent(); p == nil || p.Kind() != ast.KindListItem || p.FirstChild() != n {
		return false
	}
	if !slices.ContainsFunc(toks, func(t tok) bool { return t.spec.kind == tBreak }) {
		return false
	}
	h := 0.0
	for _, l := range lines {
		h += l.height(r.lk.lead)
	}
	return h <= r.fl.colHeight()+eps
}

func (r *walker) heading(n ast.Node, entering bool) ast.WalkStatus {
	lv := min(n.(*ast.Heading).Level, 6)
	hs := r.lk.headings[lv]
	if entering {
		if r.plan.onNewPage[r.nodeLine(n)] {
			// A short section that would run over the page starts the
			// next (lay).
			r.gap = 0
			r.fl.pageBreak()
		}
		r.space(hs.before * r.em)
		s := r.cur()
		s.bold, s.size = true, r.opt.BaseSize*hs.size
		if hs.accent {
			s.color = r.lk.accent
		}
		r.push(s)
		return r.openText(n)
	}
	_, lines := r.closeText(n)
	r.head = plainLines(lines)
	r.headLevel = uint8(lv)
	r.emitLines(lines, 1.2, keepAll, r.nodeLine(n))
	r.headLevel = 0
	r.pop()
	if hs.rule > 0 {
		w := r.width()
		r.emit(box{h: hs.ruleBox, keep: true, head: uint8(lv), line: int32(r.nodeLine(n)), draw: func(c canvas, x, y float64) {
			rule(c, x, x+w, y+hs.ruleAt, pen{width: hs.rule, color: hs.ruleColor})
		}})
	}
	r.space(hs.after * r.em)
	r.hold = true // what follows keeps to its heading
	return ast.WalkContinue
}

func (r *walker) thematicBreak(n ast.Node, entering bool) ast.WalkStatus {
	if !entering {
		return ast.WalkContinue
	}
	r.space(r.lk.paraGap * r.em)
	w := r.width()
	r.emit(box{h: 1, line: int32(r.nodeLine(n)), draw: func(c canvas, x, y float64) {
		rule(c, x, x+w, y+0.5, pen{width: 0.25, color: r.lk.rule})
	}})
	r.space(r.lk.paraGap * r.em)
	return ast.WalkContinue
}

// blockText is the raw text of a block node's lines.
func (r *walker) blockText(n ast.Node) *bytes.Buffer {
	var b bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		b.Write(s.Value(r.src))
	}
	return &b
}

func (r *walker) codeBlock(n ast.Node, entering bool) ast.WalkStatus {
	if !entering {
		return ast.WalkContinue
	}
	body := r.blockText(n)
	src := r.nodeLine(n)
	if fc, ok := n.(*ast.FencedCodeBlock); ok {
		switch lang := string(fc.Language(r.src)); lang {
		case "chart":
			if fc.Info != nil {
				src = r.lineOf(fc.Info.Segment.Start) + 1
			}
			r.chart(body.Bytes(), src)
			return ast.WalkSkipChildren
		case "calibration":
			r.calibration(src)
			return ast.WalkSkipChildren
		}
	}
	r.space(r.lk.paraGap * r.em)
	st := style{mono: true, size: smaller(r.opt.BaseSize, 0.9), color: r.lk.text}
	f := st.face()
	w := r.width()
	var in inlines
	for _, l := range bytes.Split(bytes.TrimRight(body.Bytes(), "\n"), []byte("\n")) {
		s := fallback(strings.ReplaceAll(string(l), "\t", "    "), f.metrics())
		if len(in) > 0 {
			in.hardBreak()
		}
		in = append(in, tok{s: s, w: f.width(s), spec: r.sets.specs.of(tokSpec{kind: tWord, f: f})})
	}
	set := r.breakLines(in, w-3, f.size)
	pad := 1.2
	for i, l := range set {
		h, base := l.height(1.25), l.baseline(1.25)
		top, bottom := 0.0, 0.0
		if i == 0 {
			top = pad
		}
		if i == len(set)-1 {
			bottom = pad
		}
		keep := len(set) > 1 && (i == 0 || i == len(set)-2)
		r.emit(box{h: top + h + bottom, base: top + base, keep: keep, line: int32(src), what: aLineOfCode,
			draw: func(c canvas, x, y float64) {
				c.Fill(x, y, w, top+h+bottom, colCode)
				drawLine(c, l, x+1.5, y+top+base, w-3, alignLeft)
			}})
	}
	r.space(r.lk.paraGap * r.em)
	return ast.WalkSkipChildren
}

func (r *walker) htmlBlock(n ast.Node, entering bool) ast.WalkStatus {
	if !entering {
		return ast.WalkContinue
	}
	b := r.blockText(n)
	if hb := n.(*ast.HTMLBlock); hb.HasClosure() {
		b.Write(hb.ClosureLine.Value(r.src))
	}
	d, err := parseDirective(b.String())
	line := r.nodeLine(n)
	if err != nil {
		r.errorf(line, "%v", err)
		return ast.WalkSkipChildren
	}
	switch d.kind {
	case dirPageBreak:
		r.gap = 0
		r.ends = append(r.ends, r.fl.pages)
		r.breakAt = append(r.breakAt, line)
		r.breaks++
		r.fl.pageBreak()
	case dirColumnBreak:
		r.gap = 0
		r.fl.columnBreak()
	case dirKeep:
		r.whole = true
	case dirSplit:
		r.split = true
	case dirColumns:
		if len(r.decos) > 0 || len(r.lists) > 0 {
			r.errorf(line, "columns directive inside a list or quote; put it between blocks")
			break
		}
		r.fl.setColumns(d.n, max(r.gap, r.lk.paraGap*r.em*r.squeezed()))
		r.gap = 0
	}
	return ast.WalkSkipChildren
}

const quotePad = 1.6 // mm inside a quote box

func (r *walker) blockquote(n ast.Node, entering bool) ast.WalkStatus {
	if entering {
		r.space(r.lk.paraGap * r.em)
		r.flushGap()
		r.decos = append(r.decos, deco{x0: r.indent, x1: r.fl.colWidth() - r.rind, accent: r.lk.accent})
		r.indent += 3.2
		r.rind += 2
		r.emit(box{h: quotePad, keep: true})
		r.hold = true
		return ast.WalkContinue
	}
	r.gap = 0
	r.emit(box{h: quotePad})
	r.decos = r.decos[:len(r.decos)-1]
	r.indent -= 3.2
	r.rind -= 2
	r.space(r.lk.paraGap * r.em)
	return ast.WalkContinue
}

func (r *walker) list(n ast.Node, entering bool) ast.WalkStatus {
	l := n.(*ast.List)
	// A list nested in a tight list sits as close as its items.
	outer := r.lists
	if !entering {
		outer = outer[:len(outer)-1] // the top is this list
	}
	gap := r.lk.paraGap
	if len(outer) > 0 && outer[len(outer)-1].tight {
		gap = r.lk.itemGap
	}
	if entering {
		ls := &listState{ordered: l.IsOrdered(), n: l.Start, tight: l.IsTight}
		if ls.ordered {
			// Room for the widest number.
			last := strconv.Itoa(l.Start+l.ChildCount()-1) + "."
			ls.step = max(r.lk.list.number, r.numberFace().width(last)+r.lk.list.numberPad)
		} else {
			ls.step = r.lk.list.bullet
		}
		r.space(gap * r.em)
		r.lists = append(r.lists, ls)
		return ast.WalkContinue
	}
	r.lists = r.lists[:len(r.lists)-1]
	r.space(gap * r.em)
	return ast.WalkContinue
}

var bullets = []string{"•", "–", "◦"}

// numberFace is the face of a numbered list's numbers.
func (r *walker) numberFace() face {
	f := r.cur().face()
	if r.lk.list.bold {
		f = f.withStyle("B")
	}
	if r.lk.list.accent {
		f.color = r.lk.accent
	}
	return f
}

func (r *walker) listItem(n ast.Node, entering bool) ast.WalkStatus {
	ls := r.lists[len(r.lists)-1]
	if entering {
		f := r.cur().face()
		var m marker
		if ls.ordered {
			m.s = strconv.Itoa(ls.n) + "."
			ls.n++
			m.f = r.numberFace()
			m.x = r.indent + ls.step - r.lk.list.numberGap - m.f.width(m.s)
		} else {
			m.s = bullets[(len(r.lists)-1)%len(bullets)]
			m.f = f
			if r.lk.list.bold {
				m.f = m.f.withStyle("B")
			}
			m.f.color = r.lk.accent
			m.x = r.indent + r.lk.list.bulletX
		}
		if n.PreviousSibling() != nil {
			g := r.lk.paraGap
			if ls.tight {
				g = r.lk.itemGap
			}
			r.space(g * r.em)
		}
		r.indent += ls.step
		r.marker = &m
		r.hold = true
		return ast.WalkContinue
	}
	if r.marker != nil { // an empty item
		r.emit(box{h: r.em * r.lk.lead})
	}
	r.indent -= ls.step
	return ast.WalkContinue
}

// Inline nodes.

func (r *walker) text(n ast.Node, entering bool) ast.WalkStatus {
	if !entering || r.in == nil {
		return ast.WalkContinue
	}
	t := n.(*ast.Text)
	v := t.Segment.Value(r.src)
	// Only a backslash escapes and only an ampersand starts a reference:
	// text with neither (nearly all) is as it stands, and is not scanned
	// three times over to learn so.
	if !t.IsRaw() && (bytes.IndexByte(v, '\\') >= 0 || bytes.IndexByte(v, '&') >= 0) {
		v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
	}
	var s string
	if start, stop := t.Segment.Start, t.Segment.Stop; len(v) > 0 && len(v) == stop-start && &v[0] == &r.src[start] {
		// The source's bytes as they are (nothing resolved, no padding),
		// nearly always: the words are cut from the source's string.
		s = r.source()[start:stop]
	} else {
		s = string(v)
	}
	r.in.text(r.sets.specs, s, r.cur())
	switch {
	case t.HardLineBreak():
		r.in.hardBreak()
	case t.SoftLineBreak():
		r.in.glue(r.sets.specs, r.cur())
	}
	return ast.WalkContinue
}

func (r *walker) str(n ast.Node, entering bool) ast.WalkStatus {
	if entering && r.in != nil {
		r.in.text(r.sets.specs, string(n.(*ast.String).Value), r.cur())
	}
	return ast.WalkContinue
}

func (r *walker) emphasis(n ast.Node, entering bool) ast.WalkStatus {
	if !entering {
		r.pop()
		return ast.WalkContinue
	}
	s := r.cur()
	if n.(*ast.Emphasis).Level >= 2 {
		s.bold = true
	} else {
		s.italic = true
	}
	r.push(s)
	return ast.WalkContinue
}

func (r *walker) strike(n ast.Node, entering bool) ast.WalkStatus {
	if !entering {
		r.pop()
		return ast.WalkContinue
	}
	s := r.cur()
	s.strike = true
	r.push(s)
	return ast.WalkContinue
}

func (r *walker) codeSpan(n ast.Node, entering bool) ast.WalkStatus {
	if !entering || r.in == nil {
		return ast.WalkSkipChildren
	}
	s := r.cur()
	s.mono, s.size, s.bg, s.hasBg = true, smaller(s.size, 0.92), colCode, true
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			r.in.text(r.sets.specs, string(bytes.TrimSuffix(t.Segment.Value(r.src), []byte("\n"))), s)
			if t.SoftLineBreak() {
				r.in.glue(r.sets.specs, s)
			}
		}
	}
	return ast.WalkSkipChildren
}

func (r *walker) autoLink(n ast.Node, entering bool) ast.WalkStatus {
	if entering && r.in != nil {
		r.in.text(r.sets.specs, string(n.(*ast.AutoLink).Label(r.src)), r.cur())
	}
	return ast.WalkSkipChildren
}

// rawHTML honours <br> (the way to break a line in a table cell) and drops
// all other inline HTML.
func (r *walker) rawHTML(n ast.Node, entering bool) ast.WalkStatus {
	if entering && r.in != nil && isBr(n.(*ast.RawHTML).Segments.Value(r.src)) {
		r.in.hardBreak()
	}
	return ast.WalkSkipChildren
}

func isBr(b []byte) bool {
	switch string(bytes.ToLower(bytes.ReplaceAll(b, []byte(" "), nil))) {
	case "<br>", "<br/>":
		return true
	}
	return false
}

// Running header and footer, drawn on every page once the page count is
// known. (fpdf's page-count alias would print the count, but could not be
// right-aligned: its width is that of the placeholder.)
const (
	headerH = 7.5 // from the margin to the top of the text area
	footerH = 7.0
)

func (r *walker) furniture(c canvas, page, pages int) {
	o := r.opt
	m, w, h := o.Margin, o.Paper.Width, o.Paper.Height
	hf := newFace(layout.Font, "B", 7.5, colMuted)
	ff := newFace(layout.Font, "", 6.5, colMuted)
	num := fmt.Sprintf("%d / %d", page, pages)
	nw := hf.width(num)
	base := m + 2.6
	if o.Title != "" {
		c.Text(m, base, fit(o.Title, hf, w-2*m-nw-6), hf)
	}
	c.Text(w-m-nw, base, num, hf)
	rule(c, m, w-m, m+4, pen{width: 0.2, color: colRule})

	fy := h - m - 0.8 // baseline; descenders stay above the margin
	rule(c, m, w-m, h-m-3.6, pen{width: 0.2, color: colRule})
	right := fallback(o.Stamp, ff.metrics())
	rw := ff.width(right)
	if right != "" {
		c.Text(w-m-rw, fy, right, ff)
	}
	if o.Source != "" {
		c.Text(m, fy, fit(o.Source, ff, w-2*m-rw-6), ff)
	}
}

// fit returns s with fallbacks applied, cut short with "…" to fit width.
func fit(s string, f face, width float64) string {
	return layout.Cut(fallback(s, f.metrics()), width, f.width)
}
