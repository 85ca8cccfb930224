// Package pdftest reads back the text of a PDF with the size every string
// is printed at, so tests can hold type-size bars ("90% of characters at
// 7 pt or more") and find where text landed, on the PDF itself rather
// than on what the code meant to draw.
//
// It reads what fpdf writes — a classic cross-reference-free scan of
// "N 0 obj" objects, FlateDecode content streams, Type0/Identity-H fonts
// whose codes are UTF-16 (fpdf's UTF-8 fonts) and simple fonts — and
// follows the text and graphics state the way a viewer does: Tf, Tm, Td,
// TD, T*, TL, cm, q and Q, BT and ET, Tj, TJ, ' and ". It is a test
// helper, not a general PDF reader: object streams, encryption and
// inline images are not supported.
package pdftest

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"fmt"
	"io"
	"iter"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"

	"github.com/playaid/playaid/internal/pdfsyntax"
)

// Text is one string shown on a page.
type Text struct {
	Page int     // 1-based, in the order of the page tree
	X, Y float64 // mm from the page's top-left corner to the start of the baseline
	Size float64 // pt as printed: the font size scaled by the text and graphics matrices
	Font string  // the font's BaseFont ("utf8goB" for fpdf's Go Bold)
	S    string
	// Dir is the way the baseline runs on the page, a unit vector with y
	// down: (1, 0) for upright text, (0, -1) for text turned a quarter
	// counter-clockwise.
	Dir [2]float64
	// Box is the ink of its glyphs, from their outlines where the font
	// is embedded; empty for spaces alone.
	Box Rect
	// White is true for text printed in white (on a dark band).
	White bool
	// Glyphs are its characters, each with its ink.
	Glyphs []Glyph
}

// Glyph is one character of a Text and its ink (empty for a space).
type Glyph struct {
	R   rune
	Box Rect
}

