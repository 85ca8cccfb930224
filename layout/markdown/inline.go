package markdown

import (
	"strings"
	"unicode"
)

// Inline content is collected as tokens — words, each with the glue
// (breakable space) after it if any, and hard breaks — each with the face
// it is drawn in, and broken into lines greedily: a line takes words
// while they fit. Text is set ragged right: columns are narrow and
// nothing is hyphenated, so justified lines would open wide gaps.

type tokKind uint8

const (
	tWord  tokKind = iota
	tGlue          // breakable space: a gap's (tokSpec.gap)
	tBreak         // hard line break
)

// A tok is a word or a hard break. A document has thousands of them and
// a layout's tries set more: so a tok is 32 bytes, and what it is and how
// it is drawn is a record the tokens alike share (tokSpec), never changed
// once made. The breakable space after a word is in that record (gap),
// not a token of its own: spaces are nearly as many as words.
type tok struct {
	s    string
	w    float64
	spec *tokSpec
}

// tokSpec is what a token is and how it is drawn.
type tokSpec struct {
	f    face
	rise float64 // baseline shift in mm, negative is up (footnote numbers)
	// gap is the breakable space after the token, nil for none: a line
	// holds it only between two of its tokens, where it is set as a token
	// of its own (gapTok).
	gap    *tokSpec
	w      float64 // a gap's width
	kind   tokKind
	strike bool
	hasBg  bool
	box    bool // a tick box: its own size, whatever the text's (tickBoxMM)
	bg     rgb  // background (code spans) when hasBg
}

// breakSpec is every hard break's.
var breakSpec = &tokSpec{kind: tBreak}

// gapTok is gap g as a token, as a line sets it.
func gapTok(g *tokSpec) tok { return tok{s: " ", w: g.w, spec: g} }

// specs hands out the specs of a layout's tokens, one record for each
// spec, shared by the layout's tries (sets). A nil specs makes a record
// for every token.
type specs struct {
	m    map[tokSpec]*tokSpec
	last [tBreak + 1]*tokSpec // by kind, the last handed out: a run of text asks for the same
	// styles are what text in each style met is set with; lastSt is the
	// last style asked for, whose is lastStyled.
	styles     map[style]*styled
	lastSt     style
	lastStyled *styled
}

func newSpecs() *specs { return &specs{m: map[tokSpec]*tokSpec{}, styles: map[style]*styled{}} }

// of is the record of spec s.
func (ss *specs) of(s tokSpec) *tokSpec {
	if ss == nil {
		p := new(tokSpec)
		*p = s
		return p
	}
	if p := ss.last[s.kind]; p != nil && *p == s {
		return p
	}
	p, ok := ss.m[s]
	if !ok {
		p = new(tokSpec) // not &s: s would be moved to the heap on every call
		*p = s
		ss.m[s] = p
	}
	ss.last[s.kind] = p
	return p
}

// styled is what text in a style is set with: its face, the face's
// metrics, the spec of its words, of the space between them and of a word
// with that space after it. A layout sets thousands of runs of text in a
// handful of styles, so each style's is made once (specs.styled), not for
// every run and every space.
type styled struct {
	f      face
	m      *metrics
	word   *tokSpec
	glue   *tokSpec
	spaced *tokSpec
}

// styled is what text in style st is set with.
func (ss *specs) styled(st style) *styled {
	if ss != nil {
		if ss.lastStyled != nil && ss.lastSt == st {
			return ss.lastStyled
		}
		if sd, ok := ss.styles[st]; ok {
			ss.lastSt, ss.lastStyled = st, sd
			return sd
		}
	}
	f := st.face()
	m := f.metrics()
	word := tokSpec{kind: tWord, f: f, rise: st.rise, strike: st.strike, bg: st.bg, hasBg: st.hasBg}
	glue := tokSpec{kind: tGlue, f: f, rise: st.rise, strike: st.strike, bg: st.bg, hasBg: st.hasBg, w: m.width(" ", f.size)}
	sd := &styled{f: f, m: m, word: ss.of(word), glue: ss.of(glue)}
	word.gap = sd.glue
	sd.spaced = ss.of(word)
	if ss != nil {
		ss.styles[st] = sd
		ss.lastSt, ss.lastStyled = st, sd
	}
	return sd
}

// A tick box: the □ glyph, whose square is tickBoxEm of the font size a
// side in the Go font, standing on the baseline, set so that it is
// tickBoxMM a side (at least 3.5 mm, for a pencil) beside text of any
// size: a table set small does not shrink it. Its line is at least as
// tall as it, and it sits centred on the text's x-height.
const (
	tickBox   = "□"
	tickBoxEm = 0.506
	tickBoxMM = 3.6
)

// sameRun reports whether a and b can be drawn with one Text call.
func sameRun(a, b tok) bool {
	p, q := a.spec, b.spec
	return p == q || p.f == q.f && p.rise == q.rise && p.strike == q.strike && p.hasBg == q.hasBg && p.bg == q.bg
}

// inlines is the buffer inline nodes write into.
type inlines []tok

