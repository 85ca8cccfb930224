package pack

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"github.com/playaid/playaid/layout"
)

// Joining PDFs. Every document of the pack is made by the vendored fpdf,
// which writes a classic cross-reference table, no object streams and
// one page tree; merge reads only that shape. Each input keeps its
// objects, renumbered past the ones before it, and its page tree becomes
// a branch of the joined one, so what its pages inherit (the paper size)
// stays theirs. The result is deterministic: the same inputs, the same
// bytes.

// The syntax merge reads, compiled when first needed: only game nights
// are merged.
var (
	refRE     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\d+) 0 R`) })
	streamRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`>>\s*stream\r?\n`) })
	rootRE    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/Root (\d+) 0 R`) })
	pagesRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/Pages (\d+) 0 R`) })
	countRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`/Count (\d+)`) })
	versionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^%PDF-1\.(\d)`) })
)

// part of a joined PDF: a document's pages, or a blank page.
type piece struct {
	pdf   []byte
	blank bool
}

// pdfObjects is one input, read: its objects by number, its page tree's
// root and its page count.
type pdfObjects struct {
	objs  [][]byte // objs[n] is object n's body, between "n 0 obj" and "endobj"; nil when free
	pages int      // the page tree's root object
	count int
	minor int // the PDF version's minor number
}

var errNotFpdf = errors.New("not a PDF of the shape fpdf writes")

// readPDF reads an fpdf PDF's objects through its cross-reference table.
func readPDF(data []byte) (*pdfObjects, error) {
	m := versionRE().FindSubmatch(data)
	if m == nil {
		return nil, errNotFpdf
	}
	minor, _ := strconv.Atoi(string(m[1]))
	i := bytes.LastIndex(data, []byte("startxref"))
	if i < 0 {
		return nil, errNotFpdf
	}
	rest := bytes.Fields(data[i+len("startxref"):])
	if len(rest) == 0 {
		return nil, errNotFpdf
	}
	xref, err := strconv.Atoi(string(rest[0]))
	if err != nil || xref <= 0 || xref >= len(data) || !bytes.HasPrefix(data[xref:], []byte("xref")) {
		return nil, errNotFpdf
	}
	lines := bytes.Split(data[xref:], []byte("\n"))
	if len(lines) < 3 {
		return nil, errNotFpdf
	}
	head := bytes.Fields(lines[1])
	if len(head) != 2 || string(head[0]) != "0" {
		return nil, errNotFpdf
	}
	n, err := strconv.Atoi(string(head[1]))
	if err != nil || n < 1 || len(lines) < 2+n {
		return nil, errNotFpdf
	}
	offs := make([]int, n)
	var sorted []int
	for k := range n {
		f := bytes.Fields(lines[2+k])
		if len(f) != 3 {
			return nil, errNotFpdf
		}
		if string(f[2]) != "n" {
			continue
		}
		off, err := strconv.Atoi(string(f[0]))
		if err != nil || off <= 0 || off >= xref {
			return nil, errNotFpdf
		}
		offs[k] = off
		sorted = append(sorted, off)
	}
	sorted = append(sorted, xref)
	slices.Sort(sorted)
	p := &pdfObjects{objs: make([][]byte, n), minor: minor}
	for k, off := range offs {
		if off == 0 {
			continue
		}
		j, _ := slices.BinarySearch(sorted, off)
		body := data[off:sorted[j+1]]
		prefix := []byte(strconv.Itoa(k) + " 0 obj")
		end := bytes.LastIndex(body, []byte("endobj"))
		if !bytes.HasPrefix(body, prefix) || end < 0 {
			return nil, errNotFpdf
		}
		p.objs[k] = bytes.TrimSpace(body[len(prefix):end])
	}
	trailer := data[xref:]
	root := rootRE().FindSubmatch(trailer)
	if root == nil {
		return nil, errNotFpdf
	}
	cat, _ := strconv.Atoi(string(root[1]))
	if cat >= n || p.objs[cat] == nil {
		return nil, errNotFpdf
	}
	pm := pagesRE().FindSubmatch(p.objs[cat])
	if pm == nil {
		return nil, errNotFpdf
	}
	p.pages, _ = strconv.Atoi(string(pm[1]))
	if p.pages >= n || p.objs[p.pages] == nil {
		return nil, errNotFpdf
	}
	cm := countRE().FindSubmatch(p.objs[p.pages])
	if cm == nil {
		return nil, errNotFpdf
	}
	p.count, _ = strconv.Atoi(string(cm[1]))
	return p, nil
}

