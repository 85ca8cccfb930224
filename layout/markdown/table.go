package markdown

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Tables: the cells are collected while walking, then laid out at once.
//
// Column widths follow the content: every column gets its natural width
// (its longest cell on one line) and the spare width of the text column is
// shared in proportion: every table takes the whole measure of its column,
// so tables stacked on a page share one width, never ragged ones. When the natural widths do not fit, the table's
// font shrinks in quarter points down to tableFloor. A table whose widest
// column is prose (cells of more words than a name) shrinks a half point
// at most: past it, it keeps its size and wraps its prose instead, the
// short cells whole, headers on two lines at most, each column of prose
// at least proseMeasure wide, the spare width where it saves the most
// lines (proseWidths); a document keeps that where it moves nothing to
// another page (layParsed), else its tables shrink. If shrinking is not enough
// each column gets its longest word, then the width to keep its names
// (cell lines of a few words: "Assault Tripod⁴,⁸") on one line while the
// table can afford it, and the rest is shared in proportion to what each
// column still wants; long cells wrap. Where the longest words do not fit
// even at the floor (a font of wider letters than the Go font), the table
// is fitted (tableScale): narrower cell margins, then smaller type down to
// minMark, and as a last resort the widest columns give way to one width
// and their longest words are cut, with a hyphen between letters.
//
// Every row is one box, so it is never split, and a table no taller than
// a column is never split at all. A longer table breaks between rows: the
// header row keeps with the first row, the last row with the one before,
// and the header is drawn again at the top of every column the table
// continues in.

const (
	cellPadX = 1.2 // mm, each side
	cellPadY = 0.7
)

// tableFloor is the smallest table font for a body size: 1.5 pt under
// it, but not under minText. A body set under minText (a dense sheet that
// asks for it) keeps the old floor of 6 pt: raising its body size is what
// raises its tables.
func tableFloor(base float64) float64 {
	if base < minText {
		return max(6, base-1.5)
	}
	return max(minText, base-1.5)
}

type tableState struct {
	align []align
	rows  []tableRow
	cells []inlines // room for every row's cells, a row's after the last's
	line  int
	// explained: rulings follow the table (its footnotes, or a line of
	// "† Ruling: …"): its last row keeps with them.
	explained bool
	set       *setTable // the table set, by this try or another
}

type tableRow struct {
	cells  []inlines
	header bool
	line   int
}

func (r *walker) tableNode(n ast.Node, entering bool) ast.WalkStatus {
	key := r.setKey(n, r.plan.shrink)
	if entering {
		t := &tableState{line: r.nodeLine(n), explained: r.explained(n), set: r.sets.tables[key]}
		r.table = t
		r.space(r.lk.paraGap * r.em)
		if t.set != nil {
			return ast.WalkSkipChildren // set by another try
		}
		// The buffers of the table set before it, which nothing holds.
		sc := &r.sets.ch.table
		t.align, t.rows = sc.align[:0], sc.rows[:0]
		for _, a := range n.(*east.Table).Alignments {
			switch a {
			case east.AlignCenter:
				t.align = append(t.align, alignCenter)
			case east.AlignRight:
				t.align = append(t.align, alignRight)
			default:
				t.align = append(t.align, alignLeft)
			}
		}
		if k := n.ChildCount() * len(t.align); cap(sc.cells) >= k {
			t.cells = sc.cells[:k]
		} else {
			t.cells = make([]inlines, k) // its rows
		}
		return ast.WalkContinue
	}
	t := r.table
	if t.set == nil {
		t.set = r.setTable(t)
		r.sets.tables[key] = t.set
		r.sets.ch.table = tableState{align: t.align[:0], rows: t.rows[:0], cells: t.cells[:0]}
	}
	r.line = t.set.last
	r.layoutTable(t)
	r.table = nil
	r.space(r.lk.paraGap * r.em)
	return ast.WalkContinue
}

func (r *walker) tableRow(n ast.Node, entering bool) ast.WalkStatus {
	if entering {
		t := r.table
		i, k := len(t.rows), len(t.align)
		var cells []inlines // a row with more cells than columns grows its own
		if (i+1)*k <= len(t.cells) {
			cells = t.cells[i*k : i*k : (i+1)*k]
		}
		t.rows = append(t.rows, tableRow{header: n.Kind() == east.KindTableHeader, line: r.nodeLine(n), cells: cells})
	}
	return ast.WalkContinue
}

