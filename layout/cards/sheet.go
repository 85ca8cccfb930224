package cards

import (
	"errors"
	"fmt"
	"math"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

// Sheet sets cards on sheets of paper: as many as fit inside the safe
// margin in a grid sharing their cut lines (nine poker cards on A4 and on
// Letter), backs as Backs says.
type Sheet struct {
	Paper layout.Paper
	Size  Size // Poker when zero
	Backs Backs
	// BackOffset shifts every duplex back by X, Y mm (right, down as
	// printed), for a printer that does not line the two sides up.
	BackOffset [2]float64
	// CropLen is how long the crop marks are; 0 is DefaultCropLen.
	CropLen float64
}

// FoldGap is how far a fold sheet's cards keep from the fold line: the
// fold's rounded edge is cut away with the margin.
const FoldGap = 5.0

func (s Sheet) size() Size {
	if s.Size.W == 0 {
		return Poker
	}
	return s.Size
}

// Grid is where the fronts go on a page: the most cards the paper holds
// inside its safe margin, centred; on a fold sheet one column, left of
// the fold line.
func (s Sheet) Grid() Grid {
	z := s.size()
	m := layout.SafeMargin
	g := Grid{Paper: s.Paper, CellW: z.W, CellH: z.H, CropLen: s.CropLen,
		Cols: int((s.Paper.Width - 2*m) / z.W), Rows: int((s.Paper.Height - 2*m) / z.H)}
	if s.Backs == Fold {
		g.Cols = 1
		g.Left = s.Paper.Width/2 - FoldGap - z.W
		g.MarkRight = s.Paper.Width/2 - 0.5
	} else if g.CropLen == 0 && s.captionSide(g) {
		// The caption goes up the right margin: the marks there are
		// short enough to leave it room.
		g.CropLen = MinCropLen
	}
	return g
}

// captionRoom is the width a caption's line of MinPt type takes, with its
// clearance from the crop marks.
const captionRoom = minCap + minDescent + 0.3

// captionSide reports whether a sheet's caption goes up its right margin:
// the margin above the grid has no room for it (nine poker cards on
// Letter), the margin beside it has, once its crop marks are MinCropLen
// long.
func (s Sheet) captionSide(g Grid) bool {
	x0, y0, err := g.Origin()
	if err != nil {
		return false
	}
	if layout.SafeMargin+captionRoom <= y0-CropGap-g.cropLen() {
		return false // room above
	}
	x1 := x0 + float64(g.Cols)*g.CellW
	return x1+CropGap+MinCropLen+captionRoom <= s.Paper.Width-layout.SafeMargin
}

// Back is where the back of the card whose front is at (x, y) goes: the
// mirror image across the page for a duplex flip, moved by the offset;
// across the fold line on a fold sheet.
func (s Sheet) Back(x, y float64) (float64, float64) {
	z := s.size()
	switch s.Backs {
	case ShortEdge:
		y = s.Paper.Height - y - z.H
	case LongEdge, Fold:
		x = s.Paper.Width - x - z.W
	}
	if s.Backs.Duplex() {
		x, y = x+s.BackOffset[0], y+s.BackOffset[1]
	}
	return x, y
}

// Page is a page the engine adds, told to the content so that it can
// write in the margins.
type Page struct {
	Sheet, Sheets int  // this sheet's number from 1, and how many
	Back          bool // a duplex sheet's page of backs
	Cards         int  // the cards on it
}

// Draw adds the pages of cs to pdf: each page of fronts with its cut
// marks (and on a fold sheet the fold line and the backs), then for
// duplex its page of backs. margin is called on every page before its
// cards are drawn, for what the content writes in the margins.
func (s Sheet) Draw(pdf *fpdf.Fpdf, cs []Card, margin func(Page) error) error {
	g := s.Grid()
	if _, _, err := g.Origin(); err != nil || g.PerPage() == 0 {
		if err == nil {
			err = fmt.Errorf("a %s card does not fit on %s paper", s.size().Name, s.Paper.Name)
		}
		return err
	}
	for _, v := range s.BackOffset {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return errors.New("the back offset is not a number of millimetres")
		}
	}
	per := g.PerPage()
	sheets := (len(cs) + per - 1) / per
	z := s.size()
	frame := func(x, y float64) Frame { return Frame{X: x, Y: y, W: z.W, H: z.H} }
	for p := range sheets {
		on := cs[p*per : min(len(cs), (p+1)*per)]
		pdf.AddPage()
		g.Draw(pdf, len(on))
		if s.Backs == Fold {
			s.foldLine(pdf)
		}
		if margin != nil {
			if err := margin(Page{Sheet: p + 1, Sheets: sheets, Cards: len(on)}); err != nil {
				return err
			}
		}
		for k, c := range on {
			x, y := g.Cell(k)
			c.Front(pdf, frame(x, y))
			if s.Backs == Fold && c.Back != nil {
				c.Back(pdf, frame(s.Back(x, y)))
			}
		}
		if !s.Backs.Duplex() {
			continue
		}
		pdf.AddPage()
		if margin != nil {
			if err := margin(Page{Sheet: p + 1, Sheets: sheets, Back: true, Cards: len(on)}); err != nil {
				return err
			}
		}
		for k, c := range on {
			if c.Back != nil {
				x, y := g.Cell(k)
				c.Back(pdf, frame(s.Back(x, y)))
			}
		}
	}
	return pdf.Error()
}

