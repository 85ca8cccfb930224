package catalog

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

// markerBase is a small system with the rules and weapons markers refer to.
const markerBase = `system = "m"
engine = "aqotmf"
[about]
name = "Markers"
die = 10

[aqotmf.blips]
numbered = 4
dummies = 4
reveal_open = '6"'

[[weapon]]
id = "rifle"
name = "Rifle"
range = '15"'
`

func loadMarkers(t *testing.T, markers string) []string {
	t.Helper()
	fsys := fstest.MapFS{
		"m/system.toml":  &fstest.MapFile{Data: []byte(markerBase)},
		"m/markers.toml": &fstest.MapFile{Data: []byte("system = \"m\"\n" + markers)},
	}
	_, l := Load(Source{Name: "data", FS: fsys})
	var out []string
	for _, d := range l {
		out = append(out, d.Error())
	}
	return out
}

func TestMarkersValid(t *testing.T) {
	got := loadMarkers(t, `
[[marker]]
id = "blips"
name = "Blip"
shape = "circle"
size = "25mm"
numbered = "aqotmf.blips.numbered"
decoys = true
color = "#56642f"
back = "?"
  [[marker.face]]
  label = "D"
  count = "aqotmf.blips.dummies"

[[marker]]
id = "stick"
name = "Range stick"
shape = "ruler"
row_height = "4mm"
segment = '10"'
  [[marker.row]]
  weapon = "rifle"
  [[marker.row]]
  rule = "aqotmf.blips.reveal_open"
  label = "Blip revealed"

[[marker]]
id = "sweep"
name = "Sweep"
shape = "template"
length = '6"'
width = '1"'
radius = '6"'
weapon = "rifle"
`)
	if len(got) > 0 {
		t.Fatalf("valid markers reported:\n%s", strings.Join(got, "\n"))
	}
}

// TestMarkerChecks: each mistake is reported at its place in the file.
func TestMarkerChecks(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		want       string
	}{
		{"zero size", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "0mm"
labels = ["A"]`, `data/m/markers.toml:7:8: marker "a" (circle): size is 0mm; expected a size above zero with its unit, e.g. size = "25mm"`},
		{"negative size", `
[[marker]]
id = "a"
name = "A"
shape = "rect"
width = "-20mm"
height = "10mm"
labels = ["A"]`, `data/m/markers.toml:7:9: marker.width: length "-20mm" is negative; expected a distance of 0 or more`},
		{"zero size", `
[[marker]]
id = "a"
name = "A"
shape = "rect"
width = "0mm"
height = "10mm"
labels = ["A"]`, `data/m/markers.toml:7:9: marker "a" (rect): width is 0mm; expected a size above zero`},
		{"missing size", `
[[marker]]
id = "a"
name = "A"
shape = "square"
labels = ["A"]`, `data/m/markers.toml:3:3: marker "a" (square): size is missing`},
		{"size without unit", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25"
labels = ["A"]`, `data/m/markers.toml:7:`},
		{"unknown shape", `
[[marker]]
id = "a"
name = "A"
shape = "cirle"
size = "25mm"
labels = ["A"]`, `data/m/markers.toml:6:9: marker "a": unknown shape "cirle" (did you mean "circle"?); expected one of: circle, square, rect, track, template, ruler`},
		{"nothing to print", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"`, `data/m/markers.toml:3:3: marker "a" has nothing to print`},
		{"count zero", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
count = 0
labels = ["A"]`, `data/m/markers.toml:8:9: marker "a": count is 0; expected 1–1000`},
		{"count not a number", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
count = 1.5
labels = ["A"]`, `data/m/markers.toml:8:9: marker.count: expected a whole number, or the path of one in the engine's block ("engine.table.key"), got 1.5`},
		{"unknown rule", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
numbered = "aqotmf.blips.numberd"`, `data/m/markers.toml:8:12: marker "a": numbered: rule "aqotmf.blips.numberd": [aqotmf.blips]: unknown key "numberd" (did you mean "numbered"?)`},
		{"rule of a missing block", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
numbered = "imperial.unjam_score"`, `rule "imperial.unjam_score": system m has no [imperial] block; expected a path in [aqotmf]`},
		{"decoys without numbers", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
decoys = true
labels = ["A"]`, `data/m/markers.toml:8:10: marker "a": decoys number on from the numbered faces`},
		{"bad colour", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
color = "red"
labels = ["A"]`, `data/m/markers.toml:8:9: marker "a": color: colour "red": expected "#rrggbb"`},
		{"template weapon", `
[[marker]]
id = "t"
name = "T"
shape = "template"
length = '6"'
width = '1"'
radius = '6"'
weapon = "rifel"`, `data/m/markers.toml:10:10: unknown weapon "rifel" (did you mean "rifle"?)`},
		{"template too long", `
[[marker]]
id = "t"
name = "T"
shape = "template"
length = '6"'
width = '1"'
radius = '2"'`, `data/m/markers.toml:7:10: marker "t": length 6" is longer than the outer arc's diameter (radius 2")`},
		{"ruler weapon", `
[[marker]]
id = "s"
name = "S"
shape = "ruler"
row_height = "4mm"
segment = '10"'
  [[marker.row]]
  weapon = "rfle"`, `data/m/markers.toml:10:12: unknown weapon "rfle" (did you mean "rifle"?)`},
		{"ruler rule not a distance", `
[[marker]]
id = "s"
name = "S"
shape = "ruler"
row_height = "4mm"
segment = '10"'
  [[marker.row]]
  rule = "aqotmf.blips.numbered"
  label = "N"`, `data/m/markers.toml:10:10: marker "s": rule "aqotmf.blips.numbered" is not a distance`},
		{"ruler row both", `
[[marker]]
id = "s"
name = "S"
shape = "ruler"
row_height = "4mm"
segment = '10"'
  [[marker.row]]
  weapon = "rifle"
  rule = "aqotmf.blips.reveal_open"`, `data/m/markers.toml:9:5: marker "s": row 1 needs either weapon = "…" or rule = "…"`},
		{"track backwards", `
[[marker]]
id = "o"
name = "O"
shape = "track"
width = "70mm"
height = "40mm"
labels = ["Pod"]
  [[marker.track]]
  label = "Armour"
  from = 12
  to = 8`, `data/m/markers.toml:13:8: marker "o": track "Armour" runs from 12 to 8; expected from ≤ to`},
		{"duplicate id", `
[[marker]]
id = "a"
name = "A"
shape = "circle"
size = "25mm"
labels = ["A"]
[[marker]]
id = "a"
name = "A again"
shape = "circle"
size = "25mm"
labels = ["A"]`, `data/m/markers.toml:10:6: duplicate marker id "a" in system m`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := loadMarkers(t, tc.toml)
			all := strings.Join(got, "\n")
			if !strings.Contains(all, tc.want) {
				t.Errorf("want %q among:\n%s", tc.want, all)
			}
		})
	}
}

