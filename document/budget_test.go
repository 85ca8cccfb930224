package document

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"text/template"
	"unicode"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/rules"
)

// TestTemplateBudget: a template that would run for ever, or print or
// build gigabytes, is refused at its place in the file, quickly; what the
// shipped templates do is well inside the budget (their golden tests run
// through the same Execute).
func TestTemplateBudget(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text, want string
	}{
		{"a range over a huge number", "# Club\n\n{{ range 10000000000 }}x{{ end }}\n",
			"club/x.md:3:10: range 10000000000: more turns than a template may take; expected at most 1000000"},
		{"nested", "{{ range 1000 }}\n  {{ range 1000 }}{{ end }}\n{{ end }}\n",
			"club/x.md:2:12: the template takes more than 1000000 steps (a range over too many items, or ranges or templates within each other); expected a template that ends"},
		{"deep in an if", "{{ if true }}{{ with 1 }}{{ range 5000000000 }}{{ end }}{{ end }}{{ end }}",
			"club/x.md:1:35: range 5000000000: more turns than a template may take"},
		{"templates within templates", `{{ define "a" }}{{ range 1000 }}{{ template "b" }}{{ end }}{{ end }}{{ define "b" }}{{ range 1000 }}{{ end }}{{ end }}{{ template "a" }}`,
			"the template takes more than 1000000 steps"},
		{"a template calling itself twice", `{{ define "a" }}{{ template "a" }}{{ template "a" }}{{ end }}{{ template "a" }}`,
			`club/x.md:1:29: the template takes more than 1000000 steps`},
		{"a string doubled", `{{ $s := "ab" }}{{ range 40 }}{{ $s = print $s $s }}{{ end }}`,
			"<print $s $s>: the template's functions return more than 1048576 bytes of text"},
		{"printf padding", `{{ range 100 }}{{ $x := printf "%0999999d" 1 }}{{ end }}`,
			"the template's functions return more than 1048576 bytes"},
		{"too much output", "{{ range 200000 }}0123456789{{ end }}",
			"club/x.md:1:19: the template prints more than 1048576 bytes; expected a document of at most that size"},
		{"seq", "{{ range seq 1 2000000000 }}{{ end }}",
			"<seq 1 2000000000>: seq 1 2000000000: more numbers than a template may take; expected at most 1000000"},
		{"seq overflow", "{{ range seq -2147483648 2147483647 }}{{ end }}",
			"more numbers than a template may take"},
		{"add overflow", "{{ add 2147483647 1 }}",
			"<add 2147483647 1>: add 2147483647 1: the sum is too big; expected a sum from -2147483648 to 2147483647"},
		// A 32-bit machine would cut these down to an int without a word.
		{"a number past an int", "{{ add 9223372036854775807 1 }}",
			"club/x.md:1:8: 9223372036854775807 is out of range; expected a whole number from -2147483648 to 2147483647"},
		{"a number past an int, deep", "{{ if 1 }}{{ else }}{{ with 2 }}{{ printf \"%d\" (add 1 -2147483649) }}{{ end }}{{ end }}",
			"club/x.md:1:55: -2147483649 is out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ExecuteLines([]Source{{Name: "x.md", Text: c.text, From: "club/x.md"}}, nil, nil, nil)
			if err == nil {
				t.Fatalf("no error; want %q", c.want)
			}
			if _, ok := diag.AsList(err); !ok {
				t.Errorf("%v: not placed in the file", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error\n%v\nwant it to contain\n%s", err, c.want)
			}
		})
	}
	// At the bound: a million empty turns, and a mebibyte printed.
	for _, text := range []string{"{{ range 1000000 }}{{ end }}", "{{ range 104857 }}0123456789{{ end }}"} {
		if _, _, err := ExecuteLines([]Source{{Name: "x.md", Text: text, From: "x.md"}}, nil, nil, nil); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
}

// TestSeqAtTheLargestInt: seq up to the largest int ends (a loop on
// i <= to would wrap round and never end), on a 32-bit machine too.
func TestSeqAtTheLargestInt(t *testing.T) {
	md, _, err := ExecuteLines([]Source{{Name: "x.md", Text: "{{ range seq 2147483645 2147483647 }}{{ . }} {{ end }}"}}, nil, nil, nil)
	if err != nil || string(md) != "2147483645 2147483646 2147483647\n" {
		t.Errorf("got %q, %v; want the three numbers", md, err)
	}
}

// TestTidy: squeezed blank lines, no trailing spaces, one newline at the
// end; and each line kept knows where in the text it was.
func TestTidy(t *testing.T) {
	md, from := tidy([]byte("\n \n  # A  \n\n\n\ntext\t\nlast \u00a0\n\n"))
	if got, want := string(md), "# A\n\ntext\nlast\n"; got != want {
		t.Errorf("tidy = %q, want %q", got, want)
	}
	// "# A" at 5, the blank line after it at 11, "text" at 14, "last" at 20.
	if want := []int{5, 11, 14, 20}; !slices.Equal(from, want) {
		t.Errorf("from %v, want %v", from, want)
	}
}

