package sheets

import (
	"path/filepath"
	"testing"

	"github.com/playaid/playaid/internal/golden"
)

// TestGoldenMarkdown shows every reference sheet whole: the Markdown its
// template makes from the shipped data, footnotes and all, against
// testdata/golden/<sheet>.md (go test -update rewrites them).
func TestGoldenMarkdown(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(loadCat(t)) {
		t.Run(s.ID, func(t *testing.T) {
			md, err := s.Markdown(cat, "")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", s.ID+".md"), md)
		})
	}
}
