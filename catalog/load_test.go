package catalog

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

// base is a small valid system the broken cases build on.
const base = `system = "t"
[about]
name = "Test"
die = 10

[[weapon]]
id = "rifle"
name = "Rifle"
range = '15"'

[[profile]]
id = "inf"
name = "Infantry"
type = "Infantry"
speed = '6"'
defense = 5
armor = 4
weapons = ["rifle"]

[[unit]]
id = "company"
name = "Company"
points = 60
composition = [{profile = "inf", count = 5}]
`

// oneSide is a scenario "s" whose one side, Humans, prints a total and
// fields one force line of the base's company, with the given keys.
func oneSide(total int, force string) string {
	return fmt.Sprintf("\n[[scenario]]\nid = \"s\"\nname = \"S\"\n[[scenario.side]]\nname = \"Humans\"\ntotal = %d\n[[scenario.side.force]]\nunit = \"company\"\n%s", total, force)
}

func load(t *testing.T, files map[string]string) ([]string, []string) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	_, l := Load(Source{Name: "data", FS: fsys})
	var errs, warns []string
	for _, d := range l {
		if d.Warning {
			warns = append(warns, d.Error())
		} else {
			errs = append(errs, d.Error())
		}
	}
	return errs, warns
}

func TestLoadValid(t *testing.T) {
	errs, warns := load(t, map[string]string{"t/system.toml": base})
	if len(errs)+len(warns) > 0 {
		t.Fatalf("valid data reported problems:\n%s\n%s", strings.Join(errs, "\n"), strings.Join(warns, "\n"))
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string // every error, in order
	}{
		{
			name:  "unknown key",
			files: map[string]string{"t/system.toml": base + "\n[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 10\ndice = 3\n"},
			want: []string{
				`data/t/system.toml:26:3: chart "c" has no rows`,
				`data/t/system.toml:30:1: unknown key "dice" in chart; expected one of: die, id, name, note, roll, row (did you mean "die"?)`,
			},
		},
		{
			name:  "string where a number belongs",
			files: map[string]string{"t/system.toml": strings.Replace(base, "points = 60", `points = "sixty"`, 1)},
			want:  []string{`data/t/system.toml:23:10: unit.points: found a string, expected an integer`},
		},
		{
			name:  "dangling weapon id",
			files: map[string]string{"t/system.toml": strings.Replace(base, `weapons = ["rifle"]`, `weapons = ["rifel"]`, 1)},
			want:  []string{`data/t/system.toml:18:12: unknown weapon "rifel" (did you mean "rifle"?); expected one of: rifle`},
		},
		{
			name: "d10 chart with a gap and an overlap",
			files: map[string]string{"t/system.toml": base + `
[[chart]]
id = "c"
name = "C"
die = 10
row = [{roll = "1-5", result = "a"}, {roll = "5-7", result = "b"}, {roll = "9+", result = "c"}]
`},
			want: []string{
				`data/t/system.toml:26:3: chart "c" (d10) has a gap: no row for 8; expected rows covering 1–10 exactly once`,
				`data/t/system.toml:30:46: chart "c": row "5-7" overlaps row "1-5"; each result must answer to one row`,
			},
		},
		{
			name:  "points total that does not add up",
			files: map[string]string{"t/system.toml": base + oneSide(125, "count = 2\npoints = 110\n")},
			want: []string{
				`data/t/system.toml:31:9: scenario s, Humans: total printed as 125 points, but the force lines add up to 110`,
				`data/t/system.toml:35:10: scenario s, Humans: Company printed as 110 points, but 2 × company at 60 = 120`,
			},
		},
		{
			name: "readings a scenario names that are not readings",
			files: map[string]string{"t/system.toml": base + "[[note]]\nid = \"plain\"\ntext = \"No ruling.\"\n" +
				oneSide(60, "points = 60\nreading = \"plain\"\n") + "[[scenario.agree]]\ntext = \"Agree it.\"\nreading = \"nowhere\"\n"},
			want: []string{
				`data/t/system.toml:38:11: scenario s, Humans: Company: note "plain" has no ruling; a reading is a note with a ruling, printed with its mark`,
				`data/t/system.toml:41:11: scenario s, agree 1: unknown reading "nowhere"`,
			},
		},
		{
			name: "a line both in ambush and held back",
			files: map[string]string{"t/system.toml": base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
starts_in_ambush = true
reinforcement = true
`},
			want: []string{
				`data/t/system.toml:34:1: scenario s, Humans: Company starts in ambush and is held back as reinforcements; the rules keep them apart (an ambusher is placed from its terrain, a reinforcement enters from a table edge) — keep one`,
			},
		},
		{
			name: "map kinds: an unknown style, a feature of an undeclared kind",
			files: map[string]string{"t/system.toml": base + `
[[map_kind]]
id = "woods"
name = "Woods"
style = "woodland"
[[scenario]]
id = "s"
name = "S"
[scenario.map]
width = "48in"
depth = "48in"
[[scenario.map.feature]]
kind = "wood"
shape = "point"
`},
			want: []string{
				`data/t/system.toml:29:9: map kind "woods": unknown style "woodland" (did you mean "woods"?); expected one of: zone, entry, objective, ground, hill, woods, farm, building, road, wall`,
				`data/t/system.toml:37:8: unknown map kind "wood" (did you mean "woods"?); expected one of: woods`,
			},
		},
		{
			name: "game words naming what the data does not have",
			files: map[string]string{"t/system.toml": "engine = \"aqotmf\"\n" + base + `
[[table]]
id = "hidden-units"
name = "Hidden Units"
columns = ["Rule"]
[aqotmf.blips]
rule = "hiden-units"
[aqotmf.dug_in]
marker = "dug-in"
`, "e/system.toml": `system = "e"
engine = "evacuation"
[about]
name = "E"
die = 6
[evacuation.objective]
rules = ["The objective marker"]
`, "i/system.toml": `system = "i"
engine = "imperial"
[about]
name = "I"
die = 20
[imperial]
[[imperial.roster]]
for = "any"
rules = ["Shooting"]
[imperial.rally.modifiers]
table = "rally"
one_of = ["Class Z"]
[[table]]
id = "rally"
name = "Rallying modifiers"
columns = ["", "Modifier"]
rows = [["Class A", "+4"]]
`},
			want: []string{
				`data/e/system.toml:7:10: unknown scenario special rule "The objective marker"`,
				`data/i/system.toml:9:10: unknown rule "Shooting"`,
				`data/i/system.toml:12:11: rally.modifiers.one_of: table "rally" has no row "Class Z"; expected one of: Class A`,
				`data/t/system.toml:32:8: unknown table "hiden-units" (did you mean "hidden-units"?); expected one of: hidden-units`,
				`data/t/system.toml:34:10: unknown marker kind "dug-in"`,
			},
		},
		{
			name: "duplicate id across files, bad length, unknown system",
			files: map[string]string{
				"t/system.toml": base,
				"t/more.toml":   "system = \"t\"\n[[weapon]]\nid = \"rifle\"\nname = \"Rifle again\"\n",
				"u/x.toml":      "system = \"u\"\n[[weapon]]\nid = \"w\"\nname = \"W\"\nrange = \"6 parsecs\"\n",
				"u/y.toml":      "system = \"u\"\n[[weapon]]\nid = \"v\"\nname = \"V\"\nmin_range = 3\n",
				"v/x.toml":      "system = \"v\"\n",
			},
			want: []string{
				`data/t/system.toml:7:6: duplicate weapon id "rifle" in system t; first defined at data/t/more.toml:2:3`,
				`data/u/x.toml:1:1: unknown system "u": no file of the data has its [about] block; known systems: t`,
				`data/u/x.toml:5:9: weapon.range: length "6 parsecs": expected a number with a unit (mm, cm, in, ", ft), e.g. "25mm" or '6"'`,
				`data/u/y.toml:5:13: weapon.min_range: length "3": expected a number with a unit (mm, cm, in, ", ft), e.g. "25mm" or '6"'`,
				`data/v/x.toml:1:1: unknown system "v": no file of the data has its [about] block; known systems: t`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs, _ := load(t, tt.files)
			if strings.Join(errs, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestStandsMismatchIsAWarning(t *testing.T) {
	errs, warns := load(t, map[string]string{"t/system.toml": base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
stands = 6
text = "5 Stands and 1 Stand with Captain"
`})
	if len(errs) != 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	want := `data/t/system.toml:34:10: warning: scenario s, Humans: "5 Stands and 1 Stand with Captain" has 6 stands but the unit entry "company" and the stands the line adds make 5; both cost 60 points — say which stands the line adds (added = [...]), so every document counts the same`
	if len(warns) != 1 || warns[0] != want {
		t.Errorf("warnings: %q\nwant: %q", warns, want)
	}

	// Saying which stand the line adds settles it; a stand that fights as
	// a profile the rule set lacks is an error at its place.
	line := base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
stands = 6
text = "5 Stands and 1 Stand with Captain"
[[scenario.side.force.added]]
label = "Captain's stand"
count = 1
fights_as = "%s"
`
	errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "")})
	if len(warns) != 0 || len(errs) != 1 || !strings.Contains(errs[0], `fights as "", which is not a profile`) || !strings.Contains(errs[0], "system.toml:39:13:") {
		t.Errorf("an added stand without a profile: errors %q, warnings %q", errs, warns)
	}
	var profile string
	for _, l := range strings.Split(base, "\n") {
		if strings.HasPrefix(l, "profile = ") || strings.Contains(l, "profile = \"") {
			profile = l[strings.Index(l, "profile = \"")+11:]
			profile = profile[:strings.Index(profile, "\"")]
			break
		}
	}
	errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, profile)})
	if len(errs) != 0 || len(warns) != 0 {
		t.Errorf("an added stand that makes the count: errors %q, warnings %q (profile %q)", errs, warns, profile)
	}
}

func TestOverride(t *testing.T) {
	shipped := fstest.MapFS{"t/system.toml": {Data: []byte(base)}}
	club := fstest.MapFS{
		"t/system.toml": {Data: []byte(strings.Replace(base, "points = 60", "points = 65", 1))},
		"t/extra.toml":  {Data: []byte("system = \"t\"\n[[unit]]\nid = \"mob\"\nname = \"Mob\"\npoints = 5\n")},
	}
	cat, l := Load(Source{"data", shipped}, Source{"club", club})
	if len(l) != 0 {
		t.Fatal(l)
	}
	s := cat.System("t")
	if got := s.Unit("company").Points; got != 65 {
		t.Errorf("club file did not replace the shipped one: points %d", got)
	}
	if s.Unit("mob") == nil {
		t.Error("club's new file was not added")
	}
	if s.Unit("company").Pos.File != "club/t/system.toml" {
		t.Errorf("position names %q, want the club's file", s.Unit("company").Pos.File)
	}

	// The data version follows the bytes loaded, not where they came from.
	plain, _ := Load(Source{"data", shipped})
	again, _ := Load(Source{"elsewhere", fstest.MapFS{"t/system.toml": {Data: []byte(base)}}})
	if v := plain.Version(); len(v) != 12 || v != again.Version() {
		t.Errorf("same files, versions %q and %q; want one 12-digit version", v, again.Version())
	}
	if cat.Version() == plain.Version() {
		t.Errorf("a club's files left the data version at %s", cat.Version())
	}
}

// TestDigest: a rule set's digest follows the bytes of its own files: a
// change to another rule set's files leaves it be, a change to one of its
// own moves it, and the data version moves with either.
func TestDigest(t *testing.T) {
	other := strings.ReplaceAll(base, `"t"`, `"u"`)
	files := func(t, u string) fstest.MapFS {
		return fstest.MapFS{"t/system.toml": {Data: []byte(t)}, "u/system.toml": {Data: []byte(u)}}
	}
	cat, l := Load(Source{"data", files(base, other)})
	if len(l) != 0 {
		t.Fatal(l)
	}
	tv, uv := cat.System("t").Digest(), cat.System("u").Digest()
	if len(tv) != 12 || len(uv) != 12 || tv == uv || tv == cat.Version() {
		t.Fatalf("digests %q and %q, version %q; want three 12-digit hashes, all different", tv, uv, cat.Version())
	}
	changed, _ := Load(Source{"data", files(base, strings.Replace(other, "points = 60", "points = 65", 1))})
	if changed.System("t").Digest() != tv || changed.System("u").Digest() == uv || changed.Version() == cat.Version() {
		t.Errorf("after a change to u's file: t %q (was %q), u %q (was %q), version %q (was %q)",
			changed.System("t").Digest(), tv, changed.System("u").Digest(), uv, changed.Version(), cat.Version())
	}
}

func TestParseRoll(t *testing.T) {
	tests := []struct {
		in       string
		min, max int
		err      bool
	}{
		{"7", 7, 7, false}, {"1-5", 1, 5, false}, {"1–5", 1, 5, false}, {"-5-0", -5, 0, false},
		{"10+", 10, maxInt, false}, {"<=-6", minInt, -6, false}, {"5-1", 0, 0, true}, {"x", 0, 0, true},
		{"1000+", 1000, maxInt, false}, {"<=-1000", minInt, -1000, false},
		{"1001+", 0, 0, true}, {"-1001-0", 0, 0, true}, {"9223372036854775808", 0, 0, true}, {"<=-99999999999999999999", 0, 0, true},
	}
	for _, tt := range tests {
		r, err := ParseRoll(tt.in)
		if (err != nil) != tt.err || (!tt.err && (r.Min != tt.min || r.Max != tt.max)) {
			t.Errorf("ParseRoll(%q) = %d..%d, %v", tt.in, r.Min, r.Max, err)
		}
	}
}

func TestParseLength(t *testing.T) {
	tests := []struct {
		in string
		mm float64
	}{{"25mm", 25}, {"1in", 25.4}, {`6"`, 152.4}, {"2.5cm", 25}, {"4ft", 1219.2}, {"6″", 152.4}}
	for _, tt := range tests {
		l, err := ParseLength(tt.in)
		if err != nil || l.MM < tt.mm-1e-9 || l.MM > tt.mm+1e-9 {
			t.Errorf("ParseLength(%q) = %v, %v; want %g mm", tt.in, l.MM, err, tt.mm)
		}
	}
	for _, bad := range []string{"6", "-5in", "NaNin", "nanmm", "Infin", "-Inf\"", "1e400in", "101ft", "0x1p100mm"} {
		if l, err := ParseLength(bad); err == nil {
			t.Errorf("ParseLength(%q) = %v mm; want an error", bad, l.MM)
		}
	}
	for _, ok := range []string{"0mm", "100ft", "1e-400in"} {
		if _, err := ParseLength(ok); err != nil {
			t.Errorf("ParseLength(%q): %v", ok, err)
		}
	}
}

const (
	maxInt = math.MaxInt
	minInt = math.MinInt
)

func TestLadderTotal(t *testing.T) {
	errs, _ := load(t, map[string]string{"e/system.toml": `system = "e"
engine = "evacuation"
[about]
name = "E"
die = 6
[evacuation.objective]
ladder = [10, 20, 40, 80]
ladder_total = 140
`})
	want := `data/e/system.toml:8:16: objective upgrade ladder [10 20 40 80] adds up to 150, but the total is printed as 140`
	if len(errs) != 1 || errs[0] != want {
		t.Errorf("errors %q\nwant %q", errs, want)
	}
}

// TestEdition: documents name the rules edition the data gives; once a
// club's folder changes a rule set they say "club rules" and the club's
// own label, whichever file the club changed.
func TestEdition(t *testing.T) {
	withEdition := strings.Replace(base, "die = 10", "die = 10\nedition = \"2026-12\"\nbook = \"Test (quick-start)\"", 1)
	shipped := fstest.MapFS{"t/system.toml": {Data: []byte(withEdition)}}
	tests := []struct {
		name string
		club fstest.MapFS
		want string
	}{
		{"shipped", nil, "rules edition 2026-12"},
		{"club label", fstest.MapFS{"t/system.toml": {Data: []byte(strings.Replace(withEdition, "2026-12", "Ares Club 2027", 1))}}, "club rules: Ares Club 2027"},
		{"club unit", fstest.MapFS{"t/extra.toml": {Data: []byte("system = \"t\"\n[[unit]]\nid = \"mob\"\nname = \"Mob\"\npoints = 5\n")}}, "club rules: 2026-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcs := []Source{{"data", shipped}}
			if tt.club != nil {
				srcs = append(srcs, Source{"club", tt.club})
			}
			cat, l := Load(srcs...)
			if len(l) != 0 {
				t.Fatal(l)
			}
			s := cat.System("t")
			if got := s.Edition(); got != tt.want {
				t.Errorf("Edition() = %q, want %q", got, tt.want)
			}
			if got := s.BookTitle(); got != "Test (quick-start)" {
				t.Errorf("BookTitle() = %q", got)
			}
		})
	}
}

// TestEquippedWeapons: a force line's equipped weapons must
// be weapons of the rule set; one that is not is an error at its place.
func TestEquippedWeapons(t *testing.T) {
	line := base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
equipped = ["%s"]
`
	errs, warns := load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "tentacles")})
	if len(warns) != 0 || len(errs) != 1 || !strings.Contains(errs[0], `is equipped with "tentacles", which is not a weapon of the rule set`) || !strings.Contains(errs[0], "system.toml:34:12:") {
		t.Errorf("an unknown equipped weapon: errors %q, warnings %q", errs, warns)
	}
	errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "rifle")})
	if len(errs) != 0 || len(warns) != 0 {
		t.Errorf("a known equipped weapon: errors %q, warnings %q", errs, warns)
	}
}

// TestUnstatedEquipment: what a force line equips a unit with and the book
// gives no stats (the Gripper Claw) needs a source note with a ruling
// touching its name, which the roster and card mark on it; without one it
// is an error at its place that says what to add.
func TestUnstatedEquipment(t *testing.T) {
	line := base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
unstated = ["Gripper Claw"]
%s`
	errs, warns := load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "")})
	if len(warns) != 0 || len(errs) != 1 || !strings.Contains(errs[0], `no note with a ruling touches "gripper-claw"`) || !strings.Contains(errs[0], "system.toml:34:12:") {
		t.Errorf("unstated equipment without a ruling: errors %q, warnings %q", errs, warns)
	}
	note := `
[[note]]
id = "claw"
text = "The claw has no stats."
ruling = "Agree how the claw is used."
touches = ["gripper-claw"]
`
	errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, note)})
	if len(errs) != 0 || len(warns) != 0 {
		t.Errorf("unstated equipment with its ruling: errors %q, warnings %q", errs, warns)
	}
}

