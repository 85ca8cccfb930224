package refcards

import (
	"os"
	"testing"

	"github.com/playaid/playaid/internal/shipped"
	"github.com/playaid/playaid/layout"
)

func TestLook(t *testing.T) {
	dir := os.Getenv("H17LOOK")
	if dir == "" {
		t.Skip()
	}
	cat := shipped.Catalog(t)
	for _, d := range All() {
		md, _ := d.Markdown(cat, "")
		os.WriteFile(dir+"/"+d.ID+".md", md, 0o644)
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			b, err := d.Render(cat, Options{Paper: p})
			if err != nil {
				t.Errorf("%s %s: %v", d.ID, p.Name, err)
				continue
			}
			os.WriteFile(dir+"/"+d.ID+"-"+p.Name+".pdf", b, 0o644)
		}
	}
}