func (r *walker) tableCell(n ast.Node, entering bool) ast.WalkStatus {
	row := &r.table.rows[len(r.table.rows)-1]
	if entering {
		s := r.cur()
		s.bold = s.bold || row.header
		if row.header && r.lk.table.headAccent {
			s.color = r.lk.accent
		}
		r.push(s)
		r.openInlines()
		return ast.WalkContinue
	}
	row.cells = append(row.cells, r.closeInlines())
	r.pop()
	return ast.WalkContinue
}

// fitPad is the least padding a table's cells are given, each side, when
// the longest words of its columns do not fit at its least type (a
// font with wider letters than the Go font): narrower padding is the
// first thing given up, smaller type the next (never under minMark), and
// cutting a word the last.
const fitPad = 0.35

// tableFit is how a table fits its column: the scale of its type on the
// cells' size, its columns' content widths (without padding), the cells'
// padding each side, and what had to be given up beyond the look's
// floor to fit it (narrowed padding, type under the floor, cut words).
type tableFit struct {
	k, pad   float64
	floor    float64 // the look's least type for the table, pt
	w        []float64
	narrowed bool // padding narrowed to fitPad
	under    bool // type under the look's floor
	cut      bool // words cut: even the least type and padding are too wide
	wrapped  bool // prose wrapped at the table's size rather than its type shrunk
}

