package refcards

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout/cards"
)

// A card is 63 × 88 mm. Nothing is drawn within inset of its edge, so a
// card cut a little off its line loses nothing; the title band sits at
// the top of what is left, the rule set's name at its foot, the body
// between them.
const (
	cardW, cardH = 63.0, 88.0 // cards.Poker, which the live area fits with inset all round
	inset        = (cardW - cards.LiveW) / 2
	innerW       = cards.LiveW
	bandPad      = 1.5 // above and below the title's lines
	bodyGap      = 2.0 // between the band and the body
	footH        = 3.2 // the foot line, from the body's end to the inner edge
	blockGap     = 1.3 // between a side's blocks
	cellPadX     = 0.7
	cellPadY     = 0.3
	itemIndent   = 2.6
	maxTitle     = 2 // lines a title may take
)

// box is a part of a side that is never split: a line of a paragraph, a
// heading, a table row. keep holds it on the same card as the box after
// it; head is a table row's header, set again at the top of a card the
// table goes on to.
type box struct {
	h      float64
	before float64 // space above it, unless it starts a card
	keep   bool
	head   *box
	draw   func(d *drawer, x, y float64)
	line   int // of the block, for messages
}

// physical is one printed card: a part of a card's front and back.
type physical struct {
	title   []textLine // the title's lines
	bandH   float64
	of      string // "1/2" when a card takes more than one
	sides   [2][]box
	deck    string
	titleOf string
}

