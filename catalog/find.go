package catalog

import "errors"

// Lookups that fail the way every message about an unknown name reads
// (Unknown): for generators whose templates name the data's entries.

// FindChart returns the chart with the id, or an error naming the charts
// there are.
func (s *System) FindChart(id string) (*Chart, error) {
	if c := s.Chart(id); c != nil {
		return c, nil
	}
	var ids []string
	for _, c := range s.Charts {
		ids = append(ids, c.ID)
	}
	return nil, errors.New(Unknown("chart of "+s.ID, id, ids))
}

// FindTable returns the table with the id, looking in also (the rule set
// an add-on adds to) when s has none, or an error naming s's tables.
func (s *System) FindTable(id string, also *System) (*Table, error) {
	for _, sys := range []*System{s, also} {
		if sys == nil {
			continue
		}
		if t := sys.Table(id); t != nil {
			return t, nil
		}
	}
	var ids []string
	for _, t := range s.Tables {
		ids = append(ids, t.ID)
	}
	return nil, errors.New(Unknown("table of "+s.ID, id, ids))
}

// WordRules are the rules the data keeps as words: those of the engine's
// block (WordRulesBlock), and every scenario's specials.
func (s *System) WordRules() []Special {
	var list []Special
	if b, ok := s.Block.(WordRulesBlock); ok {
		list = append(list, b.WordRules()...)
	}
	for _, sc := range s.Scenarios {
		list = append(list, sc.Specials...)
	}
	return list
}

// FindRule returns the rule of WordRules with the name, or an error
// naming the rules there are.
func (s *System) FindRule(name string) (Special, error) {
	var names []string
	for _, r := range s.WordRules() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return Special{}, errors.New(Unknown("rule of "+s.ID, name, names))
}
