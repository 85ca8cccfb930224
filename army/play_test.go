package army

import (
	"fmt"
	"io/fs"
	"slices"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
)

// example checks a shipped example list.
func example(t *testing.T, name string) *Report {
	t.Helper()
	src, err := fs.ReadFile(data.FS, "armies/"+name+".toml")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := Validate(name+".toml", src, shipped.Catalog(t))
	if !r.Valid() {
		t.Fatalf("%s: %v", name, r.Diags)
	}
	return r
}

func TestPlayUnitsAQotMF(t *testing.T) {
	us, decoys := PlayUnits(example(t, "boys-of-company-c-humans"))
	if len(us) != 3 {
		t.Fatalf("%d units, want 3", len(us))
	}
	inf, hmg, rr := us[0], us[1], us[2]
	// The scenario adds the Captain's stand: six stands, one blip.
	if inf.Name != "Company C" || inf.Stats["elements"] != 6 || !inf.Blip || inf.Ambush || inf.Fighter.Left != 6 || inf.Type != "Infantry" {
		t.Errorf("Infantry Company: %+v", inf)
	}
	if !hmg.Ambush || hmg.Blip || hmg.Stats["elements"] != 3 {
		t.Errorf("the machine guns in ambush get no blip: %+v", hmg)
	}
	if !rr.Reinforcement || rr.Blip {
		t.Errorf("the Rough Riders held back get no blip: %+v", rr)
	}
	if decoys != 2 {
		t.Errorf("%d decoys, want 2 (two for the one infantry blip)", decoys)
	}
	if inf.Face.Title != "Company C" || len(inf.Face.Parts) == 0 {
		t.Errorf("the card's words: %+v", inf.Face)
	}
	for _, p := range inf.Face.Parts {
		if p.Head == "Odds" {
			t.Errorf("the play view's card carries the printed odds: %+v", p)
		}
	}

	us, decoys = PlayUnits(example(t, "boys-of-company-c-martians"))
	if len(us) != 1 || decoys != 0 {
		t.Fatalf("Martians: %d units, %d decoys", len(us), decoys)
	}
	tr := us[0]
	if tr.Stats["armor"] != 10 || tr.Stats["elements"] != 1 || tr.Type != "Tripod" || tr.Blip {
		t.Errorf("the Assault Tripod: %+v", tr)
	}
	var ids []string
	for _, w := range tr.Fighter.Weapons {
		ids = append(ids, w.ID)
	}
	if !slices.Contains(ids, "heat-ray-focused") || !slices.Contains(ids, "reaper-tentacles") {
		t.Errorf("the tripod's weapons %v: want its Heat Ray and the Tentacles the scenario equips it with", ids)
	}

	// An entry with count = 6 is six units on the table.
	us, _ = PlayUnits(example(t, "morale-wagon-humans"))
	n := 0
	for _, u := range us {
		if u.Line == 2 {
			n++
			if u.Copy != n {
				t.Errorf("tank %d has copy %d", n, u.Copy)
			}
		}
	}
	if n != 6 {
		t.Errorf("%d Mk II Baldwins in play, want 6", n)
	}
}

func TestPlayUnitsImperial(t *testing.T) {
	us, decoys := PlayUnits(example(t, "imperial-mars"))
	if decoys != 0 || len(us) != 6 {
		t.Fatalf("%d units, %d decoys", len(us), decoys)
	}
	first := us[0] // 24 figures in close order: 4 a tray
	if first.Stats["figures"] != 24 || first.Stats["per_group"] != 4 || first.Fighter.PerTray != 4 || !first.Fighter.Infantry {
		t.Errorf("1st Company: %+v", first)
	}
	if mg := us[3]; !slices.Contains(mg.WeaponKinds, "mg") {
		t.Errorf("the Gatling Section's weapon kinds %v: want mg", mg.WeaponKinds)
	}
	if walker := us[4]; walker.Stats["figures"] != 0 {
		t.Errorf("a walker has no figures to lose: %+v", walker.Stats)
	}
}

func TestPlayObjective(t *testing.T) {
	stats, face, ok := PlayObjective(example(t, "evacuation-mars"))
	if !ok || stats["hull"] != 3 || stats["armor"] != 10 || face.Title == "" {
		t.Fatalf("the pod: %v %+v %v; want 3 hull points, armour 10", stats, face, ok)
	}
	if _, _, ok := PlayObjective(example(t, "imperial-mars")); ok {
		t.Error("an Imperial Mars list has an objective marker")
	}
}

func TestPlays(t *testing.T) {
	humans, martians := example(t, "boys-of-company-c-humans"), example(t, "boys-of-company-c-martians")
	sys := humans.System
	bocc, wagon := sys.Scenario("boys-of-company-c"), sys.Scenario("morale-wagon")
	free, _ := Validate("free.toml", []byte("system = \"aqotmf\"\nname = \"Free\"\nfaction = \"Martians\"\n\n[[unit]]\nid = \"assault-tripod\"\n"), shipped.Catalog(t))
	for _, tc := range []struct {
		r    *Report
		sc   *catalog.Scenario
		side int
		want string
	}{
		{humans, bocc, 0, ""},
		{humans, bocc, 1, "it is the list of Boys of Company C, not Martians"},
		{martians, bocc, 0, "it is the list of Martians, not Boys of Company C"},
		{humans, wagon, 0, "it is a list for Scenario 1: The Boys of Company C, not Scenario 2: Morale Wagon (Escort Mission)"},
		{free, bocc, 1, ""},
		{free, bocc, 0, "it is a Martians list, and Boys of Company C plays the Humans"},
		{humans, bocc, 2, "Scenario 1: The Boys of Company C has no side 3"},
	} {
		err := tc.r.Plays(tc.sc, tc.side)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("%s as side %d of %s: %v, want %q", tc.r.List.Name, tc.side+1, tc.sc.ID, err, tc.want)
		}
	}
}
