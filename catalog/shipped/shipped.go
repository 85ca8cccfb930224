// Package shipped gives tests the rule data embedded in playaid, loaded as
// the command loads it.
package shipped

import (
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// Source is the embedded data as a catalogue source.
func Source() catalog.Source { return catalog.Source{Name: "data", FS: data.FS} }

// Catalog loads the embedded data; any error in it fails the test.
func Catalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, l := catalog.Load(Source())
	if err := l.Err(); err != nil {
		t.Fatalf("shipped data does not load:\n%v", err)
	}
	return cat
}
