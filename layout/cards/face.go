package cards

import (
	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

// A face is set in its live area, top to bottom: a title band in the
// content's colour (BandPad above and below its lines), BodyGap of paper,
// the body, and at the foot a line of FootPt type (the deck's or the
// list's name, and the card's part, "2/2"). The body ends FootClear above
// the foot line's tallest letters, the clearance every footer of the pack
// keeps. Reference cards and unit cards are both set so: one card, two
// contents.
const (
	BandPad   = 1.2
	BodyGap   = 1.5
	FootPt    = BodyPt
	FootClear = 2.0
	// footDrop is how far the foot line's baseline sits above the live
	// area's bottom: its descenders end there.
	footDrop = 0.6
	// ascent is how far the tallest letters of a font reach above the
	// baseline, in ems (the Go fonts' ascender).
	ascent = 0.93
	ptMM   = 25.4 / 72
)

// bodyBottom is where the body ends, from the live area's top.
const bodyBottom = LiveH - footDrop - ascent*FootPt*ptMM - FootClear

// BodyHeight is how tall the body of a face is under a band band mm tall.
func BodyHeight(band float64) float64 { return bodyBottom - band - BodyGap }

// Body is the box of the face's body under a band band mm tall.
func (f Frame) Body(band float64) layout.Rect {
	x, y := f.Live()
	return layout.Rect{X: x, Y: y + band + BodyGap, W: LiveW, H: BodyHeight(band)}
}

// Band fills the face's title band, band mm tall at the top of the live
// area, in colour c; on a print shop's page it runs out into the bleed on
// the three sides it touches, so a card trimmed a little off its line
// shows no white edge.
func (f Frame) Band(pdf *fpdf.Fpdf, band float64, c [3]uint8) {
	x, y := f.Live()
	pdf.SetFillColor(int(c[0]), int(c[1]), int(c[2]))
	if f.Bleed > 0 {
		pdf.Rect(f.X-f.Bleed, f.Y-f.Bleed, f.W+2*f.Bleed, y+band-(f.Y-f.Bleed), "F")
		return
	}
	pdf.Rect(x, y, LiveW, band, "F")
}

// Foot writes the foot line in colour c: left at the live area's left,
// cut short to leave right its room, and right (a part, "2/2") at its
// right edge.
func (f Frame) Foot(pdf *fpdf.Fpdf, left, right string, c [3]uint8) {
	x, y := f.Live()
	base := y + LiveH - footDrop
	layout.SetFont(pdf, layout.Font, "", FootPt)
	pdf.SetTextColor(int(c[0]), int(c[1]), int(c[2]))
	rw := 0.0
	if right != "" {
		rw = layout.Width(pdf, right)
		layout.Text(pdf, x+LiveW-rw, base, right)
		rw += 2
	}
	layout.Text(pdf, x, base, layout.FitText(pdf, left, LiveW-rw))
}