// settle sets every card and cuts what does not fit on one into parts:
// the printed cards in order. Problems (a table wider than a card, a row
// taller than one, a title too long) are reported together.
func settle(st *setter, cs []card, deckName, file string) ([]physical, error) {
	var out []physical
	var errs diag.List
	for _, c := range cs {
		fail := func(line int, format string, args ...any) {
			errs.Add(diag.Pos{File: file, Line: line, Col: 1}, "card %q: "+format, append([]any{c.title}, args...)...)
		}
		// The title leaves room for a part mark ("2/2") at its right.
		mark := st.width("9/9", "B", markPt) + 2
		title := st.lines(st.pieces([]span{{s: c.title, style: "B"}}, titlePt), innerW-2*bandPad-mark, titlePt)
		if len(title) > maxTitle {
			fail(c.line, "the title takes %d lines in the band; at most %d fit: shorten it", len(title), maxTitle)
			continue
		}
		bandH := 2*bandPad + float64(len(title))*lineH(titlePt)
		bodyH := cards.LiveH - bandH - bodyGap - footH
		var parts [2][][]box
		ok := true
		for s := front; s <= back; s++ {
			boxes, err := st.boxes(c.sides[s])
			if err != nil {
				fail(err.line, "%s", err.msg)
				ok = false
				continue
			}
			p, err := flow(boxes, bodyH)
			if err != nil {
				fail(err.line, "%s", err.msg)
				ok = false
				continue
			}
			parts[s] = p
		}
		if !ok {
			continue
		}
		n := max(len(parts[front]), len(parts[back]))
		for k := 0; k < n; k++ {
			pc := physical{title: title, bandH: bandH, deck: deckName, titleOf: c.title}
			if n > 1 {
				pc.of = fmt.Sprintf("%d/%d", k+1, n)
			}
			for s := front; s <= back; s++ {
				if k < len(parts[s]) {
					pc.sides[s] = parts[s][k]
				}
			}
			out = append(out, pc)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// setError is a block that cannot be set on a card.
type setError struct {
	line int
	msg  string
}

// boxes sets a side's blocks.
func (st *setter) boxes(blocks []block) ([]box, *setError) {
	var out []box
	for i, b := range blocks {
		before := blockGap
		if i == 0 {
			before = 0
		}
		var bs []box
		switch b.kind {
		case blockHeading:
			bs = st.heading(b)
			before += 0.4
		case blockPara:
			bs = st.para(b.text, 0, "", muteIfItalic(b.text))
		case blockItem:
			bs = st.para(b.text, st.indent(blocks, i), b.mark, ink)
			if i > 0 && blocks[i-1].kind == blockItem {
				before = 0.5
			}
		case blockTable:
			var err *setError
			if bs, err = st.table(b); err != nil {
				return nil, err
			}
		}
		for k := range bs {
			bs[k].line = b.line
		}
		if len(bs) == 0 {
			continue
		}
		bs[0].before = before
		// A paragraph right before a table introduces it: keep them.
		if b.kind == blockPara && i+1 < len(blocks) && blocks[i+1].kind == blockTable {
			bs[len(bs)-1].keep = true
		}
		out = append(out, bs...)
	}
	return out, nil
}

// muteIfItalic: a paragraph all in italics is a side note, set in the
// muted colour (upright: the cards use no italic face).
func muteIfItalic(ss []span) rgb {
	for _, s := range ss {
		if !s.br && strings.TrimSpace(s.s) != "" && !strings.Contains(s.style, "I") {
			return ink
		}
	}
	return muted
}

// upright drops the italic of a style: italics mark notes by colour.
func upright(style string) string { return strings.ReplaceAll(style, "I", "") }

// heading sets a ## heading: bold, in the deck's colour, on one line
// with a hairline under it; it stays with what follows.
func (st *setter) heading(b block) []box {
	ls := st.lines(st.pieces(bold(b.text), bodyPt), innerW, bodyPt)
	var out []box
	for i, l := range ls {
		last := i == len(ls)-1
		h := lineH(bodyPt)
		if last {
			h += 0.6
		}
		out = append(out, box{h: h, keep: true, draw: func(d *drawer, x, y float64) {
			d.line(l, x, y+baseline(bodyPt), bodyPt, d.accent)
			if last {
				d.rule(x, x+innerW, y+lineH(bodyPt)+0.2, 0.2, d.accent.tint(0.5))
			}
		}})
	}
	return out
}

// bold makes every span bold.
func bold(ss []span) []span {
	out := make([]span, len(ss))
	for i, s := range ss {
		s.style = addStyle(s.style, "B")
		out[i] = s
	}
	return out
}

// indent is how far the items of the list block i belongs to are
// indented: room for the widest mark ("10.") and a space.
func (st *setter) indent(blocks []block, i int) float64 {
	for i > 0 && blocks[i-1].kind == blockItem {
		i--
	}
	w := 0.0
	for ; i < len(blocks) && blocks[i].kind == blockItem; i++ {
		w = max(w, st.width(blocks[i].mark, "B", bodyPt))
	}
	return max(itemIndent, w+1.2)
}

// para sets a paragraph or a list item (indented, its mark in the
// indent), a box per line, the lines kept together.
func (st *setter) para(text []span, indent float64, mark string, color rgb) []box {
	for i := range text {
		text[i].style = upright(text[i].style)
	}
	ls := st.lines(st.pieces(text, bodyPt), innerW-indent, bodyPt)
	out := make([]box, len(ls))
	for i, l := range ls {
		first := i == 0
		out[i] = box{h: lineH(bodyPt), keep: i < len(ls)-1, draw: func(d *drawer, x, y float64) {
			if first && mark != "" {
				d.text(x+0.3, y+baseline(bodyPt), mark, "B", bodyPt, d.accent)
			}
			d.line(l, x+indent, y+baseline(bodyPt), bodyPt, color)
		}}
	}
	return out
}

// table sets a GFM table to the card's width: columns as wide as their
// text wants when that fits, else each at least as wide as its longest
// word and the rest shared out by need; cells wrap at spaces. A row whose
// cells after the first are empty is a group heading across the card.
// The header repeats at the top of a card the table goes on to.
func (st *setter) table(b block) ([]box, *setError) {
	cols := len(b.head)
	spanRow := func(r [][]span) bool {
		for _, c := range r[min(1, len(r)):] {
			if strings.TrimSpace(plain(c)) != "" {
				return false
			}
		}
		return len(r) > 0
	}
	// A column's natural width is its widest cell on one line. Where the
	// table is too wide for that, headers may wrap at their spaces before
	// the cells do: want is then the body's natural width.
	minW := make([]float64, cols)
	natW := make([]float64, cols)
	want := make([]float64, cols)
	mass := make([]float64, cols) // how much text a column holds
	for j := 0; j < cols && j < len(b.head); j++ {
		word, whole := st.widest(styled(b.head[j], "B"), tablePt)
		minW[j] = word + 2*cellPadX
		natW[j] = whole + 2*cellPadX
		want[j] = minW[j]
	}
	for _, r := range b.rows {
		if spanRow(r) {
			continue
		}
		for j := 0; j < cols && j < len(r); j++ {
			word, whole := st.widest(r[j], tablePt)
			minW[j] = max(minW[j], word+2*cellPadX)
			natW[j] = max(natW[j], whole+2*cellPadX)
			want[j] = max(want[j], whole+2*cellPadX)
			mass[j] += whole
		}
	}
	wordy := 0 // the left-aligned column with the most text takes spare room
	for j := range mass {
		if (j >= len(b.right) || !b.right[j]) && mass[j] > mass[wordy] {
			wordy = j
		}
	}
	widths, err := columns(minW, want, natW, wordy, innerW)
	if err != nil {
		return nil, &setError{line: b.line, msg: err.Error()}
	}
	head := st.row(b.head, widths, b.right, "B", -1)
	head.keep = true
	var out []box
	hp := &head
	if strings.TrimSpace(plainCells(b.head)) == "" {
		hp = nil // no header to print, or to repeat
	} else {
		out = append(out, head)
	}
	body := 0
	for _, r := range b.rows {
		var bx box
		if spanRow(r) {
			bx = st.groupRow(r[0])
			body = 0
		} else {
			bx = st.row(r, widths, b.right, "", body)
			body++
		}
		bx.head = hp
		bx.keep = true
		out = append(out, bx)
	}
	// A table is kept whole — on the next card if it must — unless it is
	// longer than a card: then it breaks where it must.
	if len(out) > 0 {
		out[len(out)-1].keep = false
	}
	return out, nil
}

// plainCells is the text of a row's cells, one after the other.
func plainCells(cells [][]span) string {
	var b strings.Builder
	for _, c := range cells {
		b.WriteString(plain(c))
	}
	return b.String()
}

// styled sets every span in style (the header's bold).
func styled(ss []span, style string) []span {
	if style == "" {
		return ss
	}
	out := make([]span, len(ss))
	for i, s := range ss {
		s.style = addStyle(upright(s.style), style)
		out[i] = s
	}
	return out
}

// columns shares width out among columns of the given least widths
// (their longest words), the widths their cells want on one line, and
// the widths their headers want too. A table that fits whole gives its
// spare room to column wordy, the left-aligned one with the most text (a
// chart's results, not its rolls). One that fits with its headers wrapped gives what it
// has over to the headers, narrowest need first. A wider one gives every
// column that wants no more than a fair share what it wants — the
// numbers stay on one line — and shares the rest among the others by
// what they want, each at least as wide as its longest word.
func columns(minW, want, full []float64, wordy int, width float64) ([]float64, error) {
	out := make([]float64, len(minW))
	if sum(minW) > width+1e-9 {
		return nil, fmt.Errorf("the table needs %.1f mm across at %g pt, with every word of a column on one line; a card has %.1f mm: drop a column or shorten its words (cards never set smaller type)", sum(minW), tablePt, width)
	}
	spareTo := func(spare float64) { out[wordy] += spare }
	if sum(full) <= width {
		copy(out, full)
		spareTo(width - sum(full))
		return out, nil
	}
	natW := want
	if sum(want) <= width {
		copy(out, want)
		spare := width - sum(want)
		order := make([]int, len(out))
		for j := range order {
			order[j] = j
		}
		sort.SliceStable(order, func(a, b int) bool { return full[order[a]]-want[order[a]] < full[order[b]]-want[order[b]] })
		for _, j := range order {
			give := min(spare, full[j]-want[j])
			out[j] += give
			spare -= give
		}
		spareTo(spare)
		return out, nil
	}
	open := make([]bool, len(minW))
	for j := range open {
		open[j] = true
	}
	left, n := width, len(minW)
	for changed := true; changed && n > 0; {
		changed = false
		for j := range natW {
			if open[j] && natW[j] <= left/float64(n) {
				out[j], open[j] = natW[j], false
				left -= natW[j]
				n--
				changed = true
			}
		}
	}
	// Then, narrowest first, each column that can have all it wants while
	// the others keep their longest words on a line gets it: names stay
	// whole and the long text wraps.
	order := make([]int, 0, n)
	for j := range natW {
		if open[j] {
			order = append(order, j)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return natW[order[a]] < natW[order[b]] })
	for k, j := range order[:max(len(order)-1, 0)] {
		rest := 0.0
		for _, o := range order[k+1:] {
			rest += minW[o]
		}
		if left-natW[j] >= rest {
			out[j], open[j] = natW[j], false
			left -= natW[j]
		}
	}
	// What is left goes to the others by what they want, each at least
	// its longest word.
	for {
		total := 0.0
		for j := range natW {
			if open[j] {
				total += natW[j]
			}
		}
		short := false
		for j := range natW {
			if open[j] && left*natW[j]/total < minW[j] {
				out[j], open[j] = minW[j], false
				left -= minW[j]
				short = true
			}
		}
		if short {
			continue
		}
		for j := range natW {
			if open[j] {
				out[j] = left * natW[j] / total
			}
		}
		return out, nil
	}
}

func sum(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t
}

// row sets a table row: its cells wrapped to their columns, the row as
// tall as its tallest cell. Body rows are striped (index k, from 0);
// the header (k < 0) is bold in the deck's colour with a rule under it.
func (st *setter) row(cells [][]span, widths []float64, right []bool, style string, k int) box {
	type cell struct {
		lines []textLine
		right bool
	}
	cs := make([]cell, len(widths))
	n := 1
	for j := range widths {
		var text []span
		if j < len(cells) {
			text = styled(cells[j], style)
			if style == "" {
				for i := range text {
					text[i].style = upright(text[i].style)
				}
			}
		}
		cs[j] = cell{lines: st.lines(st.pieces(text, tablePt), widths[j]-2*cellPadX, tablePt), right: j < len(right) && right[j]}
		n = max(n, len(cs[j].lines))
	}
	h := float64(n)*lineH(tablePt) + 2*cellPadY
	return box{h: h, draw: func(d *drawer, x, y float64) {
		color := ink
		if k < 0 {
			color = d.accent
		}
		if k >= 0 && k%2 == 1 {
			d.fill(x, y, innerW, h, zebra)
		}
		cx := x
		for j, c := range cs {
			for i, l := range c.lines {
				lx := cx + cellPadX
				if c.right {
					lx = cx + widths[j] - cellPadX - l.w
				}
				d.line(l, lx, y+cellPadY+float64(i)*lineH(tablePt)+baseline(tablePt), tablePt, color)
			}
			cx += widths[j]
		}
		if k < 0 {
			d.rule(x, x+innerW, y+h, 0.3, d.accent)
		}
	}}
}

// groupRow sets a row that names a group of the rows under it, across
// the whole table.
func (st *setter) groupRow(label []span) box {
	ls := st.lines(st.pieces(bold(label), tablePt), innerW-2*cellPadX, tablePt)
	h := float64(len(ls))*lineH(tablePt) + 2*cellPadY + 0.4
	return box{h: h, keep: true, draw: func(d *drawer, x, y float64) {
		for i, l := range ls {
			d.line(l, x+cellPadX, y+0.4+cellPadY+float64(i)*lineH(tablePt)+baseline(tablePt), tablePt, ink)
		}
		d.rule(x, x+innerW, y+h, 0.15, d.accent.tint(0.4))
	}}
}

// flow puts boxes on as many sides of height h as they need. A run of
// kept boxes moves whole to the next side when it does not fit where it
// is and would fit there; a run taller than a side breaks where it must.
// A table row that starts a side has its header set above it.
func flow(boxes []box, h float64) ([][]box, *setError) {
	parts := [][]box{nil}
	used := 0.0
	add := func(b box) *setError {
		cur := &parts[len(parts)-1]
		need := b.h
		if len(*cur) > 0 {
			need += b.before
		}
		if used+need > h+1e-9 {
			if len(*cur) == 0 || b.h > h {
				return &setError{line: b.line, msg: fmt.Sprintf("a line or table row %.1f mm tall does not fit on a card (%.1f mm for the text): shorten it", b.h, h)}
			}
			parts = append(parts, nil)
			cur = &parts[len(parts)-1]
			used = 0
			if b.head != nil {
				*cur = append(*cur, *b.head)
				used = b.head.h
			}
			need = b.h
		}
		*cur = append(*cur, b)
		used += need
		return nil
	}
	for i := 0; i < len(boxes); {
		j := i
		for j < len(boxes)-1 && boxes[j].keep {
			j++
		}
		chain := 0.0
		for k := i; k <= j; k++ {
			chain += boxes[k].h
			if k > i || len(parts[len(parts)-1]) > 0 {
				chain += boxes[k].before
			}
		}
		if used+chain > h+1e-9 && len(parts[len(parts)-1]) > 0 && chain-boxes[i].before <= h {
			parts = append(parts, nil)
			used = 0
			if boxes[i].head != nil {
				parts[len(parts)-1] = append(parts[len(parts)-1], *boxes[i].head)
				used = boxes[i].head.h
			}
		}
		for k := i; k <= j; k++ {
			if err := add(boxes[k]); err != nil {
				return nil, err
			}
		}
		i = j + 1
	}
	return parts, nil
}

// sideHeight is how tall a side's boxes stand, with their spaces.
func sideHeight(bs []box) float64 {
	h := 0.0
	for i, b := range bs {
		if i > 0 {
			h += b.before
		}
		h += b.h
	}
	return h
}
