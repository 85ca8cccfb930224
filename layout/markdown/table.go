package markdown

import (
	"cmp"
	"slices"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// Tables: the cells are collected while walking, then laid out at once.
//
// Column widths follow the content: every column gets its natural width
// (its longest cell on one line) and the spare width of the text column is
// shared in proportion: every table takes the whole measure of its column,
// so tables stacked on a page share one width, never ragged ones. When the natural widths do not fit, the table's
// font shrinks in quarter points down to tableFloor; if that is not enough
// each column gets its longest word, then the width to keep its names
// (cell lines of a few words: "Assault Tripod⁴,⁸") on one line while the
// table can afford it, and the rest is shared in proportion to what each
// column still wants; long cells wrap. (Words longer than their column
// are cut, as a last resort.)
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
}

type tableRow struct {
	cells  []inlines
	header bool
	line   int
}

func (r *walker) tableNode(n ast.Node, entering bool) ast.WalkStatus {
	if entering {
		t := &tableState{line: r.nodeLine(n), explained: r.explained(n)}
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
		t.cells = make([]inlines, n.ChildCount()*len(t.align)) // its rows
		r.table = t
		r.space(paraGap * r.em)
		return ast.WalkContinue
	}
	r.layoutTable(r.table)
	r.table = nil
	r.space(paraGap * r.em)
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
		r.push(s)
		r.openInlines()
		return ast.WalkContinue
	}
	row.cells = append(row.cells, r.closeInlines())
	r.pop()
	return ast.WalkContinue
}

// tableScale is the font scale at which a table fits avail, and the
// widths of its columns' content (without padding).
func tableScale(rows []tableRow, ncol int, base, avail float64) (k float64, w []float64) {
	// The content's widths at scale k: natural (each cell on one line),
	// longest word, names. Measured as the scaled cells measure, as a
	// footnote mark keeps its floor while the text around it shrinks.
	buf := make([]float64, 3*ncol)
	measure := func(k float64) (nat, mn, ph []float64) {
		clear(buf) // one buffer for every scale tried, each afresh
		nat, mn, ph = buf[:ncol], buf[ncol:2*ncol], buf[2*ncol:]
		for _, row := range rows {
			for j, c := range row.cells {
				n, m, p := widthsAt(c, k)
				nat[j], mn[j], ph[j] = max(nat[j], n), max(mn[j], m), max(ph[j], p)
			}
		}
		return nat, mn, ph
	}
	inner := avail - float64(ncol)*2*cellPadX
	floor := tableFloor(base)
	k = floor / base
	for size := base; size >= floor-eps; size -= 0.25 {
		if nat, _, _ := measure(size / base); sum(nat) <= inner+eps {
			k = size / base
			break
		}
	}
	nat, mn, ph := measure(k)
	natSum, minSum := sum(nat), sum(mn)
	w = make([]float64, ncol)
	switch {
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
		// Even the longest words do not fit: scale them down; they get cut.
		for j := range w {
			w[j] = mn[j] * inner / minSum
		}
	default:
		// Every column gets its longest word. Then names: the columns
		// whose names cost least to keep on one line get the width for
		// them first, as long as the table can afford it. What is left
		// goes to every column in proportion to what it still wants.
		copy(w, mn)
		spare := inner - minSum
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
		want := 0.0
		for j := range w {
			want += max(0, nat[j]-w[j])
		}
		for j := range w {
			if want > 0 {
				w[j] += spare * max(0, nat[j]-w[j]) / want
			}
		}
	}
	return k, w
}

func sum(v []float64) (s float64) {
	for _, x := range v {
		s += x
	}
	return s
}

// scale sets the tokens of a table cell at k times their size, in place:
// a cell's tokens are its table's own, and once the table knows its
// scale, only the scaled ones are set and drawn.
func scale(in inlines, k float64) {
	if k == 1 {
		return
	}
	for i, t := range in {
		f, size := scaleOf(t, k)
		t.f.size = size
		t.w *= f
		t.rise *= f
		in[i] = t
	}
}