// TestForceRules: a force line names the scenario's own special rules
// that its roster and card print; a name the scenario lacks is an error
// that lists those it has.
func TestForceRules(t *testing.T) {
	line := base + `
[[scenario]]
id = "s"
name = "S"
[[scenario.side]]
name = "Humans"
[[scenario.side.force]]
unit = "company"
points = 60
rules = ["%s"]
[[scenario.special]]
name = "The Wagon"
text = "It moves 4 inches."
`
	errs, warns := load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "The Waggon")})
	if len(warns) != 0 || len(errs) != 1 || !strings.Contains(errs[0], `follows the special rule "The Waggon", which the scenario does not have; expected one of its [[scenario.special]] names: "The Wagon"`) {
		t.Errorf("an unknown special rule: errors %q, warnings %q", errs, warns)
	}
	errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "The Wagon")})
	if len(errs) != 0 || len(warns) != 0 {
		t.Errorf("a special rule of the scenario: errors %q, warnings %q", errs, warns)
	}
	for said, want := range map[string]string{
		"forces":  "",
		"victory": "",
		"deploy":  `special rule "The Wagon": said_in = "deploy"; expected one of: forces, victory`,
	} {
		errs, warns = load(t, map[string]string{"t/system.toml": fmt.Sprintf(line, "The Wagon") + fmt.Sprintf("said_in = %q\n", said)})
		if ok := len(warns) == 0 && (want == "" && len(errs) == 0 || want != "" && len(errs) == 1 && strings.Contains(errs[0], want)); !ok {
			t.Errorf("said_in = %q: errors %q, warnings %q", said, errs, warns)
		}
	}
}