// tableScale is how the table of rows (group rows left out) fits avail:
// its type shrinks in quarter points from the look's size to its floor
// until every cell fits on one line — with wrapProse, a table led by
// prose wraps it at the look's size rather than shrink more than
// shrinkFirst (proseLeast); if that is not enough each column
// gets its longest word and the rest is shared out (see below). Where
// even the longest words do not fit at the floor, the table is fitted:
// narrower padding, then type down to minMark, then words cut. base is
// the size the cells were set in; aligns says which columns are
// right-aligned (the spare width of a card's table goes to the
// left-aligned column with the most text).
func tableScale(rows []tableRow, ncol int, base, avail float64, tl *tableLook, aligns []align, wrapProse bool) tableFit {
	// The content's widths at scale k: natural (each cell on one line),
	// longest word, names; and of the body alone (the header's longest
	// words). Measured as the scaled cells measure, as a footnote mark
	// keeps its floor while the text around it shrinks.
	// And mass: each column's body cells' natural widths summed, which
	// tells the column with the most text.
	buf := make([]float64, 6*ncol)
	var nat, mn, ph, body, head, mass []float64
	at := math.NaN() // the scale the widths are measured at
	measure := func(k float64) {
		if k == at {
			return // measured at k last: as they are
		}
		at = k
		clear(buf) // one buffer for every scale tried, each afresh
		nat, mn, ph, body, head, mass = buf[:ncol], buf[ncol:2*ncol], buf[2*ncol:3*ncol], buf[3*ncol:4*ncol], buf[4*ncol:5*ncol], buf[5*ncol:]
		for _, row := range rows {
			for j, c := range row.cells {
				n, m, p := widthsAt(c, k)
				nat[j], mn[j], ph[j] = max(nat[j], n), max(mn[j], m), max(ph[j], p)
				if row.header {
					head[j] = max(head[j], m)
				} else {
					body[j] = max(body[j], n)
					mass[j] += n
				}
			}
		}
	}
	f := tableFit{pad: tl.padX}
	inner := avail - float64(ncol)*2*f.pad
	floor := tl.floor(base)
	f.floor = floor
	f.k = floor / base
	top := tl.size(base)
	prose := proseColumns(rows, ncol)
	var wrap []float64 // the least widths of a table set with its prose wrapped
	// No character shrinks more than the table's type (scaleOf), so at a
	// smaller size the cells are at least as much narrower as the type,
	// never more: a size even that leaves too wide is not measured.
	measure(top / base)
	natTop := sum(nat)
	for size := top; size >= floor-eps; size -= 0.25 {
		if size*natTop/top <= inner+2*eps {
			if measure(size / base); sum(nat) <= inner+eps {
				f.k = size / base
				break
			}
		}
		// A table led by prose may shrink a half point to stay on one
		// line, as tables are often set; rather than shrink further, it
		// wraps its prose at its size.
		if next := size - 0.25; wrapProse && next < top-shrinkFirst-eps && next >= floor-eps && size >= top-shrinkFirst-eps {
			measure(top / base)
			if wrap = proseLeast(rows, prose, nat, mn, body, head, top/base, top); wrap != nil && sum(wrap) <= inner+eps {
				f.k = top / base
				break
			}
			wrap = nil
		}
	}
	measure(f.k)
	if sum(mn) > inner+eps {
		// The longest words do not fit at the floor: fit the table.
		f.narrowed = f.pad > fitPad
		f.pad = min(f.pad, fitPad)
		inner = avail - float64(ncol)*2*f.pad
		for size := floor; ; size -= 0.25 {
			f.k = max(size, minMark) / base
			measure(f.k)
			if sum(mn) <= inner+eps {
				break
			}
			if size <= minMark+eps {
				f.cut = true
				break
			}
		}
		f.under = f.k*base < floor-eps
	}
	natSum, minSum := sum(nat), sum(mn)
	w := make([]float64, ncol)
	f.w = w
	// wordy is the left-aligned column with the most text.
	wordy, most := 0, -1.0
	for j := range w {
		if j < len(aligns) && aligns[j] == alignRight {
			continue
		}
		if mass[j] > most {
			wordy, most = j, mass[j]
		}
	}
	switch {
	case wrap != nil && natSum > inner+eps:
		// The short cells on one line, the headers on two at most, the
		// prose on as few lines as the width allows, each column of it
		// at least a readable measure (proseWidths).
		copy(w, proseWidths(rows, nat, wrap, f.k, inner))
		f.wrapped = true
	case natSum <= inner+eps && tl.wordy:
		// Everything fits on one line: the spare width goes to the
		// column with the words, so the numbers stand by their labels.
		copy(w, nat)
		w[wordy] += inner - natSum
	case natSum <= inner+eps:
		// Everything fits on one line: share the spare width out, so
		// the table takes the column's measure like every other.
		target := inner
		for j := range w {
			if natSum > 0 {
				w[j] = nat[j] * target / natSum
			} else {
				w[j] = target / float64(ncol)
			}
		}
	case minSum >= inner:
		// Even the longest words do not fit: the widest columns give way,
		// down to one width, so that only their longest words break.
		copy(w, mn)
		level(w, inner)
	case tl.wordy && sumMax(body, head) <= inner+eps:
		// The body fits on one line with the headers wrapped at their
		// spaces: the headers wrap, and get back what is spare, the
		// cheapest first.
		for j := range w {
			w[j] = max(body[j], head[j])
		}
		spare := twoFirst(rows, w, f.k, inner-sum(w))
		order := make([]int, ncol)
		for j := range order {
			order[j] = j
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(nat[a]-w[a], nat[b]-w[b]) })
		for _, j := range order {
			give := min(spare, nat[j]-w[j])
			w[j] += give
			spare -= give
		}
		w[wordy] += spare
	case tl.wordy:
		for j := range w {
			w[j] = max(body[j], head[j])
		}
		fairShare(w, mn, inner)
	default:
		// Every column gets its longest word. Then names: the columns
		// whose names cost least to keep on one line get the width for
		// them first, as long as the table can afford it. What is left
		// goes to every column in proportion to what it still wants.
		copy(w, mn)
		spare := inner - minSum
		spare = twoFirst(rows, w, f.k, spare)
		order := make([]int, ncol)
		for j := range order {
			order[j] = j
		}
		extra := func(j int) float64 { return max(0, ph[j]-w[j]) }
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(extra(a), extra(b)) })
		for _, j := range order {
			if e := extra(j); e <= spare+eps {
				w[j] += e
				spare -= e
			}
		}
		shareWant(w, nat, spare)
	}
	return f
}

