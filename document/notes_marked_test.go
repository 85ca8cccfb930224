package document

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
)

// TestMarksAt: a mark goes after the word the governed words end in
// (never inside a number), marks at one place run together, and a
// reading whose words the text lacks is returned.
func TestMarksAt(t *testing.T) {
	r12 := catalog.Note{ID: "blips", Mark: "R12", Governs: []string{"Numbered 1–"}}
	r4 := catalog.Note{ID: "baldwin", Mark: "R4", Governs: []string{"the 8 units"}}
	r5 := catalog.Note{ID: "same", Mark: "R5", Governs: []string{"8 units"}}
	r9 := catalog.Note{ID: "none", Mark: "R9", Governs: []string{"tripod"}}
	text := "Numbered 1–12: the 8 units that deploy as blips."
	ats, rest := MarksAt(text, []catalog.Note{r4, r12, r5, r9})
	var got []string
	for _, a := range ats {
		var marks []string
		for _, n := range a.Notes {
			marks = append(marks, n.Mark)
		}
		got = append(got, text[:a.End]+"^"+strings.Join(marks, ","))
	}
	want := []string{"Numbered 1–12^R12", "Numbered 1–12: the 8 units^R4,R5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("marks at %q, want %q", got, want)
	}
	if len(rest) != 1 || rest[0].Mark != "R9" {
		t.Errorf("readings without words %v, want R9 alone", rest)
	}
	s, _ := Marked(text, []catalog.Note{r12}, func(ns []catalog.Note) string { return "[" + ns[0].Mark + "]" })
	if !strings.HasPrefix(s, "Numbered 1–12[R12]:") {
		t.Errorf("Marked gives %q; want the mark after the number", s)
	}
}
