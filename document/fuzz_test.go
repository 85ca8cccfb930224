package document

import (
	"bytes"
	"math/big"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/rules"
)

// fuzzData is what a fuzzed club template executes over: text with
// Markdown's special characters, lists, numbers, a probability and an
// engine table, as the generators' data have.
type fuzzData struct {
	Title string
	Names []string
	Rows  []fuzzRow
	N     int
	P     *big.Rat
	Table *rules.Table
	Notes map[string]string
}

type fuzzRow struct {
	Name, Text string
	Count      int
}

func newFuzzData() fuzzData {
	return fuzzData{
		Title: "Club *sheet* | with [brackets] & <tags>",
		Names: []string{"Rifles", "Heat Ray", "Tripod — Assault", "6\" range", "#hash", "|pipe|"},
		Rows:  []fuzzRow{{"Infantry", "Moves 6\".", 4}, {"Cavalry", "Charges\nfar.", 2}, {"", "", 0}},
		N:     7,
		P:     big.NewRat(7, 20),
		Table: &rules.Table{Corner: "Roll", Columns: []string{"1", "2", "3"}, Rows: []rules.Row{
			{Label: "Hit", Cells: []rules.Cell{{P: big.NewRat(1, 2)}, {P: big.NewRat(1, 3)}, {P: big.NewRat(1, 6)}}},
		}, Notes: []string{"A note."}},
		Notes: map[string]string{"a": "first", "b": "second"},
	}
}

// fuzzSeeds are club templates of every kind of Markdown the renderer
// draws: headings, tables, lists, footnotes, charts, directives, code.
var fuzzSeeds = []string{
	"# {{ esc .Title }}\n\n{{ range .Names }}- {{ esc . }}\n{{ end }}",
	"# Odds\n\n{{ odds .Table }}\n\nChance: {{ pct .P }}.\n",
	"| Name | Text | n |\n|---|---|--:|\n{{ range .Rows }}| {{ cell .Name }} | {{ cell .Text }} | {{ .Count }} |\n{{ end }}",
	"<!-- columns: 2 -->\n\n## A\n\ntext[^1]\n\n<!-- columnbreak -->\n\n## B\n\n<!-- pagebreak -->\n\n[^1]: {{ index .Notes \"a\" }}\n",
	"```chart\ntitle = \"Chances\"\nx = [1, 2, 3]\ny_max = 100\n[[series]]\nname = \"hit\"\ny = [50, 30, 10]\n```\n",
	"{{ define \"row\" }}**{{ .Name }}** {{ plural .Count \"stand\" \"stands\" }}{{ end }}{{ range .Rows }}{{ template \"row\" . }}\n\n{{ end }}",
	"{{ range $i := seq 1 .N }}{{ $i }}. {{ signed (add $i -4) }}\n{{ end }}",
	"```\ncode {{ upper .Title }}\n```\n\n> quote {{ lower .Title }}\n\n***\n\n~~gone~~ *it* **bold**",
	"```calibration\n```\n",
	"{{ with .Rows }}{{ len . }} rows{{ else }}none{{ end }}{{ printf \"%05d\" .N }}",
}

// FuzzClubTemplate runs fuzzed template text as a club's --templates file
// through the whole document pipeline: document.ExecuteLines, then
// layout/markdown to PDF bytes and to HTML. It must never panic or stall
// (the template budget bounds every execution, and with it the Markdown
// the renderer gets); every message names the template file, at a line
// of it, or the renderer's Markdown as a whole; every line of the
// Markdown knows where in the template it came from.
func FuzzClubTemplate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	data := newFuzzData()
	const file = "club/aqotmf.md"
	mo := markdown.Options{Paper: layout.A4, Title: "Fuzz", File: "Markdown of " + file}
	f.Fuzz(func(t *testing.T, text string) {
		md, lines, err := ExecuteLines([]Source{{Name: "aqotmf.md", Text: text, From: file}}, nil, data, nil)
		if err != nil {
			placedIn(t, err, file, "")
			return
		}
		if n := bytes.Count(md, []byte("\n")); len(lines) != n {
			t.Fatalf("%d lines of Markdown, %d places", n, len(lines))
		}
		mdLines := strings.Split(string(md), "\n")
		for i, p := range lines {
			if p.File == "" && mdLines[i] == "" {
				continue // an empty document's one line
			}
			if p.File != file || p.Line < 1 || p.Col < 1 || p.Verbatim < 0 || p.Verbatim > len(mdLines[i]) {
				t.Fatalf("line %d %q comes from %v", i+1, mdLines[i], p)
			}
		}
		pdf, err := Render(md, PDF, mo)
		if err != nil {
			placedIn(t, lines.Place(err, mo.File), file, mo.File)
			return
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[max(len(pdf)-32, 0):], []byte("%%EOF")) {
			t.Fatal("not a whole PDF")
		}
		if _, err := Render(md, HTML, mo); err != nil {
			t.Fatalf("HTML: %v", err)
		}
	})
}

// placedIn checks that every message of err stands in the template file
// at a line, or in the renderer's Markdown (whole).
func placedIn(t *testing.T, err error, file, whole string) {
	t.Helper()
	msg := err.Error()
	if strings.Contains(msg, "panic") || strings.Contains(msg, "runtime error") {
		t.Fatalf("a crash: %v", err)
	}
	for _, l := range strings.Split(msg, "\n") {
		switch {
		case strings.HasPrefix(l, file+":"):
		case whole != "" && strings.HasPrefix(l, whole+": "):
		default:
			t.Fatalf("a message not placed in %s: %q", file, l)
		}
	}
}
