package rules

import (
	"io/fs"
	"math"
	"math/big"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/tomlpos"
)

// aqSystems are the rule sets whose data and engine these tests cover.
var aqSystems = []string{"aqotmf", "buildings", "evacuation-mars"}

var (
	aqCatOnce sync.Once
	aqCat     *catalog.Catalog
	aqCatDiag diag.List
)

// aqLoad returns one shipped rule set, loaded through catalog.Load. Errors
// in other engineers' files (a marker sheet still being written) are
// logged, not fatal: the strict decoding of our own files is
// TestAQDataDecodes.
func aqLoad(t testing.TB, id string) *catalog.System {
	t.Helper()
	aqCatOnce.Do(func() {
		aqCat, aqCatDiag = catalog.Load(shipped.Source())
	})
	for _, d := range aqCatDiag.Errors() {
		if strings.HasPrefix(d.File, "data/"+id+"/") {
			t.Logf("load: %v", d)
		}
	}
	s := aqCat.System(id)
	if s == nil {
		t.Fatalf("system %q not loaded; systems: %v", id, aqCat.SystemIDs())
	}
	return s
}

// TestAQDataDecodes decodes every file of the three rule sets strictly:
// no syntax error, no unknown key, no value of the wrong type.
func TestAQDataDecodes(t *testing.T) {
	n := 0
	for _, sys := range aqSystems {
		err := fs.WalkDir(data.FS, sys, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || path.Ext(p) != ".toml" {
				return err
			}
			src, err := fs.ReadFile(data.FS, p)
			if err != nil {
				return err
			}
			var f catalog.File
			_, l := tomlpos.DecodeTOML(p, src, &f)
			for _, d := range l {
				t.Errorf("%v", d)
			}
			if f.System != sys {
				t.Errorf("%s: system = %q, want %q", p, f.System, sys)
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 10 {
		t.Errorf("decoded %d files, want at least the 10 shipped", n)
	}
}

// TestAQDataValues spot-checks the transcription against the seeds.
func TestAQDataValues(t *testing.T) {
	aq := aqLoad(t, "aqotmf")
	if b := aq.Profile("mk2-baldwin"); b == nil || b.Type != "Tank" || b.Defense != nil || b.Armor != nil || len(aq.NotesTouching("mk2-baldwin")) == 0 {
		t.Errorf("Mk II Baldwin: want type Tank, no stats and a note touching it, got %+v", b)
	}
	if rr := aq.Profile("rough-riders"); rr == nil || len(rr.Weapons) != 0 || rr.Speed.Inches() != 10 || *rr.Defense != 7 {
		t.Errorf("Rough Riders: want 10\" Defense 7 and no weapon, got %+v", rr)
	}
	if w := aq.Weapon("heat-ray-focused"); w == nil || math.Abs(w.MinRange.Inches()-3) > 1e-9 || w.Power != 3 || w.RangeText != "3\"–30+" {
		t.Errorf("Heat Ray focused: got %+v", w)
	}
	c := aq.Chart("tripod-damage")
	if c == nil || len(c.Rows) != 6 || c.Rows[3].ArmorDie != 10 || !c.Rows[5].Has("explodes") || !strings.Contains(c.Note, "Amour") {
		t.Errorf("Tripod Damage Chart: got %+v", c)
	}
	for _, id := range []string{"baldwin-stats", "rough-riders-weapon", "lucky-hit", "tripod-weapons", "infantry-company-stands", "heat-ray-range", "initiative", "table-maps", "blips-decoys"} {
		if aq.Note(id) == nil {
			t.Errorf("source note %q missing", id)
		}
	}
	boys := aq.Scenario("boys-of-company-c")
	if boys == nil || boys.Turns != 6 || boys.Unequal == "" || boys.Map == nil || !boys.Map.Suggested {
		t.Fatalf("Boys of Company C: got %+v", boys)
	}
	if f := boys.Sides[0].Forces[0]; f.Stands != 6 || f.Points != 60 {
		t.Errorf("Boys: infantry company line = %+v, want 6 stands 60 points", f)
	}
	if f := boys.Sides[0].Forces[2]; !f.Reinforcement || f.Unit != "rough-riders" {
		t.Errorf("Boys: Rough Riders line = %+v, want reinforcements", f)
	}
	mw := aq.Scenario("morale-wagon")
	if mw == nil || mw.Turns != 0 || !strings.Contains(mw.GameLength, "no turn limit") || mw.Sides[0].Forces[2].Points != 480 {
		t.Errorf("Morale Wagon: got %+v", mw)
	}
	ev := aqLoad(t, "evacuation-mars").Evacuation
	if len(ev.TieBreakers) != 6 || ev.Objective.MaxArmour != 12 || ev.Objective.MaxHull != 5 {
		t.Errorf("Evacuation: got %+v", ev)
	}
}

// aqRat parses "a/b" for the tables of expected values.
func aqRat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

// aqEq reports a mismatch between an exact value and the expected fraction.
func aqEq(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	if got == nil {
		t.Errorf("%s = nil, want %s", what, want)
		return
	}
	if got.Cmp(aqRat(want)) != 0 {
		t.Errorf("%s = %s, want %s", what, got.RatString(), want)
	}
}