func TestRuleLookup(t *testing.T) {
	// A block of an engine's numbers, as the engine registers its type.
	type block struct {
		Blips struct {
			Numbered int `toml:"numbered"`
		} `toml:"blips"`
		Ambush struct {
			Detector Length `toml:"detector"`
		} `toml:"ambush"`
	}
	b := &block{}
	b.Blips.Numbered = 4
	b.Ambush.Detector = Length{MM: 304.8, Text: `12"`}
	s := &System{ID: "x", Engine: "aqotmf", Block: b}
	if n, err := s.RuleInt("aqotmf.blips.numbered"); err != nil || n != 4 {
		t.Errorf("aqotmf.blips.numbered = %d, %v; want 4", n, err)
	}
	if l, err := s.RuleLength("aqotmf.ambush.detector"); err != nil || math.Abs(l.Inches()-12) > 1e-9 {
		t.Errorf("aqotmf.ambush.detector = %v, %v; want 12\"", l, err)
	}
	if _, err := s.RuleLength("aqotmf.blips.numbered"); err == nil || !strings.Contains(err.Error(), "not a distance") {
		t.Errorf("a number read as a distance: %v", err)
	}
	if _, err := s.RuleInt("aqotmf.blips"); err == nil || !strings.Contains(err.Error(), "not a whole number") {
		t.Errorf("a table read as a number: %v", err)
	}
	if _, err := s.RuleInt("buildings.tall_floors"); err == nil || !strings.Contains(err.Error(), "no [buildings] block") {
		t.Errorf("a missing block: %v", err)
	}
	var n Num
	for _, v := range []any{int64(3), "aqotmf.blips.numbered"} {
		if err := n.UnmarshalTOML(v); err != nil || !n.Set {
			t.Errorf("Num from %v: %+v, %v", v, n, err)
		}
	}
	if err := n.UnmarshalTOML(1.5); err == nil {
		t.Error("Num took 1.5")
	}
}