// scaleOf is the factor by which t scales when its table's type scales by
// k, and its size then. No character goes under minMark: a footnote mark
// in a shrunk table keeps the floor (issue 22 §5), a hair wider.
func scaleOf(t tok, k float64) (f, size float64) {
	if t.box {
		return 1, t.f.size // a tick box keeps its size
	}
	if t.f.size <= 0 {
		return k, t.f.size
	}
	size = max(t.f.size*k, min(t.f.size, minMark))
	return size / t.f.size, size
}

func (r *walker) layoutTable(t *tableState) {
	ncol := len(t.align)
	for _, row := range t.rows {
		ncol = max(ncol, len(row.cells))
	}
	if ncol == 0 || len(t.rows) == 0 {
		return
	}
	avail := r.width()
	base := r.cur().size
	k, cw := tableScale(t.rows, ncol, base, avail)
	size := base * k
	width := 0.0 // of the table
	for _, w := range cw {
		width += w + 2*cellPadX
	}
	aligns := make([]align, ncol)
	copy(aligns, t.align)

	type setRow struct {
		cells  [][]line
		h      float64
		header bool
		line   int
	}
	set := make([]setRow, len(t.rows))
	cells := make([][]line, len(t.rows)*ncol) // every row's
	for i, row := range t.rows {
		sr := setRow{cells: cells[i*ncol : (i+1)*ncol : (i+1)*ncol], header: row.header, line: row.line}
		hmax := 0.0
		for j := 0; j < ncol; j++ {
			var in inlines
			if j < len(row.cells) {
				in = row.cells[j]
				scale(in, k)
			}
			ls := r.breakLines(in, cw[j], size)
			h := 0.0
			for _, l := range ls {
				h += l.height(tableLead)
			}
			sr.cells[j] = ls
			hmax = max(hmax, h)
		}
		sr.h = hmax + 2*cellPadY
		set[i] = sr
	}

	drawRow := func(sr setRow, zebra, last bool) func(c canvas, x, y float64) {
		return func(c canvas, x, y float64) {
			switch {
			case sr.header:
				c.Fill(x, y, width, sr.h, colHead)
			case zebra:
				c.Fill(x, y, width, sr.h, colZebra)
			}
			cx := x
			for j, ls := range sr.cells {
				ly := y + cellPadY
				for _, l := range ls {
					drawLine(c, l, cx+cellPadX, ly+l.baseline(tableLead), cw[j], aligns[j])
					ly += l.height(tableLead)
				}
				cx += cw[j] + 2*cellPadX
			}
			if sr.header {
				rule(c, x, x+width, y+sr.h, pen{width: 0.3, color: colAccent})
			}
			if last {
				rule(c, x, x+width, y+sr.h, pen{width: 0.3, color: colAccent})
			}
		}
	}

	// A table that fits in a column is kept whole: every row keeps with
	// the next. A longer one may break between rows; its header row keeps
	// with the first row and is drawn again at the top of every column the
	// table continues in.
	total := 0.0
	for _, sr := range set {
		total += sr.h
	}
	whole := total <= r.fl.colHeight()+eps
	body := 0
	var header *box
	for i, sr := range set {
		b := box{h: sr.h, line: sr.line, what: aTableRow}
		if sr.header {
			b.keep = true
			b.what = aTableHeader
			b.draw = drawRow(sr, false, false)
		} else {
			b.draw = drawRow(sr, body%2 == 1, i == len(set)-1)
			// The last row does not go on alone.
			b.keep = whole && i < len(set)-1 || i == len(set)-2 && i > 0 && !set[i-1].header ||
				i == len(set)-1 && r.table.explained
			body++
		}
		r.emit(b)
		if whole {
			continue
		}
		if sr.header && header == nil {
			// Wrapped after emit, so a list marker goes with the first
			// header only.
			hb := r.wrap(box{h: sr.h, draw: drawRow(sr, false, false)})
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
