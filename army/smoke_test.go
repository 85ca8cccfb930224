package army

import ("testing";"fmt")

func TestSmoke(t *testing.T) {
	cat := testCatalog(t)
	for _, src := range []string{
`system = "aqotmf"
name = "x"
points = 150
[[unit]]
id = "infantry-compny"
[[unit]]
id = "hmg-unit"
count = 0
training = "drilled"
[[unit]]
id = "assault-tripod"
points = 100
`,
`system = "evacuation-mars"
[[unit]]
label = "Rhino"
type = "vehicle"
points = 35
[[unit]]
label = "Tactical"
type = "infantery"
points = 290
[objective]
armour = 5
hull_points = 2
`,
`system = "imperial-mars"
points = 5
[[unit]]
label = "1st"
type = "infantry"
training = "drilld"
morale = "b"
figures = 25
order = "close"
weapon = "bl-rifel"
trays = 5
[[unit]]
label = "Horse"
type = "horse"
training = "trained"
morale = "C"
figures = 12
order = "close"
`,
	} {
		r, _ := Validate("army.toml", []byte(src), cat)
		fmt.Println(r.Used, r.Limit, r.Valid())
		for _, d := range r.Diags { fmt.Println(d) }
		fmt.Println()
	}
}
