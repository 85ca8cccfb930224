package layout

import (
	"strings"

	"github.com/go-pdf/fpdf"
)

// FitText cuts s short with "…" to fit width in the document's current
// font.
func FitText(pdf *fpdf.Fpdf, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && pdf.GetStringWidth(string(rs)+"…") > width {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// Wrap breaks s into lines of at most width in the current font, at
// spaces; the last line is cut short (FitText) should one word be wider.
func Wrap(pdf *fpdf.Fpdf, s string, width float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if pdf.GetStringWidth(try) <= width || cur == "" {
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
