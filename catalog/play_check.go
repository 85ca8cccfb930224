package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// checkPlay checks the rule set's [play] block and its tracks: a known
// kind and subject, words for every state, limits in bounds, and the
// tables the words come from. A count's words from a table are read
// into its steps here.
func (c *checker) checkPlay() {
	s := c.s
	if at, ok := c.ld.locs["play/"+s.ID]; ok {
		if s.Play.Turn == "" && !at.bad("turn") {
			c.errf(at.pos(), "[play] of %s has no turn; expected turn = \"Turn\" (the word the book uses for a turn)", s.ID)
		}
		for i, p := range s.Play.Phases {
			if strings.TrimSpace(p) == "" {
				c.errf(at.value(fmt.Sprintf("phases.%d", i)), "[play] phase %d is empty; expected the phase's name as the book gives it", i+1)
			}
		}
		c.checkNumbers(at, label{kind: "[play]"}, &s.Play)
		for _, st := range []struct {
			key string
			s   *PlayState
		}{{"blip", s.Play.Blip}, {"decoy", s.Play.Decoy}, {"ambush", s.Play.Ambush}, {"held_back", s.Play.HeldBack}} {
			if st.s == nil || at.bad(st.key) {
				continue
			}
			if st.s.Name == "" || st.s.Done == "" {
				c.errf(at.value(st.key), "[play.%s] of %s needs a name and done (the button that brings the unit onto the table)", st.key, s.ID)
			}
		}
	}
	tableIDs := ids(s.Tables, func(t Table) string { return t.ID })
	for i := range s.Tracks {
		c.checkTrack(&s.Tracks[i], tableIDs)
	}
}

