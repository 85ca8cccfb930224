package pdftest

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

// known is a two-page fpdf document with text at known sizes, places and
// angles, in the embedded Go fonts and a core font.
func known(t *testing.T, compress bool) []byte {
	t.Helper()
	pdf := layout.NewBlankDoc(layout.A4, "known")
	pdf.SetCompression(compress)
	pdf.AddPage()
	layout.SetFont(pdf, layout.Font, "", 7)
	pdf.Text(20, 30, "Seven point (text)")
	layout.SetFont(pdf, layout.Font, "B", 5.5)
	pdf.Text(20, 40, "1,2")
	pdf.TransformBegin()
	pdf.TransformRotate(90, 100, 100)
	layout.SetFont(pdf, layout.Font, "", 9)
	pdf.Text(100, 100, "Rotated “nine”")
	pdf.TransformEnd()
	layout.SetFont(pdf, layout.Font, "", 8)
	pdf.TransformBegin()
	pdf.TransformScale(200, 200, 50, 200)
	pdf.Text(50, 200, "doubled")
	pdf.TransformEnd()
	pdf.Text(20, 250, "after the transforms")
	// fpdf does not know that Q restores the font: after TransformEnd it
	// believes Bold 12 is set, while the PDF prints in the font set
	// before TransformBegin.
	pdf.TransformBegin()
	layout.SetFont(pdf, layout.Font, "B", 12)
	pdf.Text(20, 260, "inside")
	pdf.TransformEnd()
	pdf.Text(20, 270, "after Q")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "I", 12)
	pdf.Text(10, 20, "Core (font)")
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadKnownSizes(t *testing.T) {
	for _, compress := range []bool{true, false} {
		t.Run(fmt.Sprint("compress=", compress), func(t *testing.T) {
			texts, err := Read(known(t, compress))
			if err != nil {
				t.Fatal(err)
			}
			want := []Text{
				{Page: 1, X: 20, Y: 30, Size: 7, Font: "utf8go", S: "Seven point (text)"},
				{Page: 1, X: 20, Y: 40, Size: 5.5, Font: "utf8goB", S: "1,2"},
				{Page: 1, X: 100, Y: 100, Size: 9, Font: "utf8go", S: "Rotated “nine”", Dir: [2]float64{0, -1}},
				{Page: 1, X: 50, Y: 200, Size: 16, Font: "utf8go", S: "doubled"},
				{Page: 1, X: 20, Y: 250, Size: 8, Font: "utf8go", S: "after the transforms"},
				{Page: 1, X: 20, Y: 260, Size: 12, Font: "utf8goB", S: "inside"},
				{Page: 1, X: 20, Y: 270, Size: 8, Font: "utf8go", S: "after Q"},
				{Page: 2, X: 10, Y: 20, Size: 12, Font: "Helvetica-Oblique", S: "Core (font)"},
			}
			if len(texts) != len(want) {
				t.Fatalf("read %d texts, want %d: %+v", len(texts), len(want), texts)
			}
			for i, w := range want {
				g := texts[i]
				if w.Dir == [2]float64{} {
					w.Dir = [2]float64{1, 0}
				}
				if g.Dir != w.Dir || g.Page != w.Page || g.S != w.S || g.Font != w.Font || math.Abs(g.Size-w.Size) > 0.01 ||
					math.Abs(g.X-w.X) > 0.05 || math.Abs(g.Y-w.Y) > 0.05 {
					t.Errorf("text %d: got %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

func TestTally(t *testing.T) {
	texts, err := Read(known(t, true))
	if err != nil {
		t.Fatal(err)
	}
	s := Tally(texts)
	// Printed characters, spaces left out: 16 + 3 + 13 + 7 + 18 + 6 + 6
	// + 10.
	if s.Chars() != 79 {
		t.Errorf("%d characters; want 79", s.Chars())
	}
	if got, want := s.Below(7), 3.0/79; math.Abs(got-want) > 1e-9 {
		t.Errorf("Below(7) = %g; want %g (the 5.5 pt \"1,2\")", got, want)
	}
	if got := s.Below(5.5); got != 0 {
		t.Errorf("Below(5.5) = %g; want 0", got)
	}
	for _, c := range []struct{ q, want float64 }{{0.01, 5.5}, {0.1, 7}, {0.24, 7}, {0.25, 8}, {0.6, 9}, {0.99, 16}} {
		if got := s.Quantile(c.q); got != c.want {
			t.Errorf("Quantile(%g) = %g; want %g", c.q, got, c.want)
		}
	}
	if small := Smallest(texts, 7); len(small) != 1 || small[0].S != "1,2" {
		t.Errorf("Smallest(7) = %+v; want the one 5.5 pt text", small)
	}
	if !strings.HasPrefix(s.String(), "5.5 pt: 3.8%, 7 pt: 20.3%, 8 pt:") {
		t.Errorf("String() = %q", s.String())
	}
}

// TestOperators runs a hand-written page through the operators fpdf does
// not use: TJ, Tm with a scale, TD, T*, ', hex and escaped strings, q/Q
// around a cm.
func TestOperators(t *testing.T) {
	content := `q 2 0 0 2 0 0 cm BT /F1 10 Tf 1 0 0 1 10 20 Tm [(A) -120 (B\051)] TJ ET Q
BT /F1 8 Tf 5 700 Td <00410042> Tj 14 TL T* (x\\y\101) Tj 0 -10 TD (z) ' ET % a comment (not text)
BT /F1 6 Tf 3 0 0 3 0 0 Tm (big) Tj ET`
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write([]byte(content))
	w.Close()
	var pdf bytes.Buffer
	fmt.Fprintf(&pdf, "%%PDF-1.4\n1 0 obj\n<</Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 600 800]>>\nendobj\n")
	fmt.Fprintf(&pdf, "2 0 obj\n<</Font <</F1 5 0 R>>>>\nendobj\n")
	fmt.Fprintf(&pdf, "3 0 obj\n<</Type /Page /Parent 1 0 R /Resources 2 0 R /Contents [4 0 R]>>\nendobj\n")
	fmt.Fprintf(&pdf, "4 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n%s\nendstream\nendobj\n", z.Len(), z.Bytes())
	fmt.Fprintf(&pdf, "5 0 obj\n<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>\nendobj\ntrailer\n%%%%EOF\n")
	texts, err := Read(pdf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range texts {
		got = append(got, fmt.Sprintf("%s@%g(%.0f,%.0f)", x.S, x.Size, x.X/mmPt, 800-x.Y/mmPt))
	}
	want := "AB)@20(20,40) \x00A\x00B@8(5,700) x\\yA@8(5,686) z@8(5,666) big@18(0,0)"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %q\nwant %q", strings.Join(got, " "), want)
	}
}

// TestLines reads back a stroked line, a filled rectangle and a line drawn
// turned a quarter, in mm from the top-left corner.
func TestLines(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "lines")
	pdf.AddPage()
	pdf.SetLineWidth(0.2)
	pdf.Line(10, 20, 110, 20)
	pdf.Rect(30, 40, 63, 88, "F")
	pdf.TransformBegin()
	pdf.TransformRotate(90, 50, 200)
	pdf.Line(50, 200, 150, 200) // drawn rightwards, turned to run up
	pdf.TransformEnd()
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := Lines(b)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 }
	has := func(x1, y1, x2, y2 float64, filled bool) bool {
		for _, l := range ls {
			if l.Page == 1 && l.Filled == filled && near(l.X1, x1) && near(l.Y1, y1) && near(l.X2, x2) && near(l.Y2, y2) {
				return true
			}
		}
		return false
	}
	for _, want := range []struct {
		x1, y1, x2, y2 float64
		filled         bool
	}{
		{10, 20, 110, 20, false},
		{30, 40, 93, 40, true}, // the rectangle's top edge
		{93, 128, 30, 128, true},
		{50, 200, 50, 100, false}, // turned: from (50, 200) up to (50, 100)
	} {
		if !has(want.x1, want.y1, want.x2, want.y2, want.filled) {
			t.Errorf("no segment %v in %+v", want, ls)
		}
	}
}

// TestInk reads the ink of text and shapes: a glyph's box from the
// embedded font's outline (the Go font's □ is 0.506 em a side), a
// rectangle known as one, a stroke's half width, a clip, white paint,
// the TrimBox and the page tree.
func TestInk(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "ink")
	pdf.SetPageBox("TrimBox", 10, 20, 100, 150)
	pdf.AddPage()
	layout.SetFont(pdf, layout.Font, "", 20)
	pdf.Text(30, 50, "□")
	layout.SetFont(pdf, layout.Font, "", 10)
	pdf.Text(30, 70, "Hx")
	pdf.SetLineWidth(1)
	pdf.Rect(40, 80, 10, 5, "D")
	pdf.ClipRect(60, 80, 10, 10, false)
	pdf.Rect(55, 75, 30, 30, "F")
	pdf.ClipEnd()
	pdf.Line(20, 120, 40, 120) // butt caps: the ink ends at the ends
	pdf.SetLineCapStyle("round")
	pdf.Line(20, 130, 40, 130) // round caps reach half the width beyond
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(0, 200, 210, 10, "F")
	pdf.SetTextColor(255, 255, 255)
	pdf.Text(30, 205, "on a band")
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Ink(b)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
	// fpdf places a page box from the paper's bottom-left corner.
	if tr := d.Pages[0].Trim; len(d.Pages) != 1 || !near(d.Pages[0].W, 210, 0.01) || !near(tr.X0, 10, 0.01) || !near(tr.Y0, 297-170, 0.01) || !near(tr.W(), 100, 0.01) || !near(tr.H(), 150, 0.01) {
		t.Errorf("pages %+v; want A4 with its trim 100 × 150 mm at 10 mm from the left, 20 mm from the foot", d.Pages)
	}
	box := d.Texts[0].Box
	side := 0.506 * 20 * 25.4 / 72
	if !near(box.W(), side, 0.05) || !near(box.H(), side, 0.05) || box.X0 < 30 || box.Y1 > 50.5 {
		t.Errorf("□ at 20 pt: ink %+v, %.2f × %.2f mm; want %.2f mm a side by (30, 50)", box, box.W(), box.H(), side)
	}
	hx := d.Texts[1]
	if len(hx.Glyphs) != 2 || hx.Glyphs[0].R != 'H' || hx.Glyphs[1].Box.X0 <= hx.Glyphs[0].Box.X1 || !near(hx.Box.Y1, 70, 0.05) || hx.Box.H() < 2 || hx.Box.H() > 2.8 {
		t.Errorf("Hx: %+v; want H then x, on the baseline at 70 mm, a capital 2 to 2.8 mm tall", hx)
	}
	if !d.Texts[2].White {
		t.Errorf("white text read as ink: %+v", d.Texts[2])
	}
	var rect, clipped, white *Shape
	for i, s := range d.Shapes {
		switch {
		case s.Stroke && !s.Rect && near(s.Path.Y0, 120, 0.01):
			if !near(s.Box.X0, 20, 0.01) || !near(s.Box.X1, 40, 0.01) || !near(s.Box.Y0, 119.5, 0.01) {
				t.Errorf("butt-capped line: ink %+v; want 20–40 mm across, half the 1 mm line over and under", s.Box)
			}
		case s.Stroke && !s.Rect && near(s.Path.Y0, 130, 0.01):
			if !near(s.Box.X0, 19.5, 0.01) || !near(s.Box.X1, 40.5, 0.01) {
				t.Errorf("round-capped line: ink %+v; want 19.5–40.5 mm across", s.Box)
			}
		case s.Stroke && s.Rect:
			rect = &d.Shapes[i]
		case s.Fill && !s.White:
			clipped = &d.Shapes[i]
		case s.White:
			white = &d.Shapes[i]
		}
	}
	switch {
	case rect == nil || !near(rect.Path.X0, 40, 0.01) || !near(rect.Path.Y0, 80, 0.01) || !near(rect.Path.W(), 10, 0.01) || !near(rect.Path.H(), 5, 0.01):
		t.Errorf("stroked rectangle %+v; want its path 10 × 5 mm at (40, 80)", rect)
	case !near(rect.Box.X0, 39.5, 0.01) || !near(rect.Box.Y1, 85.5, 0.01) || !near(rect.Width, 1, 0.01):
		t.Errorf("stroked rectangle's ink %+v; want half the 1 mm line beyond its path", rect.Box)
	case clipped == nil || !near(clipped.Box.X0, 60, 0.01) || !near(clipped.Box.Y1, 90, 0.01):
		t.Errorf("clipped fill %+v; want its ink inside the clip (60, 80)–(70, 90)", clipped)
	case white == nil:
		t.Error("no white band read")
	}
}

// TestObjectBodies: the scanner finds the objects the regular expression
// it stands for finds, in real PDFs and at its edges: a number run on
// from what came before, a header with no number, a header with no
// endobj after it, white space of every kind.
func TestObjectBodies(t *testing.T) {
	re := regexp.MustCompile(`(?s)(\d+) 0 obj\s*(.*?)endobj`)
	for name, pdf := range map[string][]byte{
		"compressed":   known(t, true),
		"uncompressed": known(t, false),
		"edges":        []byte("x12 0 obj <<>>endobj 0 obj endobj3 0 obj\t\n\f\r x endobj endobj\n 4 0 obj\n5 0 obj (a) endobj 6 0 obj no end"),
		"none":         []byte("%PDF-1.4 0 obj endobj"),
		"empty":        nil,
	} {
		var want, got []string
		for _, m := range re.FindAllSubmatch(pdf, -1) {
			want = append(want, string(m[1])+"|"+string(m[2]))
		}
		for num, body := range objectBodies(pdf) {
			got = append(got, string(num)+"|"+string(body))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: found %q, want %q", name, got, want)
		}
		if name == "compressed" && len(got) < 10 {
			t.Errorf("%s: only %d objects", name, len(got))
		}
	}
}
