package document

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// Lines says where each line of a document's Markdown came from: the
// place in a template file of line i+1 — exact for a template's own text,
// the action's place for what an action printed — or none for a line no
// template wrote (the footnotes' definitions). The renderer's messages
// about the Markdown (a bad chart, a directive, a table too tall) are
// moved there with Place, so that they name the file the user wrote.
type Lines []LinePlace

// LinePlace is where a line of the Markdown came from: Pos is the place
// of its first character, and the line's first Verbatim characters are
// the template's text from there, character for character.
type LinePlace struct {
	diag.Pos
	Verbatim int
}

// Place moves every message of err that stands on a line of the Markdown
// the renderer knew as file to the place in the template that line came
// from (a column within the template's own text to its column there), and
// returns them as a diag.List; err is returned as it is when it holds
// none.
func (ls Lines) Place(err error, file string) error {
	l, ok := diag.AsList(err)
	if !ok || len(ls) == 0 {
		return err
	}
	out := make(diag.List, 0, len(l))
	moved := false
	for _, d := range l {
		// A block left open at the end (a chart fence) is reported on the
		// line after the last: it stands at the last.
		line := min(d.Line, len(ls))
		if d.File == file && line >= 1 && ls[line-1].File != "" {
			p := ls[line-1]
			if line < d.Line {
				d.Col = 0
			}
			col := p.Col
			if d.Col > 1 && d.Col <= p.Verbatim {
				col += d.Col - 1
			}
			d.File, d.Line, d.Col = p.File, p.Line, col
			moved = true
		}
		out = append(out, d)
	}
	if !moved {
		return err
	}
	return out
}

// place is a byte offset in one of the sources.
type place struct {
	src, off int
}

// segment is a stretch of the output from one place: a template's text,
// copied byte for byte (text), or what an action printed. An execution
// notes one for every stretch it writes, so its offsets are held in 32
// bits: the output (limits.MaxTemplateOutput) and a template's file
// (limits.MaxFileSize) are far smaller.
type segment struct {
	out      int32 // where it starts in the output
	src, off int32 // its place
	text     bool
}

// place is where the segment starts.
func (sg segment) place() place { return place{int(sg.src), int(sg.off)} }

// output is the writer a template executes into: it bounds the output's
// size and remembers where each stretch came from.
type output struct {
	buf    bytes.Buffer
	srcs   []Source
	index  // the trees' step and text nodes (see meter)
	segs   []segment
	next   place   // where the action after the last text written stands
	nl     [][]int // each source's newlines, by offset, once pos needs them
	budget *budget
}

// newOutput is the output of an execution of trees parsed from srcs and
// indexed by ix.
func newOutput(srcs []Source, ix index) *output {
	w := &output{srcs: srcs, index: ix}
	if len(srcs) > 0 {
		w.next = place{0, max(strings.Index(srcs[0].Text, "{{"), 0)}
	}
	return w
}

func (w *output) Write(p []byte) (int, error) {
	if len(p) == 0 {
		if cap(p) > 0 {
			if st, ok := w.steps[stepKey(p)]; ok {
				return 0, w.step(st)
			}
		}
		return 0, nil
	}
	at, text := w.next, false
	if pl, ok := w.texts[&p[0]]; ok && w.holds(pl, p) {
		at, text = pl, true
		// What an action prints next stands at the action after this
		// text: its "{{".
		s := w.srcs[pl.src].Text
		end := pl.off + len(p)
		if i := strings.Index(s[end:], "{{"); i >= 0 {
			end += i
		}
		w.next = place{pl.src, end}
	}
	if w.buf.Len()+len(p) > limits.MaxTemplateOutput {
		d := w.pos(at)
		d.Msg = fmt.Sprintf("the template prints more than %d bytes; expected a document of at most that size", limits.MaxTemplateOutput)
		return 0, d
	}
	if n := len(w.segs); n == 0 || text || w.segs[n-1].text || w.segs[n-1].place() != at {
		w.segs = append(w.segs, segment{out: int32(w.buf.Len()), src: int32(at.src), off: int32(at.off), text: text})
	}
	return w.buf.Write(p)
}

// step spends what a step node spends, or says at its place that the
// budget ran out.
func (w *output) step(st step) error {
	if err := w.budget.step(st.n); err != nil {
		d := w.pos(st.at)
		d.Msg = err.Error()
		return d
	}
	return nil
}

// holds reports whether p is the text of the template at pl, byte for
// byte (and not, say, an action's output that starts with the same
// bytes: it never shares their memory).
func (w *output) holds(pl place, p []byte) bool {
	s := w.srcs[pl.src].Text
	return pl.off+len(p) <= len(s) && s[pl.off:pl.off+len(p)] == string(p)
}

// pos is the file, line and column of a place. Every line of the
// Markdown asks (see lines): the sources' newlines are found once.
func (w *output) pos(pl place) diag.Diag {
	s := w.srcs[pl.src]
	if w.nl == nil {
		w.nl = make([][]int, len(w.srcs))
	}
	nl := w.nl[pl.src]
	if nl == nil {
		nl = []int{}
		for i := 0; i < len(s.Text); i++ {
			if s.Text[i] == '\n' {
				nl = append(nl, i)
			}
		}
		w.nl[pl.src] = nl
	}
	off := min(pl.off, len(s.Text))
	n := sort.SearchInts(nl, off) // the newlines before off
	start := 0
	if n > 0 {
		start = nl[n-1] + 1
	}
	col := utf8.RuneCountInString(s.Text[start:off]) + 1
	return diag.Diag{File: s.From, Line: n + 1, Col: col}
}

// at is the place output byte off came from, and how many bytes from
// there on are the template's text byte for byte.
func (w *output) at(off int) (place, int, bool) {
	i := sort.Search(len(w.segs), func(i int) bool { return int(w.segs[i].out) > off }) - 1
	if i < 0 {
		return place{}, 0, false
	}
	sg := w.segs[i]
	at := sg.place()
	if !sg.text {
		return at, 0, true
	}
	end := w.buf.Len()
	if i+1 < len(w.segs) {
		end = int(w.segs[i+1].out)
	}
	at.off += off - int(sg.out)
	return at, end - off, true
}

// lines maps the lines of md, the tidied Markdown, to their places:
// from[i] is where in the output the text of line i+1 starts (see tidy).
// It reads only md: tidying wrote it over the output.
func (w *output) lines(md []byte, from []int) Lines {
	ls := make(Lines, len(from))
	for i, o := range from {
		tidied := md // line i+1 of md
		if n := bytes.IndexByte(md, '\n'); n >= 0 {
			tidied, md = md[:n], md[n+1:]
		}
		pl, n, ok := w.at(o)
		if !ok {
			continue
		}
		d := w.pos(pl)
		// The output's text from o is the tidied line's, but for the
		// trailing spaces tidying dropped.
		n = min(n, len(tidied))
		ls[i] = LinePlace{Pos: diag.Pos{File: d.File, Line: d.Line, Col: d.Col}, Verbatim: utf8.RuneCount(tidied[:n])}
	}
	return ls
}

// Follow returns the places of the lines of after, the Markdown of ls
// with lines put in by its generator (a page break before a map): a line
// of after that is the next line of before keeps its place, the others
// have none.
func (ls Lines) Follow(before, after []byte) Lines {
	b := strings.Split(string(before), "\n")
	a := strings.Split(string(after), "\n")
	out := make(Lines, len(a))
	i := 0
	for j := range a {
		if i < len(b) && a[j] == b[i] {
			if i < len(ls) {
				out[j] = ls[i]
			}
			i++
		}
	}
	return out
}
