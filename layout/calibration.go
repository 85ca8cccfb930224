package layout

import (
	"github.com/playaid/playaid/internal/fpdf"
)

// PrintInstruction is printed on every sheet that must measure true.
const PrintInstruction = "Print at 100% / actual size — turn “fit to page” off. Check: the bars below must measure 100 mm and 4 in."

// CalibrationHeight is the height CalibrationBars takes on the page.
const CalibrationHeight = 17.0

// BarDepth is how far below its line a calibration bar's ticks and label
// reach.
const BarDepth = 2.2

// CalibrationBars draws the print instruction, a 100 mm bar with millimetre
// ticks and a 4 in bar with eighth-inch ticks, starting at (x, y) and
// taking CalibrationHeight mm. It needs 4 in (101.6 mm) plus labels of width.
func CalibrationBars(pdf *fpdf.Fpdf, x, y float64) {
	pdf.SetTextColor(0, 0, 0)
	SetFont(pdf, Font, "B", 7.5)
	pdf.Text(x, y+2.6, PrintInstruction)
	MMBar(pdf, x, y+6)
	InchBar(pdf, x, y+12.5)
}

// MMBar draws the 100 mm bar of CalibrationBars on its own: its line at y
// from x rightwards, ticks down to y+BarDepth, its label after its end.
// It returns where the label ends. Sheets without room for both bars
// stacked set the two apart.
func MMBar(pdf *fpdf.Fpdf, x, y float64) float64 {
	return bar(pdf, x, y, 100, 10, 5, "100 mm")
}

// InchBar draws the 4 in bar of CalibrationBars on its own, as MMBar.
func InchBar(pdf *fpdf.Fpdf, x, y float64) float64 {
	return bar(pdf, x, y, 101.6, 8, 25.4/8, "4 in")
}

// bar draws a length-mm bar with n major divisions and minor ticks every
// minor mm, labelled at its right end, and returns where the label ends.
func bar(pdf *fpdf.Fpdf, x, y, length float64, n int, minor float64, label string) float64 {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFillColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetLineWidth(0.15)
	pdf.Line(x, y, x+length, y)
	for i := 0; float64(i)*minor <= length+1e-9; i++ {
		tx := x + float64(i)*minor
		h := 1.0
		if i%int(0.5+length/float64(n)/minor) == 0 {
			h = BarDepth
		}
		pdf.Line(tx, y, tx, y+h)
	}
	pdf.Line(x+length, y, x+length, y+BarDepth)
	SetFont(pdf, Font, "", 7)
	pdf.Text(x+length+2, y+BarDepth, label)
	return x + length + 2 + pdf.GetStringWidth(label)
}
