package document

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/templates"
)

// FontWarnings checks the text of a club's templates (the files of dir
// that replace shipped ones) against the text font: one warning for each
// line with characters the font cannot print, at the first of them. Text
// from the data and lists is checked where it is read; a template's own
// words only here. A file that cannot be read is left to the document
// that reads it to report.
func FontWarnings(dir string) diag.List {
	if dir == "" {
		return nil
	}
	var l diag.List
	shipped, _ := fs.ReadDir(templates.FS, ".")
	for _, e := range shipped {
		path := filepath.Join(dir, e.Name())
		src, err := infile.Read(os.DirFS(dir), e.Name(), path, limits.MaxFileSize, "a Markdown template")
		if err != nil {
			continue
		}
		for i, line := range strings.Split(string(src), "\n") {
			msg := glyphs.Problem(line)
			if msg == "" {
				continue
			}
			col := 1
			miss := glyphs.Missing(line)
			if at := strings.IndexRune(line, miss[0]); at >= 0 {
				col = utf8.RuneCountInString(line[:at]) + 1
			}
			l = append(l, diag.Diag{File: path, Line: i + 1, Col: col, Warning: true, Font: true, Msg: "text: " + msg})
		}
	}
	return l
}
