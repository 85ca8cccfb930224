package tablemap

import (
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/layout"
)

func TestTry(t *testing.T) {
	cat, l := catalog.Load(catalog.Source{Name: "data", FS: data.FS})
	if err := l.Err(); err != nil {
		t.Log(err)
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pdf := layout.NewDoc(paper, "x")
		for _, s := range cat.Systems {
			for _, sc := range s.Scenarios {
				var sides []string
				for _, sd := range sc.Sides {
					sides = append(sides, sd.Name)
				}
				if sc.Map == nil {
					continue
				}
				if _, err := AddPage(pdf, paper, "Table map — "+sc.Name, sc.Map, sides); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := layout.WritePDF("/tmp/br/map-"+paper.Name+".pdf", pdf); err != nil {
			t.Fatal(err)
		}
	}
}
