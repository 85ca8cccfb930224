package catalog

import "fmt"

// checkCards checks the names the unit cards read from the data: each
// line of [[aqotmf.special]] names a special ability some profile or
// weapon lists (a misspelt name would leave the cards without it and no
// one the wiser), and Imperial Mars's morale states are a table.
func (c *checker) checkCards() {
	if r := c.s.Imperial; r != nil && r.Morale.States != "" && c.s.Table(r.Morale.States) == nil {
		c.unknownRef(c.block(r).at.value("morale.states"), "table", r.Morale.States, ids(c.s.Tables, func(t Table) string { return t.ID }))
	}
	r := c.s.AQotMF
	if r == nil {
		return
	}
	var names []string
	add := func(specials []string) {
		for _, sp := range specials {
			if a := c.s.Ability(sp); !containsNorm(names, a.Name) {
				names = append(names, a.Name)
			}
		}
	}
	for _, p := range c.s.Profiles {
		add(p.Specials)
	}
	for _, w := range c.s.Weapons {
		add(w.Specials)
	}
	at := c.block(r).at
	for i, sp := range r.Specials {
		switch {
		case !containsNorm(names, sp.Name):
			c.unknownRef(at.value(fmt.Sprintf("special.%d.name", i)), "special ability", sp.Name, names)
		case sp.Short == "":
			c.errf(at.value(fmt.Sprintf("special.%d.name", i)), "special %q has no short; expected short = \"…\", the rule in a line for unit cards", sp.Name)
		}
	}
}

func containsNorm(list []string, name string) bool {
	for _, x := range list {
		if NormName(x) == NormName(name) {
			return true
		}
	}
	return false
}
