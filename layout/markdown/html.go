package markdown

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// htmlExtras renders what the PDF renderer gives a meaning to and plain
// goldmark does not: directives, <br>, chart and calibration blocks; and
// what it renders otherwise: runs of footnote marks (as the PDF prints
// them) and tables (in a box that scrolls sideways on a narrow screen).
// A footnote prints its label as its mark, beside the words and before
// its line, as in the PDF.
type htmlExtras struct {
	decode Decoder        // a chart's TOML (Options.Decode)
	labels map[int]string // the footnotes' labels by index, set once parsed
}

func (e *htmlExtras) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, e.fenced)
	reg.Register(ast.KindHTMLBlock, htmlBlock)
	reg.Register(ast.KindRawHTML, htmlRaw)
	reg.Register(east.KindFootnoteLink, e.footnoteLink)
	reg.Register(east.KindFootnote, e.footnote)
	reg.Register(east.KindTable, htmlTable)
}

// footnote prints a footnote's line, its mark first.
func (e *htmlExtras) footnote(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	fn := n.(*east.Footnote)
	if entering {
		fmt.Fprintf(w, `<li id="fn:%d"><b class="fn-mark">%s</b> `, fn.Index, html.EscapeString(string(fn.Ref)))
	} else {
		w.WriteString("</li>\n")
	}
	return ast.WalkContinue, nil
}

// markNames gives the cells of tables that hold names — lines of at
// most phraseWords words, as the PDF keeps whole — the class "name", which
// the CSS keeps on one line, and cells of prose (more than twice that) the
// class "text", which the CSS keeps wide enough to read: a table that
// grows too wide for a phone scrolls in its box rather than breaking
// "Assault Tripod" or setting a rule one word a line.
func markNames(doc ast.Node, src []byte) {
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != east.KindTableCell {
			return ast.WalkContinue, nil
		}
		words, most := 0, 0 // of a line, of the longest line
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.RawHTML:
				if isBr(c.Segments.Value(src)) {
					words = 0 // a new line
				}
			case *east.FootnoteLink:
			default:
				words += len(bytes.Fields(inlineText(c, src)))
				most = max(most, words)
			}
		}
		switch {
		case most == 0:
		case most <= phraseWords:
			n.SetAttributeString("class", "name")
		case most > 2*phraseWords:
			n.SetAttributeString("class", "text")
		}
		return ast.WalkSkipChildren, nil
	})
}

// inlineText is the text of an inline node and its children.
func inlineText(n ast.Node, src []byte) []byte {
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Value(src)
	}
	var b []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b = append(b, inlineText(c, src)...)
		b = append(b, ' ')
	}
	return b
}

// tableBox opens the box a table scrolls in: a region a keyboard can
// reach (Tab, then the arrow keys scroll it), named for a screen reader.
func tableBox(w util.BufWriter, label string) {
	fmt.Fprintf(w, `<div class="table" tabindex="0" role="region" aria-label="%s">`+"\n", html.EscapeString(label))
}

// labelKey is the attribute labelTables leaves on a table node for
// htmlTable; extension.TableAttributeFilter does not print it.
var labelKey = []byte("playaid-label")

// labelTables names every table for its scroll box: the heading it stands
// under ("Weapons"), with its number when more than one table stands
// under that heading ("Weapons, table 2"); "Table N" before any heading.
// On the way it leaves the page one h1 (see below).
func labelTables(doc ast.Node, src []byte) {
	heading, count, tables, h1 := "", 0, 0, false
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindHeading:
			if h := n.(*ast.Heading); h.Level == 1 {
				if h1 {
					// A page has one h1: a later part (a sheet on a page of
					// its own in print) is an h2 that looks like one.
					h.Level = 2
					h.SetAttributeString("class", "part")
				}
				h1 = true
			}
			heading, count = strings.Join(strings.Fields(string(inlineText(n, src))), " "), 0
			return ast.WalkSkipChildren, nil
		case east.KindTable:
			count++
			tables++
			label := heading
			switch {
			case heading == "":
				label = fmt.Sprintf("Table %d", tables)
			case count > 1:
				label = fmt.Sprintf("%s, table %d", heading, count)
			}
			n.SetAttribute(labelKey, label)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// htmlTable is goldmark's table in a div that scrolls sideways when the
// table is wider than the page, so a wide table never widens the page.
func htmlTable(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		label := "Table"
		if v, ok := n.Attribute(labelKey); ok {
			label, _ = v.(string) // TableAttributeFilter keeps it off the table
		}
		tableBox(w, label)
		w.WriteString("<table")
		if n.Attributes() != nil {
			gmhtml.RenderAttributes(w, n, extension.TableAttributeFilter)
		}
		w.WriteString(">\n")
	} else {
		w.WriteString("</table>\n</div>\n")
	}
	return ast.WalkContinue, nil
}