// fairShare shares width out among columns that want want (their body on
// one line, their headers' longest words) and need at least least (their
// longest words), into want: every column that wants no more than a fair
// share gets what it wants — the numbers stay on one line — then,
// narrowest first, each column that can have all it wants while the
// others keep their longest words on a line gets it (names stay whole,
// the long text wraps), and what is left goes to the others by what they
// want, each at least its longest word.
func fairShare(want, least []float64, width float64) {
	natW := slices.Clone(want)
	open := make([]bool, len(want))
	for j := range open {
		open[j] = true
	}
	left, n := width, len(want)
	for changed := true; changed && n > 0; {
		changed = false
		for j := range natW {
			if open[j] && natW[j] <= left/float64(n) {
				open[j] = false
				left -= natW[j]
				n--
				changed = true
			}
		}
	}
	var order []int
	for j := range natW {
		if open[j] {
			order = append(order, j)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(natW[a], natW[b]) })
	for k, j := range order[:max(len(order)-1, 0)] {
		rest := 0.0
		for _, o := range order[k+1:] {
			rest += least[o]
		}
		if left-natW[j] >= rest {
			open[j] = false
			left -= natW[j]
		}
	}
	for {
		total := 0.0
		for j := range natW {
			if open[j] {
				total += natW[j]
			}
		}
		short := false
		for j := range natW {
			if open[j] && (total <= 0 || left*natW[j]/total < least[j]) {
				want[j], open[j] = least[j], false
				left -= least[j]
				short = true
			}
		}
		if short {
			continue
		}
		for j := range natW {
			if open[j] {
				want[j] = left * natW[j] / total
			}
		}
		return
	}
}

// level lowers the widest of w to one width, as far as it takes for w to
// add up to width (at most): water poured off the top.
func level(w []float64, width float64) {
	order := slices.Clone(w)
	slices.SortFunc(order, func(a, b float64) int { return cmp.Compare(b, a) })
	above := 0.0 // the sum of the widths over the level
	for k, top := range order {
		next := 0.0
		if k+1 < len(order) {
			next = order[k+1]
		}
		above += top
		// The k+1 widest at the level c: the others sum to rest.
		rest := sum(w) - above
		if c := (width - rest) / float64(k+1); c >= next-eps || k+1 == len(order) {
			c = max(c, 0)
			for j := range w {
				w[j] = min(w[j], c)
			}
			return
		}
	}
}

// sumMax is the sum of the larger of a[j] and b[j].
func sumMax(a, b []float64) (s float64) {
	for j := range a {
		s += max(a[j], b[j])
	}
	return s
}

func sum(v []float64) (s float64) {
	for _, x := range v {
		s += x
	}
	return s
}

// scale sets the tokens of a table cell at k times their size, in place,
// their specs from ss: a cell's tokens are its table's own, and once the
// table knows its scale, only the scaled ones are set and drawn.
func scale(ss *specs, in inlines, k float64) {
	if k == 1 {
		return
	}
	for i, t := range in {
		f, size := scaleOf(t, k)
		sp := *t.spec
		sp.f.size = size
		sp.rise *= f
		if g := sp.gap; g != nil {
			gf, gsize := scaleOf(gapTok(g), k)
			gs := *g
			gs.f.size = gsize
			gs.rise *= gf
			gs.w *= gf
			sp.gap = ss.of(gs)
		}
		t.spec = ss.of(sp)
		t.w *= f
		in[i] = t
	}
}

// scaleOf is the factor by which t scales when its table's type scales by
// k, and its size then. No character goes under minMark: a footnote mark
// in a shrunk table keeps the floor of 6.5 pt, a hair wider.
func scaleOf(t tok, k float64) (f, size float64) {
	if t.spec.box {
		return 1, t.spec.f.size // a tick box keeps its size
	}
	if t.spec.f.size <= 0 {
		return k, t.spec.f.size
	}
	size = max(t.spec.f.size*k, min(t.spec.f.size, minMark))
	return size / t.spec.f.size, size
}

// setTable is a table set: its fit, and its rows' lines and heights.
type setTable struct {
	fit    tableFit
	size   float64 // of its type, pt
	width  float64 // the table's, mm
	aligns []align
	rows   []setRow
	// last is the source line of the table's last cell: the walk's
	// line after it, as after walking its cells.
	last int
}

type setRow struct {
	cells  [][]line
	h      float64
	header bool
	group  bool
	line   int
	marks  []string // the footnote marks its cells print
}

