package layout

import (
	"fmt"

	"codeberg.org/go-pdf/fpdf"
)

// Grid is a page of equal cells, Cols × Rows, centred across the paper
// and sharing their cut lines: nine poker-size unit cards to an A4 or
// Letter page.
type Grid struct {
	Paper        Paper
	CellW, CellH float64
	Cols, Rows   int
	// Top is the grid's top edge in mm from the paper's top; 0 centres it
	// (a grid under a document's text on its last page sets it).
	Top float64
	// MarkLimit is the lowest the crop marks under the grid reach, in mm
	// from the paper's top (clear of a page's footer); 0 for the safe
	// margin.
	MarkLimit float64
	// CropLen is how far the crop marks reach into the margin, from
	// gridCropGap mm off the grid; 0 is gridCropLen. A sheet that prints
	// something of its own in the margin keeps them short.
	CropLen float64
}

// Crop marks of a grid start gridCropGap mm from it and are gridCropLen
// long, or shorter where the safe margin ends first.
const (
	gridCropGap = 1.0
	gridCropLen = 5.0
)

// CropEnd is how far from the grid its crop marks reach into the margin.
func (g Grid) CropEnd() float64 {
	if g.CropLen > 0 {
		return gridCropGap + g.CropLen
	}
	return gridCropGap + gridCropLen
}

// PerPage is how many cells a page holds.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Origin is the grid's top-left corner, or an error when the grid does
// not fit inside the safe margin of its paper.
func (g Grid) Origin() (x, y float64, err error) {
	x = (g.Paper.Width - float64(g.Cols)*g.CellW) / 2
	y = (g.Paper.Height - float64(g.Rows)*g.CellH) / 2
	if g.Top > 0 {
		y = g.Top
	}
	if x < SafeMargin || y < SafeMargin || y+float64(g.Rows)*g.CellH > g.Paper.Height-SafeMargin {
		return x, y, fmt.Errorf("%d × %d cells of %g × %g mm do not fit on %s paper", g.Cols, g.Rows, g.CellW, g.CellH, g.Paper.Name)
	}
	return x, y, nil
}

// Cell is the top-left corner of cell k (0 to PerPage-1) of a page, row
// by row.
func (g Grid) Cell(k int) (x, y float64) {
	x0, y0, _ := g.Origin()
	return x0 + float64(k%g.Cols)*g.CellW, y0 + float64(k/g.Cols)*g.CellH
}

// Page adds a page for n cells, draws them (Draw), and puts the caption
// above the grid where the margin has room for it clear of the crop marks
// (on A4, not on Letter).
func (g Grid) Page(pdf *fpdf.Fpdf, n int, caption string) {
	pdf.AddPage()
	g.Draw(pdf, n)
	x0, y0, _ := g.Origin()
	base := SafeMargin + 2.5
	if base+0.8 > y0-g.CropEnd() { // it would touch the crop marks
		return
	}
	pdf.SetFont(Font, "", 6.5)
	pdf.SetTextColor(95, 102, 112)
	Text(pdf, x0, base, FitText(pdf, caption, float64(g.Cols)*g.CellW))
}

// Draw draws the outlines of the first n cells on the current page, and
// crop marks in the margin along the grid lines that bound them: a page
// with fewer cells than the grid holds gets no marks for empty rows or
// columns.
func (g Grid) Draw(pdf *fpdf.Fpdf, n int) {
	n = min(n, g.PerPage())
	if n <= 0 {
		return
	}
	x0, y0, _ := g.Origin()
	pdf.SetDrawColor(150, 150, 150)
	pdf.SetLineWidth(0.15)
	for k := 0; k < n; k++ {
		x, y := g.Cell(k)
		pdf.Rect(x, y, g.CellW, g.CellH, "D")
	}
	cols, rows := min(n, g.Cols), (n+g.Cols-1)/g.Cols
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	x1, y1 := x0+float64(cols)*g.CellW, y0+float64(rows)*g.CellH
	end := g.CropEnd()
	bottom := g.Paper.Height - SafeMargin
	if g.MarkLimit > 0 {
		bottom = min(bottom, g.MarkLimit)
	}
	for i := 0; i <= cols; i++ {
		x := x0 + float64(i)*g.CellW
		pdf.Line(x, y0-gridCropGap, x, max(SafeMargin, y0-end))
		pdf.Line(x, y1+gridCropGap, x, min(bottom, y1+end))
	}
	for j := 0; j <= rows; j++ {
		y := y0 + float64(j)*g.CellH
		pdf.Line(x0-gridCropGap, y, max(SafeMargin, x0-end), y)
		pdf.Line(x1+gridCropGap, y, min(g.Paper.Width-SafeMargin, x1+end), y)
	}
}

// CropRoom is how far crop marks reach beyond a grid's edge: what must be
// left clear above a grid drawn under text.
const CropRoom = gridCropGap + gridCropLen
