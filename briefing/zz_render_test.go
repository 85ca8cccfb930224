package briefing_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/layout"
)

func TestZZRender(t *testing.T) {
	dir := os.Getenv("PLAYAID_RENDER_DIR")
	if dir == "" {
		t.Skip()
	}
	cat := shipped(t)
	for _, id := range []string{"boys-of-company-c", "morale-wagon", "evacuation-mars"} {
		b := build(t, cat, id)
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			data, err := b.PDF(briefing.Options{Paper: p})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, id+"-"+p.Name+".pdf"), data, 0o644)
		}
		h, _ := b.HTML(briefing.Options{Paper: layout.A4})
		os.WriteFile(filepath.Join(dir, id+".html"), h, 0o644)
	}
}
