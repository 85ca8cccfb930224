package refcards

import (
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// Text is set on an fpdf document before any page is added: measuring
// there writes nothing into a page. Lines are broken greedily and set
// ragged right, as on the sheets.

// Type on a card, in points; line heights are lead × the size.
const (
	bodyPt  = 7.5         // paragraphs, lists, headings
	tablePt = 7.0         // table cells
	titlePt = 9.5         // the title band
	footPt  = cards.MinPt // the rule set's name at the foot
	markPt  = 7.5         // "1/2" in the title band
	lead    = 1.2
	ptMM    = 25.4 / 72
)

// rgb is a colour.
type rgb struct{ r, g, b int }

var (
	ink   = rgb{24, 27, 33}
	muted = rgb{88, 94, 104}
	zebra = rgb{240, 242, 245}
	white = rgb{255, 255, 255}
)

// tint mixes c with white: share 0–1 of c.
func (c rgb) tint(share float64) rgb {
	mix := func(v int) int { return int(float64(v)*share + 255*(1-share) + 0.5) }
	return rgb{mix(c.r), mix(c.g), mix(c.b)}
}

// setter measures text in the document's fonts. Widths are the fonts'
// advance widths, asked of fpdf once a character and style and added up
// as fpdf adds them: selecting a font and asking for every word would
// cost more than setting the cards.
type setter struct {
	pdf   *fpdf.Fpdf
	style string
	size  float64
	adv   map[string]*advances // by style
}

// advances are one style's advance widths at 1 pt, in mm, of the
// characters asked for so far: ASCII in an array (most of the text, and
// a card measures every character of it several times), the rest in a
// map.
type advances struct {
	ascii [128]float64
	known [128]bool
	other map[rune]float64
}

func (a *advances) get(r rune) (float64, bool) {
	if r >= 0 && r < 128 {
		return a.ascii[r], a.known[r]
	}
	w, ok := a.other[r]
	return w, ok
}

func (a *advances) set(r rune, w float64) {
	if r >= 0 && r < 128 {
		a.ascii[r], a.known[r] = w, true
		return
	}
	if a.other == nil {
		a.other = map[rune]float64{}
	}
	a.other[r] = w
}

// font makes the style and size current, registering the face (with the
// plain zero) on first use.
func (st *setter) font(style string, size float64) {
	if style == st.style && size == st.size && st.size != 0 {
		return
	}
	if st.adv[style] == nil {
		if st.adv == nil {
			st.adv = map[string]*advances{}
		}
		st.adv[style] = &advances{}
		layout.UseFont(st.pdf, layout.Font, style)
	}
	st.pdf.SetFont(layout.Font, style, size)
	st.style, st.size = style, size
}

func (st *setter) width(s, style string, size float64) float64 {
	return st.advance(0, s, style) * size
}

// advance adds the advances at 1 pt of s's characters to w, one after
// the other: width's sum, which a run of a line continues as words join
// it (addRun) rather than measuring it again from the start.
func (st *setter) advance(w float64, s, style string) float64 {
	adv := st.adv[style]
	for _, r := range s {
		var a float64
		ok := false
		if adv != nil {
			a, ok = adv.get(r)
		}
		if !ok {
			st.font(style, 1)
			a = layout.Width(st.pdf, string(r))
			adv = st.adv[style]
			adv.set(r, a)
		}
		w += a
	}
	return w
}

// piece is a word, or the part of one in one style, as measured.
type piece struct {
	s     string
	style string
	w     float64
	space float64 // width of the breakable space after it; 0 for none
	br    bool    // a line break: no text
}

// pieces cuts spans into words, each followed by the space after it.
func (st *setter) pieces(ss []span, size float64) []piece {
	n := 0 // about as many pieces as words: room for them at once
	for _, sp := range ss {
		n += strings.Count(sp.s, " ") + 1
	}
	out := make([]piece, 0, n)
	for _, sp := range ss {
		if sp.br {
			out = append(out, piece{br: true})
			continue
		}
		s := sp.s
		for s != "" {
			if s[0] == ' ' || s[0] == '\t' || s[0] == '\n' {
				if n := len(out); n > 0 && !out[n-1].br && out[n-1].space == 0 {
					out[n-1].space = st.width(" ", out[n-1].style, size)
				}
				s = strings.TrimLeft(s, " \t\n")
				continue
			}
			i := strings.IndexAny(s, " \t\n")
			if i < 0 {
				i = len(s)
			}
			style := upright(sp.style) // italics print upright: the cards use no italic face
			out = append(out, piece{s: s[:i], style: style, w: st.width(s[:i], style, size)})
			s = s[i:]
		}
	}
	return out
}

// run is text of one style at x from a line's start.
type run struct {
	x     float64
	s     string
	style string
	adv   float64 // s's advance at 1 pt (width's sum, before the size)
}

// textLine is one set line.
type textLine struct {
	runs []run
	w    float64
}

// lines breaks pieces into lines at most width wide. A word (pieces not
// parted by a space) wider than a line is cut short with "…".
func (st *setter) lines(ps []piece, width, size float64) []textLine {
	var out []textLine
	var cur textLine
	x := 0.0
	pendingSpace := 0.0
	push := func() {
		out = append(out, cur)
		cur, x, pendingSpace = textLine{}, 0, 0
	}
	for i := 0; i < len(ps); {
		if ps[i].br {
			push()
			i++
			continue
		}
		// The word: pieces up to one followed by a space.
		j, ww := i, 0.0
		for ; j < len(ps) && !ps[j].br; j++ {
			ww += ps[j].w
			if ps[j].space > 0 {
				j++
				break
			}
		}
		word := ps[i:j]
		i = j
		if len(cur.runs) > 0 && x+pendingSpace+ww > width+1e-9 {
			push()
		}
		if len(cur.runs) > 0 {
			x += pendingSpace
		}
		for k, p := range word {
			s := p.s
			if len(cur.runs) == 0 && ww > width+1e-9 && k == 0 {
				s = layout.Cut(s, width, func(t string) float64 { return st.width(t, p.style, size) })
			}
			st.addRun(&cur, x, s, p.style, size)
			x += st.width(s, p.style, size)
		}
		cur.w = x
		pendingSpace = word[len(word)-1].space
	}
	if len(cur.runs) > 0 || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// addRun appends text to a line, joining it to the last run when the
// style is the same.
func (st *setter) addRun(l *textLine, x float64, s, style string, size float64) {
	if n := len(l.runs); n > 0 && l.runs[n-1].style == style {
		last := &l.runs[n-1]
		gap := x - (last.x + last.adv*size)
		if gap > 1e-9 {
			last.s += " " + s // one string, not two
			last.adv = st.advance(last.adv, " ", style)
		} else {
			last.s += s
		}
		last.adv = st.advance(last.adv, s, style)
		return
	}
	l.runs = append(l.runs, run{x: x, s: s, style: style, adv: st.advance(0, s, style)})
}

// widest is the width of the widest word of spans, and of the whole text
// set on one line (its lines split only at breaks).
func (st *setter) widest(ss []span, size float64) (word, whole float64) {
	ps := st.pieces(ss, size)
	w, line := 0.0, 0.0
	for _, p := range ps {
		if p.br {
			line, w = 0, 0
			continue
		}
		w += p.w
		line += p.w
		word = max(word, w)
		whole = max(whole, line)
		if p.space > 0 {
			w = 0
			line += p.space
		}
	}
	return word, whole
}

// lineH is the height of a line of text at size pt.
func lineH(size float64) float64 { return size * ptMM * lead }

// baseline is where the baseline of a line of text at size pt sits below
// the line's top: capitals and descenders balanced in the line.
func baseline(size float64) float64 { return lineH(size)/2 + size*ptMM*0.33 }
