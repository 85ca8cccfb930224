package markdown

import (
	"cmp"
	"slices"

	"github.com/playaid/playaid/diag"
)

// box is a piece of the page that is never split: a line of text, a table
// row, a chart, or vertical space.
type box struct {
	h    float64
	draw func(c canvas, x, y float64) // x: left edge of the column, y: top of the box; may be nil
	// ln is the line of text the box draws, on its baseline (base), where
	// draw is nil: most boxes are lines, which need no function each.
	ln *line
	// base is the baseline of the box's first line below its top, where a
	// list marker goes.
	base float64
	line int32 // Markdown source line, for errors
	// keep holds the box in the same column as the next one: headings,
	// the first line of a paragraph (no orphans), the second-to-last (no
	// widows), a table header with the first row.
	keep bool
	// space is vertical space between blocks, dropped at the top of a
	// column.
	space bool
	what  what // what the box is, for errors
	// marks is 1 + the index of the run of footnote marks the box prints
	// (walker.markRuns), 0 for none: where each mark lands (Layout.Marks).
	marks int32
	head  uint8 // a heading's line: its level (1–6)
	// split: its section may go over a page before it (<!-- split -->).
	split bool
}

// paint draws the box with its column's left edge at x and its top at y.
func (b *box) paint(c canvas, x, y float64) {
	switch {
	case b.ln != nil:
		drawLine(c, *b.ln, x, y+b.base, 0, alignLeft)
	case b.draw != nil:
		b.draw(c, x, y)
	}
}

// drawn reports whether the box draws anything.
func (b *box) drawn() bool { return b.ln != nil || b.draw != nil }

// what a box is, in an error message ("a table row is 300 mm
// tall"). A number, not the words: a box is placed again and again.
type what uint8

const (
	aBox what = iota
	aLine
	aLineOfCode
	aTableRow
	aTableHeader
	aChart
	theCalibrationBars
)

func (w what) String() string {
	return [...]string{"a box", "a line", "a line of code", "a table row", "a table header", "a chart", "the calibration bars"}[w]
}

// group is a run of boxes that go into one column if they can: every box
// but the last has keep set. repeat is the table header to draw at the
// top of a column the group starts or continues in; brk is a column break.
type group struct {
	boxes  []box
	repeat *box
	brk    bool
}

type placed struct {
	b      box
	x, y   float64
	cols   uint8 // of the region (1 or 2): a box fills 1/cols of the page's width
	repeat bool  // a repeated table header
}

// cursor places groups down the columns of one region of one page. The
// flow uses it live, page after page; balancing runs it again, shorter,
// on a copy.
type cursor struct {
	x0, colW, gap float64
	cols, col     int
	top, bottom   float64 // of the region on this page
	pageTop       bool    // the region starts at the top of the page
	y             float64
	fresh         bool // nothing placed in this column yet
	out           []placed
	group         int // where in out the current group starts (on this page)
	// full is called when the last column is full; it starts a new page
	// (live) or returns false (a balancing trial that failed).
	full func() bool
	// take is room for n placed boxes (flow.take); nil where out is
	// given (a balancing trial).
	take   func(n int) []placed
	failed bool
	errs   *diag.List
	// whole, in a balancing trial, is the height up to which a group
	// must stay in one column: the live run kept it whole.
	whole float64
	// lineH is the body's line height: a region holds about as many
	// boxes as lines of it, which its first buffer is sized for.
	lineH float64
}

const eps = 1e-6

func (c *cursor) colX() float64 { return c.x0 + float64(c.col)*(c.colW+c.gap) }

// next moves to the next column, or page, and draws the table header
// there if a table continues.
func (c *cursor) next(repeat *box) bool {
	if c.col+1 < c.cols {
		c.col++
		c.y, c.fresh = c.top, true
	} else if !c.full() {
		c.failed = true
		return false
	}
	if repeat != nil {
		c.out = append(c.out, placed{b: *repeat, x: c.colX(), y: c.y, cols: uint8(c.cols), repeat: true})
		c.y += repeat.h
		// Still fresh: a row that does not fit under a repeated header
		// would not fit under it in any column.
	}
	return true
}

