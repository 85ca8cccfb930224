package web

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/army"
)

// summaryText is a checked list as plain text to paste into a chat: the
// army, the points, the verdict and one line per unit.
func summaryText(file string, r *army.Report) string {
	if r == nil {
		return file + ": not a list (the file is not TOML)\n"
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	l := r.List
	title := l.Name
	if title == "" {
		title = file
	}
	status := "VALID"
	if !r.Valid() {
		status = "INVALID"
	}
	p("%s — %s — %s\n", title, pointsText(r), status)
	var about []string
	if r.System != nil {
		about = append(about, r.System.About.Name)
		if sc := r.System.Scenario(l.Scenario); sc != nil {
			about = append(about, sc.Name)
		}
	}
	if l.Player != "" {
		about = append(about, "Player: "+l.Player)
	}
	if len(about) > 0 {
		p("%s\n", strings.Join(about, " · "))
	}
	p("\n")
	for _, ln := range r.Lines {
		p("- %s\n", unitSummary(ln, kindOf(r.System)))
	}
	if pod := r.Pod; pod != nil && (pod.Armour > 0 || pod.Hull > 0) {
		p("- Objective: Armour %d (+%d), %d hull points (+%d) — %d pts\n", pod.TotalArmour, pod.Armour, pod.TotalHP, pod.Hull, pod.Cost())
	}
	if n, d := blips(r); n > 0 {
		p("\nDeploys hidden: %d %s and up to %d %s.\n", n, plural(n, "blip", "blips"), d, plural(d, "decoy", "decoys"))
	}
	if e, w := len(r.Diags.Errors()), len(r.Diags.Warnings()); e+w > 0 {
		p("\n%d %s, %d %s (playaid army validate %s)\n", e, plural(e, "error", "errors"), w, plural(w, "warning", "warnings"), file)
	}
	return b.String()
}

// pointsText is the points a list uses, of its limit.
func pointsText(r *army.Report) string {
	switch {
	case kindOf(r.System) == kindIM:
		return "no points (organisation checked)"
	case r.Limit > 0:
		return fmt.Sprintf("%d/%d pts", r.Used, r.Limit)
	}
	return fmt.Sprintf("%d pts", r.Used)
}

// unitSummary is one unit in a line of text.
func unitSummary(ln army.Line, kind string) string {
	u := ln.Unit
	var b strings.Builder
	if ln.Count > 1 {
		fmt.Fprintf(&b, "%d × ", ln.Count)
	}
	b.WriteString(ln.Name)
	var details []string
	switch kind {
	case kindAQ:
		if ln.Entry != nil && ln.Entry.Name != ln.Name {
			details = append(details, ln.Entry.Name)
		}
		if u.Ambush {
			details = append(details, "ambush")
		}
		if u.Reinforcement {
			details = append(details, "reinforcement")
		}
	case kindEvac:
		if ln.Type != "" && ln.Type != ln.Name {
			details = append(details, ln.Type)
		}
	case kindIM:
		if ln.Type != "" && ln.Type != ln.Name {
			details = append(details, ln.Type)
		}
		if ln.Training != nil {
			details = append(details, fmt.Sprintf("%s (%d AP)", strings.ToLower(ln.Training.Name), ln.ActionPoints))
		} else if ln.ActionPoints > 0 {
			details = append(details, fmt.Sprintf("%d AP", ln.ActionPoints))
		}
		if ln.Class != nil {
			details = append(details, "morale "+ln.Class.ID)
		}
		if u.Figures > 0 {
			details = append(details, fmt.Sprintf("%d %s", u.Figures, plural(u.Figures, "figure", "figures")))
		}
		if ln.Order != nil && ln.PerTray > 0 {
			details = append(details, fmt.Sprintf("%s order, %s", u.Order, traysText(ln)))
		}
		if ln.Weapon != nil {
			details = append(details, ln.Weapon.Name)
		}
		if ln.Vehicle != nil {
			details = append(details, ln.Vehicle.Name)
		}
	}
	if len(details) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(details, ", "))
	}
	if kind != kindIM {
		fmt.Fprintf(&b, " — %d pts", ln.Cost)
	}
	return b.String()
}

// traysText is an Imperial Mars unit's trays: "6 trays of 4", "+ 1 of 2".
func traysText(ln army.Line) string {
	s := fmt.Sprintf("%d %s of %d", ln.Trays, plural(ln.Trays, "tray", "trays"), ln.PerTray)
	if ln.Remainder > 0 {
		s += fmt.Sprintf(" + 1 of %d", ln.Remainder)
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
