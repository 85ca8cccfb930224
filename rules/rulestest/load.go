// Package rulestest is what the rule engines' tests share: the shipped
// data loaded once, and exact values and table cells compared.
package rulestest

import (
	"math/big"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/diag"
)

var (
	once sync.Once
	// Catalog is the shipped data, as Load loaded it.
	Catalog *catalog.Catalog
	diags   diag.List
)

// Load returns one shipped rule set, loaded through catalog.Load with the
// engines the test registered. Errors in the rule set's files are
// logged, not fatal: the strict decoding of the files is
// rules/engines' TestAQDataDecodes.
func Load(t testing.TB, id string) *catalog.System {
	t.Helper()
	once.Do(func() {
		Catalog, diags = catalog.Load(shipped.Source())
	})
	for _, d := range diags.Errors() {
		if strings.HasPrefix(d.File, "data/"+id+"/") {
			t.Logf("load: %v", d)
		}
	}
	s := Catalog.System(id)
	if s == nil {
		t.Fatalf("system %q not loaded; systems: %v", id, Catalog.SystemIDs())
	}
	return s
}

// Rat parses "a/b" for the tables of expected values.
func Rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

// Eq reports a mismatch between an exact value and the expected fraction.
func Eq(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	if got == nil {
		t.Errorf("%s = nil, want %s", what, want)
		return
	}
	if got.Cmp(Rat(want)) != 0 {
		t.Errorf("%s = %s, want %s", what, got.RatString(), want)
	}
}