// setTable fits table t to the current width and sets its rows' cells.
func (r *walker) setTable(t *tableState) *setTable {
	ncol := len(t.align)
	for _, row := range t.rows {
		ncol = max(ncol, len(row.cells))
	}
	st := &setTable{last: r.line}
	if ncol == 0 || len(t.rows) == 0 {
		return st
	}
	tl := &r.lk.table
	rows := t.rows
	if tl.groups && len(rows) > 0 && rows[0].header && blankRow(rows[0].cells) {
		rows = rows[1:] // no header to print, or to repeat
	}
	// Group rows name the rows under them, across the table: they take
	// no part in the columns' widths.
	group := make([]bool, len(rows))
	measured := rows
	if tl.groups {
		measured = nil
		for i, row := range rows {
			group[i] = !row.header && len(row.cells) > 0 && blankRow(row.cells[1:])
			if !group[i] {
				measured = append(measured, row)
			}
		}
	}
	avail := r.width()
	base := r.cur().size
	st.aligns = make([]align, ncol)
	copy(st.aligns, t.align)
	st.fit = tableScale(measured, ncol, base, avail, tl, st.aligns, !r.plan.shrink)
	k, cw, pad := st.fit.k, st.fit.w, st.fit.pad
	st.size = base * k
	for _, w := range cw {
		st.width += w + 2*pad
	}
	st.rows = make([]setRow, len(rows))
	cells := make([][]line, len(rows)*ncol) // every row's
	for i, row := range rows {
		sr := setRow{cells: cells[i*ncol : (i+1)*ncol : (i+1)*ncol], header: row.header, group: group[i], line: row.line}
		hmax := 0.0
		for j := 0; j < ncol; j++ {
			var in inlines
			if j < len(row.cells) {
				in = row.cells[j]
				scale(r.sets.specs, in, k)
			}
			cellW := cw[j]
			if sr.group {
				if j > 0 {
					break
				}
				in, cellW = bold(r.sets.specs, in), st.width-2*pad
			}
			ls := r.breakLines(in, cellW, st.size)
			h := 0.0
			for _, l := range ls {
				h += l.height(tl.lead)
			}
			sr.cells[j] = ls
			sr.marks = appendMarks(sr.marks, ls...)
			hmax = max(hmax, h)
		}
		sr.h = hmax + 2*tl.padY
		if sr.group {
			sr.h += groupRise
		}
		st.rows[i] = sr
	}
	return st
}

// layoutTable emits the rows of table t, set (setTable).
func (r *walker) layoutTable(t *tableState) {
	st, lk := t.set, r.lk
	fit := st.fit
	r.wrapped = r.wrapped || fit.wrapped
	if fit.narrowed || fit.under || fit.cut {
		r.noteFit(t.line, fit, st.size, r.width())
	}
	// A row's box draws it from the table set, not a copy: every try of
	// a layout emits the rows again.
	drawRow := func(i int, zebra, last bool) func(c canvas, x, y float64) {
		return func(c canvas, x, y float64) { st.drawRow(c, lk, i, zebra, last, x, y) }
	}

	// A table that fits in a column is kept whole: every row keeps with
	// the next. A longer one may break between rows; its header row keeps
	// with the first row and is drawn again at the top of every column the
	// table continues in.
	set := st.rows
	total := 0.0
	for _, sr := range set {
		total += sr.h
	}
	whole := total <= r.fl.colHeight()+eps
	body := 0
	var header *box
	// The rows from the first that marks a footnote printed under the
	// table keep with it, so that no mark is a page from its line.
	marked := len(set)
	if t.explained {
		for i, sr := range set {
			if !sr.header && slices.ContainsFunc(sr.cells, hasMark) {
				marked = i
				break
			}
		}
	}
	for i, sr := range set {
		b := box{h: sr.h, line: int32(sr.line), what: aTableRow, marks: r.markRun(sr.marks)}
		switch {
		case sr.header:
			b.keep = true
			b.what = aTableHeader
			b.draw = drawRow(i, false, false)
		case sr.group:
			// A group's name stays with its rows, and starts the
			// stripes afresh.
			b.keep = i < len(set)-1
			b.draw = drawRow(i, false, false)
			body = 0
		default:
			b.draw = drawRow(i, body%2 == 1, i == len(set)-1)
			// The last row does not go on alone.
			b.keep = whole && i < len(set)-1 || i == len(set)-2 && i > 0 && !set[i-1].header ||
				i == len(set)-1 && t.explained || i >= marked
			body++
		}
		r.emit(b)
		if whole {
			continue
		}
		if sr.header && header == nil {
			// Wrapped after emit, so a list marker goes with the first
			// header only.
			hb := r.wrap(box{h: sr.h, draw: b.draw, marks: b.marks})
			header = &hb
		}
		if !sr.header {
			// The header and first row are down; repeat the header from
			// now on.
			r.fl.repeat = header
		}
	}
	r.fl.repeat = nil
}