// text adds s in style st, splitting it into words and glue, their
// specs from ss.
func (in *inlines) text(ss *specs, s string, st style) {
	if strings.TrimSpace(s) == tickBox && !st.mono {
		// A tick box on its own is a box to mark with a pencil.
		f := st
		f.size = tickBoxMM / (tickBoxEm * ptMM)
		*in = append(*in, tok{s: tickBox, w: f.face().width(tickBox),
			spec: ss.of(tokSpec{kind: tWord, box: true, f: f.face(), rise: tickBoxMM/2 - 0.25*st.size*ptMM})})
		return
	}
	sd := ss.styled(st)
	f, m := sd.f, sd.m
	s = fallback(s, m)
	for len(s) > 0 {
		i := 0
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		if i == len(s) {
			*in = append(*in, tok{s: s, w: m.width(s, f.size), spec: sd.word})
			return
		}
		if i > 0 {
			*in = append(*in, tok{s: s[:i], w: m.width(s[:i], f.size), spec: sd.spaced})
		} else {
			in.gap(ss, sd.glue)
		}
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		s = s[i:]
	}
}

// isSpace reports whether b is a space between words: a space, tab or line
// end. (A loop over bytes, not strings.IndexAny: text comes a few words
// at a time, and IndexAny sets up for each call.)
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// glue adds a breakable space in style st unless one is already there.
func (in *inlines) glue(ss *specs, st style) { in.gap(ss, ss.styled(st).glue) }

// gap puts breakable space g after the last token, its spec from ss,
// unless a space is already there. Before any token, a space would start
// the text's first line, which holds none.
func (in *inlines) gap(ss *specs, g *tokSpec) {
	n := len(*in)
	if n == 0 || (*in)[n-1].spec.gap != nil {
		return
	}
	sp := *(*in)[n-1].spec
	sp.gap = g
	(*in)[n-1].spec = ss.of(sp)
}

func (in *inlines) hardBreak() { *in = append(*in, tok{spec: breakSpec}) }

// line is one line of set text.
type line struct {
	toks []tok
	w    float64 // natural width
	size float64 // largest font size on the line, pt
	minH float64 // the least height its tick boxes need, mm
}

// Line metrics: the line box is lead × the font size, or what its tick
// boxes need; the baseline sits so that capitals and descenders are
// balanced in it.
func (l line) height(lead float64) float64 { return max(l.size*ptMM*lead, l.minH) }
func (l line) baseline(lead float64) float64 {
	return l.height(lead)/2 + l.size*ptMM*0.33
}

// breakLines sets toks into lines at most width wide. size is the font
// size of an empty line. A word wider than a whole line is cut between
// characters. A line's tokens are a run of toks itself, not a copy, unless
// a cut word made them anew: the lines share toks, which nothing changes.
func breakLines(toks []tok, width, size float64) []line {
	return appendLines(nil, toks, width, size)
}

// appendLines is breakLines appending the lines to lines.
func appendLines(lines []line, toks []tok, width, size float64) []line {
	start := len(lines)
	cur := line{size: size}
	end := -1         // cur.toks ends at toks[end] while it is a run of toks
	var glue *tokSpec // the space after the line's last word, for a word set after it
	push := func() {
		lines = append(lines, cur)
		cur = line{size: size}
		end, glue = -1, nil
	}
	// add puts toks[i:j] on the current line, as a run of toks when it
	// continues one.
	add := func(i, j int) {
		switch {
		case len(cur.toks) == 0:
			cur.toks = toks[i:j:j]
		case end == i:
			start := i - len(cur.toks)
			cur.toks = toks[start:j:j]
		default:
			cur.toks = append(cur.toks, toks[i:j]...) // a copy: its capacity ends at j
			cur.measure(toks[i:j])
			end = -1
			return
		}
		cur.measure(toks[i:j])
		end = j
	}
	for i := 0; i < len(toks); {
		if toks[i].spec.kind == tBreak {
			push()
			i++
			continue
		}
		// A word: the tokens up to the first with a space after it, or
		// up to a break.
		j, ww := i, 0.0
		for j < len(toks) && toks[j].spec.kind == tWord {
			ww += toks[j].w
			if j++; toks[j-1].spec.gap != nil {
				break
			}
		}
		word := toks[i:j]
		start := i
		i = j
		need := ww
		if glue != nil {
			need += glue.w
		}
		if len(cur.toks) > 0 && cur.w+need > width+eps {
			push()
		}
		if ww > width+eps {
			pieces := cutWord(word, width)
			for k, p := range pieces {
				cur.toks = append(cur.toks, p...)
				cur.measure(p)
				end = -1
				if k < len(pieces)-1 {
					push()
				}
			}
			glue = word[len(word)-1].spec.gap
			continue
		}
		if glue != nil && len(cur.toks) > 0 {
			cur.measure([]tok{gapTok(glue)})
		}
		glue = word[len(word)-1].spec.gap
		add(start, j)
	}
	if len(cur.toks) > 0 || len(lines) == start {
		lines = append(lines, cur)
	}
	return lines
}