func (c *cursor) place(g group) {
	c.group = len(c.out)
	if g.brk {
		if !c.fresh {
			c.next(nil)
		}
		return
	}
	h := 0.0
	for i, b := range g.boxes {
		if !(b.space && i == 0 && c.fresh) {
			h += b.h
		}
	}
	if c.whole > 0 && h <= c.whole+eps && h > c.bottom-c.top+eps {
		c.failed = true // a trial column too short for a group kept whole
		return
	}
	if !c.fresh && c.y+h > c.bottom+eps && !c.next(g.repeat) {
		return
	}
	for _, b := range g.boxes {
		if c.put(b, g.repeat); c.failed {
			return
		}
	}
}

func (c *cursor) put(b box, repeat *box) {
	if b.space {
		if c.fresh {
			return
		}
		if c.y+b.h > c.bottom+eps {
			return // the next box moves on by itself
		}
	} else {
		if c.out == nil && c.lineH > 0 {
			c.out = c.take(c.room())
		}
		for c.y+b.h > c.bottom+eps {
			if c.fresh && c.pageTop && c.errs != nil {
				// An empty column of a fresh page: no column is taller.
				c.errs.Add(diag.Pos{Line: int(b.line)}, "%s is %.0f mm tall; a column holds %.0f mm", b.what, b.h, c.bottom-c.y)
				break
			}
			if !c.next(repeat) {
				return
			}
		}
		c.fresh = false
	}
	c.out = append(c.out, placed{b: b, x: c.colX(), y: c.y, cols: uint8(c.cols)})
	c.y += b.h
}

// room is about how many boxes the region holds: as many as lines of
// body text.
func (c *cursor) room() int {
	if c.lineH <= 0 {
		return 0 // not known: grown as placed
	}
	return int((c.bottom-c.top)/c.lineH)*c.cols + 8
}

// low is the lowest point the placed boxes reach.
func (c *cursor) low() float64 {
	y := c.top
	for _, p := range c.out {
		y = max(y, p.y+p.b.h)
	}
	return y
}

// flow puts boxes down one or two columns and onto new pages. A page holds
// regions: a columns directive ends one and starts the next below
// everything placed so far. Nothing is drawn while the flow works: it
// measures and places (so the last columns of a region can be balanced,
// and Measure can count pages without drawing), and draw puts the pages
// on a canvas at the end.
type flow struct {
	left, right, top, bottom float64 // the content area of a page
	gap                      float64 // between columns
	cols                     int
	pages                    int
	done                     [][]placed // placed boxes by page (0-based)
	cur                      cursor
	groups                   []group   // placed in the current region on this page
	kept                     []box     // the groups' boxes (one buffer for them all)
	forced                   bool      // a column break happened in the region: do not balance
	repeat                   *box      // the header of a table being placed
	pending                  []box     // the boxes of the next group; the buffer is used again
	broken                   bool      // a page break asks for a new page before the next box
	trial                    []placed  // balance's other buffer
	lineH                    float64   // the body's line height (cursor.lineH)
	errs                     diag.List // in no file yet
	ch                       *chunks   // where placed boxes go (take)
}

// newFlow is a flow whose placed boxes go into ch, which lends it the
// buffers the last flow finished with (scratch).
func newFlow(left, right, top, bottom, gap float64, cols int, ch *chunks) *flow {
	sc := ch.scratch
	ch.scratch = scratch{}
	return &flow{left: left, right: right, top: top, bottom: bottom, gap: gap, cols: cols, ch: ch,
		groups: sc.groups, kept: sc.kept, pending: sc.pending, trial: sc.trial}
}

// scratch is what a flow needs only while it places: a layout's tries
// and a deck's sides are laid out one after another, each flow taking
// the buffers the one before it finished with.
type scratch struct {
	groups        []group
	kept, pending []box
	trial         []placed
}

// colWidth is the width of one column of the current region.
func (f *flow) colWidth() float64 {
	return (f.right - f.left - float64(f.cols-1)*f.gap) / float64(f.cols)
}

// colHeight is the height of a whole column.
func (f *flow) colHeight() float64 { return f.bottom - f.top }

