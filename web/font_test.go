package web

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/testfont"
)

// TestFontWarningsForTheWeb: a warning that the font cannot print a
// list's text is worded for the player at the browser, who has no --font
// to pass, with the Go font and with a club's font that lacks the
// characters too; what it says about emoji stays.
func TestFontWarningsForTheWeb(t *testing.T) {
	latin, err := glyphs.Parse("latin.ttf", testfont.TTF("Latin", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789;.-\"?"))
	if err != nil {
		t.Fatal(err)
	}
	// The player may type the command line's words too: only the advice
	// after the quote changes.
	for _, tc := range []struct {
		name string
		font *glyphs.Font // nil: the Go font
		army string
		cli  []string // what must not show
	}{
		{"the Go font", nil, "ש🙂 has characters the font cannot print", []string{`print" has characters the font`, "; pass --font FILE.ttf"}},
		{"a club's font", latin, "ש🙂; --font x.ttf lacks them too", []string{"--font latin.ttf", `too" has characters the font`, "too;"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			glyphs.Use(tc.font)
			defer glyphs.Use(nil)
			s, dir := newServer(t, "")
			writeFile(t, filepath.Join(dir, "hebrew.toml"), "system = \"aqotmf\"\nname = \""+tc.army+"\"\n")
			text := pageText(get(t, s.Handler(), "/lists/hebrew").Body.String())
			want := `Check: Army name: "` + tc.army + `" has characters the server's font cannot print (U+05E9 U+1F642); they print as `
			advice := "; whoever runs playaid serve can start it with --font and a font that has them; characters past U+FFFF (emoji) cannot print in a PDF, whatever the font"
			if !strings.Contains(text, want) || !strings.Contains(text, advice) {
				t.Errorf("the warning does not read %q … %q:\n%s", want, advice, text)
			}
			for _, cli := range tc.cli {
				if strings.Contains(text, cli) {
					t.Errorf("the warning still reads %q, the command line's words:\n%s", cli, text)
				}
			}
		})
	}
}
