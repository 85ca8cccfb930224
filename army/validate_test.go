package army

import (
	"strings"
	"testing"
)

// validationCase is a list and every message it must give, in order, with
// its exact position.
type validationCase struct {
	name string
	src  string
	want []string
}

var validationCases = []validationCase{
	// ---------------------------------------------------------------- all
	{"missing system", `name = "x"
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:1:1: the list names no rule set; add system = \"…\" at the top, one of: aqotmf, evacuation-mars, imperial-mars",
	}},
	{"unknown system", `system = "aqotmg"
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:1:10: unknown system \"aqotmg\" (did you mean \"aqotmf\"?); expected one of: aqotmf, evacuation-mars, imperial-mars",
	}},
	{"no units", `system = "aqotmf"
name = "Empty"
`, []string{
		"army.toml:1:1: the list has no units; add a [[unit]] table for each unit",
	}},
	{"unknown key", `system = "aqotmf"
nmae = "x"
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:2:1: unknown key \"nmae\"; expected one of: hidden, name, note, objective, player, points, scenario, system, unit (did you mean \"name\"?)",
	}},
	{"wrong type", `system = "aqotmf"
points = "many"
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:2:10: points: found a string, expected an integer",
	}},
	{"keys in capitals", `System = "aqotmf"
Points = 10
[[UNIT]]
ID = "hmg-unit"
`, []string{
		"army.toml:1:1: key \"System\" is written \"system\": keys are lower case",
		"army.toml:2:1: key \"Points\" is written \"points\": keys are lower case",
		"army.toml:2:10: points: the units cost 40, over the limit of 10 by 30; remove units worth 30 or more, or raise points",
		"army.toml:3:3: key \"UNIT\" is written \"unit\": keys are lower case",
		"army.toml:4:1: key \"ID\" is written \"id\": keys are lower case",
	}},
	{"unknown scenario", `system = "aqotmf"
scenario = "boys-of-company"
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:2:12: unknown scenario \"boys-of-company\" (did you mean \"boys-of-company-c\"?); expected one of: boys-of-company-c",
	}},

	// ---------------------------------------------------------------- AQotMF
	{"aq valid", `system = "aqotmf"
name = "Boys of Company C"
points = 145
[[unit]]
id = "infantry-company"
[[unit]]
id = "hmg-unit"
points = 40
[[unit]]
id = "rough-riders"
`, nil},
	{"aq unknown id", `system = "aqotmf"
[[unit]]
id = "asault-tripod"
label = "The Devil"
`, []string{
		"army.toml:3:6: unit 1 \"The Devil\": unknown unit id \"asault-tripod\" (did you mean \"assault-tripod\"?); expected one of: assault-tripod, hmg-unit, infantry-company, mk2-baldwin, rough-riders",
	}},
	{"aq no id", `system = "aqotmf"
[[unit]]
label = "Who?"
`, []string{
		"army.toml:2:3: unit 1 \"Who?\" has no id; expected id = one of the AQotMF units: assault-tripod, hmg-unit, infantry-company, mk2-baldwin, rough-riders",
	}},
	{"aq count", `system = "aqotmf"
[[unit]]
id = "mk2-baldwin"
count = 0
`, []string{
		"army.toml:4:9: unit 1 (mk2-baldwin): count is 0; expected 1 or more (leave count out for one)",
	}},
	{"aq over the limit", `system = "aqotmf"
points = 150
[[unit]]
id = "infantry-company"
[[unit]]
id = "mk2-baldwin"
count = 2
`, []string{
		"army.toml:2:10: points: the units cost 220, over the limit of 150 by 70; remove units worth 70 or more, or raise points",
	}},
	{"aq zero limit", `system = "aqotmf"
points = 0
[[unit]]
id = "hmg-unit"
`, []string{
		"army.toml:2:10: points is 0; expected the limit the list is built to (1 or more), or leave points out for no limit",
	}},
	{"aq points disagree", `system = "aqotmf"
[[unit]]
id = "mk2-baldwin"
count = 6
points = 400
`, []string{
		"army.toml:5:10: unit 1 (mk2-baldwin): points = 400, but 6 × mk2-baldwin costs 6 × 80 = 480; write points = 480 or leave points out",
	}},
	{"aq keys of other rule sets", `system = "aqotmf"
[[unit]]
id = "hmg-unit"
type = "infantry"
training = "drilled"
[objective]
armour = 1
`, []string{
		"army.toml:4:1: unit 1 (hmg-unit): type is not a key of AQotMF units; an AQotMF unit is a catalogue entry: its stats come with id; expected one of: ambush, count, id, label, note, points, reinforcement",
		"army.toml:5:1: unit 1 (hmg-unit): training is not a key of AQotMF units; an AQotMF unit is a catalogue entry: its stats come with id; expected one of: ambush, count, id, label, note, points, reinforcement",
		"army.toml:6:2: objective is not used by AQotMF lists; remove it (AQotMF lists take: system, name, player, scenario, note, unit, points, hidden)",
	}},
	{"aq ambush and reinforcement", `system = "aqotmf"
hidden = true
[[unit]]
id = "rough-riders"
ambush = true
reinforcement = true
`, []string{
		"army.toml:6:1: warning: unit 1 (rough-riders) is both in ambush and a reinforcement; the rules describe them apart (an ambusher is placed from its terrain, a reinforcement enters later from a table edge) — keep one",
	}},
	{"aq duplicate label", `system = "aqotmf"
[[unit]]
id = "hmg-unit"
label = "Guns"
[[unit]]
id = "hmg-unit"
label = "Guns"
`, []string{
		"army.toml:7:9: warning: unit 2 \"Guns\" has the same label as unit 1; give each unit its own label so the roster tells them apart",
	}},

	// ------------------------------------------------------- Evacuation: Mars
	{"evac valid", `system = "evacuation-mars"
[[unit]]
label = "Tactical Squad"
type = "infantry"
points = 90
[[unit]]
label = "Assault Squad"
type = "Jump Infantry"
points = 100
[[unit]]
label = "Rocketeers"
type = "jet-pack-infantry"
points = 50
[objective]
armour = 2
hull_points = 1
`, nil},
	{"evac refused types", `system = "evacuation-mars"
[[unit]]
label = "Rhino"
type = "vehicle"
points = 35
[[unit]]
label = "Bikers"
type = "Bikes"
points = 60
[[unit]]
label = "Pod"
type = "drop-pod"
points = 35
`, []string{
		"army.toml:4:8: unit 1 \"Rhino\": type \"vehicle\" is refused: Evacuation: Mars armies are infantry only (no vehicles, fortifications, flyers, drop pods, bikes, chariots, cavalry); expected one of: infantry, jump infantry, jet-pack infantry",
		"army.toml:8:8: unit 2 \"Bikers\": type \"Bikes\" is refused: Evacuation: Mars armies are infantry only (no vehicles, fortifications, flyers, drop pods, bikes, chariots, cavalry); expected one of: infantry, jump infantry, jet-pack infantry",
		"army.toml:12:8: unit 3 \"Pod\": type \"drop-pod\" is refused: Evacuation: Mars armies are infantry only (no vehicles, fortifications, flyers, drop pods, bikes, chariots, cavalry); expected one of: infantry, jump infantry, jet-pack infantry",
	}},
	{"evac unknown type", `system = "evacuation-mars"
[[unit]]
label = "Guardsmen"
type = "infantery"
points = 60
`, []string{
		"army.toml:4:8: unit 1 \"Guardsmen\": unknown type \"infantery\" (did you mean \"infantry\"?); expected one of: infantry, jump infantry, jet-pack infantry",
	}},
	{"evac missing type and points", `system = "evacuation-mars"
[[unit]]
label = "Guardsmen"
`, []string{
		"army.toml:2:3: unit 1 \"Guardsmen\" has no type; Evacuation: Mars armies are infantry only: expected type = one of: infantry, jump infantry, jet-pack infantry",
		"army.toml:2:3: unit 1 \"Guardsmen\" has no points; write the unit's cost from your codex as points = …",
	}},
	{"evac negative points", `system = "evacuation-mars"
[[unit]]
label = "Guardsmen"
type = "infantry"
points = -5
`, []string{
		"army.toml:5:10: unit 1 \"Guardsmen\": points is -5; expected the unit's cost from your codex, 0 or more",
	}},
	{"evac over 300", `system = "evacuation-mars"
[[unit]]
label = "A"
type = "infantry"
points = 150
[[unit]]
label = "B"
type = "infantry"
points = 140
[objective]
armour = 1
hull_points = 1
`, []string{
		"army.toml:10:2: points: the units and the objective upgrades cost 310, over the limit of 300 by 10; remove units or upgrades worth 10 or more, or raise points",
	}},
	{"evac a unit over 300", `system = "evacuation-mars"
[[unit]]
label = "A"
type = "infantry"
points = 200
[[unit]]
label = "B"
type = "infantry"
points = 101
`, []string{
		"army.toml:6:3: points: the units and the objective upgrades cost 301, over the limit of 300 by 1; remove units or upgrades worth 1 or more, or raise points",
	}},
	{"no army lists for the rule set", `system = "buildings"
[[unit]]
label = "A"
`, []string{
		"army.toml:1:10: no army lists for system \"buildings\"; expected one of: aqotmf, evacuation-mars, imperial-mars",
	}},
	{"evac over its own limit", `system = "evacuation-mars"
points = 200
[[unit]]
label = "A"
type = "infantry"
count = 3
points = 70
`, []string{
		"army.toml:2:10: points: the units and the objective upgrades cost 210, over the limit of 200 by 10; remove units or upgrades worth 10 or more, or raise points",
	}},
	{"evac limit above 300", `system = "evacuation-mars"
points = 400
[[unit]]
label = "A"
type = "infantry"
points = 70
`, []string{
		"army.toml:2:10: warning: points = 400 is above the 300 per army of Evacuation: Mars; everyone at the table must agree to it",
	}},
	{"evac objective too much", `system = "evacuation-mars"
[[unit]]
label = "A"
type = "infantry"
points = 10
[objective]
armour = 5
hull_points = -1
`, []string{
		"army.toml:7:10: objective: armour +5 would make armour 13, above the most that can be bought, +4 (armour 12); expected 0 to 4",
		"army.toml:8:15: objective: hull_points is -1; expected the extra points bought, 0 to 4 (hull points 1 to 5)",
	}},
	{"evac objective hull too much", `system = "evacuation-mars"
[[unit]]
label = "A"
type = "infantry"
points = 10
[objective]
armour = 4
hull_points = 5
`, []string{
		"army.toml:8:15: objective: hull_points +5 would make hull points 6, above the most that can be bought, +4 (hull points 5); expected 0 to 4",
	}},
	{"evac id", `system = "evacuation-mars"
[[unit]]
id = "tactical-squad"
type = "infantry"
points = 90
`, []string{
		"army.toml:3:1: unit 1 (tactical-squad): id is not a key of Evacuation: Mars units; Evacuation: Mars has no unit catalogue: write the unit's label, type and points from your codex; expected one of: count, label, note, points, type",
	}},

	// ---------------------------------------------------------- Imperial Mars
	{"im valid", `system = "imperial-mars"
[[unit]]
label = "1st Company, 24th Foot"
type = "infantry"
training = "drilled"
morale = "B"
figures = 24
order = "close"
weapon = "bl-rifle"
trays = 6
[[unit]]
label = "Lancers"
type = "horse"
training = "trained"
morale = "C"
figures = 12
order = "open"
[[unit]]
label = "Scouts"
type = "horse"
training = "irregular"
morale = "D"
figures = 5
order = "extended"
[[unit]]
label = "Colonel"
type = "officer"
[[unit]]
label = "Redoubt"
type = "vehicle"
vehicle = "walker"
`, nil},
	{"im remainder", `system = "imperial-mars"
[[unit]]
label = "2nd Company"
type = "infantry"
training = "trained"
morale = "C"
figures = 25
order = "close"
[[unit]]
label = "3rd Company"
type = "infantry"
training = "trained"
morale = "C"
figures = 26
order = "open"
`, []string{
		"army.toml:7:11: warning: unit 1 \"2nd Company\": 25 figures in close order (4 a tray) make 6 full trays and 1 figure over; field 24 or 28 figures, or put the figures over on a tray of their own",
		"army.toml:7:11: warning: unit 1 \"2nd Company\": the tray of 1 figure over cannot shoot (infantry trays with fewer than 2 figures may not shoot)",
		"army.toml:14:11: warning: unit 2 \"3rd Company\": 26 figures in open order (3 a tray) make 8 full trays and 2 figures over; field 24 or 27 figures, or put the figures over on a tray of their own",
	}},
	{"im too few for a tray", `system = "imperial-mars"
[[unit]]
label = "Survivors"
type = "infantry"
training = "trained"
morale = "E"
figures = 1
order = "open"
`, []string{
		"army.toml:7:11: warning: unit 1 \"Survivors\": 1 figure in open order (3 a tray) does not fill a tray; field 3 figures, or put it on a tray of its own",
		"army.toml:7:11: warning: unit 1 \"Survivors\": the tray of 1 figure cannot shoot (infantry trays with fewer than 2 figures may not shoot)",
	}},
	{"im trays", `system = "imperial-mars"
[[unit]]
label = "Packed"
type = "infantry"
training = "drilled"
morale = "B"
figures = 24
order = "close"
trays = 5
[[unit]]
label = "Spread"
type = "infantry"
training = "drilled"
morale = "B"
figures = 24
order = "close"
trays = 8
[[unit]]
label = "Crowded horse"
type = "horse"
training = "drilled"
morale = "B"
figures = 12
order = "open"
trays = 4
`, []string{
		"army.toml:9:9: unit 1 \"Packed\": 24 figures on 5 trays puts 5 on a tray; no tray may hold more than 4 foot figures (at least 6 trays)",
		"army.toml:17:9: unit 2 \"Spread\": close order (4 a tray) puts 24 figures on 6 trays, not 8; write trays = 6 or change the order",
		"army.toml:25:9: unit 3 \"Crowded horse\": 12 figures on 4 trays puts 3 on a tray; no tray may hold more than 2 mounted figures (at least 6 trays)",
	}},
	{"im horse in close order", `system = "imperial-mars"
[[unit]]
label = "Hussars"
type = "horse"
training = "drilled"
morale = "A"
figures = 12
order = "close"
`, []string{
		"army.toml:8:9: unit 1 \"Hussars\": horse has no close order (the figures-per-tray table prints none); expected order = open (2 a tray) or extended (1 a tray)",
	}},
	{"im unknown names", `system = "imperial-mars"
[[unit]]
label = "1st"
type = "infantery"
training = "drilld"
morale = "b"
figures = 24
order = "clse"
weapon = "bl-rifel"
vehicle = "walkr"
`, []string{
		"army.toml:4:8: unit 1 \"1st\": unknown type \"infantery\" (did you mean \"infantry\"?); expected one of: infantry, horse, artillery, vehicle, officer",
		"army.toml:5:12: unit 1 \"1st\": unknown training \"drilld\" (did you mean \"drilled\"?); expected one of: drilled, trained, irregular",
		"army.toml:6:10: unit 1 \"1st\": unknown morale class \"b\" (did you mean \"B\"?); expected one of: A (Guards/ Elite), B (Veteran), C (Average), D (Poor), E (Levy)",
		"army.toml:8:9: unit 1 \"1st\": unknown order \"clse\" (did you mean \"close\"?); expected one of: close, open, extended",
		"army.toml:9:10: unit 1 \"1st\": unknown weapon \"bl-rifel\" (did you mean \"bl-rifle\"?); expected one of: bl-carbine, bl-rifle",
		"army.toml:10:11: unit 1 \"1st\": unknown vehicle \"walkr\" (did you mean \"walker\"?); expected one of: walker",
	}},
	{"im missing", `system = "imperial-mars"
[[unit]]
label = "Militia"
type = "infantry"
[[unit]]
`, []string{
		"army.toml:2:3: unit 1 \"Militia\" has no training; its action points come from it: expected training = drilled (5 action points), trained (4 action points) or irregular (3 action points)",
		"army.toml:2:3: unit 1 \"Militia\" has no morale class; expected morale = one of: A (Guards/ Elite), B (Veteran), C (Average), D (Poor), E (Levy)",
		"army.toml:2:3: unit 1 \"Militia\" has no figures; write how many figures the unit has, as figures = …",
		"army.toml:2:3: unit 1 \"Militia\" has no order; expected order = close (4 a tray), open (3 a tray) or extended (2 a tray)",
		"army.toml:5:3: unit 2 has no type; expected type = one of: infantry, horse, artillery, vehicle, officer",
	}},
	{"im morale out of range", `system = "imperial-mars"
[[unit]]
label = "Levies"
type = "horse"
training = "irregular"
morale = "F"
figures = 0
order = "open"
`, []string{
		"army.toml:6:10: unit 1 \"Levies\": unknown morale class \"F\"; expected one of: A (Guards/ Elite), B (Veteran), C (Average), D (Poor), E (Levy)",
		"army.toml:7:11: unit 1 \"Levies\": figures is 0; expected 1 or more",
	}},
	{"im no points", `system = "imperial-mars"
points = 300
[[unit]]
label = "Colonel"
type = "officer"
points = 50
count = 2
`, []string{
		"army.toml:2:1: points: Imperial Mars has no points system; lists are checked for organisation, not points — remove points",
		"army.toml:6:1: unit 1 \"Colonel\": points is not a key of Imperial Mars units; Imperial Mars has no points: write one [[unit]] per company with its figures; expected one of: figures, label, morale, note, order, training, trays, type, vehicle, weapon",
		"army.toml:7:1: unit 1 \"Colonel\": count is not a key of Imperial Mars units; Imperial Mars has no points: write one [[unit]] per company with its figures; expected one of: figures, label, morale, note, order, training, trays, type, vehicle, weapon",
	}},
	{"im misplaced", `system = "imperial-mars"
[[unit]]
label = "Gatling"
type = "artillery"
training = "drilled"
morale = "B"
order = "close"
vehicle = "walker"
`, []string{
		"army.toml:7:1: warning: unit 1 \"Gatling\": order sets the figures per tray of infantry and horse; a unit of type \"artillery\" takes none, so it is not checked",
		"army.toml:8:1: unit 1 \"Gatling\": vehicle = \"walker\" is for units of type = \"vehicle\", not \"artillery\"",
	}},
}

func TestValidate(t *testing.T) {
	cat := testCatalog(t)
	for _, c := range validationCases {
		t.Run(c.name, func(t *testing.T) {
			r, dl := Validate("army.toml", []byte(c.src), cat)
			if r == nil {
				t.Fatalf("the list was taken for unreadable: %v", dl)
			}
			var got []string
			for _, d := range dl {
				got = append(got, d.Error())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if r.Valid() != (len(r.Diags.Errors()) == 0) {
				t.Error("Valid disagrees with the errors")
			}
		})
	}
}
