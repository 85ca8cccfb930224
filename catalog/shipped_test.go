package catalog_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/tomlpos"
)

// TestShippedSeedValues checks a sample of values against the seeds.
func TestShippedSeedValues(t *testing.T) {
	cat := shipped.Catalog(t)
	if got := cat.SystemIDs(); len(got) != 4 || got[0] != "aqotmf" || got[1] != "buildings" || got[2] != "evacuation-mars" || got[3] != "imperial-mars" {
		t.Fatalf("systems = %v", got)
	}
	aq := cat.System("aqotmf")
	tripod := aq.Profile("assault-tripod")
	if tripod == nil || tripod.Defense == nil || *tripod.Defense != 9 || tripod.Armor == nil || *tripod.Armor != 10 {
		t.Errorf("Assault Tripod: want defense 9 armor 10, got %+v", tripod)
	}
	sweep := aq.Weapon("heat-ray-sweep")
	if sweep == nil || !near(sweep.MinRange.Inches(), 3) || !near(sweep.Range.Inches(), 15) || sweep.Power != 2 {
		t.Errorf("Heat Ray sweep: want 3\"–15\" power +2, got %+v", sweep)
	}
	if mg := aq.Weapon("machine-gun"); mg == nil || mg.DicePerElement() != 3 {
		t.Errorf("Machine Gun: want Rapid Fire 3 dice per stand, got %+v", mg)
	}
	for id, pts := range map[string]int{"infantry-company": 60, "hmg-unit": 40, "rough-riders": 45, "mk2-baldwin": 80, "assault-tripod": 200} {
		if u := aq.Unit(id); u == nil || u.Points != pts {
			t.Errorf("unit %s: want %d points, got %+v", id, pts, u)
		}
	}
	// (The blocks of numbers, [buildings] and the rest, are the engines'
	// to test: rules/<engine>.)
	for path, want := range map[string]int{"buildings.tall_floors": 4} {
		if n, err := cat.System("buildings").RuleInt(path); err != nil || n != want {
			t.Errorf("%s = %d, %v; want %d", path, n, err, want)
		}
	}
	im := cat.System("imperial-mars")
	rifle := im.Weapon("bl-rifle")
	if rifle == nil || len(rifle.Bands) != 3 || !near(rifle.Bands[2].Range.Inches(), 30) || rifle.Bands[2].Factor != 2 {
		t.Errorf("BL rifle: want long range 30\" factor 2, got %+v", rifle)
	}
	if mg := im.Weapon("automatic-mg"); mg == nil || len(mg.Jam) != 2 || mg.Jam[0] != 2 || mg.Jam[1] != 5 {
		t.Errorf("Automatic MG: want jam 2/5, got %+v", mg)
	}
	for path, want := range map[string]int{"evacuation.points": 300, "evacuation.objective.armour": 8, "evacuation.objective.hull_points": 1} {
		if n, err := cat.System("evacuation-mars").RuleInt(path); err != nil || n != want {
			t.Errorf("Evacuation: Mars: %s = %d, %v; want %d", path, n, err, want)
		}
	}
}

// BenchmarkLoadShipped: loading the whole shipped data must take under 5 ms.
func BenchmarkLoadShipped(b *testing.B) {
	for b.Loop() {
		_, l := catalog.Load(shipped.Source())
		if l.Err() != nil {
			b.Fatal(l.Err())
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestDataDocExample keeps the data format's example (docs/data.md)
// honest: it must decode strictly, with no unknown key.
func TestDataDocExample(t *testing.T) {
	b, err := os.ReadFile("../docs/data.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "```toml\nsystem = \"aqotmf\"")
	if start < 0 {
		t.Fatal("docs/data.md has no data example starting with system = \"aqotmf\"")
	}
	block := text[start+len("```toml\n"):]
	block = block[:strings.Index(block, "```")]
	var f catalog.File
	if _, l, ok := tomlpos.Decode("docs/data.md", []byte(block), &f); !ok || len(l) > 0 {
		t.Errorf("the data example does not decode:\n%v", l)
	}
	if len(f.Units) != 1 || f.Units[0].Points != 60 || len(f.Charts) != 1 || len(f.Charts[0].Rows) != 3 {
		t.Errorf("the data example decoded to %+v", f)
	}
}
