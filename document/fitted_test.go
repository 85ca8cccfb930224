package document

import (
	"bytes"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

// TestRenderNotesFitted: a sheet's table too wide for its column (a font
// of wide letters, here a narrow page) is fitted, not cut, and what was
// fitted is told at the line of the template that made it; the PDF is
// the one Render makes.
func TestRenderNotesFitted(t *testing.T) {
	layout.Fitted() // what earlier tests left
	text := "# Sheet\n\n{{ \"Intro\" }}.\n\n| Breakable | Unbreakable | Indefatigable | Quarrelling |\n|--|--|--|--|\n| a | b | c | d |\n"
	md, lines, err := ExecuteLines([]Source{{Name: "sheet.md", Text: text, From: "club/sheet.md"}}, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	narrow := layout.Paper{Name: "narrow", Width: 2*8 + 57, Height: 120}
	mo := markdown.Options{Paper: narrow, BaseSize: 7, File: "sheet's Markdown"}
	out, err := lines.Render(md, PDF, mo)
	if err != nil {
		t.Fatal(err)
	}
	want, err := markdown.PDF(md, mo)
	if err != nil || !bytes.Equal(out, want) {
		t.Errorf("Lines.Render made other bytes than markdown.PDF (%v)", err)
	}
	f := layout.Fitted()
	if len(f) != 1 || f[0].File != "club/sheet.md" || f[0].Line != 5 || !strings.Contains(f[0].Msg, "the table is too wide") {
		t.Errorf("fitted: %v; want the table at club/sheet.md:5", f)
	}
}
