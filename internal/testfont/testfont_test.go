package testfont_test

import (
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/testfont"
)

// TestTTF: the font made reads as a font with exactly the characters
// asked for, in glyphs and in the PDF writer, which embeds it.
func TestTTF(t *testing.T) {
	ttf := testfont.TTF("Test Sans", "Aש中")
	f, err := glyphs.Parse("test.ttf", ttf)
	if err != nil {
		t.Fatal(err)
	}
	for r, want := range map[rune]bool{'A': true, 'ש': true, '中': true, 'B': false, 'ל': false} {
		if f.Has(r) != want {
			t.Errorf("Has(%q) = %v, want %v", r, !want, want)
		}
	}
	if w := f.Width('A'); w != 600 {
		t.Errorf("A is %d/1000 em wide, want 600", w)
	}
	parsed, err := fpdf.ParseUTF8Font(ttf)
	if err != nil {
		t.Fatal(err)
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromParsed("t", "", parsed)
	pdf.SetFont("t", "", 10)
	pdf.AddPage()
	pdf.Text(10, 10, "Aש中")
	if got := pdf.GetStringSymbolWidth("Aש中"); got != 1800 {
		t.Errorf("fpdf measures %d, want 1800", got)
	}
	if err := pdf.Output(new(discard)); err != nil {
		t.Fatal(err)
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }
