package document

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/templates"
)

// Source is one template file: its name (what {{template "name"}} calls
// it), its text, and where the text came from, as the user named it
// ("templates/briefing.md", "club/briefing.md"), for messages.
type Source struct {
	Name, Text, From string
}

// Read reads the named templates: each from dir when it holds a file of
// that name (a club's --templates folder), else the shipped one.
func Read(dir string, names ...string) ([]Source, error) {
	var out []Source
	for _, name := range names {
		text, from, err := templates.Read(dir, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", from, err)
		}
		out = append(out, Source{Name: name, Text: text, From: from})
	}
	return out, nil
}

// Funcs are the functions every template may call, whichever document it
// makes. A generator adds its own (see Execute).
func Funcs() template.FuncMap {
	return template.FuncMap{
		"esc":      Esc,
		"cell":     cellOf,
		"sentence": func(s string) string { return Esc(Sentence(s)) },
		"inch":     Inch,
		"inches":   Inches,
		"signed":   Signed,
		"pct":      pctOf,
		"intp":     Intp,
		"plural":   Plural,
		"odds":     oddsOf,
		"join":     strings.Join,
		"add":      func(a, b int) int { return a + b },
		"seq":      seq,
		"lower":    strings.ToLower,
		"upper":    strings.ToUpper,
	}
}

// cellOf is Cell for text or for a cell of an engine table.
func cellOf(v any) (string, error) {
	switch c := v.(type) {
	case string:
		return Cell(c), nil
	case rules.Cell:
		return Cell(c.String()), nil
	}
	return "", fmt.Errorf("cell: want text or a table cell, got %T", v)
}

// pctOf is Pct for a probability or a cell of an engine table.
func pctOf(v any) (string, error) {
	switch p := v.(type) {
	case *big.Rat:
		return Pct(p), nil
	case rules.Cell:
		if p.P == nil {
			return "", fmt.Errorf("pct: the cell is not a probability (%s)", p.String())
		}
		return Pct(p.P), nil
	}
	return "", fmt.Errorf("pct: want a probability, got %T", v)
}

// oddsOf prints an engine table as a GFM table with its notes in italics
// under it, each its own paragraph; nothing for no table.
func oddsOf(t *rules.Table) string {
	if t == nil {
		return ""
	}
	return oddsTable(*t, Esc(t.Corner))
}

// oddsTable is oddsOf with the corner cell given as Markdown (it may
// carry footnote references).
func oddsTable(t rules.Table, corner string) string {
	var b strings.Builder
	b.WriteString(oddsTableCorner(t, corner))
	for _, n := range t.Notes {
		b.WriteString("\n*" + Esc(n) + "*\n")
	}
	return b.String()
}

// seq returns from, from+1 … to.
func seq(from, to int) []int {
	var s []int
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

// Execute parses the sources (the first is the one executed; the others
// are parsed beside it, for {{template "name" .}}) with Funcs and the
// generator's own funcs, executes it over data, and returns the Markdown
// with its blank lines tidied and the definitions of the footnotes notes
// collected (nil for none) at the end. Every error in a template, in
// parsing or executing it, is a diag.Diag at its place in the file the
// user gave: "club/briefing.md:12:5: <.Sides>: …".
func Execute(srcs []Source, funcs template.FuncMap, data any, notes *Notes) ([]byte, error) {
	if len(srcs) == 0 {
		return nil, errors.New("no template to execute")
	}
	root := template.New(srcs[0].Name).Option("missingkey=error").Funcs(Funcs())
	if notes != nil {
		// An engine table's quoted source notes become footnotes of
		// their rulings, not words on the page (see Notes.Know).
		root.Funcs(template.FuncMap{"odds": notes.odds})
	}
	root.Funcs(funcs)
	for i, s := range srcs {
		t := root
		if i > 0 {
			t = root.New(s.Name)
		}
		if _, err := t.Parse(s.Text); err != nil {
			return nil, placed(err, srcs)
		}
	}
	var buf bytes.Buffer
	if err := root.Execute(&buf, data); err != nil {
		return nil, placed(err, srcs)
	}
	md := tidy(buf.Bytes())
	buf.Reset()
	buf.Write(md)
	notes.write(&buf)
	return buf.Bytes(), nil
}

// tmplErr reads text/template's "template: NAME:LINE[:COL]: " and, in an
// execution error, the "executing "NAME" at " and "error calling F: "
// that follow (the place and the action say as much).
var (
	tmplErr = regexp.MustCompile(`^template: (.+?):(\d+)(?::(\d+))?: (?:executing "[^"]*" at )?`)
	calling = regexp.MustCompile(`^(<.*?>: )error calling \w+: `)
	quoted  = regexp.MustCompile(`"([^"]+)"|\{\{[^}]*\}\}`)
)

// placed turns a text/template error into a diag.Diag at the file the
// named template came from. A parse error carries no column: it is found
// from what the message quotes, else the line's first action.
func placed(err error, srcs []Source) error {
	msg := err.Error()
	m := tmplErr.FindStringSubmatch(msg)
	if m == nil {
		return err
	}
	var src *Source
	for i := range srcs {
		if srcs[i].Name == m[1] {
			src = &srcs[i]
		}
	}
	if src == nil {
		return err
	}
	line, _ := strconv.Atoi(m[2])
	rest := calling.ReplaceAllString(msg[len(m[0]):], "$1")
	col := column(src.Text, line, rest)
	if m[3] != "" {
		// text/template counts bytes from 0: a column counts characters
		// from 1.
		b, _ := strconv.Atoi(m[3])
		col = runeCol(lineOf(src.Text, line), b)
	}
	return diag.Diag{File: src.From, Line: line, Col: col, Msg: rest}
}

// lineOf returns line n (from 1) of text, or "".
func lineOf(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// runeCol is the column, counted in characters from 1, of byte offset b
// of line l.
func runeCol(l string, b int) int {
	return utf8.RuneCountInString(l[:min(max(b, 0), len(l))]) + 1
}

// column guesses where on the line a parse error stands: at the first
// thing the message quotes that the line holds after its first action's
// start, else at that action, else at the start of the line.
func column(text string, line int, msg string) int {
	l := lineOf(text, line)
	start := max(strings.Index(l, "{{"), 0)
	for _, q := range quoted.FindAllStringSubmatch(msg, -1) {
		tok := q[1]
		if tok == "" {
			tok = q[0]
		}
		if i := strings.Index(l[start:], tok); i >= 0 {
			return runeCol(l, start+i)
		}
	}
	return runeCol(l, start)
}

// tidy squeezes the blank lines that template actions leave behind to one
// and drops trailing spaces, so the Markdown reads as if written by hand.
func tidy(md []byte) []byte {
	lines := strings.Split(string(md), "\n")
	var out []string
	blank := 0
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			blank++
			if blank > 1 {
				continue
			}
			l = ""
		} else {
			blank = 0
		}
		out = append(out, strings.TrimRight(l, " \t"))
	}
	return []byte(strings.TrimSpace(strings.Join(out, "\n")) + "\n")
}
