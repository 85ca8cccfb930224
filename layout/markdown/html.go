package markdown

import (
	"bytes"
	"fmt"
	"html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// htmlExtras renders what the PDF renderer gives a meaning to and plain
// goldmark does not: directives, <br>, chart and calibration blocks.
type htmlExtras struct{}

func (htmlExtras) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, htmlFenced)
	reg.Register(ast.KindHTMLBlock, htmlBlock)
	reg.Register(ast.KindRawHTML, htmlRaw)
}

func blockBody(n ast.Node, src []byte) []byte {
	var b bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		b.Write(s.Value(src))
	}
	return b.Bytes()
}

func htmlFenced(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	fc := n.(*ast.FencedCodeBlock)
	lang := string(fc.Language(src))
	body := blockBody(n, src)
	switch lang {
	case "calibration":
		return ast.WalkSkipChildren, nil
	case "chart":
		if s, errs := parseChart("chart", body, 1); len(errs) == 0 {
			htmlChart(w, s)
			return ast.WalkSkipChildren, nil
		}
	}
	w.WriteString("<pre><code")
	if lang != "" {
		fmt.Fprintf(w, ` class="language-%s"`, html.EscapeString(lang))
	}
	w.WriteString(">")
	w.WriteString(html.EscapeString(string(body)))
	w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

// htmlChart prints a chart's numbers as a table.
func htmlChart(w util.BufWriter, s chartSpec) {
	w.WriteString(`<table class="chart">` + "\n")
	if s.Title != "" {
		fmt.Fprintf(w, "<caption>%s</caption>\n", html.EscapeString(s.Title))
	}
	fmt.Fprintf(w, "<thead><tr><th>%s</th>", html.EscapeString(s.XLabel))
	for _, x := range s.X {
		fmt.Fprintf(w, `<th style="text-align:right">%s</th>`, fmtNum(x))
	}
	w.WriteString("</tr></thead>\n<tbody>\n")
	for _, se := range s.Series {
		fmt.Fprintf(w, "<tr><th>%s</th>", html.EscapeString(se.Name))
		for _, y := range se.Y {
			fmt.Fprintf(w, `<td style="text-align:right">%s%%</td>`, fmtNum(y))
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</tbody>\n</table>\n")
}

func htmlBlock(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	body := blockBody(n, src)
	if hb := n.(*ast.HTMLBlock); hb.HasClosure() {
		body = append(body, hb.ClosureLine.Value(src)...)
	}
	if d, _ := parseDirective(string(body)); d.kind == dirPageBreak {
		w.WriteString(`<div class="pagebreak"></div>` + "\n")
	}
	return ast.WalkSkipChildren, nil
}

func htmlRaw(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering && isBr(n.(*ast.RawHTML).Segments.Value(src)) {
		w.WriteString("<br>")
	}
	return ast.WalkSkipChildren, nil
}

// css is small and print-first: the page is meant to be printed from a
// browser as well as read on a phone.
const css = `@page { size: auto; margin: 12mm; }
body { font-family: "Go", "Helvetica Neue", Arial, sans-serif; font-size: 10pt; line-height: 1.35;
  color: #1a1a1a; max-width: 48em; margin: 1.5em auto; padding: 0 1em; }
h1, h2, h3 { color: #1d3557; line-height: 1.2; break-after: avoid; page-break-after: avoid; }
h1 { font-size: 1.9em; border-bottom: 2px solid #1d3557; padding-bottom: .1em; }
h2 { font-size: 1.35em; border-bottom: 1px solid #a0a8b2; margin-top: 1.2em; }
h3 { font-size: 1.12em; }
h4 { font-size: 1em; }
table { border-collapse: collapse; width: 100%; margin: .6em 0; }
th, td { padding: .2em .45em; vertical-align: top; text-align: left; }
thead th { background: #dce4ee; border-bottom: 1px solid #1d3557; }
tbody tr:nth-child(even) { background: #f3f5f8; }
tbody tr:last-child { border-bottom: 1px solid #1d3557; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
caption { font-weight: bold; color: #1d3557; text-align: left; }
code, pre { font-family: "Go Mono", Menlo, Consolas, monospace; font-size: .92em; background: #eceef1; }
code { padding: 0 .15em; }
pre { padding: .5em .7em; overflow-x: auto; }
pre code { padding: 0; }
blockquote { margin: .6em 0; padding: .3em .8em; background: #eef2f6; border-left: 3px solid #1d3557; }
blockquote > :first-child { margin-top: 0; } blockquote > :last-child { margin-bottom: 0; }
hr { border: 0; border-top: 1px solid #a0a8b2; }
.footnotes { font-size: .85em; }
.footnotes hr { width: 8em; margin-left: 0; }
.pagebreak { break-after: page; page-break-after: always; }
a { color: inherit; }
@media print { body { margin: 0; max-width: none; padding: 0; } a { text-decoration: none; } }
`
