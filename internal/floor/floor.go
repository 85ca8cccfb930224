// Package floor renders the least work fpdf can do to put a print pack on
// paper: one document of 40 dense A4 pages, three embedded Go faces
// registered once, compressed. `playaid build` is measured against it
// (BenchmarkFloor next to BenchmarkBuild in process, internal/cmd/ratio as
// whole processes): the pack has about as many pages and a third of the
// text, so what it costs above the floor is playaid's own work and fpdf's
// work repeated per document.
//
// It uses fpdf's plain public API only, so that it measures fpdf, not
// playaid.
package floor

import (
	"bytes"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// The shape of the floor document.
const (
	Pages        = 40
	LinesPerPage = 100 // of about 75 characters: 3 times the pack's text
)

// text is what the lines cycle through: game prose with the typographic
// characters the pack prints.
var text = []string{
	"Tripod Damage Chart — roll 1d10 for each hit that beats the armour: 1–4 no effect,",
	"5–7 the heat ray is out of action until the end of the next turn, 8–9 legs damaged,",
	"10 the tripod falls; every stand within 2″ of the fall point takes a hit at power 4.",
	"Artillery fires at half range over open ground … and full range from a building.",
	"Blips move 6″ and may not end within 12″ of an enemy model; “Dug In” stands count",
	"as hard cover (−1 to hit) until they move. Morale: 2d6 ≤ the unit’s value, else rout.",
}

// PDF renders the floor document.
func PDF() ([]byte, error) {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(epoch)
	pdf.SetModificationDate(epoch)
	pdf.SetCatalogSort(true) // same bytes every time, as the pack
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0)
	faces := [...]struct {
		style string
		ttf   []byte
	}{{"", goregular.TTF}, {"B", gobold.TTF}, {"I", goitalic.TTF}}
	for _, f := range faces {
		pdf.AddUTF8FontFromBytes("go", f.style, f.ttf)
	}
	for p := 0; p < Pages; p++ {
		pdf.AddPage()
		for l := 0; l < LinesPerPage; l++ {
			pdf.SetFont("go", faces[l%len(faces)].style, 7)
			pdf.Text(10, 10+float64(l)*2.8, text[(p+l)%len(text)])
		}
	}
	var buf bytes.Buffer
	err := pdf.Output(&buf)
	return buf.Bytes(), err
}
