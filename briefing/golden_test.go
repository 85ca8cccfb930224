package briefing_test

import (
	"path/filepath"
	"testing"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/golden"
)

// TestGoldenMarkdown shows every shipped briefing whole, as the Markdown
// output prints it (the map as a list of its features), against
// testdata/golden/<scenario>.md (go test -update rewrites them).
func TestGoldenMarkdown(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			t.Run(sc.ID, func(t *testing.T) {
				b := build(t, cat, s.ID+"/"+sc.ID)
				md, err := b.MarkdownText(briefing.Options{})
				if err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join("testdata", "golden", sc.ID+".md"), md)
			})
		}
	}
}
