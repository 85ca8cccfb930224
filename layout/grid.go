package layout

import (
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Grid is a page of equal cells, Cols × Rows, centred on the paper and
// sharing their cut lines: nine poker-size unit cards to an A4 or Letter
// page.
type Grid struct {
	Paper        Paper
	CellW, CellH float64
	Cols, Rows   int
	// CropLen is how far the crop marks reach into the margin, from
	// gridCropGap mm off the grid; 0 is gridCropLen. A sheet that prints
	// something of its own in the margin keeps them short.
	CropLen float64
	// Trim marks only the lines of the rows and columns a page's cells
	// use: a last page of two cards has no marks for seven empty ones.
	Trim bool
}

// Crop marks of a grid start gridCropGap mm from it and are gridCropLen
// long (or CropLen), or shorter where the safe margin ends first.
const (
	gridCropGap = 1.0
	gridCropLen = 5.0
)

// PerPage is how many cells a page holds.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Origin is the grid's top-left corner, or an error when the grid does
// not fit inside the safe margin of its paper.
func (g Grid) Origin() (x, y float64, err error) {
	x = (g.Paper.Width - float64(g.Cols)*g.CellW) / 2
	y = (g.Paper.Height - float64(g.Rows)*g.CellH) / 2
	if x < SafeMargin || y < SafeMargin {
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

// CropEnd is how far from the grid its crop marks reach into the margin.
func (g Grid) CropEnd() float64 {
	if g.CropLen > 0 {
		return gridCropGap + g.CropLen
	}
	return gridCropGap + gridCropLen
}

// Page adds a page for n cells: their outlines, crop marks in the margin
// along every grid line, and caption above the grid where the margin has
// room for it clear of the crop marks (on A4, not on Letter).
func (g Grid) Page(pdf *fpdf.Fpdf, n int, caption string) {
	pdf.AddPage()
	x0, y0, _ := g.Origin()
	end := g.CropEnd()
	pdf.SetDrawColor(150, 150, 150)
	pdf.SetLineWidth(0.15)
	for k := 0; k < n; k++ {
		x, y := g.Cell(k)
		pdf.Rect(x, y, g.CellW, g.CellH, "D")
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	cols, rows := g.Cols, g.Rows
	if g.Trim && n > 0 {
		cols, rows = min(n, g.Cols), min((n+g.Cols-1)/g.Cols, g.Rows)
	}
	x1, y1 := x0+float64(cols)*g.CellW, y0+float64(rows)*g.CellH
	for i := 0; i <= cols; i++ {
		x := x0 + float64(i)*g.CellW
		pdf.Line(x, y0-gridCropGap, x, max(SafeMargin, y0-end))
		pdf.Line(x, y1+gridCropGap, x, min(g.Paper.Height-SafeMargin, y1+end))
	}
	for j := 0; j <= rows; j++ {
		y := y0 + float64(j)*g.CellH
		pdf.Line(x0-gridCropGap, y, max(SafeMargin, x0-end), y)
		pdf.Line(x1+gridCropGap, y, min(g.Paper.Width-SafeMargin, x1+end), y)
	}
	base := SafeMargin + 2.5
	if caption == "" || base+0.8 > y0-end { // none, or it would touch the crop marks
		return
	}
	pdf.SetFont(Font, "", 6.5)
	pdf.SetTextColor(95, 102, 112)
	pdf.Text(x0, base, FitText(pdf, caption, float64(g.Cols)*g.CellW))
}