// drawRow draws row i of the table, its top left corner at (x, y), in
// look lk: striped as zebra says, ruled under as the table's last row
// where last.
func (st *setTable) drawRow(c canvas, lk *look, i int, zebra, last bool, x, y float64) {
	sr, tl := st.rows[i], &lk.table
	cw, pad, width := st.fit.w, st.fit.pad, st.width
	switch {
	case sr.header && tl.fill:
		c.Fill(x, y, width, sr.h, tl.head)
	case zebra:
		c.Fill(x, y, width, sr.h, tl.zebra)
	}
	if sr.group {
		ly := y + groupRise + tl.padY
		for _, l := range sr.cells[0] {
			drawLine(c, l, x+pad, ly+l.baseline(tl.lead), width-2*pad, alignLeft)
			ly += l.height(tl.lead)
		}
		rule(c, x, x+width, y+sr.h, pen{width: 0.15, color: lk.accent.tint(0.4)})
		return
	}
	cx := x
	for j, ls := range sr.cells {
		ly := y + tl.padY
		for _, l := range ls {
			drawLine(c, l, cx+pad, ly+l.baseline(tl.lead), cw[j], st.aligns[j])
			ly += l.height(tl.lead)
		}
		cx += cw[j] + 2*pad
	}
	if sr.header {
		rule(c, x, x+width, y+sr.h, pen{width: 0.3, color: lk.accent})
	}
	if last && tl.last {
		rule(c, x, x+width, y+sr.h, pen{width: 0.3, color: lk.accent})
	}
}

// groupRise is the room over a group row's name, to set it off from the
// row above.
const groupRise = 0.4

// blankRow reports whether a row's cells hold no text.
func blankRow(cells []inlines) bool {
	for _, c := range cells {
		for _, t := range c {
			if t.spec.kind == tWord && strings.TrimSpace(t.s) != "" {
				return false
			}
		}
	}
	return true
}

// bold sets a cell's words in the bold of their face, measured again,
// their specs from ss.
func bold(ss *specs, in inlines) inlines {
	out := make(inlines, len(in))
	for i, t := range in {
		if t.spec.kind != tBreak || t.spec.gap != nil {
			sp := *t.spec
			if sp.kind != tBreak {
				sp.f = bolder(sp.f)
				t.w = sp.f.width(t.s)
			}
			if g := sp.gap; g != nil {
				gs := *g
				gs.f = bolder(gs.f)
				gs.w = gs.f.width(" ")
				sp.gap = ss.of(gs)
			}
			t.spec = ss.of(sp)
		}
		out[i] = t
	}
	return out
}

// bolder is face f in bold.
func bolder(f face) face {
	if f.style() == "I" || f.style() == "BI" {
		return f.withStyle("BI")
	}
	return f.withStyle("B")
}

// twoFirst gives a header stacked a word a line over three lines or
// more, at the widths w, the width for two lines first, out of spare: a
// name is read in two lines, and a column whose name costs little to
// keep on one waits for what is left. It returns what is left.
func twoFirst(rows []tableRow, w []float64, k, spare float64) float64 {
	for _, row := range rows {
		if !row.header {
			continue
		}
		for j, c := range row.cells {
			if need := twoLines(c, k) - w[j]; lineCount(c, k, w[j]) >= 3 && need > eps && need <= spare+eps {
				w[j] += need
				spare -= need
			}
		}
	}
	return spare
}