// TestLines: every line of the Markdown knows where in which template it
// came from: a template's own text exactly, an action's output at the
// action, lines of a template called from another in that one.
func TestLines(t *testing.T) {
	srcs := []Source{
		{Name: "main.md", From: "club/main.md", Text: "{{/* a comment */}}\n# Title\n\nText {{ .A }} more\n{{ .B }}\n{{ template \"part\" . }}\n{{ range .L }}- item {{ . }}\n{{ end }}"},
		{Name: "part.md", From: "templates/part.md", Text: "{{ define \"part\" }}\n\n```chart\nx = [1, 2]\n```\n{{ end }}"},
	}
	data := map[string]any{"A": "a", "B": "line one\nline two", "L": []string{"1", "2"}}
	md, lines, err := ExecuteLines(srcs, nil, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ line, at string }{
		{"# Title", "club/main.md:2:1"},
		{"", "club/main.md:3:1"},
		{"Text a more", "club/main.md:4:1"},
		{"line one", "club/main.md:5:1"},
		{"line two", "club/main.md:5:1"}, // the action's output
		{"", "templates/part.md:1:20"},   // the newline after the define
		{"```chart", "templates/part.md:3:1"},
		{"x = [1, 2]", "templates/part.md:4:1"},
		{"```", "templates/part.md:5:1"},
		{"", "club/main.md:6:24"}, // the newline after the call
		{"- item 1", "club/main.md:7:15"},
		{"- item 2", "club/main.md:7:15"},
	}
	got := strings.Split(strings.TrimSuffix(string(md), "\n"), "\n")
	if len(got) != len(want) || len(lines) != len(got) {
		t.Fatalf("%d lines, %d places; want %d:\n%s", len(got), len(lines), len(want), md)
	}
	for i, w := range want {
		if got[i] != w.line || lines[i].Pos.String() != w.at {
			t.Errorf("line %d: %q at %s; want %q at %s", i+1, got[i], lines[i].Pos, w.line, w.at)
		}
	}
	// The renderer's message on line 8 (the chart's body) is moved to the
	// template, at its line and column.
	// A column within the template's own text is its column there; past
	// it (in what an action printed), the line's start stands for it.
	err = lines.Place(diag.List{
		{File: "markdown", Line: 8, Col: 5, Msg: "x needs at least two values"},
		{File: "other", Line: 2, Msg: "kept"},
		{File: "markdown", Line: 3, Col: 3, Msg: "in the text"},
		{File: "markdown", Line: 3, Col: 6, Msg: "printed"},
	}, "markdown")
	if got, want := err.Error(), "templates/part.md:4:5: x needs at least two values\nother:2: kept\nclub/main.md:4:3: in the text\nclub/main.md:4:1: printed"; got != want {
		t.Errorf("placed:\n%s\nwant:\n%s", got, want)
	}
}

// TestParseErrorPlaces: parse errors stand where the mistake is, and
// say what to write.
func TestParseErrorPlaces(t *testing.T) {
	for text, want := range map[string]string{
		"# T\n{{ .Title }} abc {{ .X \n": "club/x.md:2:18: unclosed action: expected }} to end it",
		"# T\nx {{ range .A }}\n":        "club/x.md:3:1: unexpected end of the file: a {{range}}, {{if}}, {{with}} or {{define}} has no {{end}}",
		"# T\ntext {{ if }}\n":           "club/x.md:2:6: missing value for if",
		"# T\nfoo {{ nofunc 1 }} bar\n":  `club/x.md:2:8: function "nofunc" not defined`,
	} {
		_, _, err := ExecuteLines([]Source{{Name: "x.md", Text: text, From: "club/x.md"}}, nil, nil, nil)
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v; want %s", text, err, want)
		}
	}
}

// TestShippedTreesShared: a shipped template is parsed once and its
// trees shared by the documents made from it; a club's template of the
// same name is its own text, parsed each time, and never kept.
func TestShippedTreesShared(t *testing.T) {
	srcs, err := Read("", "roster.md")
	if err != nil {
		t.Fatal(err)
	}
	parse := func(srcs []Source) *template.Template {
		t.Helper()
		fns := Funcs()
		root := template.New(srcs[0].Name)
		if _, _, err := parseMetered(root, srcs, fns, &budget{}, false); err != nil {
			t.Fatal(err)
		}
		return root
	}
	a, b := parse(srcs), parse(srcs)
	if a.Tree == nil || a.Tree != b.Tree {
		t.Errorf("the shipped roster.md was parsed twice")
	}
	club := []Source{{Name: "roster.md", Text: "club {{ .X }}", From: "club/roster.md"}}
	if c := parse(club); c.Tree == a.Tree {
		t.Errorf("a club's roster.md was given the shipped one's trees")
	}
	md, _, err := ExecuteLines(club, nil, map[string]string{"X": "x"}, nil)
	if err != nil || string(md) != "club x\n" {
		t.Errorf("a club's roster.md printed %q, %v; want its own text", md, err)
	}
	if d := parse(club); d.Tree == parse(club).Tree {
		t.Errorf("a club's template was kept")
	}
}

