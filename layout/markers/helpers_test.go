package markers

import (
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// shipped loads the embedded rule data.
func shipped(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, l := catalog.Load(catalog.Source{Name: "data", FS: data.FS})
	if err := l.Err(); err != nil {
		t.Fatalf("shipped data does not load:\n%v", err)
	}
	return cat
}