// Chars is the number of printed characters of t: spaces do not count.
func (t Text) Chars() int {
	n := 0
	for _, r := range t.S {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

type object struct {
	dict   string
	stream []byte
}

// Read returns every string shown in pdf, page by page in drawing order.
func Read(pdf []byte) ([]Text, error) {
	d, err := Ink(pdf)
	if err != nil {
		return nil, err
	}
	return d.Texts, nil
}

// eachPage calls f with every page of pdf in page-tree order (from 1):
// its object, size and content streams.
func eachPage(pdf []byte, f func(objs map[int]object, page int, po object, p Page, content []byte) error) error {
	objs, err := objects(pdf)
	if err != nil {
		return err
	}
	pages, err := pageList(objs)
	if err != nil {
		return err
	}
	for i, pg := range pages {
		p, content, err := pageContent(objs, objs[pg.obj], i)
		if err != nil {
			return err
		}
		p.Branch = pg.parent
		if err := f(objs, i+1, objs[pg.obj], p, content); err != nil {
			return fmt.Errorf("page %d: %v", i+1, err)
		}
	}
	return nil
}

// objects reads the numbered objects of a PDF, their streams inflated.
func objects(pdf []byte) (map[int]object, error) {
	objs := map[int]object{}
	for num, body := range objectBodies(pdf) {
		n, _ := strconv.Atoi(string(num))
		o := object{dict: string(body)}
		if i := bytes.Index(body, []byte("stream")); i >= 0 {
			o.dict = string(body[:i])
			s := body[i+len("stream"):]
			s = bytes.TrimPrefix(bytes.TrimPrefix(s, []byte("\r")), []byte("\n"))
			if l, ok := intKey(o.dict, "Length"); ok && l <= len(s) {
				s = s[:l]
			} else if j := bytes.LastIndex(s, []byte("endstream")); j >= 0 {
				s = s[:j]
			}
			if strings.Contains(o.dict, "/FlateDecode") {
				r, err := zlib.NewReader(bytes.NewReader(s))
				if err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
				if s, err = io.ReadAll(r); err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
			}
			o.stream = s
		}
		objs[n] = o
	}
	return objs, nil
}

// objectBodies yields each "N 0 obj ... endobj" of pdf in order: its
// number N and what stands between the header (and the white space after
// it) and the first endobj after it, as the regular expression
// (?s)(\d+) 0 obj\s*(.*?)endobj finds them, at a small part of its cost
// (the tests read thousands of PDFs).
func objectBodies(pdf []byte) iter.Seq2[[]byte, []byte] {
	return func(yield func(num, body []byte) bool) {
		header, end := []byte(" 0 obj"), []byte("endobj")
		for at := 0; ; {
			i := bytes.Index(pdf[at:], header)
			if i < 0 {
				return
			}
			i += at
			start := i
			for start > at && '0' <= pdf[start-1] && pdf[start-1] <= '9' {
				start--
			}
			if start == i { // no number before it
				at = i + 1
				continue
			}
			b := i + len(header)
			for b < len(pdf) && (pdf[b] == ' ' || pdf[b] == '\t' || pdf[b] == '\n' || pdf[b] == '\f' || pdf[b] == '\r') {
				b++
			}
			e := bytes.Index(pdf[b:], end)
			if e < 0 {
				return
			}
			if !yield(pdf[start:i], pdf[b:b+e]) {
				return
			}
			at = b + e + len(end)
		}
	}
}

// pageContent returns page i's size and its content streams.
func pageContent(objs map[int]object, po object, i int) (Page, []byte, error) {
	var p Page
	inherited := func(key string) []float64 {
		for n, src := 0, po.dict; n < 32 && src != ""; n++ {
			if box := numsKey(src, key); len(box) == 4 {
				return box
			}
			src = objs[refKey(src, "Parent")].dict
		}
		return nil
	}
	media := inherited("MediaBox")
	if media == nil {
		return p, nil, fmt.Errorf("page %d has no MediaBox", i+1)
	}
	p.W, p.H = (media[2]-media[0])*mmPt, (media[3]-media[1])*mmPt
	p.Trim = Rect{0, 0, p.W, p.H}
	if t := inherited("TrimBox"); t != nil {
		p.Trim = Rect{(t[0] - media[0]) * mmPt, (media[3] - t[3]) * mmPt, (t[2] - media[0]) * mmPt, (media[3] - t[1]) * mmPt}
	}
	var content []byte
	for _, c := range refsKey(po.dict, "Contents") {
		content = append(content, objs[c].stream...)
		content = append(content, '\n')
	}
	return p, content, nil
}

const mmPt = 25.4 / 72 // one point in mm

// pageRef is a page's object and the page-tree node it hangs from.
type pageRef struct{ obj, parent int }

// pageList returns the pages in page-tree order.
func pageList(objs map[int]object) ([]pageRef, error) {
	root := -1
	for n, o := range objs {
		if typeOf(o.dict) == "Pages" && refKey(o.dict, "Parent") == 0 {
			root = n
		}
	}
	if root < 0 {
		return nil, fmt.Errorf("no page tree")
	}
	var pages []pageRef
	var walk func(n, parent, depth int)
	walk = func(n, parent, depth int) {
		if depth > 32 {
			return
		}
		switch o := objs[n]; typeOf(o.dict) {
		case "Page":
			pages = append(pages, pageRef{n, parent})
		case "Pages":
			for _, k := range refsKey(o.dict, "Kids") {
				walk(k, n, depth+1)
			}
		}
	}
	walk(root, 0, 0)
	return pages, nil
}

// fontsOf maps the resource names of a page's fonts to the fonts, read
// once for the document into cache.
func fontsOf(objs map[int]object, page string, cache map[int]*font) map[string]*font {
	res := page
	if r := refKey(page, "Resources"); r != 0 {
		res = objs[r].dict
	}
	out := map[string]*font{}
	i := strings.Index(res, "/Font")
	if i < 0 {
		return out
	}
	sub := res[i+len("/Font"):]
	if r, ok := leadingRef(sub); ok {
		sub = objs[r].dict
	} else if j := strings.Index(sub, ">>"); j >= 0 {
		sub = sub[:j]
	}
	for _, m := range fontRefRE.FindAllStringSubmatch(sub, -1) {
		n, _ := strconv.Atoi(m[2])
		if cache[n] == nil {
			cache[n] = loadFont(objs, n)
		}
		out[m[1]] = cache[n]
	}
	return out
}

var (
	fontRefRE  = regexp.MustCompile(`/([^\s/<>\[\]()]+)\s+(\d+)\s+0\s+R`)
	baseFontRE = regexp.MustCompile(`/BaseFont\s*/([^\s/<>\[\]()]+)`)
	leadRefRE  = regexp.MustCompile(`^\s*(\d+)\s+0\s+R`)
	refRE      = regexp.MustCompile(`(\d+)\s+0\s+R`)
)

func leadingRef(s string) (int, bool) {
	m := leadRefRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

var typeRE = regexp.MustCompile(`/Type\s*/(\w+)`)

func typeOf(dict string) string {
	m := typeRE.FindStringSubmatch(dict)
	if m == nil {
		return ""
	}
	return m[1]
}

// keyREs holds the expressions keyRE made: the tests ask for the same
// few thousands of times a PDF.
var keyREs sync.Map // key + "\x00" + value → *regexp.Regexp

func keyRE(key, value string) *regexp.Regexp {
	k := key + "\x00" + value
	if re, ok := keyREs.Load(k); ok {
		return re.(*regexp.Regexp)
	}
	re, _ := keyREs.LoadOrStore(k, regexp.MustCompile(`/`+key+`\s*`+value))
	return re.(*regexp.Regexp)
}

func intKey(dict, key string) (int, bool) {
	m := keyRE(key, `(\d+)(\s+\d+\s+R)?`).FindStringSubmatch(dict)
	if m == nil || m[2] != "" {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

func refKey(dict, key string) int {
	m := keyRE(key, `(\d+)\s+0\s+R`).FindStringSubmatch(dict)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// refsKey reads a reference or an array of references.
func refsKey(dict, key string) []int {
	if n := refKey(dict, key); n != 0 {
		return []int{n}
	}
	m := keyRE(key, `\[([^\]]*)\]`).FindStringSubmatch(dict)
	if m == nil {
		return nil
	}
	var out []int
	for _, r := range refRE.FindAllStringSubmatch(m[1], -1) {
		n, _ := strconv.Atoi(r[1])
		out = append(out, n)
	}
	return out
}

func numsKey(dict, key string) []float64 {
	m := keyRE(key, `\[([^\]]*)\]`).FindStringSubmatch(dict)
	if m == nil {
		return nil
	}
	var out []float64
	for _, f := range strings.Fields(m[1]) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// matrix is a PDF transformation [a b c d e f] (internal/pdfsyntax).
type matrix = pdfsyntax.Matrix

var identity = pdfsyntax.Identity

// eachOp calls f with every operator of a content stream and the
// operands before it.
func eachOp(content []byte, f func(op string, args []operand)) error {
	var args []operand
	lx := lexer{pdfsyntax.Lexer{B: content}}
	for {
		tok, err := lx.next()
		if err != nil {
			return err
		}
		if tok.kind == tEOF {
			return nil
		}
		if tok.kind != tOp {
			args = append(args, tok)
			continue
		}
		f(tok.op, args)
		args = args[:0]
	}
}

// num is operand i as a number, or 0.
func num(args []operand, i int) float64 {
	if i < len(args) && args[i].kind == tNum {
		return args[i].num
	}
	return 0
}

// round keeps sizes comparable: fpdf writes them with two decimals.
func round(v float64) float64 { return math.Round(v*1000) / 1000 }

func decode(s []byte, wide bool) string {
	if !wide {
		rs := make([]rune, len(s))
		for i, b := range s {
			rs[i] = rune(b)
		}
		return string(rs)
	}
	u := make([]uint16, len(s)/2)
	for i := range u {
		u[i] = uint16(s[2*i])<<8 | uint16(s[2*i+1])
	}
	return string(utf16.Decode(u))
}

// Sizes counts printed characters by the size they are printed at.
type Sizes struct {
	sizes []float64 // ascending
	count []int     // characters at sizes[i]
	total int
}

// Tally counts the printed characters of texts.
func Tally(texts []Text) Sizes {
	by := map[float64]int{}
	var s Sizes
	for _, t := range texts {
		if n := t.Chars(); n > 0 {
			by[t.Size] += n
			s.total += n
		}
	}
	for size := range by {
		s.sizes = append(s.sizes, size)
	}
	sort.Float64s(s.sizes)
	for _, size := range s.sizes {
		s.count = append(s.count, by[size])
	}
	return s
}

// Chars is the number of characters counted.
func (s Sizes) Chars() int { return s.total }

// Below is the share (0–1) of characters printed smaller than pt.
func (s Sizes) Below(pt float64) float64 {
	if s.total == 0 {
		return 0
	}
	n := 0
	for i, size := range s.sizes {
		if size < pt-1e-6 {
			n += s.count[i]
		}
	}
	return float64(n) / float64(s.total)
}

// Quantile is the smallest size at or under which at least share q (0–1)
// of the characters are printed: Quantile(0.1) = 5.5 means one character
// in ten is 5.5 pt or smaller.
func (s Sizes) Quantile(q float64) float64 {
	need := int(math.Ceil(q * float64(s.total)))
	n := 0
	for i, size := range s.sizes {
		n += s.count[i]
		if n >= need {
			return size
		}
	}
	if len(s.sizes) == 0 {
		return 0
	}
	return s.sizes[len(s.sizes)-1]
}

// String lists the sizes and their shares, smallest first.
func (s Sizes) String() string {
	var b strings.Builder
	for i, size := range s.sizes {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%g pt: %.1f%%", size, 100*float64(s.count[i])/float64(max(s.total, 1)))
	}
	return b.String()
}

// Smallest returns the texts printed smaller than pt, for error messages.
func Smallest(texts []Text, pt float64) []Text {
	var out []Text
	for _, t := range texts {
		if t.Size < pt-1e-6 && t.Chars() > 0 {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b Text) int { return cmp.Compare(a.Size, b.Size) })
	return out
}

// Printable checks that pdf is a whole PDF whose every string reads back
// and is drawn in glyphs the font has (has says which; spaces need none):
// no text would print as the font's empty box, or not at all.
func Printable(pdf []byte, has func(rune) bool) error {
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.HasSuffix(bytes.TrimSpace(pdf), []byte("%%EOF")) {
		return fmt.Errorf("not a whole PDF (%d bytes)", len(pdf))
	}
	texts, err := Read(pdf)
	if err != nil {
		return fmt.Errorf("the PDF does not read back: %v", err)
	}
	for _, t := range texts {
		for _, r := range t.S {
			if !has(r) && r != ' ' {
				return fmt.Errorf("page %d draws %q: %U is not in the font", t.Page, t.S, r)
			}
		}
	}
	return nil
}
