package markers

// A small reader for the PDFs fpdf writes, so tests can measure what is
// drawn: it inflates the content streams and interprets the path, text and
// transform operators, giving every point in millimetres from the page's
// top-left corner.

import (
	"compress/zlib"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

const ptPerMM = 72 / 25.4

type pt struct{ X, Y float64 }

// drawnPath is one painted path.
type drawnPath struct {
	op        string // f, S, B, b, s, f*, B*, n …
	subpaths  [][]pt // points along each subpath: its corners, and curves sampled finely
	lines     [][2]pt
	fill      string  // the fill colour operands when painted ("0.5 0.2 0.1")
	lineWidth float64 // mm, after the transform's scale
}

func (p drawnPath) filled() bool {
	return strings.HasPrefix(p.op, "f") || strings.HasPrefix(p.op, "B") || p.op == "b"
}
func (p drawnPath) stroked() bool { return strings.ContainsAny(p.op[:1], "SsBb") }

// bbox is the smallest box holding every point of the path.
func (p drawnPath) bbox() rect {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, sp := range p.subpaths {
		for _, q := range sp {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	return rect{X: minX, Y: minY, W: maxX - minX, H: maxY - minY}
}

// drawnText is one text-showing operator.
type drawnText struct {
	at   pt
	text string // the operand as written (hex glyph ids for Unicode fonts)
	fill string
	size float64
}

type pdfPage struct {
	w, h  float64 // MediaBox, mm
	paths []drawnPath
	texts []drawnText
}

var (
	objRE    = regexp.MustCompile(`(?s)(\d+) 0 obj\s*(.*?)endobj`)
	streamRE = regexp.MustCompile(`(?s)^(.*?)stream\r?\n(.*)\r?\nendstream`)
	kidsRE   = regexp.MustCompile(`/Kids\s*\[([^\]]*)\]`)
	refRE    = regexp.MustCompile(`(\d+) 0 R`)
	mediaRE  = regexp.MustCompile(`/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]`)
	contRE   = regexp.MustCompile(`/Contents\s+(\d+) 0 R`)
)

// readPDF parses the pages of an fpdf document.
func readPDF(t testing.TB, data []byte) []pdfPage {
	t.Helper()
	objs := map[string]string{}
	for _, m := range objRE.FindAllSubmatch(data, -1) {
		objs[string(m[1])] = string(m[2])
	}
	var pagesObj string
	for _, o := range objs {
		if strings.Contains(o, "/Type /Pages") {
			pagesObj = o
		}
	}
	kids := kidsRE.FindStringSubmatch(pagesObj)
	if kids == nil {
		t.Fatalf("no /Pages /Kids in the PDF")
	}
	var pages []pdfPage
	for _, ref := range refRE.FindAllStringSubmatch(kids[1], -1) {
		po := objs[ref[1]]
		mb := mediaRE.FindStringSubmatch(po)
		if mb == nil {
			mb = mediaRE.FindStringSubmatch(pagesObj) // inherited
		}
		if mb == nil {
			t.Fatalf("page %s has no MediaBox", ref[1])
		}
		w, _ := strconv.ParseFloat(mb[3], 64)
		h, _ := strconv.ParseFloat(mb[4], 64)
		pg := pdfPage{w: w / ptPerMM, h: h / ptPerMM}
		c := contRE.FindStringSubmatch(po)
		if c == nil {
			t.Fatalf("page %s has no /Contents", ref[1])
		}
		content := streamContent(t, objs[c[1]])
		interpret(t, &pg, content)
		pages = append(pages, pg)
	}
	return pages
}

func streamContent(t testing.TB, obj string) string {
	t.Helper()
	m := streamRE.FindStringSubmatch(obj)
	if m == nil {
		t.Fatalf("content object without a stream: %.80q", obj)
	}
	body := m[2]
	if strings.Contains(m[1], "/FlateDecode") {
		r, err := zlib.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatalf("inflate: %v", err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("inflate: %v", err)
		}
		body = string(b)
	}
	return body
}

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

func (m matrix) mul(n matrix) matrix { // m then n
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// interpret runs the operators of a content stream.
func interpret(t testing.TB, pg *pdfPage, content string) {
	t.Helper()
	ctm := matrix{1, 0, 0, 1, 0, 0}
	var stack []matrix
	var ops []string
	var cur drawnPath
	fill := "0 g"
	lw := 1.0
	var textAt matrix
	var size float64
	toMM := func(x, y float64) pt {
		dx := ctm[0]*x + ctm[2]*y + ctm[4]
		dy := ctm[1]*x + ctm[3]*y + ctm[5]
		return pt{dx / ptPerMM, pg.h - dy/ptPerMM}
	}
	num := func(i int) float64 {
		v, err := strconv.ParseFloat(ops[len(ops)-i], 64)
		if err != nil {
			t.Fatalf("operand %q: %v", ops[len(ops)-i], err)
		}
		return v
	}
	last := func() *[]pt {
		if len(cur.subpaths) == 0 {
			cur.subpaths = append(cur.subpaths, nil)
		}
		return &cur.subpaths[len(cur.subpaths)-1]
	}
	for _, tok := range tokens(content) {
		switch tok {
		case "q":
			stack = append(stack, ctm)
		case "Q":
			ctm = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		case "cm":
			ctm = matrix{num(6), num(5), num(4), num(3), num(2), num(1)}.mul(ctm)
		case "w":
			lw = num(1)
		case "rg", "g", "k":
			n := map[string]int{"rg": 3, "g": 1, "k": 4}[tok]
			fill = strings.Join(ops[len(ops)-n:], " ")
		case "m":
			cur.subpaths = append(cur.subpaths, []pt{toMM(num(2), num(1))})
		case "l":
			sp := last()
			p := toMM(num(2), num(1))
			if len(*sp) > 0 {
				cur.lines = append(cur.lines, [2]pt{(*sp)[len(*sp)-1], p})
			}
			*sp = append(*sp, p)
		case "c":
			sp := last()
			*sp = append(*sp, bezier((*sp)[len(*sp)-1], toMM(num(6), num(5)), toMM(num(4), num(3)), toMM(num(2), num(1)))...)
		case "re":
			x, y, w, h := num(4), num(3), num(2), num(1)
			cur.subpaths = append(cur.subpaths, []pt{toMM(x, y), toMM(x+w, y), toMM(x+w, y+h), toMM(x, y+h)})
		case "h":
		case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n":
			cur.op = tok
			cur.fill = fill
			scale := math.Hypot(ctm[0], ctm[1])
			cur.lineWidth = lw * scale / ptPerMM
			pg.paths = append(pg.paths, cur)
			cur = drawnPath{}
		case "W", "W*":
		case "BT":
			textAt = matrix{1, 0, 0, 1, 0, 0}
		case "Td":
			textAt = matrix{1, 0, 0, 1, num(2), num(1)}.mul(textAt)
		case "Tf":
			size = num(1)
		case "Tj":
			pg.texts = append(pg.texts, drawnText{at: toMM(textAt[4], textAt[5]), text: ops[len(ops)-1], fill: fill, size: size})
		}
		if isOperator(tok) {
			ops = ops[:0]
		} else {
			ops = append(ops, tok)
		}
	}
}

func isOperator(tok string) bool {
	if tok == "" || tok[0] == '/' || tok[0] == '(' || tok[0] == '<' || tok[0] == '[' || tok[0] == ']' {
		return false
	}
	if _, err := strconv.ParseFloat(tok, 64); err == nil {
		return false
	}
	return true
}

// tokens splits a content stream into operands and operators; strings and
// hex strings stay whole.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '\\' {
					j++
					continue
				}
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '<' && i+1 < len(s) && s[i+1] != '<':
			j := strings.IndexByte(s[i:], '>')
			out = append(out, s[i:i+j+1])
			i += j + 1
		case c == '[' || c == ']':
			out = append(out, string(c))
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\r\t()<>[]", rune(s[j])) {
				j++
			}
			if j == i {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// near reports whether a and b agree within tol.
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// rectNear reports whether two boxes agree within tol mm on every side.
func rectNear(a, b rect, tol float64) bool {
	return near(a.X, b.X, tol) && near(a.Y, b.Y, tol) && near(a.W, b.W, tol) && near(a.H, b.H, tol)
}

// decodeText reads a Tj operand fpdf wrote for a Unicode font: a literal
// string of UTF-16BE code units with \\, \( , \) and \r escaped.
func decodeText(op string) string {
	if len(op) < 2 || op[0] != '(' {
		return op
	}
	var raw []byte
	s := op[1 : len(op)-1]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'r':
				c = '\r'
			case 'n':
				c = '\n'
			default:
				c = s[i]
			}
		}
		raw = append(raw, c)
	}
	u := make([]uint16, 0, len(raw)/2)
	for i := 0; i+1 < len(raw); i += 2 {
		u = append(u, uint16(raw[i])<<8|uint16(raw[i+1]))
	}
	return string(utf16.Decode(u))
}

// bezier samples a cubic Bézier from p0 (not included) to p3, so a path's
// box is the curve's own, not its control points'.
func bezier(p0, c1, c2, p3 pt) []pt {
	const n = 32
	out := make([]pt, 0, n)
	for i := 1; i <= n; i++ {
		t := float64(i) / n
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		out = append(out, pt{a*p0.X + b*c1.X + c*c2.X + d*p3.X, a*p0.Y + b*c1.Y + c*c2.Y + d*p3.Y})
	}
	return out
}
