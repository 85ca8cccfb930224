package document

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// TestOddsOnce: documents asking for the same table of the same rule set
// side by side get the one table, computed once; another rule set or
// table is its own; the nil Odds computes each time.
func TestOddsOnce(t *testing.T) {
	var built atomic.Int32
	spec := func(id string) rules.OddsTable {
		return rules.OddsTable{ID: id, Build: func(sys *catalog.System) (rules.Table, error) {
			built.Add(1)
			return rules.Table{ID: sys.ID + "/" + id}, nil
		}}
	}
	a, b := &catalog.System{ID: "a"}, &catalog.System{ID: "b"}
	o := NewOdds()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if tb, err := o.Table(a, spec("morale")); err != nil || tb.ID != "a/morale" {
				t.Errorf("got %q, %v", tb.ID, err)
			}
		})
	}
	wg.Wait()
	if n := built.Load(); n != 1 {
		t.Errorf("built %d times; want once", n)
	}
	o.Table(b, spec("morale"))
	o.Table(a, spec("rally"))
	if n := built.Load(); n != 3 {
		t.Errorf("built %d times; want 3 (one more rule set, one more table)", n)
	}
	var none *Odds
	none.Table(a, spec("morale"))
	none.Table(a, spec("morale"))
	if n := built.Load(); n != 5 {
		t.Errorf("built %d times; want the nil Odds to build each time", n)
	}
}