// renumber adds base to every object reference of an object's
// dictionary (a stream's data is left as it is).
func renumber(body []byte, base int) []byte {
	head, tail := body, []byte(nil)
	if loc := streamRE().FindIndex(body); loc != nil {
		head, tail = body[:loc[0]], body[loc[0]:]
	}
	head = refRE().ReplaceAllFunc(head, func(ref []byte) []byte {
		n, _ := strconv.Atoi(string(ref[:bytes.IndexByte(ref, ' ')]))
		return []byte(strconv.Itoa(n+base) + " 0 R")
	})
	return append(head, tail...)
}

// pageCount is the number of pages of an fpdf PDF.
func pageCount(pdf []byte) (int, error) {
	p, err := readPDF(pdf)
	if err != nil {
		return 0, err
	}
	return p.count, nil
}

// merge joins the pieces into one PDF on paper p (the size of a blank
// page), titled title.
func merge(pieces []piece, p layout.Paper, title string) ([]byte, error) {
	const root, catalog, info = 1, 2, 3
	var out bytes.Buffer
	var offs []int // offs[n-1] is object n's offset
	obj := func(n int, body []byte) {
		for len(offs) < n {
			offs = append(offs, 0)
		}
		offs[n-1] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", n)
		out.Write(body)
		out.WriteString("\nendobj\n")
	}
	minor := 3
	var docs []*pdfObjects
	for _, pc := range pieces {
		if pc.blank {
			docs = append(docs, nil)
			continue
		}
		d, err := readPDF(pc.pdf)
		if err != nil {
			return nil, err
		}
		minor = max(minor, d.minor)
		docs = append(docs, d)
	}
	fmt.Fprintf(&out, "%%PDF-1.%d\n%%\xe2\xe3\xcf\xd3\n", minor)
	next := info + 1
	var kids []string
	total := 0
	w, h := p.Width*72/25.4, p.Height*72/25.4
	for _, d := range docs {
		if d == nil {
			// A blank page: an empty content stream.
			obj(next, []byte("<</Length 0>>\nstream\n\nendstream"))
			obj(next+1, fmt.Appendf(nil, "<</Type /Page\n/Parent %d 0 R\n/MediaBox [0 0 %.2f %.2f]\n/Resources <<>>\n/Contents %d 0 R>>", root, w, h, next))
			kids = append(kids, fmt.Sprintf("%d 0 R", next+1))
			next += 2
			total++
			continue
		}
		base := next
		for k, body := range d.objs {
			if body == nil || k == 0 {
				continue
			}
			b := renumber(body, base)
			if k == d.pages {
				b = fmt.Appendf(nil, "<</Parent %d 0 R\n%s", root, bytes.TrimPrefix(b, []byte("<<")))
			}
			obj(base+k, b)
		}
		kids = append(kids, fmt.Sprintf("%d 0 R", base+d.pages))
		next = base + len(d.objs)
		total += d.count
	}
	obj(root, fmt.Appendf(nil, "<</Type /Pages\n/Kids [%s]\n/Count %d>>", joinRefs(kids), total))
	obj(catalog, fmt.Appendf(nil, "<</Type /Catalog\n/Pages %d 0 R>>", root))
	obj(info, fmt.Appendf(nil, "<</Producer (playaid)\n/Title %s\n/CreationDate (D:20260101000000)>>", pdfString(title)))
	for len(offs) < next-1 {
		offs = append(offs, 0)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, off := range offs {
		if off == 0 {
			out.WriteString("0000000000 65535 f \n")
			continue
		}
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n>>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, catalog, info, xref)
	return out.Bytes(), nil
}

func joinRefs(refs []string) string {
	var b bytes.Buffer
	for i, r := range refs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r)
	}
	return b.String()
}

// pdfString is s as a PDF text string: UTF-16BE with its byte order mark.
func pdfString(s string) string {
	var b bytes.Buffer
	b.WriteString("<FEFF")
	for _, r := range s {
		if r > 0xFFFF {
			r = '?'
		}
		fmt.Fprintf(&b, "%04X", r)
	}
	b.WriteString(">")
	return b.String()
}
