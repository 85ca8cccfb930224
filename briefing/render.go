package briefing

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/layout/tablemap"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/templates"
)

// The templates a briefing is made from; a club's --templates folder may
// replace either.
const (
	BriefingTemplate   = "briefing.md"
	DeploymentTemplate = "deployment.md"
)

// MapMarker is the comment in the briefing's Markdown where the table map
// goes. It must stand on a page of its own, under at most a heading:
//
//	<!-- pagebreak -->
//	## Table map
//	<!-- map -->
//	<!-- pagebreak -->
//
// The PDF draws the map there, the HTML puts a drawing there, and the
// Markdown output lists the map's features there.
const MapMarker = "<!-- map -->"

// Options choose the paper and the templates.
type Options struct {
	Paper     layout.Paper
	Templates string // folder of templates overriding the shipped ones; "" for none
}

// Markdown executes the briefing template over b. The map is left as
// MapMarker for PDF and HTML to fill in.
func (b *Briefing) Markdown(templatesDir string) ([]byte, error) {
	t, err := parse(templatesDir)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, b); err != nil {
		return nil, templateError(err, templatesDir)
	}
	return tidy(buf.Bytes()), nil
}

// parse reads the briefing template and the deployment-sheet template it
// includes ({{template "deployment.md" .}}).
func parse(dir string) (*template.Template, error) {
	root := template.New(BriefingTemplate).Funcs(funcs)
	for _, name := range []string{BriefingTemplate, DeploymentTemplate} {
		text, from, err := templates.Read(dir, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", from, err)
		}
		t := root
		if name != BriefingTemplate {
			t = root.New(name)
		}
		if _, err := t.Parse(text); err != nil {
			return nil, templateError(err, dir)
		}
	}
	return root, nil
}

// tmplPos finds "template: briefing.md:12:5: " in text/template's errors.
var tmplPos = regexp.MustCompile(`^template: ([^:]+):(\d+)(:(\d+))?: `)

// templateError rewrites text/template's "template: briefing.md:12:5: …"
// as "templates/briefing.md:12:5: …", naming the file the text came from.
func templateError(err error, dir string) error {
	msg := err.Error()
	m := tmplPos.FindStringSubmatch(msg)
	if m == nil {
		return err
	}
	_, from, _ := templates.Read(dir, m[1])
	pos := from + ":" + m[2]
	if m[4] != "" {
		pos += ":" + m[4]
	}
	return errors.New(pos + ": " + msg[len(m[0]):])
}

// tidy squeezes the blank lines that template actions leave behind to one.
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

// Title is the briefing's running title.
func (b *Briefing) Title() string { return b.Scenario.Name + " — briefing" }

func (b *Briefing) mdOptions(paper layout.Paper) markdown.Options {
	return markdown.Options{
		Paper:   paper,
		Title:   b.Title(),
		Version: b.Version,
		Source:  b.System.About.Name,
		File:    "briefing " + b.Scenario.ID + " (Markdown from " + BriefingTemplate + ")",
	}
}

// Page geometry of the renderer the map page relies on: the text area
// starts MapTop mm below the paper's top edge once the page heading is
// drawn, and ends MapBottom mm above its bottom edge (margin and footer).
const (
	mapSide   = 8.0
	MapTop    = 27.0
	MapBottom = 17.0
)

// MapBox is where the map goes on its page.
func MapBox(paper layout.Paper) tablemap.Box {
	return tablemap.Box{X: mapSide, Y: MapTop, W: paper.Width - 2*mapSide, H: paper.Height - MapTop - MapBottom}
}

// PDF renders the briefing: the Markdown through layout/markdown, with the
// table map drawn on its page.
func (b *Briefing) PDF(opt Options) ([]byte, error) {
	pdf, _, err := b.Render(opt)
	if err != nil {
		return nil, err
	}
	return layout.Bytes(pdf)
}

// Render is PDF before the bytes: the document and the map's plan (nil
// without a map), for tests to measure.
func (b *Briefing) Render(opt Options) (*fpdf.Fpdf, *tablemap.Plan, error) {
	md, err := b.Markdown(opt.Templates)
	if err != nil {
		return nil, nil, err
	}
	mo := b.mdOptions(opt.Paper)
	pdf, err := markdown.Render(md, mo)
	if err != nil {
		return nil, nil, err
	}
	m := b.Scenario.Map
	if m == nil {
		return pdf, nil, nil
	}
	at := bytes.Index(md, []byte(MapMarker))
	if at < 0 {
		// A club's template without the marker: the map goes last.
		p, err := tablemap.AddPage(pdf, opt.Paper, "Table map — "+b.Scenario.Name, m, b.sideNames())
		return pdf, p, err
	}
	if err := mapAlone(md, at); err != nil {
		return nil, nil, err
	}
	pre, err := markdown.Render(md[:at], mo)
	if err != nil {
		return nil, nil, err
	}
	last := pdf.PageNo()
	pdf.SetPage(pre.PageNo())
	p, err := tablemap.New(pdf, m, b.sideNames(), MapBox(opt.Paper))
	if err != nil {
		return nil, nil, fmt.Errorf("scenario %s: table map: %w", b.Scenario.ID, err)
	}
	p.Draw(pdf)
	pdf.SetPage(last)
	return pdf, p, pdf.Error()
}

