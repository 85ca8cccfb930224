package layout

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/internal/testfont"
)

// TestClubFont: with a club's font, text in its script is drawn in it,
// measured in it, and reads back from the PDF; what it lacks prints as
// the mark; the Go font comes back after.
func TestClubFont(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.ttf")
	if err := os.WriteFile(path, testfont.TTF("Club Sans", "Company 12 שלום第一"+glyphs.Mark), 0o644); err != nil {
		t.Fatal(err)
	}
	g := useFont(t, path)
	if FaceGlyphs(Font, "B") != g || FaceGlyphs(FontMono, "") == g {
		t.Error("the club's font is not every text face, or it took the code face too")
	}
	pdf := NewDoc(A4, "club")
	pdf.AddPage()
	SetFont(pdf, Font, "B", 10)
	if w, want := Width(pdf, "שלום 12"), 7*0.6*10*25.4/72; w < want-1e-9 || w > want+1e-9 {
		t.Errorf("width %g mm, want %g (7 glyphs of 600/1000 em at 10 pt)", w, want)
	}
	Text(pdf, 20, 20, "Company שלום 12 第一 🚀")
	texts := readBack(t, pdf)
	var got []string
	for _, tx := range texts {
		got = append(got, tx.S)
	}
	// Drawn left to right as read: the Hebrew word and the number after it
	// turned round, the emoji the mark.
	if want := "Company 12 םולש 第一 " + glyphs.Mark; !strings.Contains(strings.Join(got, "|"), want) {
		t.Errorf("the page reads %q, want %q", got, want)
	}
	SetTextFont(nil)
	if glyphs.Text().Name != "" || FaceGlyphs(Font, "") == g {
		t.Error("SetTextFont(nil) did not bring back the Go font")
	}
}

// readBack writes pdf and reads its strings back.
func readBack(t *testing.T, pdf *fpdf.Fpdf) []pdftest.Text {
	t.Helper()
	b, err := Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	return texts
}

// useFont makes the font at path the text font until the test ends.
func useFont(t *testing.T, path string) *glyphs.Font {
	t.Helper()
	g, err := ReadFont(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := SetTextFont(g); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { SetTextFont(nil) })
	return g
}

// FuzzTextFont: no font file a club names makes playaid panic, hang or
// print from inside the PDF writer: it is refused with a message, or
// embeds.
func FuzzTextFont(f *testing.F) {
	f.Add(testfont.TTF("Seed", "abc שלום 中"))
	f.Add(testfont.TTF("Seed", ""))
	f.Fuzz(func(t *testing.T, ttf []byte) {
		g, err := glyphs.Parse("fuzz.ttf", ttf)
		if err != nil {
			return
		}
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout := os.Stdout
		os.Stdout = w
		err = SetTextFont(g)
		os.Stdout = stdout
		w.Close()
		printed, _ := io.ReadAll(r)
		r.Close()
		SetTextFont(nil)
		if len(printed) > 0 {
			t.Fatalf("the PDF writer printed %q", printed)
		}
		_ = err // refused with a message or taken: either is fine
	})
}

// dejaVu is a real font with Hebrew and Arabic that Debian installs with
// fonts-dejavu-core (.ci/run installs it).
const dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

// TestRealFont: a real font with composite glyphs and hinting — not
// only the boxes of testfont — embeds, and its Hebrew reads back.
func TestRealFont(t *testing.T) {
	if _, err := os.Stat(dejaVu); err != nil {
		t.Skipf("%s is not installed (Debian: fonts-dejavu-core): %v", dejaVu, err)
	}
	useFont(t, dejaVu)
	pdf := NewDoc(A4, "DejaVu")
	pdf.AddPage()
	SetFont(pdf, Font, "", 12)
	Text(pdf, 20, 20, "פלוגה ג׳ · Company C")
	texts := readBack(t, pdf)
	if len(texts) != 1 || texts[0].S != "Company C · ׳ג הגולפ" {
		t.Errorf("the page reads %+v", texts)
	}
}