func (c *checker) checkTrack(t *PlayTrack, tableIDs []string) {
	at := c.at("track", t.ID)
	lbl := label{"track", t.ID}
	c.required(at, lbl, "name", t.Name)
	c.checkNumbers(at, lbl, t)
	if !slices.Contains(TrackKinds, t.Kind) && !at.bad("kind") {
		pos := at.value("kind")
		if t.Kind == "" {
			pos = at.pos()
		}
		c.errf(pos, "%s: %s", lbl, Unknown("kind", t.Kind, TrackKinds))
	}
	if t.On != "" && !slices.Contains(TrackOn, t.On) && !at.bad("on") {
		c.errf(at.value("on"), "%s: %s", lbl, Unknown("on", t.On, TrackOn))
	}
	if t.Of != "" && !slices.Contains(PieceStats, t.Of) && !at.bad("of") {
		c.errf(at.value("of"), "%s: %s", lbl, Unknown("stat", t.Of, PieceStats))
	}
	for i, f := range t.Factions {
		if c.s.About.Faction(f) == "" && !at.bad(fmt.Sprintf("factions.%d", i)) {
			c.unknownRef(at.value(fmt.Sprintf("factions.%d", i)), "faction", f, c.s.About.Factions)
		}
	}
	// Words for what each kind shows.
	only := func(field, v string, kinds ...string) {
		if v != "" && !slices.Contains(kinds, t.Kind) && !at.bad(field) {
			c.errf(at.key(field), "%s: %s is for a %s track; a %s track does not show it", lbl, field, strings.Join(kinds, " or "), t.Kind)
		}
	}
	switch t.Kind {
	case TrackCount:
		if t.Say == "" && t.Table == "" && len(t.Steps) == 0 && !at.bad("say") {
			c.errf(at.pos(), "%s: a count has no words; expected say = \"{n} of {max} … lost\", step words or table = \"…\"", lbl)
		}
		if t.Max < 0 && !at.bad("max") {
			c.errf(at.value("max"), "%s: max is %d; expected 1 or more", lbl, t.Max)
		}
		if t.Max > 0 && t.Of != "" && !at.bad("max") {
			c.errf(at.key("of"), "%s: both max and of; expected one: a number, or the stat of the piece the count runs to", lbl)
		}
		if t.Max == 0 && t.Of == "" && t.Note == "" && !at.bad("max") && !at.bad("of") {
			c.errf(at.pos(), "%s: a count with no max and no of; expected max = N, of = \"elements\" …, or a note saying the book sets no limit", lbl)
		}
		if t.Table != "" {
			c.trackTable(t, at, lbl, tableIDs)
		}
		for i, st := range t.Steps {
			if st.Text == "" && st.Name == "" && !at.bad(fmt.Sprintf("step.%d", i)) {
				c.errf(at.value(fmt.Sprintf("step.%d", i)), "%s: step %d has no words; expected name or text", lbl, i+1)
			}
		}
	case TrackMark:
		if t.Text == "" && !at.bad("text") {
			c.errf(at.pos(), "%s: a mark has no text; expected text = \"…\", what the mark means when it is on, in the book's words", lbl)
		}
		if len(t.Steps) > 0 {
			c.errf(at.key("step"), "%s: a mark is on or off: its words are text and zero, not steps", lbl)
		}
	case TrackChoice:
		if len(t.Steps) < 2 && !at.bad("step") {
			c.errf(at.pos(), "%s: a choice has %d states; expected two or more [[track.step]] with a name each", lbl, len(t.Steps))
		}
		for i, st := range t.Steps {
			if st.Name == "" && !at.bad(fmt.Sprintf("step.%d", i)) {
				c.errf(at.value(fmt.Sprintf("step.%d", i)), "%s: state %d has no name", lbl, i+1)
			}
		}
	}
	only("say", t.Say, TrackCount)
	only("full", t.Full, TrackCount)
	only("table", t.Table, TrackCount)
	only("text", t.Text, TrackMark)
	only("zero", t.Zero, TrackCount, TrackMark)
	only("lowers", t.Lowers, TrackCount)
	if t.Lowers != "" && t.Kind == TrackCount && t.Of == "" && t.Max == 0 {
		c.errf(at.key("lowers"), "%s: lowers needs the count's start: of = the stat it lowers", lbl)
	}
	if t.Ruled != "" && !at.bad("ruled") {
		if n := c.s.Note(t.Ruled); n == nil || strings.TrimSpace(n.Ruling) == "" {
			c.errf(at.value("ruled"), "%s: ruled = %q is not a source note with a ruling", lbl, t.Ruled)
		}
	}
	for _, w := range []struct{ field, text string }{{"say", t.Say}, {"zero", t.Zero}, {"full", t.Full}} {
		for _, m := range sayVar.FindAllStringSubmatch(w.text, -1) {
			if !slices.Contains(sayVars, m[1]) {
				c.errf(at.value(w.field), "%s: %s: {%s} is not a word the play view fills; expected {%s}", lbl, w.field, m[1], strings.Join(sayVars, "}, {"))
			}
		}
	}
}

// trackTable reads a count's words from the table it names: one step
// for each row, at the value of its first cell.
func (c *checker) trackTable(t *PlayTrack, at located, lbl label, tableIDs []string) {
	tb := c.s.Table(t.Table)
	if tb == nil {
		if !at.bad("table") {
			c.unknownRef(at.value("table"), "table", t.Table, tableIDs)
		}
		return
	}
	if len(t.Steps) > 0 {
		c.errf(at.key("table"), "%s: both table and steps; expected the words in one place", lbl)
		return
	}
	if len(tb.Columns) < 2 {
		c.errf(at.value("table"), "%s: table %q has %d columns; expected the value, the state's name and what it means", lbl, t.Table, len(tb.Columns))
		return
	}
	var steps []PlayStep
	for i, r := range tb.Rows {
		if len(r) < 2 {
			continue // the table's own check reports it
		}
		n, err := strconv.Atoi(strings.TrimSpace(r[0]))
		if err != nil {
			c.errf(at.value("table"), "%s: table %q row %d starts %q; expected a whole number, the count the row's words are for", lbl, t.Table, i+1, r[0])
			return
		}
		st := PlayStep{At: n, Name: r[1]}
		if len(r) > 2 {
			st.Text = r[2]
		}
		steps = append(steps, st)
	}
	t.Steps = steps
}