// mapAlone checks that the map marker has its page to itself: a page
// break before it with at most a heading between, and a page break (or
// the end) after it.
func mapAlone(md []byte, at int) error {
	const pb = "<!-- pagebreak -->"
	before := string(md[:at])
	if i := strings.LastIndex(before, pb); i >= 0 {
		before = before[i+len(pb):]
	}
	between := strings.TrimSpace(before)
	okBefore := between == "" || (strings.HasPrefix(between, "#") && !strings.Contains(between, "\n"))
	after := strings.TrimSpace(string(md[at+len(MapMarker):]))
	okAfter := after == "" || strings.HasPrefix(after, pb)
	if !okBefore || !okAfter {
		return fmt.Errorf("%s: the table map needs a page of its own: put %s before it (a heading may follow) and %s after %s", BriefingTemplate, pb, pb, MapMarker)
	}
	return nil
}

func (b *Briefing) sideNames() []string {
	var out []string
	for _, s := range b.Scenario.Sides {
		out = append(out, s.Name)
	}
	return out
}

// mapPlaceholder stands for the map in the Markdown given to the HTML
// renderer (which drops comments); it is swapped for the drawing after.
const mapPlaceholder = "PLAYAID-TABLE-MAP"

// HTML renders the briefing as one HTML page, the map as inline SVG.
func (b *Briefing) HTML(opt Options) ([]byte, error) {
	md, err := b.Markdown(opt.Templates)
	if err != nil {
		return nil, err
	}
	md = bytes.Replace(md, []byte(MapMarker), []byte(mapPlaceholder), 1)
	out, err := markdown.HTML(md, b.Title())
	if err != nil {
		return nil, err
	}
	svg := []byte{}
	if m := b.Scenario.Map; m != nil {
		paper := opt.Paper
		if paper.Width == 0 {
			paper = layout.A4
		}
		pdf := layout.NewDoc(paper, "measure")
		box := MapBox(paper)
		box.X, box.Y = 0, 0
		p, err := tablemap.New(pdf, m, b.sideNames(), box)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: table map: %w", b.Scenario.ID, err)
		}
		svg = append([]byte(`<figure class="table-map">`), p.SVG()...)
		svg = append(svg, "</figure>"...)
	}
	return bytes.Replace(out, []byte("<p>"+mapPlaceholder+"</p>"), svg, 1), nil
}

// MarkdownText is the briefing as Markdown to read or edit: the map
// marker is replaced by a list of the map's features.
func (b *Briefing) MarkdownText(opt Options) ([]byte, error) {
	md, err := b.Markdown(opt.Templates)
	if err != nil {
		return nil, err
	}
	return bytes.Replace(md, []byte(MapMarker), []byte(MapText(b.Scenario.Map)), 1), nil
}

// MapText describes a table map in words: board size, and each feature
// with its place in inches from the top-left corner.
func MapText(m *catalog.Map) string {
	if m == nil {
		return ""
	}
	var sb strings.Builder
	if m.Suggested {
		sb.WriteString("*Suggested layout: the scenario prints no table map.*\n\n")
	}
	fmt.Fprintf(&sb, "Board %s × %s in. Places are in inches from the top-left corner (across, down)", num(m.Width.Inches()), num(m.Depth.Inches()))
	if m.Top != "" || m.Bottom != "" {
		fmt.Fprintf(&sb, "; the %s table edge is at the top, the %s edge at the bottom", m.Top, m.Bottom)
	}
	sb.WriteString(".\n\n| Feature | Kind | Side | Where |\n|---|---|---|---|\n")
	for _, f := range m.Features {
		fmt.Fprintf(&sb, "| %s | %s | %s | %s |\n", cell(f.Label), cell(f.Kind), cell(f.Side), cell(where(f)))
	}
	return sb.String()
}

func where(f catalog.Feature) string {
	switch f.Shape {
	case "rect":
		return fmt.Sprintf("%s–%s across, %s–%s down", num(f.X), num(f.X+f.W), num(f.Y), num(f.Y+f.H))
	case "circle":
		return fmt.Sprintf("centre %s, %s; radius %s", num(f.X), num(f.Y), num(f.R))
	case "point":
		return fmt.Sprintf("%s, %s", num(f.X), num(f.Y))
	}
	var pts []string
	for _, p := range f.Points {
		if len(p) == 2 {
			pts = append(pts, "("+num(p[0])+", "+num(p[1])+")")
		}
	}
	return strings.Join(pts, " → ")
}

func num(v float64) string {
	return strconv.FormatFloat(float64(int64(v*1000+0.5*sign(v)))/1000, 'f', -1, 64)
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// The template functions.
var funcs = template.FuncMap{
	"esc":      esc,
	"sentence": sentence,
	// line is a writing line of n underscores for the forms.
	"line":      func(n int) string { return strings.Repeat(`\_`, n) },
	"cell":      cell,
	"odds":      odds,
	"join":      strings.Join,
	"add":       func(a, b int) int { return a + b },
	"lower":     strings.ToLower,
	"upper":     strings.ToUpper,
	"inches":    func(l catalog.Length) string { return num(l.Inches()) },
	"html":      html.EscapeString,
	"mapMarker": func() string { return MapMarker },
	"plural": func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	},
}

// esc escapes text from the data for Markdown.
func esc(s string) string { return templates.Escape(s) }

// sentence is esc for a sentence from the data, ending it with a full
// stop if it has none.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if r, _ := utf8.DecodeLastRuneInString(s); s != "" && !strings.ContainsRune(".!?…", r) {
		s += "."
	}
	return esc(s)
}

// cell is esc for a table cell; an empty cell gets a dash.
func cell(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return esc(s)
}

// odds prints an odds table as a GFM table with its notes under it.
func odds(t *rules.Table) string {
	if t == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(templates.OddsTable(*t, esc))
	for _, n := range t.Notes {
		b.WriteString("\n*" + esc(n) + "*\n")
	}
	return b.String()
}
