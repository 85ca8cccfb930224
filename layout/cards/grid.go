package cards

import (
	"fmt"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

// Grid is a page of equal cells, Cols × Rows, centred across the paper
// and sharing their cut lines: nine poker-size cards to an A4 or Letter
// page.
type Grid struct {
	Paper        layout.Paper
	CellW, CellH float64
	Cols, Rows   int
	// Left and Top are the grid's left and top edges in mm from the
	// paper's; 0 centres it (a fold sheet sets Left, a grid under a
	// document's text on its last page sets Top).
	Left, Top float64
	// MarkLimit is the lowest the crop marks under the grid reach, in mm
	// from the paper's top (clear of a page's footer); 0 for the paper's
	// edge less MarkEdge.
	MarkLimit float64
	// CropLen is how long the crop marks are, from CropGap mm off the
	// grid; 0 is DefaultCropLen. A sheet that prints something of its own
	// in the margin keeps them short, never under MinCropLen.
	CropLen float64
	// MarkRight is the rightmost the crop marks right of the grid reach,
	// in mm from the paper's left edge (short of a fold line); 0 for the
	// safe margin.
	MarkRight float64
}

// Crop marks of a grid start CropGap mm from it and are CropLen long,
// inside the safe margin. Where the margin has less room than that (the
// top and foot of nine poker cards on Letter: 7.7 mm), they still end at
// the safe margin and are MinCropLen long: they run on past the grid's
// edge along their cut line, over the cards' shared edge, where the blade
// goes (and, on the fronts, the cards' outlines are drawn).
const (
	CropGap        = 1.0
	DefaultCropLen = 5.0
	MinCropLen     = 3.0
)

// CropEnd is how far from the grid its crop marks reach into the margin.
func (g Grid) CropEnd() float64 { return CropGap + g.cropLen() }

func (g Grid) cropLen() float64 {
	if g.CropLen > 0 {
		return max(g.CropLen, MinCropLen)
	}
	return DefaultCropLen
}

// CropRoom is how far crop marks reach beyond a grid's edge: what must be
// left clear above a grid drawn under text.
const CropRoom = CropGap + DefaultCropLen

// PerPage is how many cells a page holds.
func (g Grid) PerPage() int { return g.Cols * g.Rows }

// Origin is the grid's top-left corner, or an error when the grid does
// not fit inside the safe margin of its paper.
func (g Grid) Origin() (x, y float64, err error) {
	x = (g.Paper.Width - float64(g.Cols)*g.CellW) / 2
	y = (g.Paper.Height - float64(g.Rows)*g.CellH) / 2
	if g.Left > 0 {
		x = g.Left
	}
	if g.Top > 0 {
		y = g.Top
	}
	m := layout.SafeMargin
	if x < m || y < m || x+float64(g.Cols)*g.CellW > g.Paper.Width-m+1e-9 || y+float64(g.Rows)*g.CellH > g.Paper.Height-m+1e-9 {
		return x, y, fmt.Errorf("%d × %d cards of %g × %g mm do not fit on %s paper", g.Cols, g.Rows, g.CellW, g.CellH, g.Paper.Name)
	}
	return x, y, nil
}

// Cell is the top-left corner of cell k (0 to PerPage-1) of a page, row
// by row.
func (g Grid) Cell(k int) (x, y float64) {
	x0, y0, _ := g.Origin()
	return x0 + float64(k%g.Cols)*g.CellW, y0 + float64(k/g.Cols)*g.CellH
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
	pdf.SetDrawColor(150, 150, 150)
	pdf.SetLineWidth(0.15)
	for k := 0; k < n; k++ {
		x, y := g.Cell(k)
		pdf.Rect(x, y, g.CellW, g.CellH, "D")
	}
	g.Marks(pdf, n)
}

// cropStroke is a crop mark's width, mm: half of it lies beyond the
// mark's end, which stays that much inside the safe margin.
const cropStroke = 0.2

// Marks draws the crop marks of the first n cells.
func (g Grid) Marks(pdf *fpdf.Fpdf, n int) {
	x0, y0, _ := g.Origin()
	cols, rows := min(n, g.Cols), (n+g.Cols-1)/g.Cols
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(cropStroke)
	x1, y1 := x0+float64(cols)*g.CellW, y0+float64(rows)*g.CellH
	W, H := g.Paper.Width, g.Paper.Height
	// The foot may stop at a limit (a page's footer): marks never cross it.
	foot, limited := H-y1, false
	if g.MarkLimit > 0 && g.MarkLimit-y1 < foot-layout.SafeMargin {
		foot, limited = g.MarkLimit-y1, true
	}
	if a, b := g.markSpan(y0, false); b > a {
		for i := 0; i <= cols; i++ {
			x := x0 + float64(i)*g.CellW
			pdf.Line(x, y0-a, x, y0-b)
		}
	}
	if a, b := g.markSpan(foot, limited); b > a {
		for i := 0; i <= cols; i++ {
			x := x0 + float64(i)*g.CellW
			pdf.Line(x, y1+a, x, y1+b)
		}
	}
	if a, b := g.markSpan(x0, false); b > a {
		for j := 0; j <= rows; j++ {
			y := y0 + float64(j)*g.CellH
			pdf.Line(x0-a, y, x0-b, y)
		}
	}
	right, rlimited := W-x1, false
	if g.MarkRight > 0 {
		right, rlimited = g.MarkRight-x1, true
	}
	if a, b := g.markSpan(right, rlimited); b > a {
		for j := 0; j <= rows; j++ {
			y := y0 + float64(j)*g.CellH
			pdf.Line(x1+a, y, x1+b, y)
		}
	}
}

// markSpan is where a crop mark runs, from a to b mm off the grid (a
// below 0 is over the grid), whose edge is dist mm from the paper's edge
// (or, limited, from a limit the marks must not cross): CropGap to
// CropEnd within the safe margin; where that leaves less than MinCropLen,
// MinCropLen long up to the safe margin.
func (g Grid) markSpan(dist float64, limited bool) (a, b float64) {
	if limited {
		a, b = CropGap, min(g.CropEnd(), dist)
		if b-a < MinCropLen {
			a = max(0, b-MinCropLen)
		}
		return a, b
	}
	a, b = CropGap, min(g.CropEnd(), dist-layout.SafeMargin-cropStroke/2)
	if b-a < MinCropLen && b > 0 {
		a = b - MinCropLen
	}
	return a, b
}
