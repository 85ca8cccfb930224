package catalog_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// FuzzLoad lays a club's file over the shipped data, as 'playaid validate
// --data club' does: at the path of a shipped file (replacing it) or at a
// new one. Whatever the bytes, loading never panics, every message names a
// file, and data that loads without an error keeps within the bounds the
// engine relies on. Only the shipped files of the rule set the club's file
// is filed under are loaded with it: each run then takes a quarter of the
// time, and the rule sets' files do not refer to each other.
func FuzzLoad(f *testing.F) {
	paths, err := fs.Glob(data.FS, "*/*.toml")
	if err != nil {
		f.Fatal(err)
	}
	more, _ := fs.Glob(data.FS, "*/*/*.toml")
	paths = append(paths, more...)
	for i, p := range paths {
		if strings.HasPrefix(p, catalog.ArmiesDir+"/") {
			continue
		}
		b, _ := fs.ReadFile(data.FS, p)
		f.Add(uint8(i), b)
	}
	for _, s := range []string{
		"system = \"aqotmf\"\n[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 1000000000000000000\nrow = [{roll = \"1+\"}]\n",
		"system = \"aqotmf\"\n[[unit]]\nid = \"infantry-company\"\nname = \"X\"\npoints = 1\n",
		"system = \"aqotmf\"\nx = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
		"system = \"aqotmf\"\n[[profile]]\nid = \"p\"\nname = \"P\"\nspeed = \"NaNin\"\ndefense = -5\n",
		"system = \"evacuation-mars\"\n[[scenario]]\nid = \"s\"\nname = \"S\"\n[scenario.map]\nwidth = \"48in\"\ndepth = \"48in\"\n[[scenario.map.feature]]\nshape = \"point\"\nx = nan\ny = inf\n",
	} {
		f.Add(uint8(255), []byte(s))
	}
	f.Fuzz(func(t *testing.T, at uint8, src []byte) {
		name := "aqotmf/club.toml"
		if int(at) < len(paths) {
			name = paths[at]
		}
		dir, _, _ := strings.Cut(name, "/")
		sub, err := fs.Sub(data.FS, dir)
		if err != nil {
			t.Fatal(err)
		}
		base := catalog.Source{Name: "data/" + dir, FS: sub}
		club := catalog.Source{Name: "club/" + dir, FS: fstest.MapFS{strings.TrimPrefix(name, dir+"/"): {Data: src}}}
		cat, l := catalog.Load(base, club)
		for _, d := range l {
			if d.File == "" || d.Msg == "" {
				t.Fatalf("a message without a file or text: %+v", d)
			}
		}
		if l.Err() != nil {
			return
		}
		if err := withinBounds(cat); err != "" {
			t.Fatalf("loaded without an error, yet %s\n%s", err, src)
		}
	})
}

// withinBounds spot-checks what the engine and the pages rely on in data
// that loaded without an error; "" when all holds.
func withinBounds(cat *catalog.Catalog) string {
	for _, s := range cat.Systems {
		if s.About.Die < 1 || s.About.Die > 100 {
			return s.ID + ": die out of bounds"
		}
		for _, ch := range s.Charts {
			if ch.Die < 1 || len(ch.Rows) == 0 {
				return "chart " + ch.ID + " has no die or rows"
			}
		}
		for _, u := range s.Units {
			if u.Points < 0 || u.Elements() < 0 {
				return "unit " + u.ID + " has negative points or elements"
			}
		}
		for _, p := range s.Profiles {
			if p.Speed.MM < 0 || p.Speed.MM != p.Speed.MM || p.Defense != nil && *p.Defense < 0 || p.Armor != nil && *p.Armor < 0 {
				return "profile " + p.ID + " has a negative or NaN stat"
			}
		}
		for _, sc := range s.Scenarios {
			if sc.Map != nil && !(sc.Map.Width.MM > 0 && sc.Map.Depth.MM > 0) {
				return "scenario " + sc.ID + " has a map without a size"
			}
		}
	}
	return ""
}