// startRegion starts a region at y on the current page.
func (f *flow) startRegion(y float64) {
	f.cur = cursor{x0: f.left, colW: f.colWidth(), gap: f.gap, cols: f.cols,
		top: y, bottom: f.bottom, pageTop: y <= f.top+eps, y: y, fresh: true,
		full: f.pageFull, take: f.take, errs: &f.errs, lineH: f.lineH}
	f.clearGroups()
	f.forced = false
}

// clearGroups forgets the groups of the region: a new page or region
// starts. Nothing holds them or their boxes any more, so their buffers
// are used again.
func (f *flow) clearGroups() {
	f.groups, f.kept = f.groups[:0], f.kept[:0]
}

func (f *flow) newPage() {
	f.pages++
	f.done = append(f.done, nil)
	f.startRegion(f.top)
}

// pageFull keeps the full page and starts the next.
func (f *flow) pageFull() bool {
	f.keep(f.cur.out)
	n := len(f.cur.out)
	f.newPage()                 // the rest of the current group is kept afresh
	f.cur.out = f.take(n + n/8) // a full page holds about as many as the last
	return true
}

// take is room for n placed boxes: the free end of the layout's chunk of
// them (chunks), or a new chunk where that has less. A region's boxes
// are placed there, and what keep files stays there, so the regions and
// pages of a layout, its tries and a deck's sides fill one buffer after
// another: a buffer for each region, sized for a whole page, would stand
// mostly empty (a card's, a roster's last page's), and a page's second
// region would be copied after its first.
func (f *flow) take(n int) []placed {
	b := f.ch.placed
	if cap(b)-len(b) < n {
		b = make([]placed, 0, max(n, placedChunk))
		f.ch.placed = b
	}
	return b[len(b):]
}

// placedChunk is the least a chunk of placed boxes holds: two pages of
// lines of a sheet's two columns, a deck's cards.
const placedChunk = 256

// fill is the share (0–1) of page's text area that boxes fill: their
// column length, a box in one of two columns counting half.
func (f *flow) fill(page int) float64 {
	filled := 0.0
	for _, p := range f.done[page-1] {
		filled += p.b.h / float64(p.cols)
	}
	return min(1, filled/f.colHeight())
}

// keep files placed boxes under the current page, where they were
// placed: at the free end of the chunk (take), which then holds them. A
// page's next region goes after its first, in place where the chunk had
// it placed there, else in a copy of them both.
func (f *flow) keep(ps []placed) {
	if b := f.ch.placed; len(ps) > 0 && len(b) < cap(b) && &ps[0] == &b[:len(b)+1][len(b)] {
		f.ch.placed = b[:len(b)+len(ps)]
	}
	d := f.done[f.pages-1]
	switch {
	case d == nil:
		f.done[f.pages-1] = ps
	case len(ps) > 0 && len(d) < cap(d) && &ps[0] == &d[:len(d)+1][len(d)]:
		f.done[f.pages-1] = d[:len(d)+len(ps)]
	default:
		f.done[f.pages-1] = append(d[:len(d):len(d)], ps...) // not into the chunk's free end
	}
}

// headingPages are the pages of the headings, in their order (a
// heading's lines count once).
func (f *flow) headingPages() []int {
	var out []int
	var prev box
	for i, ps := range f.done {
		for _, p := range ps {
			if b := p.b; !p.repeat && b.head > 0 {
				if prev.head != b.head || prev.line != b.line {
					out = append(out, i+1)
				}
				prev = b
			}
		}
	}
	return out
}