// words are the widths of a cell's words at scale k, and of the glue
// before each (0 for the first).
func words(toks []tok, k float64) (ws, glue []float64) {
	g, in := 0.0, false
	for _, t := range toks {
		w := t.scaledW(k)
		switch t.spec.kind {
		case tWord:
			if !in {
				ws, glue = append(ws, 0), append(glue, g)
				in, g = true, 0
			}
			ws[len(ws)-1] += w
		case tBreak:
			in, g = false, 0
		}
		if sp := t.spec.gap; sp != nil {
			if in || len(ws) > 0 {
				g = gapTok(sp).scaledW(k)
			}
			in = false
		}
	}
	if len(glue) > 0 {
		glue[0] = 0
	}
	return ws, glue
}

// lineCount is how many lines a cell's words take at width w, broken
// at their spaces and hard breaks as the cell is set (appendLines; a word
// wider than w counts one line).
func lineCount(toks []tok, k, w float64) int {
	n, cur, glue := 0, 0.0, -1.0 // lines ended, the open line's width, the glue before the next word (-1: none)
	open := false                // the open line has words
	for i := 0; i < len(toks); {
		if toks[i].spec.kind == tBreak {
			n, cur, glue, open = n+1, 0, -1, false
			i++
			continue
		}
		ww := 0.0 // a word: its tokens up to the first with a space after it, or a break
		for i < len(toks) && toks[i].spec.kind == tWord {
			ww += toks[i].scaledW(k)
			if i++; toks[i-1].spec.gap != nil {
				break
			}
		}
		if open && cur+max(glue, 0)+ww > w+eps {
			n, cur, glue = n+1, 0, -1
		}
		cur += max(glue, 0) + ww
		glue, open = -1, true
		if g := toks[i-1].spec.gap; g != nil {
			glue = gapTok(g).scaledW(k)
		}
	}
	if open || n == 0 {
		n++
	}
	return n
}

// twoLines is the least width at which a cell's words take two lines.
func twoLines(toks []tok, k float64) float64 {
	ws, glue := words(toks, k)
	best := math.Inf(1)
	for i := 1; i < len(ws); i++ {
		a, b := 0.0, 0.0
		for j := range i {
			a += glue[j] + ws[j]
		}
		for j := i; j < len(ws); j++ {
			if j > i {
				b += glue[j]
			}
			b += ws[j]
		}
		best = min(best, max(a, b))
	}
	if math.IsInf(best, 1) {
		return 0
	}
	return best
}

// shrinkFirst is how far under its size a table led by prose shrinks to
// keep its cells on one line before it wraps its prose (proseLeast).
const shrinkFirst = 0.5

// proseMeasure is the least measure, in ems of its type, a column of
// prose is wrapped to rather than the table's type shrunk: some 25
// letters a line, the narrowest column a publisher sets running words in.
const proseMeasure = 12

// wordCount is how many words toks hold (as words tells them).
func wordCount(toks []tok) int {
	n, in := 0, false
	for _, t := range toks {
		if t.spec.kind == tWord && !in {
			n++
		}
		in = t.spec.kind == tWord && t.spec.gap == nil
	}
	return n
}

// proseColumns says which columns hold prose: a body cell of more words
// than a name has (phraseWords), which reads as well wrapped.
func proseColumns(rows []tableRow, ncol int) []bool {
	prose := make([]bool, ncol)
	for _, row := range rows {
		if row.header {
			continue
		}
		for j, c := range row.cells {
			if wordCount(c) > phraseWords {
				prose[j] = true
			}
		}
	}
	return prose
}

// proseLeast is the least width of each column of a table whose widest
// column (nat) is prose, set at scale k (size pt) with its prose wrapped:
// a column of short cells (numbers, names, dice scores) keeps its body
// cells (body) on one line, a column of prose gets its longest word (mn)
// and proseMeasure, or its longest line if shorter, and every header its
// longest word (head) and two lines at most (twoFirst's rule). It is nil
// for a table not led by prose.
func proseLeast(rows []tableRow, prose []bool, nat, mn, body, head []float64, k, size float64) []float64 {
	widest := 0
	for j := range nat {
		if nat[j] > nat[widest] {
			widest = j
		}
	}
	if len(nat) == 0 || !prose[widest] {
		return nil
	}
	least := make([]float64, len(nat))
	for j := range least {
		least[j] = head[j]
		if prose[j] {
			least[j] = max(least[j], mn[j], min(nat[j], proseMeasure*size*ptMM))
		} else {
			least[j] = max(least[j], body[j])
		}
	}
	for _, row := range rows {
		if row.header {
			for j, c := range row.cells {
				least[j] = max(least[j], twoLines(c, k))
			}
		}
	}
	return least
}

