package rules

import (
	"slices"
	"testing"

	"github.com/playaid/playaid/catalog"
)

// Every engine the data may name is registered, and nothing else.
func TestEnginesRegistered(t *testing.T) {
	var names []string
	for _, e := range engines {
		names = append(names, e.Name)
	}
	want := catalog.Engines()
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("registered engines %v; the catalogue's blocks %v", names, want)
	}
}