// TestKeptTreesCounted: kept trees are given only the functions they
// call, each counted against the budget as when all are given (a club's
// template, parsed each time, is given all).
func TestKeptTreesCounted(t *testing.T) {
	srcs, err := Read("", "notes.md")
	if err != nil {
		t.Fatal(err)
	}
	data := map[string]any{"Title": "Notes", "Book": "the *book*", "Notes": 2, "Rulings": 1, "Paper": "A4", "Edition": "",
		"Groups": []map[string]any{{"Section": "Shooting", "Notes": []map[string]any{}}}}
	run := func(srcs []Source) (budget, bool) {
		t.Helper()
		b := &budget{}
		root := template.New(srcs[0].Name).Option("missingkey=error")
		ix, kept, err := parseMetered(root, srcs, Funcs(), b, false)
		if err != nil {
			t.Fatal(err)
		}
		w := newOutput(srcs, ix)
		w.budget = b
		if err := root.Execute(w, data); err != nil {
			t.Fatal(err)
		}
		return *b, kept
	}
	club := []Source{{Name: "notes.md", Text: srcs[0].Text + "\n", From: "club/notes.md"}}
	all, _ := run(club)
	run(srcs)
	kept, ok := run(srcs)
	if !ok {
		t.Fatal("the shipped notes.md was not kept")
	}
	if kept != all || all.steps < 5 || all.bytes == 0 {
		t.Errorf("kept trees spent %+v; a club's copy %+v: want the same, functions counted", kept, all)
	}
}

// TestParseShipped: a set parsed ahead is kept for the documents that
// parse the same templates with functions of the same names, and found
// kept the next time; a set naming no shipped template is an error.
func TestParseShipped(t *testing.T) {
	set := Set{Names: []string{"notes.md"}, Funcs: template.FuncMap{"parsedAhead": func() string { return "" }}}
	for want := range 2 {
		if kept, err := ParseShipped(set); err != nil || kept != want {
			t.Fatalf("ParseShipped, time %d: %d kept, %v; want %d kept", want+1, kept, err, want)
		}
	}
	srcs, err := Read("", set.Names...)
	if err != nil {
		t.Fatal(err)
	}
	fns := Funcs()
	fns["parsedAhead"] = set.Funcs["parsedAhead"]
	if _, kept, err := parseMetered(template.New("notes.md"), srcs, fns, &budget{}, false); err != nil || !kept {
		t.Errorf("a document's parse of the set parsed ahead: kept %v, %v; want the kept trees", kept, err)
	}
	if _, err := ParseShipped(Set{Names: []string{"no-such.md"}}); err == nil {
		t.Error("a set naming no shipped template parsed")
	}
}

// TestParseShippedOnce: a set parsed ahead for one document is kept for
// that one, then let go: the next parses it again (and keeps it, as any
// shipped set).
func TestParseShippedOnce(t *testing.T) {
	set := Set{Names: []string{"notes.md"}, Funcs: template.FuncMap{"parsedOnce": func() string { return "" }}, Once: true}
	if kept, err := ParseShipped(set); err != nil || kept != 0 {
		t.Fatalf("ParseShipped: %d kept, %v; want it parsed", kept, err)
	}
	srcs, err := Read("", set.Names...)
	if err != nil {
		t.Fatal(err)
	}
	fns := Funcs()
	fns["parsedOnce"] = set.Funcs["parsedOnce"]
	for i, want := range []bool{true, false, true} {
		if _, kept, err := parseMetered(template.New("notes.md"), srcs, fns, &budget{}, false); err != nil || kept != want {
			t.Errorf("parse %d after the set was parsed ahead once: kept %v, %v; want %v", i+1, kept, err, want)
		}
	}
}