// splitSections returns the source lines of the headings whose section —
// the heading and what follows, up to the next heading as large or
// larger — runs from one page onto the next, though it is no taller than
// a column and so would fit on one page; with each, how far down its page
// (0–1) what comes before it reaches. Outer sections come first.
func (f *flow) splitSections() []splitSection {
	type open struct {
		splitSection
		last int
		h    float64
		// atSplit: the section goes over its page where it may (its
		// first box on the next page follows <!-- split -->).
		atSplit bool
	}
	var out []splitSection
	var stack []open
	end := func(o open) {
		if o.last > o.page && o.h <= f.colHeight()+eps && !(o.atSplit && o.last == o.page+1) {
			out = append(out, o.splitSection)
		}
	}
	var prev box
	// lead is the line of the heading a heading follows with nothing
	// between (a section's title over its first subsection's), 0 for
	// none: a subsection that moves takes it along.
	lead := 0
	for i, ps := range f.done {
		page, reach := i+1, 0.0 // how far down the page the boxes so far reach
		gaps := 0.0             // the space between blocks on the page
		for _, p := range ps {
			if !p.repeat && p.b.space {
				gaps += p.b.h
			}
		}
		for _, p := range ps {
			b := p.b
			if p.repeat || b.space {
				continue
			}
			if b.head > 0 && (prev.head != b.head || prev.line != b.line) {
				for len(stack) > 0 && stack[len(stack)-1].level >= b.head {
					end(stack[len(stack)-1])
					stack = stack[:len(stack)-1]
				}
				line := int(b.line)
				switch {
				case lead > 0:
					line = lead
				case prev.head > 0 && prev.head < b.head:
					lead, line = int(prev.line), int(prev.line)
				}
				stack = append(stack, open{splitSection: splitSection{line: line, level: b.head, page: page, cols: p.cols, reach: reach / f.colHeight(), gaps: gaps}})
			} else if b.head == 0 && b.h > 0 && b.drawn() {
				lead = 0
			}
			for k := range stack {
				o := &stack[k]
				o.h += b.h
				o.last = page
				if page == o.page {
					o.here += b.h
				} else {
					if o.spill == 0 {
						o.atSplit = b.split
					}
					o.spill += b.h
				}
			}
			reach = max(reach, p.y+b.h-f.top)
			prev = b
		}
	}
	for _, o := range stack {
		end(o)
	}
	slices.SortStableFunc(out, func(a, b splitSection) int { return cmp.Compare(a.level, b.level) })
	return out
}

// splitSection is a heading whose short section runs over a page.
type splitSection struct {
	line  int
	level uint8
	page  int     // where it starts
	cols  uint8   // of the region its heading is in
	reach float64 // how far down its page what comes before it reaches, 0–1
	// here and spill are how much of it (mm down a column) is on its
	// first page and after; gaps is the space between blocks on that page.
	here, spill, gaps float64
}

// draw puts the placed boxes of every page on c, calling page after
// each page's boxes (for its running header and footer).
func (f *flow) draw(c canvas, page func(n int)) {
	for i, ps := range f.done {
		c.AddPage()
		for _, p := range ps {
			p.b.paint(c, p.x, p.y)
		}
		if page != nil {
			page(i + 1)
		}
	}
}

func (f *flow) ensurePage() {
	if f.pages == 0 || f.broken {
		f.broken = false
		f.newPage()
	}
}

// add takes the next box. Boxes marked keep wait until a box without keep
// arrives; the group then moves to the next column together if it does
// not fit here.
func (f *flow) add(b box) {
	f.ensurePage()
	if b.keep || (b.space && len(f.pending) > 0) {
		f.pending = append(f.pending, b)
		return
	}
	boxes := append(f.pending, b)
	f.place(group{boxes: boxes, repeat: f.repeat})
	f.pending = boxes[:0] // placing keeps no hold of them
}

func (f *flow) place(g group) {
	pages := f.pages
	f.cur.place(g)
	if f.pages != pages {
		f.clearGroups() // a new page: only what landed on it counts
	}
	if g.brk {
		f.forced = true
		return
	}
	if f.cols == 1 {
		return // one column: nothing to balance (endRegion)
	}
	// The boxes of the group that landed on this page (not a repeated
	// table header), for balancing to place again. Space between blocks
	// that the live run dropped at a column's foot is kept too: placed
	// again higher up, it is the gap between the blocks it stood for.
	if f.kept == nil {
		f.kept = make([]box, 0, f.cur.room())
	}
	start := len(f.kept)
	for _, p := range f.cur.out[f.cur.group:] {
		if !p.repeat {
			f.kept = append(f.kept, p.b)
		}
	}
	if len(f.kept) == start && f.pages == pages && len(g.boxes) == 1 && g.boxes[0].space {
		f.kept = append(f.kept, g.boxes[0])
	}
	if len(f.kept) > start {
		f.groups = append(f.groups, group{boxes: f.kept[start:len(f.kept):len(f.kept)], repeat: g.repeat})
	}
}

