package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// A reading is the pack's ruling on a silence, a misprint, an ambiguity
// or a contradiction in a book: a source note with a ruling. It is one
// thing in the data, with one mark and one wording. Whatever prints a
// value or a sentence the reading governs — a sheet, a card, a briefing,
// a roster — prints its mark beside it and its ruling on the same page
// or card, so that no player takes the pack's choice for the book's.
//
// Marks are "R" and a number, counted in the order of the rule set's
// notes; an add-on's readings count on from its base's, so that one of
// its documents, which prints readings of both, never shows one mark for
// two readings.

// MarkPrefix starts every reading's mark.
const MarkPrefix = "R"

// IsReading reports whether the note is a reading: it has a ruling.
func (n *Note) IsReading() bool { return strings.TrimSpace(n.Ruling) != "" }

// Readings are the rule set's readings, in the order of their marks.
func (s *System) Readings() []Note {
	var out []Note
	for _, n := range s.Notes {
		if n.IsReading() {
			out = append(out, n)
		}
	}
	return out
}

// Reading returns the reading with the id in the rule set or in the one
// it adds to, or nil.
func (s *System) Reading(id string) *Note {
	for _, sys := range []*System{s, s.Base} {
		if sys == nil {
			continue
		}
		if n := sys.Note(id); n != nil && n.IsReading() {
			return n
		}
	}
	return nil
}

// Governing returns the readings of the rule set and of the one it adds
// to whose governed words (Note.Governs) are text, as a document prints
// it: a value's mark goes where the value goes.
func (s *System) Governing(text string, typeset func(string) string) []Note {
	return s.governing(func(g string) bool { return typeset(g) == typeset(text) })
}

// Governed returns the readings whose governed words a longer text
// prints somewhere in it (a sentence, a paragraph): its mark goes after
// the text.
func (s *System) Governed(text string, typeset func(string) string) []Note {
	return s.governing(func(g string) bool { return strings.Contains(typeset(text), typeset(g)) })
}

func (s *System) governing(governs func(g string) bool) []Note {
	var out []Note
	for _, sys := range []*System{s, s.Base} {
		if sys == nil {
			continue
		}
		for _, n := range sys.Notes {
			if n.IsReading() && slices.ContainsFunc(n.Governs, governs) {
				out = append(out, n)
			}
		}
	}
	return out
}

// ReadingByMark returns the reading with the mark in the rule set or in
// the one it adds to, or nil.
func (s *System) ReadingByMark(mark string) *Note {
	for _, sys := range []*System{s, s.Base} {
		if sys == nil {
			continue
		}
		for i := range sys.Notes {
			if sys.Notes[i].Mark == mark && mark != "" {
				return &sys.Notes[i]
			}
		}
	}
	return nil
}

// markReadings gives every note its rule set and every reading its mark,
// and the ruled cells and chart rows the marks of their readings. A base
// is marked before its add-ons, which count on from it.
func markReadings(cat *Catalog) {
	done := map[*System]int{} // readings marked, by rule set
	var mark func(s *System) int
	mark = func(s *System) int {
		if n, ok := done[s]; ok {
			return n
		}
		done[s] = 0 // a rule set that adds to itself stops here
		k := 0
		if s.Base != nil && s.Base != s {
			k = mark(s.Base)
		}
		for i := range s.Notes {
			n := &s.Notes[i]
			n.System = s.ID
			if n.IsReading() {
				k++
				n.Mark = MarkPrefix + strconv.Itoa(k)
			}
		}
		done[s] = k
		for i := range s.Tables {
			for j := range s.Tables[i].Ruled {
				u := &s.Tables[i].Ruled[j]
				if n := s.Reading(u.Note); n != nil {
					u.Mark = n.Mark
				}
			}
		}
		for i := range s.Charts {
			for j := range s.Charts[i].Rows {
				r := &s.Charts[i].Rows[j]
				if n := s.Reading(r.Ruled); n != nil && r.Ruled != "" {
					r.Mark = n.Mark
				}
			}
		}
		return k
	}
	for _, s := range cat.Systems {
		mark(s)
	}
}
