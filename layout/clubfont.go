package layout

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
)

// A club whose lists or data are in a script the Go font lacks (Hebrew,
// Greek beyond the basics, Chinese …) names a TrueType font that has it
// with --font. It replaces the Go font in every text style; code keeps Go
// Mono. Bold and italic print in the club's one font as it is.

// ReadFont reads and checks the font file at path: a regular file of at
// most limits.MaxFontSize bytes that glyphs.Parse accepts. Errors name the
// file and say what is wrong.
func ReadFont(path string) (*glyphs.Font, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, diag.Diag{File: path, Msg: err.Error()}
	}
	ttf, err := infile.Read(os.DirFS(filepath.Dir(abs)), filepath.Base(abs), path, limits.MaxFontSize, "a TrueType font (.ttf)")
	if err != nil {
		return nil, diag.Diag{File: path, Msg: err.Error()}
	}
	g, err := glyphs.Parse(path, ttf)
	if err != nil {
		return nil, diag.Diag{File: path, Msg: err.Error()}
	}
	return g, nil
}

// SetTextFont makes g the face of every text style, and the font glyphs
// checks text against, for the rest of the process; nil goes back to the
// Go font. The command line calls it once at start-up, before any text is
// read or drawn.
func SetTextFont(g *glyphs.Font) error {
	if g == nil {
		club.Store(nil)
		glyphs.Use(nil)
		return nil
	}
	parsed, err := embed(g)
	if err != nil {
		return diag.Diag{File: g.Name, Msg: err.Error()}
	}
	club.Store(&clubFont{glyphs: g, parsed: parsed.WithRunes(subsetRunes)})
	glyphs.Use(g)
	return nil
}

// embed parses the font for fpdf and tries it out: a page with every
// character it has, written to nowhere. fpdf trusts its fonts (a damaged
// table makes it index out of range), so a font is tried once, here,
// where its failure is a message about the file rather than a crash in
// the middle of a print pack.
func embed(g *glyphs.Font) (parsed *fpdf.UTF8Font, err error) {
	defer func() {
		if p := recover(); p != nil {
			parsed, err = nil, fmt.Errorf("the PDF writer cannot read this font (%v)", p)
		}
	}()
	parsed, err = fpdf.ParseUTF8Font(g.TTF)
	if err != nil {
		return nil, fmt.Errorf("the PDF writer cannot read this font: %v", strings.TrimSpace(err.Error()))
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.AddUTF8FontFromParsed("club", "", parsed)
	pdf.SetFont("club", "", 10)
	pdf.AddPage()
	var b strings.Builder
	for r := rune(0x20); r <= 0xFFFF; r++ {
		if g.Has(r) {
			b.WriteRune(r)
		}
	}
	pdf.Text(10, 10, b.String())
	if err := pdf.Output(io.Discard); err != nil {
		return nil, fmt.Errorf("the PDF writer cannot embed this font: %v", err)
	}
	return parsed, nil
}