// flush places boxes still waiting for a successor.
func (f *flow) flush() {
	if len(f.pending) > 0 {
		boxes := f.pending
		f.place(group{boxes: boxes, repeat: f.repeat})
		f.pending = boxes[:0]
	}
}

// endRegion keeps the current region, its columns balanced, and returns
// the lowest point it reaches.
func (f *flow) endRegion() float64 {
	f.flush()
	out := f.cur.out
	if f.cols > 1 && !f.forced && len(f.groups) > 0 {
		out = f.balance()
	}
	f.keep(out)
	low := f.cur.top
	for _, p := range out {
		low = max(low, p.y+p.b.h)
	}
	f.cur.out = nil
	return low
}

// balance finds the shortest column height that still takes the region's
// groups on this page, so the columns end level.
func (f *flow) balance() []placed {
	// Every trial places as many boxes as the live run did: the trials
	// take turns with two buffers, one holding the best so far. The live
	// run's is one of them: what it placed is let go for the best trial's
	// (the groups hold their boxes).
	first := f.cur.out[0]
	lo, hi := 0.0, f.cur.low()-f.cur.top
	if cap(f.trial) <= len(f.cur.out) {
		f.trial = make([]placed, 0, len(f.cur.out)+1)
	}
	bufs := [2][]placed{f.trial[:0], f.cur.out[:0]}
	turn := 0
	try := func(h float64) ([]placed, bool) {
		c := f.cur
		c.col, c.y, c.fresh, c.out, c.failed, c.errs = 0, c.top, true, bufs[turn][:0], false, nil
		c.bottom = c.top + h
		c.full, c.take = func() bool { return false }, nil
		c.whole = f.colHeight()
		if first.repeat {
			// A table continued from the last page starts the region.
			c.out = append(c.out, first)
			c.y += first.b.h
		}
		for _, g := range f.groups {
			if c.place(g); c.failed {
				return nil, false
			}
		}
		turn = 1 - turn // keep this one: the next trial takes the other
		return c.out, true
	}
	best, ok := try(hi)
	if !ok {
		return f.cur.out // cannot happen: the live run fitted
	}
	for hi-lo > 0.25 {
		mid := (lo + hi) / 2
		if out, ok := try(mid); ok {
			best, hi = out, mid
		} else {
			lo = mid
		}
	}
	// The best goes where the live run placed, at the chunk's free end
	// (take), for keep to file in place.
	if live := f.cur.out[:0]; len(best) > 0 && len(best) <= cap(live) && &best[0] != &live[:1][0] {
		best = append(live, best...)
	}
	if len(best) > 0 && &best[0] == &f.trial[:1][0] {
		f.trial = nil // filed (keep): the next balancing takes another
	}
	return best
}

// setColumns ends the current region and starts one of n columns below
// it.
func (f *flow) setColumns(n int, space float64) {
	f.ensurePage()
	if n == f.cols {
		f.flush()
		return
	}
	low := f.endRegion()
	f.cols = n
	if low > f.top+eps {
		low += space
	}
	if low > f.bottom-10 {
		f.newPage()
		return
	}
	f.startRegion(low)
}

// pageBreak ends the page, unless it is still empty; the next page starts
// with the next box, so a break at the end adds no empty page.
func (f *flow) pageBreak() {
	if f.broken {
		return
	}
	f.ensurePage()
	f.flush()
	if f.cur.col == 0 && f.cur.fresh && f.cur.top <= f.top+eps && len(f.cur.out) == 0 {
		return
	}
	f.endRegion()
	f.broken = true
}

// columnBreak moves to the next column (or page).
func (f *flow) columnBreak() {
	f.ensurePage()
	f.flush()
	f.place(group{brk: true})
}

// finish places what is left, and gives the buffers it placed with back
// to its chunks for the next flow.
func (f *flow) finish() {
	if f.pages == 0 {
		f.newPage()
	}
	f.flush()
	if !f.broken {
		f.endRegion()
	}
	f.ch.scratch = scratch{groups: f.groups[:0], kept: f.kept[:0], pending: f.pending[:0], trial: f.trial[:0]}
	f.groups, f.kept, f.pending, f.trial = nil, nil, nil, nil
}
