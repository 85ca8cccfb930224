package layout

import (
	"bytes"
	"testing"
)

func TestParsePaper(t *testing.T) {
	for in, want := range map[string]Paper{"a4": A4, "": A4, "Letter": Letter, "us-letter": Letter} {
		if got, err := ParsePaper(in); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParsePaper("a5"); err == nil {
		t.Error("a5 must be refused")
	}
}

// TestDocsIndependent: a document's bytes do not depend on what was
// rendered before it in the process, though all share the parsed fonts
// (subsetting must never write into the font bytes).
func TestDocsIndependent(t *testing.T) {
	doc := func(text, style string) []byte {
		pdf := NewBlankDoc(A4, "t")
		pdf.AddPage()
		SetFont(pdf, Font, style, 12)
		pdf.Text(20, 20, text)
		SetFont(pdf, FontMono, "", 10)
		pdf.Text(20, 30, text+" “–″…”")
		b, err := Bytes(pdf)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a := doc("Tripod Damage Chart", "")
	doc("Ωmega ≤ ≥ × ½ — something else entirely", "B")
	if !bytes.Equal(a, doc("Tripod Damage Chart", "")) {
		t.Error("the same document came out different after another was rendered")
	}
}

// TestAnyText: text the fonts cannot draw — an emoji (past U+FFFF), CJK,
// invalid UTF-8 — renders to a PDF without panic, as missing glyphs.
func TestAnyText(t *testing.T) {
	for _, s := range []string{"Tripod 🚀 ⚙ down", "火星の三脚", "bad \xe2\x82 utf-8"} {
		pdf := NewDoc(A4, s)
		pdf.AddPage()
		for _, f := range FontFaces() {
			SetFont(pdf, f[0], f[1], 10)
			if w := pdf.GetStringWidth(s); w <= 0 {
				t.Errorf("%q measures %v in %s %q", s, w, f[0], f[1])
			}
			pdf.Text(20, 20, s)
		}
		b, err := Bytes(pdf)
		if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%q: %d bytes, %v", s, len(b), err)
		}
	}
}
