package sheets

import (
	"os"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/layout"
)

func TestDevDump(t *testing.T) {
	cat, _ := catalog.Load(catalog.Source{Name: "data", FS: data.FS})
	for _, s := range All() {
		md, err := s.Markdown(cat, "")
		if err != nil {
			t.Errorf("%s: %v", s.ID, err)
			continue
		}
		os.WriteFile("/tmp/dev/"+s.ID+".md", md, 0o644)
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			pdf, err := s.Render(cat, Options{Paper: p})
			if err != nil {
				t.Errorf("%s: %v", s.ID, err)
				continue
			}
			os.WriteFile("/tmp/dev/"+s.ID+"-"+p.Name+".pdf", pdf, 0o644)
		}
	}
}
