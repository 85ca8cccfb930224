package layout

import (
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"
)

// wrapWhole is Wrap done the plain way, measuring each line whole as it
// grows: what Wrap must give.
func wrapWhole(pdf *fpdf.Fpdf, s string, width float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if Width(pdf, try) <= width || cur == "" {
			cur = try
			continue
		}
		lines = append(lines, cur)
		cur = word
	}
	if cur != "" {
		lines = append(lines, FitText(pdf, cur, width))
	}
	return lines
}

// TestWrapAsWhole: Wrap adds up its words' widths, and breaks exactly
// where measuring each line whole does, whatever the text, face, size
// and width: accents, characters the font lacks, bytes that are not
// UTF-8, a word wider than the line.
func TestWrapAsWhole(t *testing.T) {
	pdf := NewDoc(A4, "wrap")
	texts := []string{
		"",
		"one",
		"Infantry digs in: +2 to its Armor against every shot until it moves again.",
		"Déjà vu — “quoted” naïve café, 6″ and 12″ ranges; ½ move.",
		"A\u0007bell and a \U0001F600 face and a \u2603 snowman the font lacks.",
		"bytes \xff\xfe not UTF-8 \xe2\x82 cut short",
		"Supercalifragilisticexpialidocious-and-then-some-more-without-a-space at all",
		"tabs\tand\nnew lines  and   runs of spaces",
		strings.Repeat("word ", 200),
	}
	for _, style := range []string{"", "B", "I"} {
		for _, size := range []float64{6.5, 7, 9.5} {
			pdf.SetFont(Font, style, size)
			for _, width := range []float64{5, 20, 31.7, 57, 120} {
				for _, s := range texts {
					if got, want := Wrap(pdf, s, width), wrapWhole(pdf, s, width); !slices.Equal(got, want) {
						t.Errorf("%q %g pt, %g mm: %q; measured whole %q", style, size, width, got, want)
					}
				}
			}
		}
	}
}