// measure adds the width of ts, just put on the line, and raises its size
// to theirs.
func (l *line) measure(ts []tok) {
	for _, t := range ts {
		l.w += t.w
		switch {
		case t.spec.box:
			l.minH = max(l.minH, tickBoxMM)
		case t.spec.rise == 0 && t.spec.f.size > l.size:
			l.size = t.spec.f.size
		}
	}
}

// cutWord cuts an over-long word into pieces at most width wide (at least
// one character each). A piece that ends between two letters ends in a
// hyphen, for which every piece leaves room.
func cutWord(word []tok, width float64) [][]tok {
	var pieces [][]tok
	var cur []tok
	w := 0.0
	prev := rune(0) // the character before the one being placed
	for _, t := range word {
		m := t.spec.f.metrics()
		room := width - m.width("-", t.spec.f.size)
		start := 0
		for i, r := range t.s {
			rw := m.width(string(r), t.spec.f.size)
			if w+rw > room+eps && (len(cur) > 0 || i > start) {
				if i > start {
					part := t
					part.s = t.s[start:i]
					if unicode.IsLetter(prev) && unicode.IsLetter(r) {
						part.s += "-"
					}
					part.w = m.width(part.s, t.spec.f.size)
					cur = append(cur, part)
				}
				pieces = append(pieces, cur)
				cur, w, start = nil, 0, i
			}
			w += rw
			prev = r
		}
		if start < len(t.s) {
			part := t
			part.s = t.s[start:]
			part.w = m.width(part.s, t.spec.f.size)
			cur = append(cur, part)
		}
	}
	if len(cur) > 0 {
		pieces = append(pieces, cur)
	}
	return pieces
}

// Alignment of a line in its box.
type align uint8

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// drawLine draws l with its box's left edge at x and its baseline at y,
// aligned in width. Neighbouring tokens of the same look go out as one
// string.
func drawLine(c canvas, l line, x, y, width float64, a align) {
	switch a {
	case alignCenter:
		x += (width - l.w) / 2
	case alignRight:
		x += width - l.w
	}
	// The line's tokens and the spaces between them: k even is token
	// k/2, k odd the space after it, where it has one.
	last := 2*len(l.toks) - 1
	at := func(k int) (tok, bool) {
		t := l.toks[k/2]
		if k%2 == 0 {
			return t, true
		}
		if t.spec.gap == nil {
			return tok{}, false
		}
		return gapTok(t.spec.gap), true
	}
	for i := 0; i < last; {
		t, ok := at(i)
		if !ok {
			i++
			continue
		}
		w, n, toks := 0.0, 0, 0
		j := i
		for ; j < last; j++ {
			u, ok := at(j)
			if !ok {
				continue
			}
			if !sameRun(u, t) {
				break
			}
			w += u.w
			n += len(u.s)
			toks++
		}
		run := t.s // a run of one token is its string
		if toks > 1 {
			var sb strings.Builder
			sb.Grow(n)
			for k := i; k < j; k++ {
				if u, ok := at(k); ok {
					sb.WriteString(u.s)
				}
			}
			run = sb.String()
		}
		i = j
		em := t.spec.f.size * ptMM
		if t.spec.hasBg {
			c.Fill(x-0.3, y-0.8*em, w+0.6, 1.05*em, t.spec.bg)
		}
		c.Text(x, y+t.spec.rise, run, t.spec.f)
		if t.spec.strike {
			c.Line(x, y-0.27*em, x+w, y-0.27*em, pen{width: 0.06 * em, color: t.spec.f.color})
		}
		x += w
	}
}

// phraseWords is the most words a line of a table cell may have to count
// as a name ("Assault Tripod⁴,⁸", "Heat Ray – Focused"), which its column
// keeps on one line when the table can afford it.
const phraseWords = 4

// widths returns the width of the widest line of toks set without limit,
// of its widest word, and of its widest line of at most phraseWords words:
// a table column's natural, minimum and name widths.
func widths(toks []tok) (natural, minimum, phrase float64) { return widthsAt(toks, 1) }

// scaledW is the token's width with the table's type scaled by k.
func (t tok) scaledW(k float64) float64 {
	if k == 1 {
		return t.w
	}
	f, _ := scaleOf(t, k)
	return t.w * f
}

// widthsAt is widths of toks scaled by k (see scale), without scaling them:
// a table tries many scales.
func widthsAt(toks []tok, k float64) (natural, minimum, phrase float64) {
	lineW, wordW, glue := 0.0, 0.0, 0.0
	words := 0
	endLine := func() {
		if words <= phraseWords {
			phrase = max(phrase, lineW)
		}
		lineW, wordW, glue, words = 0, 0, 0, 0
	}
	for _, t := range toks {
		w := t.scaledW(k)
		switch t.spec.kind {
		case tWord:
			if wordW == 0 {
				words++
			}
			wordW += w
			lineW += glue + w
			glue = 0
			minimum = max(minimum, wordW)
			natural = max(natural, lineW)
		case tBreak:
			endLine()
		}
		if g := t.spec.gap; g != nil {
			wordW = 0
			if lineW > 0 {
				glue = gapTok(g).scaledW(k)
			}
		}
	}
	endLine()
	return natural, minimum, phrase
}
