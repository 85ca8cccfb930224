package army

import (
	"os"
	"testing"

	"github.com/playaid/playaid/catalog"
)

// testCatalog loads the tests' own small catalogue, testdata/catalog: the
// numbers of the shipped data, so the tests do not move when a club's
// data or the shipped files change, and a rule set without army lists.
func testCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, l := catalog.Load(catalog.Source{Name: "test", FS: os.DirFS("testdata/catalog")})
	if err := l.Err(); err != nil {
		t.Fatalf("test catalogue: %v", err)
	}
	return cat
}