// proseWidths are the widths of a table led by prose whose columns'
// least widths (proseLeast) fit inner. The spare width buys lines: each
// step widens the column where a millimetre saves the most lines of the
// table (a row is as tall as its tallest cell), to the width where its
// cells take fewer, until no width left saves one; then, the same way,
// lines of cells shorter than their rows; what is still spare goes to
// the columns by what they still want on one line.
func proseWidths(rows []tableRow, nat, least []float64, k, inner float64) []float64 {
	ncol := len(least)
	w := slices.Clone(least)
	// drops[i*ncol+j][n-1] is the least width at which cell j of row i
	// takes n lines; it takes one more than the drops it has at least[j].
	drops := make([][]float64, len(rows)*ncol)
	for i, row := range rows {
		for j, c := range row.cells {
			n := lineCount(c, k, least[j])
			d := make([]float64, n-1)
			for m := range d {
				d[m] = linesWidth(c, k, m+1)
			}
			drops[i*ncol+j] = d
		}
	}
	lines := func(i, j int, x float64) int {
		d := drops[i*ncol+j]
		for n, at := range d {
			if at <= x+eps {
				return n + 1
			}
		}
		return len(d) + 1
	}
	spare := inner - sum(w)
	other := make([]int, len(rows)) // a row's tallest cell but column j's
	var cand []float64
	// First the rows' lines, then, with what is left, the cells' lines:
	// a cell's last word is not left alone on a line it need not take.
	for _, cells := range []bool{false, true} {
		for spare > eps {
			bestJ, bestX, bestRate := -1, 0.0, 0.0
			for j := range w {
				cand = cand[:0]
				for i := range rows {
					other[i] = 1
					for o := range w {
						if o != j && !cells {
							other[i] = max(other[i], lines(i, o, w[o]))
						}
					}
					for _, at := range drops[i*ncol+j] {
						if at > w[j]+eps && at <= w[j]+spare+eps {
							cand = append(cand, at)
						}
					}
				}
				slices.Sort(cand)
				cand = slices.CompactFunc(cand, func(a, b float64) bool { return b-a < 0.01 })
				for _, x := range cand[:min(len(cand), maxWiden)] {
					saved := 0
					for i := range rows {
						saved += max(lines(i, j, w[j]), other[i]) - max(lines(i, j, x), other[i])
					}
					if rate := float64(saved) / (x - w[j]); saved > 0 && rate > bestRate+eps {
						bestJ, bestX, bestRate = j, x, rate
					}
				}
			}
			if bestJ < 0 {
				break
			}
			spare -= bestX - w[bestJ]
			w[bestJ] = bestX
		}
	}
	shareWant(w, nat, spare)
	return w
}

// shareWant adds spare to the widths w in proportion to what each still
// wants to set its cells on one line (nat), evenly if none wants more.
func shareWant(w, nat []float64, spare float64) {
	want := 0.0
	for j := range w {
		want += max(0, nat[j]-w[j])
	}
	for j := range w {
		if want > 0 {
			w[j] += spare * max(0, nat[j]-w[j]) / want
		} else {
			w[j] += spare / float64(len(w))
		}
	}
}

// maxWiden is how many widths, narrowest first, proseWidths tries for a
// column at each step: a long table's cells of one length have few.
const maxWiden = 32

// linesWidth is the least width at which a cell's words take lines lines
// or fewer at scale k; +Inf where its hard breaks make more.
func linesWidth(toks []tok, k float64, lines int) float64 {
	nat, lo, _ := widthsAt(toks, k)
	if lineCount(toks, k, nat) > lines {
		return math.Inf(1)
	}
	hi := nat
	for hi-lo > 0.01 {
		mid := (lo + hi) / 2
		if lineCount(toks, k, mid) <= lines {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}
