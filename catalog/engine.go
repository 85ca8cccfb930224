package catalog

import (
	"reflect"
	"strings"
)

// Rules are the numbers a rule set's engine reads: one block, named after
// the engine its system.toml names (engine = "aqotmf" reads [aqotmf]).
// Each field is one engine's block; a rule set fills only its engine's.
// The rule engines themselves, what each computes and prints, are
// registered in package rules under the same names.
type Rules struct {
	AQotMF     *AQRules       `toml:"aqotmf"`
	Buildings  *BuildingRules `toml:"buildings"`
	Evacuation *EvacRules     `toml:"evacuation"`
	Imperial   *IMRules       `toml:"imperial"`
}

// ruleBlock is one block of Rules: its name and its field.
type ruleBlock struct {
	name string
	v    reflect.Value // the pointer field
}

// blocks lists every block of Rules, set or not, in field order.
func (r *Rules) blocks() []ruleBlock {
	v := reflect.ValueOf(r).Elem()
	out := make([]ruleBlock, v.NumField())
	for i := range out {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("toml"), ",")
		out[i] = ruleBlock{name: name, v: v.Field(i)}
	}
	return out
}

// set lists the blocks that are written.
func (r *Rules) set() []ruleBlock {
	var out []ruleBlock
	for _, b := range r.blocks() {
		if !b.v.IsNil() {
			out = append(out, b)
		}
	}
	return out
}

// Engines lists the names of the rule engines the data may name, in the
// order of their blocks.
func Engines() []string {
	var names []string
	for _, b := range new(Rules).blocks() {
		names = append(names, b.name)
	}
	return names
}

// Block returns the engine's block of numbers (a *AQRules for the engine
// that reads [aqotmf] …), or nil when the rule set has none.
func (r *Rules) Block() any {
	if s := r.set(); len(s) == 1 {
		return s[0].v.Interface()
	}
	return nil
}