// htmlFootnoteLink prints a run of footnote marks at its first link as the
// PDF does: sorted, without repeats, separated by commas ("⁴,⁵", not
// "⁵⁴"), with a thin space before a number that follows. Every link keeps
// the id the footnote's back link points to.
func (e *htmlExtras) footnoteLink(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	if _, ok := n.PreviousSibling().(*east.FootnoteLink); ok {
		return ast.WalkSkipChildren, nil // printed with the run's first mark
	}
	links, after := markRun(n)
	id := func(l *east.FootnoteLink) string {
		if l.RefIndex > 0 {
			return fmt.Sprintf("fnref%d:%d", l.RefIndex, l.Index)
		}
		return fmt.Sprintf("fnref:%d", l.Index)
	}
	w.WriteString(`<sup class="fn">`)
	for i, label := range markLabels(links, e.labels) {
		if i > 0 {
			w.WriteString(",")
		}
		first := true
		for _, l := range links {
			if e.labels[l.Index] != label {
				continue
			}
			if first {
				fmt.Fprintf(w, `<a id="%s" href="#fn:%d" class="footnote-ref" role="doc-noteref">%s</a>`, id(l), l.Index, html.EscapeString(label))
				first = false
			} else {
				fmt.Fprintf(w, `<span id="%s"></span>`, id(l)) // a repeat: only its id
			}
		}
	}
	w.WriteString("</sup>")
	if numberFollows(after, src) {
		w.WriteString("&#8201;")
	}
	return ast.WalkSkipChildren, nil
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

func (h *htmlExtras) fenced(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
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
		if s, errs := parseChart(h.decode, "chart", body, 1); len(errs) == 0 {
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

// htmlChart prints a chart's numbers as a table, its percentages as the
// sheets print theirs (see percent).
func htmlChart(w util.BufWriter, s chartSpec) {
	label := s.Title
	if label == "" {
		label = "Chart"
	}
	tableBox(w, label)
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
			fmt.Fprintf(w, `<td style="text-align:right">%s</td>`, percent(y))
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</tbody>\n</table>\n</div>\n")
}

// percent prints a chance given in percent as the sheets' tables print
// chances (dice.Percent with no decimals): whole percents, rounded half
// away from zero, and "<1%" or ">99%" for what is possible but would round
// to impossible or certain — so a chart's numbers read the same as the
// table beside it ("<1%", not "0.42%").
func percent(v float64) string {
	switch n := math.Round(v); {
	case v <= 0 || v >= 100:
		return fmtNum(v) + "%"
	case n == 0:
		return "<1%"
	case n == 100:
		return ">99%"
	default:
		return fmtNum(n) + "%"
	}
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
h2.part { font-size: 1.9em; border-bottom: 2px solid #1d3557; }
h3 { font-size: 1.12em; }
h4 { font-size: 1em; }
.table { overflow-x: auto; margin: .6em 0; }
.table:focus-visible { outline: 3px solid #1d3557; outline-offset: 2px; }
td.name, th.name { white-space: nowrap; }
td.text { min-width: 12em; }
table { border-collapse: collapse; width: 100%; }
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
.footnotes ol { list-style: none; padding-left: 0; }
.footnotes li > p { display: inline; }
.fn-mark { color: #1d3557; }
.pagebreak { break-after: page; page-break-after: always; }
a { color: inherit; }
sup.fn { font-size: .7em; line-height: 0; }
sup.fn a { text-decoration: none; font-weight: bold; color: #1d3557; }
main { overflow-wrap: break-word; }
@media (max-width: 30em) { body { margin: .8em auto; padding: 0 .6em; } th, td { padding: .2em .35em; } }
@media print { body { margin: 0; max-width: none; padding: 0; } a { text-decoration: none; } }
`
