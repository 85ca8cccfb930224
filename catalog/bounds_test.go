package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// Every number that enters the data is bounded, with a message at the
// number: nothing past the loader meets an overflow, a runaway loop or a
// NaN. Without its bound each case would pass validation (or hang it).
func TestBounds(t *testing.T) {
	scenario := func(force string) string { return base + oneSide(120, force) }
	mapped := func(m string) string {
		return base + "\n[[scenario]]\nid = \"s\"\nname = \"S\"\n[scenario.map]\n" + m
	}
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"die of a chart", base + "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 2147483647\nrow = [{roll = \"1+\"}]\n",
			[]string{`data/t/system.toml:28:7: chart "c": die is 2147483647; expected 1–100`}},
		{"die of the rule set", strings.Replace(base, "die = 10", "die = 101", 1),
			[]string{`data/t/system.toml:4:7: [about]: die is 101; expected 1–100`}},
		{"roll beyond any total", base + "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 10\nrow = [{roll = \"1-9\"}, {roll = \"10-9223372036854775807\"}]\n",
			[]string{`data/t/system.toml:29:32: chart.row.roll: roll "10-9223372036854775807": 9223372036854775807 is beyond any total; expected numbers from -1000 to 1000`}},
		{"overlapping rows, once a row", base + "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 6\nrow = [{roll = \"1+\"}, {roll = \"1+\"}, {roll = \"1+\"}]\n",
			[]string{
				`data/t/system.toml:29:31: chart "c": row "1+" overlaps row "1+"; each result must answer to one row`,
				`data/t/system.toml:29:46: chart "c": row "1+" overlaps row "1+"; each result must answer to one row`,
			}},
		{"too many rows", base + "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 6\nrow = [" + strings.Repeat("{roll = \"1+\"}, ", 201) + "]\n",
			[]string{`data/t/system.toml:29:1: chart "c" has 201 rows; expected at most 200`}},
		{"points", strings.Replace(base, "points = 60", "points = 2147483647", 1),
			[]string{`data/t/system.toml:23:10: unit "company": points is 2147483647; expected 0–100000`}},
		{"past what an int holds on every machine", strings.Replace(base, "points = 60", "points = 4611686018427387904", 1),
			[]string{`data/t/system.toml:23:10: unit.points: 4611686018427387904 is too large; expected at most 2147483647`}},
		{"count", strings.Replace(base, "count = 5", "count = 1000000", 1),
			[]string{`data/t/system.toml:24:42: unit "company": composition.count is 1000000; expected 1–10000`}},
		{"negative Defense and Armor", strings.Replace(strings.Replace(base, "defense = 5", "defense = -5", 1), "armor = 4", "armor = -1", 1),
			[]string{
				`data/t/system.toml:16:11: profile "inf": defense is -5; expected 0 or more`,
				`data/t/system.toml:17:9: profile "inf": armor is -1; expected 0 or more`,
			}},
		{"negative range", strings.Replace(base, `range = '15"'`, `range = "-5in"`, 1),
			[]string{`data/t/system.toml:9:9: weapon.range: length "-5in" is negative; expected a distance of 0 or more`}},
		{"speed not a number", strings.Replace(base, `speed = '6"'`, `speed = "NaNin"`, 1),
			[]string{`data/t/system.toml:15:9: profile.speed: length "NaNin" is not a number; expected a distance such as "25mm" or '6"'`}},
		{"infinite speed", strings.Replace(base, `speed = '6"'`, `speed = "Infin"`, 1),
			[]string{`data/t/system.toml:15:9: profile.speed: length "Infin" is too long; expected at most 100 ft`}},
		{"dice per element", strings.Replace(base, `range = '15"'`, "range = '15\"'\ndice = 300", 1),
			[]string{`data/t/system.toml:25:1: unit "company": its elements roll 1500 dice in one attack; expected at most 1000`}},
		{"force line overflow", scenario("count = 2147483647\npoints = 0\n"),
			[]string{`data/t/system.toml:31:9: scenario s, Humans: total printed as 120 points, but the force lines add up to 0`, `data/t/system.toml:34:9: scenario "s": side.force.count is 2147483647; expected 0–10000`}},
		{"force line total", scenario("count = 2\npoints = 120\n"), nil},
		{"map width not a number", mapped("width = \"NaNft\"\ndepth = \"4ft\"\n"),
			[]string{`data/t/system.toml:30:9: scenario.map.width: length "NaNft" is not a number; expected a distance such as "25mm" or '6"'`}},
		{"map as big as a page can hold", mapped("width = \"12ft\"\ndepth = \"144in\"\n"), nil},
		{"map bigger than a page can hold", mapped("width = \"13ft\"\ndepth = \"4ft\"\n"),
			[]string{`data/t/system.toml:30:9: scenario s: map width is 13ft; expected at most 144 in (12 ft)`}},
		{"feature at NaN", mapped("width = \"4ft\"\ndepth = \"4ft\"\n[[scenario.map.feature]]\nkind = \"objective\"\nshape = \"point\"\nx = nan\ny = inf\n" +
			"[[map_kind]]\nid = \"objective\"\nname = \"Objective\"\nstyle = \"objective\"\n"),
			[]string{
				`data/t/system.toml:35:5: scenario "s": map.feature.x is NaN; expected a finite number`,
				`data/t/system.toml:36:5: scenario "s": map.feature.y is +Inf; expected a finite number`,
			}},
		{"too many entries", base + weapons(1000),
			[]string{`data/t/system.toml:3022:3: system t has more than 1000 entries of kind weapon; expected at most 1000`}},
		{"too long a list", base + "[[table]]\nid = \"x\"\nname = \"X\"\ncolumns = [\"A\"]\nrows = [" + strings.Repeat("[\"a\"], ", 1001) + "]\n",
			[]string{`data/t/system.toml:29:1: table "x": rows has 1001 items; expected at most 1000`}},
		{"turns", base + "[[scenario]]\nid = \"s\"\nname = \"S\"\nturns = 2147483647\n",
			[]string{`data/t/system.toml:28:9: scenario "s": turns is 2147483647; expected 0–100`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs, _ := load(t, map[string]string{"t/system.toml": tt.src})
			if strings.Join(errs, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// weapons writes n weapons, w0 to w(n-1).
func weapons(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[[weapon]]\nid = \"w%d\"\nname = \"W\"\n", i)
	}
	return b.String()
}

// The rule blocks' numbers that the engine divides by or loops on.
func TestRuleBounds(t *testing.T) {
	rules := "engine = \"aqotmf\"\n" + strings.Replace(base, `speed = '6"'`, `speed = "180mm"`, 1) + `
[aqotmf.morale]
pass = 5
per_loss = 0
[aqotmf.tripod_damage]
chart = "dmg"
per_extra_point = 1
profile = "inf"
[[chart]]
id = "dmg"
name = "Damage"
die = 10
row = [{roll = "1-9"}, {roll = "10"}]
`
	evac := ruleSet("e", "evacuation", 6) + `[evacuation.objective]
armour = 8
max_armour = 6
[evacuation.game_length]
die = 6
round = [{round = 8, ends_on = 2}, {round = 8, ends_on = 9}, {round = 10, ends_on = 5}]
`
	im := ruleSet("i", "imperial", 20) + `[imperial]
unjam_score = 21
morale = {chart = "m"}
rally = {chart = "r"}
[[chart]]
id = "m"
name = "M"
die = 10
row = [{roll = "<=5"}, {roll = "6+"}]
[[chart]]
id = "r"
name = "R"
die = 20
row = [{roll = "1-20"}]
`
	want := []string{
		`data/e/system.toml:8:14: [evacuation] objective.max_armour is 6, below the marker's own armour 8`,
		`data/e/system.toml:11:45: [evacuation] game_length: round 8 after round 8; expected increasing rounds`,
		`data/e/system.toml:11:58: [evacuation] game_length.round.ends_on is 9; expected a roll of the d6, 0–6`,
		`data/e/system.toml:11:85: [evacuation] game_length: the game may go on after round 10 (it ends on 5 of 6 faces); the last round must always end it`,
		`data/i/system.toml:7:15: [imperial] unjam_score is 21; expected a roll of the d20, 1–20`,
		`data/i/system.toml:13:7: chart "m": die is 10, but [imperial] rolls it with the rule set's d20; expected die = 20`,
		`data/i/system.toml:15:3: chart "r": no row for the lowest totals, but it is rolled with modifiers added ([imperial] rally.chart); expected rows for every total, the first and last open ("<=N", "N+")`,
		`data/t/system.toml:16:9: profile "inf" is the tripod the odds are worked out for ([aqotmf] tripod_damage.profile): its speed is 180mm; expected whole inches from 0 to 10, the Speeds the tow cable rules cover`,
		`data/t/system.toml:29:12: [aqotmf] morale.per_loss is 0; expected 1 or more (each element lost must lower the roll)`,
		`data/t/system.toml:38:32: chart "dmg": no row for totals above 10, but it is rolled with modifiers added ([aqotmf] tripod_damage.per_extra_point, tow_cable.fall_modifier); expected rows for every total from 1 up, the last open ("N+")`,
	}
	wantErrors(t, map[string]string{"t/system.toml": rules, "e/system.toml": evac, "i/system.toml": im}, want)
}

// An engine's block bounds its own counts (figures per tray, decoys per
// blip, the upgrade ladder's costs, a game-length round) as its engine
// registers them: each number out of its bound is told at its place,
// with the bound, and the checks that add them up leave them be.
func TestBlockBounds(t *testing.T) {
	aq := ruleSet("a", "aqotmf", 10) + `[aqotmf.blips]
dummies = 1001
decoys_per_infantry = -1
`
	evac := ruleSet("e", "evacuation", 6) + `[evacuation.objective]
ladder = [10, 100001]
ladder_total = 7
[evacuation.game_length]
die = 6
round = [{round = -1, ends_on = 6}]
`
	im := ruleSet("i", "imperial", 20) + `[imperial]
max_foot_per_tray = 10001
max_mounted_per_tray = -1
order = [{id = "close", name = "Close", foot = 10001, horse = -2}]
shooting = {min_infantry_figures = -3}
`
	want := []string{
		`data/a/system.toml:7:11: [aqotmf]: blips.dummies is 1001; expected 0–1000`,
		`data/a/system.toml:8:23: [aqotmf]: blips.decoys_per_infantry is -1; expected 0–1000`,
		`data/e/system.toml:7:15: [evacuation]: objective.ladder is 100001; expected 0–100000`,
		`data/e/system.toml:11:19: [evacuation]: game_length.round.round is -1; expected 0–100`,
		`data/i/system.toml:7:21: [imperial]: max_foot_per_tray is 10001; expected 0–10000`,
		`data/i/system.toml:8:24: [imperial]: max_mounted_per_tray is -1; expected 0–10000`,
		`data/i/system.toml:9:48: [imperial]: order.foot is 10001; expected 0–10000`,
		`data/i/system.toml:9:63: [imperial]: order.horse is -2; expected 0–10000`,
		`data/i/system.toml:10:36: [imperial]: shooting.min_infantry_figures is -3; expected 0–10000`,
	}
	wantErrors(t, map[string]string{"a/system.toml": aq, "e/system.toml": evac, "i/system.toml": im}, want)
}

// ruleSet is the head of a rule set's system.toml: its id, engine and die.
func ruleSet(id, engine string, die int) string {
	return fmt.Sprintf("system = %q\nengine = %q\n[about]\nname = %q\ndie = %d\n", id, engine, strings.ToUpper(id), die)
}

// wantErrors loads files and wants exactly the errors want, in order.
func wantErrors(t *testing.T, files map[string]string, want []string) {
	t.Helper()
	errs, _ := load(t, files)
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}