// FoldWord is printed at each end of the fold line.
const FoldWord = "fold"

// The ink of MinPt type over and under its baseline, mm.
const (
	minCap     = 1.9 // ascenders
	minDescent = 0.5
)

// foldLine draws the fold line down the middle of the page, dashed, with
// the word at its ends: in the margin above and below the cards where the
// word clears the crop marks along their top and bottom edges (which run
// up to the line), else just inside them.
func (s Sheet) foldLine(pdf *fpdf.Fpdf) {
	x := s.Paper.Width / 2
	g := s.Grid()
	_, y0, _ := g.Origin()
	y1 := y0 + float64(g.Rows)*g.CellH
	const clear = 1.2 // between the word and a crop mark
	top := layout.SafeMargin + minCap
	if top+clear > y0 {
		top = y0 + clear + minCap
	}
	bottom := s.Paper.Height - layout.SafeMargin - minDescent
	if bottom-minCap-clear < y1 {
		bottom = y1 - clear - minDescent
	}
	layout.SetFont(pdf, layout.Font, "B", MinPt)
	pdf.SetTextColor(60, 60, 60)
	w := layout.Width(pdf, FoldWord)
	layout.Text(pdf, x-w/2, top, FoldWord)
	layout.Text(pdf, x-w/2, bottom, FoldWord)
	pdf.SetDrawColor(60, 60, 60)
	pdf.SetLineWidth(0.25)
	pdf.SetDashPattern([]float64{2, 1.5}, 0)
	pdf.Line(x, top+1.2, x, bottom-minCap-1.2)
	pdf.SetDashPattern(nil, 0)
}

// Caption writes a line saying what the sheet is: above the cards where
// the margin has room for it clear of the crop marks; on a fold sheet,
// whose fold line runs up to the top margin, and where the grid fills the
// paper's height (Letter), up the right margin, read from the foot, as
// the side note goes up the left.
func (s Sheet) Caption(pdf *fpdf.Fpdf, caption string) {
	if caption == "" {
		return
	}
	g := s.Grid()
	x0, y0, _ := g.Origin()
	x1, y1 := x0+float64(g.Cols)*g.CellW, y0+float64(g.Rows)*g.CellH
	layout.SetFont(pdf, layout.Font, "", MinPt)
	pdf.SetTextColor(95, 102, 112)
	m := layout.SafeMargin
	if s.Backs != Fold && !s.captionSide(g) {
		if base := m + minCap; base+minDescent <= y0-g.CropEnd()-0.3 {
			layout.Text(pdf, x0, base, layout.FitText(pdf, caption, x1-x0))
		}
		return // else the grid fills the paper: no room
	}
	x := s.Paper.Width - m - minDescent
	pdf.TransformBegin()
	pdf.TransformRotate(90, x, y1)
	layout.Text(pdf, x, y1, layout.FitText(pdf, caption, y1-y0))
	pdf.TransformEnd()
}

// FoldNote is what a fold sheet says about folding and cutting.
const FoldNote = "Print one-sided at 100%. Fold on the dashed line, printed side out, so each back lies behind its front (a dab of glue holds them); then cut along the lines through both layers."

// SideNote writes text up the left margin of the page, read from the
// foot upwards, its baseline MinPt type 3 mm inside the safe margin and
// its lines as long as the grid is tall: on a fold sheet, where the
// fronts' column leaves a wide margin, it says how to fold and cut.
func (s Sheet) SideNote(pdf *fpdf.Fpdf, text string) {
	g := s.Grid()
	x0, y0, _ := g.Origin()
	length := float64(g.Rows) * g.CellH
	x, y := layout.SafeMargin+2.5, y0+length
	layout.SetFont(pdf, layout.Font, "", MinPt)
	lines := layout.Wrap(pdf, text, length)
	lead := MinPt * 25.4 / 72 * 1.3
	if room := x0 - CropRoom - x; float64(len(lines)-1)*lead > room {
		lines = lines[:max(1, int(room/lead)+1)]
	}
	pdf.SetTextColor(60, 60, 60)
	pdf.TransformBegin()
	pdf.TransformRotate(90, x, y)
	for i, l := range lines {
		layout.Text(pdf, x, y+float64(i)*lead, l)
	}
	pdf.TransformEnd()
}
