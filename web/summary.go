package web

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/rules"
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
		p("- %s\n", unitSummary(r, ln))
	}
	for _, line := range builderOf(r.System).ListSummary(r) {
		p("- %s\n", line)
	}
	if n, d := blips(r); n > 0 {
		p("\nDeploys hidden: %d %s and up to %d %s.\n", n, plural(n, "blip", "blips"), d, plural(d, "decoy", "decoys"))
	}
	// What is wrong, in the player's words, as the builder says it: the
	// first few, for a chat.
	if e, w := len(r.Diags.Errors()), len(r.Diags.Warnings()); e+w > 0 {
		p("\n%d %s, %d %s:\n", e, plural(e, "error", "errors"), w, plural(w, "warning", "warnings"))
		for i, d := range r.Diags {
			if i == summaryProblems {
				p("- and %d more\n", len(r.Diags)-i)
				break
			}
			p("- %s\n", msgOf(d).Text)
		}
	}
	return b.String()
}

// summaryProblems is how many of a list's problems its summary says.
const summaryProblems = 5

// pointsText is the points a list uses, of its limit.
func pointsText(r *army.Report) string {
	switch {
	case r.System != nil && rules.ArmyOf(r.System) != nil && !r.HasPoints():
		return "no points (organisation checked)"
	case r.Limit > 0:
		return fmt.Sprintf("%d/%d pts", r.Used, r.Limit)
	}
	return fmt.Sprintf("%d pts", r.Used)
}

// unitSummary is one unit in a line of text: its name and the details
// its engine gives (rules.Builder.Summary).
func unitSummary(r *army.Report, ln army.Line) string {
	var b strings.Builder
	if ln.Count > 1 {
		fmt.Fprintf(&b, "%d × ", ln.Count)
	}
	b.WriteString(ln.Name)
	if details := builderOf(r.System).Summary(r, ln); len(details) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(details, ", "))
	}
	if r.HasPoints() {
		fmt.Fprintf(&b, " — %d pts", ln.Cost)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
