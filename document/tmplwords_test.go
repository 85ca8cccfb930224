package document

import (
	"strings"
	"testing"
)

type wordsRoster struct {
	Title string
	Lines []wordsLine
	First *wordsLine
	Count int
}

type wordsLine struct{ Name string }

func (wordsLine) Short() string { return "" }

// TestTemplateErrorsInWords: an execution error names what the template's
// author wrote and what exists, never a Go type or the engine's limits.
func TestTemplateErrorsInWords(t *testing.T) {
	data := &wordsRoster{Title: "T", Lines: []wordsLine{{"a"}}}
	for _, tc := range []struct{ text, want string }{
		{"{{ .Titel }}", "club/x.md:1:4: <.Titel>: there is no field Titel here (did you mean Title?); expected one of: Count, First, Lines, Title"},
		{"{{ range .Lines }}{{ .Nmae }}{{ end }}", "club/x.md:1:22: <.Nmae>: there is no field Nmae here (did you mean Name?); expected one of: Name, Short"},
		{"{{ .Title.Foo }}", "club/x.md:1:10: <.Title.Foo>: there is no field Foo: the value here is text, which has no fields"},
		{"{{ .Lines.Foo }}", "club/x.md:1:10: <.Lines.Foo>: there is no field Foo: the value here is a list, which has no fields; take its items with range or index"},
		{"{{ .First.Name }}", "club/x.md:1:10: <.First.Name>: there is no value here to take .Name of (it is empty)"},
		{`{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}`, "club/x.md:1:29: the template takes more than 1000000 steps"},
	} {
		_, _, err := ExecuteLines([]Source{{Name: "x.md", Text: tc.text, From: "club/x.md"}}, nil, data, nil)
		if err == nil {
			t.Errorf("%s: no error", tc.text)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, tc.want) {
			t.Errorf("%s:\n%s\nwant\n%s", tc.text, msg, tc.want)
		}
		for _, bad := range []string{"document.", "*", "type ", "depth", "evaluating", "can't evaluate"} {
			if strings.Contains(msg, bad) {
				t.Errorf("%s: %q in %s", tc.text, bad, msg)
			}
		}
	}
}

// TestTypeWords: a Go type left in a message reads as words.
func TestTypeWords(t *testing.T) {
	got := inWords("wrong type for value; expected string; got *army.RosterLine", nil)
	if got != "wrong type for value; expected string; got a roster line" {
		t.Errorf("%s", got)
	}
}