// TestBudgetTypedFuncs: the functions wrapped without reflection (the
// signatures templates call often) spend the budget and fail as the
// others do: text and lists counted by their size, a table or a number
// by a step, their own errors passed on.
func TestBudgetTypedFuncs(t *testing.T) {
	big := strings.Repeat("x", 1<<16)
	fns := template.FuncMap{
		"text":   func(string) string { return big },
		"num":    func(int) string { return big },
		"textE":  func(any) (string, error) { return big, nil },
		"words":  func(string, ...string) (string, error) { return big, nil },
		"pair":   func(string, string) string { return big },
		"three":  func(int, string, string) string { return big },
		"all":    func(...string) string { return big },
		"format": func(string, ...any) string { return big },
		"list":   func(string, string) []string { return make([]string, 1<<16) },
		"fail":   func(string) (string, error) { return "", errors.New("no such table") },
		"sum":    func(int, int) (int, error) { return 0, errors.New("the sum is too big") },
		"table":  func(string) (rules.Table, error) { return rules.Table{}, nil },
		"pick":   func(rules.Table, ...string) (rules.Table, error) { return rules.Table{}, nil },
	}
	for text, want := range map[string]string{
		`{{ range 20 }}{{ $x := text "a" }}{{ end }}`:        `<text "a">: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := num 1 }}{{ end }}`:           `<num 1>: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := textE 1 }}{{ end }}`:         `<textE 1>: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := words "a" "b" }}{{ end }}`:   `<words "a" "b">: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := pair "a" "b" }}{{ end }}`:    `<pair "a" "b">: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := three 1 "a" "b" }}{{ end }}`: `<three 1 "a" "b">: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := all "a" "b" }}{{ end }}`:     `<all "a" "b">: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := format "a" 1 }}{{ end }}`:    `<format "a" 1>: the template's functions return more than 1048576 bytes`,
		`{{ range 20 }}{{ $x := list "a" "b" }}{{ end }}`:    `<list "a" "b">: the template's functions return more than 1048576 bytes`,
		`{{ fail "a" }}`: `<fail "a">: no such table`,
		`{{ sum 1 2 }}`:  `<sum 1 2>: the sum is too big`,
		// A turn of the loop and its action are two steps (800,000 in
		// all, within the budget: below), the call a third.
		`{{ range 400000 }}{{ $t := table "a" }}{{ end }}`:                    "the template takes more than 1000000 steps",
		`{{ $t := table "a" }}{{ range 400000 }}{{ $u := pick $t }}{{ end }}`: "the template takes more than 1000000 steps",
	} {
		_, _, err := ExecuteLines([]Source{{Name: "x.md", Text: text, From: "club/x.md"}}, fns, nil, nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", text, err, want)
		}
	}
	for _, text := range []string{`{{ range 15 }}{{ $x := text "a" }}{{ end }}{{ table "a" }}`, `{{ $t := table "a" }}{{ range 400000 }}{{ $u := $t }}{{ end }}`} {
		if md, _, err := ExecuteLines([]Source{{Name: "x.md", Text: text, From: "x.md"}}, fns, nil, nil); err != nil {
			t.Errorf("%s: within the budget: %v (%.20q)", text, err, md)
		}
	}
}

// TestTidyAsLines: tidy in one pass over the bytes does what it does line
// by line (tidyRef), for every short mix of text, blanks and spaces.
func TestTidyAsLines(t *testing.T) {
	for _, s := range everyString([]string{"\n", " ", "\t", "a", "\u00a0", "b c"}, 6) {
		md, from := tidy([]byte(s))
		wmd, wfrom := tidyRef([]byte(s))
		if !bytes.Equal(md, wmd) || !slices.Equal(from, wfrom) {
			t.Errorf("tidy(%q) = %q %v; want %q %v", s, md, from, wmd, wfrom)
		}
	}
}

// tidyRef is tidy line by line.
func tidyRef(md []byte) (out []byte, from []int) {
	lines := strings.Split(string(md), "\n")
	var keep []string
	var kept []int // the lines of md kept
	blank := 0
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			blank++
			if blank > 1 {
				continue
			}
			l = ""
		} else {
			blank = 0
		}
		keep = append(keep, strings.TrimRight(l, " \t"))
		kept = append(kept, i)
	}
	// The document starts at its first text and ends with one newline.
	for len(keep) > 0 && keep[0] == "" {
		keep, kept = keep[1:], kept[1:]
	}
	for len(keep) > 0 && keep[len(keep)-1] == "" {
		keep, kept = keep[:len(keep)-1], kept[:len(kept)-1]
	}
	if len(keep) == 0 { // nothing but blanks: one empty line
		return []byte("\n"), []int{0}
	}
	starts := []int{0} // where each line of md starts
	for i, c := range md {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	for _, k := range kept {
		from = append(from, starts[k])
	}
	t := strings.TrimLeftFunc(keep[0], unicode.IsSpace)
	from[0] += len(keep[0]) - len(t)
	keep[0] = t
	keep[len(keep)-1] = strings.TrimRightFunc(keep[len(keep)-1], unicode.IsSpace)
	return []byte(strings.Join(keep, "\n") + "\n"), from
}
