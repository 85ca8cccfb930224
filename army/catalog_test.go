package army

import (
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
)

// The tests' own small catalogue: the numbers of the shipped data, so the
// tests do not move when a club's data or the shipped files change.
const testAQ = `system = "aqotmf"
[about]
name = "All Quiet on the Martian Front"
short = "AQotMF"
die = 10

[aqotmf.blips]
numbered = 4
dummies = 4
decoys_per_infantry = 2
decoy_type = "Infantry"

[[weapon]]
id = "rifles"
name = "Rifles"
kind = "ranged"
range = '15"'

[[weapon]]
id = "heat-ray-focused"
name = "Heat Ray – Focused"
range = '30"'
power = 3

[[profile]]
id = "infantry"
name = "Infantry"
type = "Infantry"
speed = '6"'
defense = 5
armor = 4
weapons = ["rifles"]
specials = ["Stealth"]

[[profile]]
id = "mk2-baldwin"
name = "Mk II Baldwin"
type = "Tank"

[[profile]]
id = "assault-tripod"
name = "Assault Tripod"
type = "Tripod"
speed = '8"'
defense = 9
armor = 10
weapons = ["heat-ray-focused"]
specials = ["Massive"]

[[unit]]
id = "infantry-company"
name = "Infantry Company"
type = "Infantry"
points = 60
composition = [{ profile = "infantry", count = 5 }]

[[unit]]
id = "hmg-unit"
name = "Unit of Machine Guns"
type = "Infantry"
points = 40
composition = [{ profile = "infantry", count = 3 }]

[[unit]]
id = "rough-riders"
name = "Unit of Rough Riders"
type = "Infantry"
points = 45
composition = [{ profile = "infantry", count = 3 }]

[[unit]]
id = "mk2-baldwin"
name = "Mk II Baldwin Tank"
type = "Tank"
points = 80
composition = [{ profile = "mk2-baldwin", count = 1 }]

[[unit]]
id = "assault-tripod"
name = "Assault Tripod"
type = "Tripod"
points = 200
composition = [{ profile = "assault-tripod", count = 1 }]

[[scenario]]
id = "boys-of-company-c"
name = "Scenario 1: The Boys of Company C"
`

const testEvac = `system = "evacuation-mars"
[about]
name = "Evacuation: Mars"
short = "Evacuation: Mars"
die = 6

[evacuation]
points = 300
excluded = ["vehicles", "fortifications", "flyers", "drop pods", "bikes", "chariots", "cavalry"]
allowed = ["infantry", "jump infantry", "jet-pack infantry"]

[evacuation.objective]
armour = 8
hull_points = 1
max_armour = 12
max_hull_points = 5
ladder = [10, 20, 40, 80]
`

const testIM = `system = "imperial-mars"
[about]
name = "Imperial Mars"
short = "Imperial Mars"
die = 20

[imperial]
officer_action_points = 5
max_foot_per_tray = 4
max_mounted_per_tray = 2

[[imperial.training]]
id = "drilled"
name = "Drilled"
action_points = 5

[[imperial.training]]
id = "trained"
name = "Trained"
action_points = 4

[[imperial.training]]
id = "irregular"
name = "Irregular"
action_points = 3

[[imperial.morale_class]]
id = "A"
name = "Guards/ Elite"

[[imperial.morale_class]]
id = "B"
name = "Veteran"

[[imperial.morale_class]]
id = "C"
name = "Average"

[[imperial.morale_class]]
id = "D"
name = "Poor"

[[imperial.morale_class]]
id = "E"
name = "Levy"

[[imperial.order]]
id = "close"
name = "Close Order"
foot = 4
horse = 0

[[imperial.order]]
id = "open"
name = "Open Order"
foot = 3
horse = 2

[[imperial.order]]
id = "extended"
name = "Extended Order"
foot = 2
horse = 1

[imperial.shooting]
always_hits = 20
min_infantry_figures = 2
row = [
  { factors = [-5, -4], one_hit = 19 },
  { factors = [-3, -2], one_hit = 18 },
  { factors = [-1, 0, 1], one_hit = 17 },
  { factors = [2, 3], one_hit = 16 },
  { factors = [4, 5], one_hit = 15, two_hits = 20 },
  { factors = [6, 7], one_hit = 14, two_hits = 19 },
  { factors = [8, 9], one_hit = 13, two_hits = 18 },
  { factors = [10], open = true, one_hit = 12, two_hits = 17 },
]

[[imperial.vehicle]]
id = "walker"
name = "Walker"
movement = '4"'
armour = "Strong"
morale = 2
sdl = 5
thl = 4
bdl = 5
weapons = "MG or Light Artillery"

[[weapon]]
id = "bl-rifle"
name = "BL rifle"
kind = "small-arms"
band = [{ name = "short", range = '5"', factor = 6 }, { name = "medium", range = '12"', factor = 4 }, { name = "long", range = '30"', factor = 2 }]

[[weapon]]
id = "bl-carbine"
name = "BL Carbine"
kind = "small-arms"
band = [{ name = "short", range = '5"', factor = 6 }, { name = "medium", range = '10"', factor = 4 }, { name = "long", range = '20"', factor = 2 }]
`

// testBuildings is a rule set without army lists.
const testBuildings = `system = "buildings"
[about]
name = "Destroying Buildings"
short = "Buildings"
die = 10
`

// testCatalog loads the rule sets above.
func testCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	fsys := fstest.MapFS{
		"aqotmf/system.toml":          {Data: []byte(testAQ)},
		"evacuation-mars/system.toml": {Data: []byte(testEvac)},
		"imperial-mars/system.toml":   {Data: []byte(testIM)},
		"buildings/system.toml":       {Data: []byte(testBuildings)},
	}
	cat, l := catalog.Load(catalog.Source{Name: "test", FS: fsys})
	if err := l.Err(); err != nil {
		t.Fatalf("test catalogue: %v", err)
	}
	return cat
}
