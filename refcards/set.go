package refcards

import (
	"strings"

	"codeberg.org/go-pdf/fpdf"

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
	adv   map[string]map[rune]float64 // by style: advance at 1 pt, in mm
}

// font makes the style and size current, registering the face (with the
// plain zero) on first use.
func (st *setter) font(style string, size float64) {
	if style == st.style && size == st.size && st.size != 0 {
		return
	}
	if st.adv[style] == nil {
		if st.adv == nil {
			st.adv = map[string]map[rune]float64{}
		}
		st.adv[style] = map[rune]float64{}
		layout.UseFont(st.pdf, layout.Font, style)
	}
	st.pdf.SetFont(layout.Font, style, size)
	st.style, st.size = style, size
}

func (st *setter) width(s, style string, size float64) float64 {
	adv := st.adv[style]
	w := 0.0
	for _, r := range s {
		a, ok := adv[r]
		if !ok {
			st.font(style, 1)
			a = layout.Width(st.pdf, string(r))
			adv = st.adv[style]
			adv[r] = a
		}
		w += a
	}
	return w * size
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
	var out []piece
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
		gap := x - (last.x + st.width(last.s, style, size))
		if gap > 1e-9 {
			last.s += " "
		}
		last.s += s
		return
	}
	l.runs = append(l.runs, run{x: x, s: s, style: style})
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
