package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/rules"
)

// The numbers of a list are whole numbers: a count of 1.5, -2 or "two"
// is refused beside its field and never written to a file (a list with
// one does not read back into the builder). The smallest each key takes
// is its engine's (rules.Field.Least: a count 1, a codex cost 0).

// numberProblem says what is wrong with the value of a number field in
// the player's words; "" when it is a whole number in range or empty.
func numberProblem(key, v string, least int) string {
	if v == "" {
		return ""
	}
	n, err := strconv.Atoi(v)
	label := rules.Capital(fieldWords()[key])
	switch {
	case err != nil && strings.ContainsAny(v, ".,") && strings.Trim(v, "0123456789.,-+") == "":
		return fmt.Sprintf("%s must be a whole number, %d or more: %s has a fraction.", label, least, v)
	case err != nil:
		return fmt.Sprintf("%s must be a whole number, %d or more, not “%s”.", label, least, clip(v, 20))
	case n < least:
		return fmt.Sprintf("%s must be %d or more.", label, least)
	}
	return ""
}

// numberProblems are the form's number fields that are not whole numbers
// in range, by form field name.
func (f *form) numberProblems() map[string]string {
	out := map[string]string{}
	check := func(name, key, v string, least int) {
		if p := numberProblem(key, v, least); p != "" {
			out[name] = p
		}
	}
	for _, fd := range rules.AllListKeys() {
		if fd.Kind == rules.NumberField {
			check(fd.Key, fd.Key, f.List[fd.Key], fd.Least)
		}
	}
	for i, u := range f.Units {
		for _, fd := range rules.AllUnitKeys() {
			if fd.Kind == rules.NumberField {
				check(fmt.Sprintf("%s%d.%s", unitPrefix, i, fd.Key), fd.Key, u[fd.Key], fd.Least)
			}
		}
	}
	for _, fd := range tableField().Fields {
		if fd.Kind == rules.NumberField {
			check(objPrefix+fd.Key, fd.Key, f.Obj[fd.Key], fd.Least)
		}
	}
	return out
}

// withoutBad is the form with the refused numbers left out, for the
// check behind the page: the total and the other messages stay whole
// while the player fixes the field.
func (f *form) withoutBad(bad map[string]string) *form {
	if len(bad) == 0 {
		return f
	}
	g := &form{List: values{}, Obj: nil}
	for k, v := range f.List {
		if bad[k] == "" {
			g.List[k] = v
		}
	}
	for i, u := range f.Units {
		nu := values{}
		for k, v := range u {
			if bad[fmt.Sprintf("%s%d.%s", unitPrefix, i, k)] == "" {
				nu[k] = v
			}
		}
		g.Units = append(g.Units, nu)
	}
	if f.Obj != nil {
		g.Obj = values{}
		for k, v := range f.Obj {
			if bad[objPrefix+k] == "" {
				g.Obj[k] = v
			}
		}
	}
	return g
}
