package engines

import (
	"io/fs"
	"math"
	"path"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/rulestest"
)

// aqSystems are the rule sets whose data and engine these tests cover.
var aqSystems = []string{"aqotmf", "buildings", "evacuation-mars"}

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
			f, l := catalog.DecodeFile(p, src)
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
	aq := rulestest.Load(t, "aqotmf")
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
	ev := evacuation.RulesOf(rulestest.Load(t, "evacuation-mars"))
	if len(ev.TieBreakers) != 6 || ev.Objective.MaxArmour != 12 || ev.Objective.MaxHull != 5 {
		t.Errorf("Evacuation: got %+v", ev)
	}
}
func TestIMDataFilesDecode(t *testing.T) {
	files, err := fs.Glob(data.FS, "imperial-mars/*.toml")
	if err != nil {
		t.Fatal(err)
	}
	mine := 0
	for _, name := range files {
		if strings.HasSuffix(name, "markers.toml") { // another engineer's file
			continue
		}
		mine++
		src, err := fs.ReadFile(data.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		f, l := catalog.DecodeFile(name, src)
		if len(l) > 0 {
			t.Errorf("%s: %v", name, l)
		}
		if f.System != "imperial-mars" {
			t.Errorf("%s: system = %q", name, f.System)
		}
	}
	if mine < 6 {
		t.Errorf("found %d imperial-mars data files, want system, weapons, tables, artillery, charts, flyers", mine)
	}
}
