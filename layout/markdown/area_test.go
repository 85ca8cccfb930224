package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

// TestTextArea: on A4 with the default 8 mm margin, text starts under the
// 7.5 mm running header (15.5 mm down) and ends above the 7 mm footer
// (297 − 8 − 7 = 282 mm down), 194 mm wide.
func TestTextArea(t *testing.T) {
	x, y, w, h, err := TextArea(Options{Paper: layout.A4})
	if err != nil || x != 8 || y != 15.5 || w != 194 || h != 266.5 {
		t.Errorf("TextArea = %g, %g, %g × %g (%v); want 8, 15.5, 194 × 266.5", x, y, w, h, err)
	}
	if _, _, _, _, err := TextArea(Options{Margin: 2}); err == nil {
		t.Error("a margin inside the unprintable border was accepted")
	}
}

// TestEnd: a heading alone ends a little under the top of the text area,
// on page 1; after a page break the content ends on page 2, and a longer
// page ends further down.
func TestEnd(t *testing.T) {
	_, top, _, _, _ := TextArea(Options{})
	page, heading, err := End([]byte("## Table map\n"), Options{})
	if err != nil || page != 1 || heading <= top || heading > top+15 {
		t.Errorf("a heading: page %d, ends %g mm down (%v); want page 1, within 15 mm under %g", page, heading, err, top)
	}
	page, y, err := End([]byte("Text.\n\n<!-- pagebreak -->\n\n## Table map\n\nA line.\n\nAnother.\n"), Options{})
	if err != nil || page != 2 || y <= heading {
		t.Errorf("after a page break: page %d, ends %g mm down (%v); want page 2, below %g", page, y, err, heading)
	}
}

// TestLayoutDraws: a Layout draws the very document PDF makes (same
// bytes), so a caller that measured first need not lay it out again; its
// End is End's, and Render counts the caller's extra pages in the header
// as Options.ExtraPages does.
func TestLayoutDraws(t *testing.T) {
	docs := map[string]Options{
		sheet(24):                  {BaseSize: 8, Title: "Sheet", Stamp: "abc"},
		"# T\n\n" + longTable(130): {Columns: 2},
		fourPages():                {BaseSize: 8.5, Paper: layout.Letter},
		"## Table map\n":           {ExtraPages: 2, Title: "Roster"},
		strings.Repeat("One line of text, and a squeezed last page.\n\n", 70) + sheet(3): {Columns: 2, Source: "Source"},
		"A\n\n<!-- pagebreak -->\n\nB\n":                                                 {},
	}
	for md, opt := range docs {
		want, err := PDF([]byte(md), opt)
		if err != nil {
			t.Fatal(err)
		}
		l, err := Measure([]byte(md), opt)
		if err != nil {
			t.Fatal(err)
		}
		got, err := l.PDF()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%.30q: Layout.PDF differs from PDF", md)
		}
		page, y, _ := End([]byte(md), opt)
		if p, ly := l.End(); p != page || ly != y {
			t.Errorf("%.30q: Layout.End = %d, %g; End = %d, %g", md, p, ly, page, y)
		}
		extra := opt
		extra.ExtraPages = 3
		want, _ = PDF([]byte(md), extra)
		pdf, err := l.Render(3)
		if err != nil {
			t.Fatal(err)
		}
		got, _ = layout.Bytes(pdf)
		if !bytes.Equal(got, want) {
			t.Errorf("%.30q: Layout.Render(3) differs from PDF with 3 extra pages", md)
		}
	}
	l, _ := Measure([]byte("A\n"), Options{})
	if _, err := l.Render(-1); err == nil {
		t.Error("Render(-1) was accepted")
	}
}

// TestEndBefore: where a page break follows a line, EndBefore of the whole
// document's layout is End of the Markdown before that line — with the
// line on a page of its own, under text, after a long table, in two
// columns — and the footnotes the document places last are left out.
func TestEndBefore(t *testing.T) {
	const marker = "<!-- map -->\n\n<!-- pagebreak -->\n\n## After\n\nMore text.\n"
	prefixes := map[string]Options{
		"Text.\n\n<!-- pagebreak -->\n\n## Table map\n\n":                                                  {},
		strings.Repeat("A paragraph of some length that wraps in a column.\n\n", 30) + "## Table map\n\n":  {},
		"# T\n\n" + longTable(90) + "\n## Table map\n\n":                                                   {Columns: 2},
		strings.Repeat("Words and more words.\n\n", 70) + "<!-- pagebreak -->\n\n## Table map\n\n":         {Paper: layout.Letter},
		"Text with a note.[^a]\n\n[^a]: The note, printed last.\n\n<!-- pagebreak -->\n\n## Table map\n\n": {},
	}
	for pre, opt := range prefixes {
		page, y, err := End([]byte(pre), opt)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(pre, "[^a]") {
			// Before the line, the document places no footnotes:
			// laid out alone, the prefix would print its own.
			page, y, _ = End([]byte(strings.Replace(pre, "[^a]", "", 1)), opt)
		}
		md := pre + marker
		l, err := Measure([]byte(md), opt)
		if err != nil {
			t.Fatal(err)
		}
		line := strings.Count(pre, "\n") + 1
		if p, ly := l.EndBefore(line); p != page || ly != y {
			t.Errorf("%.30q: EndBefore(%d) = page %d, %g mm; the Markdown before ends on page %d at %g mm", pre, line, p, ly, page, y)
		}
	}
	l, _ := Measure([]byte("A\n"), Options{})
	if p, y := l.EndBefore(1); p != 1 || y != l.r.fl.top {
		t.Errorf("before anything: page %d at %g mm; want page 1 at the top of the text area", p, y)
	}
}
