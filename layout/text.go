package layout

import (
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/glyphs"
)

// Text draws s with its baseline starting at (x, y) in the current text
// face, as it prints: every character the font lacks replaced
// (glyphs.Printable), right-to-left words in reading order
// (glyphs.Visual). Text from the data, a list or a flag is drawn through
// it, never with pdf.Text directly.
func Text(pdf *fpdf.Fpdf, x, y float64, s string) {
	pdf.Text(x, y, glyphs.Visual(glyphs.Printable(s)))
}

// Width is the width of s as Text draws it, in the current font.
func Width(pdf *fpdf.Fpdf, s string) float64 {
	return pdf.GetStringWidth(glyphs.Printable(s))
}

// Cut cuts s short with "…" so that it is at most w wide, as measure
// measures text in the font it will be set in.
func Cut(s string, w float64, measure func(string) float64) string {
	if measure(s) <= w {
		return s
	}
	// The longest start of s that fits with "…": text only grows as
	// characters are added, so halve the range rather than drop one
	// character at a time (a label thousands of characters long would
	// take seconds).
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if measure(string(rs[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(rs[:lo]) + "…"
}

// FitText cuts s short with "…" to fit width in the document's current
// font.
func FitText(pdf *fpdf.Fpdf, s string, width float64) string {
	return Cut(s, width, func(s string) float64 { return Width(pdf, s) })
}

// Wrap breaks s into lines of at most width in the current font, at
// spaces; the last line is cut short (FitText) should one word be wider.
//
// A line's width is Width of the line: fpdf adds up whole glyph units
// and scales the sum (GetStringWidth), and Printable replaces character
// by character, so the units of a line are the units of its words and
// spaces, added as the line grows rather than measured again whole.
func Wrap(pdf *fpdf.Fpdf, s string, width float64) []string {
	_, size := pdf.GetFontSize()
	units := func(s string) int { return pdf.GetStringSymbolWidth(glyphs.Printable(s)) }
	space := units(" ")
	var lines []string
	// The line in hand is words[start:i], lineUnits wide: joined once it
	// is done, not a string made again for every word it takes.
	words := strings.Fields(s)
	start, lineUnits := 0, 0
	for i, word := range words {
		wordUnits := units(word)
		if i == start {
			lineUnits = wordUnits
			continue
		}
		if try := lineUnits + space + wordUnits; float64(try)*size/1000 <= width {
			lineUnits = try
			continue
		}
		lines = append(lines, strings.Join(words[start:i], " "))
		start, lineUnits = i, wordUnits
	}
	if start < len(words) {
		lines = append(lines, FitText(pdf, strings.Join(words[start:], " "), width))
	}
	return lines
}
