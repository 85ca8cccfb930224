package briefing

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/tablemap"
)

// The templates a briefing is made from; a club's --templates folder may
// replace either.
const (
	BriefingTemplate   = "briefing.md"
	DeploymentTemplate = "deployment.md"
)

// MapMarker is the comment in the briefing's Markdown where the table map
// goes. The map takes the rest of the page it lands on, so nothing but a
// page break (or the end) may follow it:
//
//	## Table map
//	<!-- map -->
//	<!-- pagebreak -->
//
// The PDF draws the map there — under the text on its page when it fits
// there at 1 cm = 5 in or larger, else on a page of its own (a page break
// goes in before its heading) — the HTML puts a drawing there, and the
// Markdown output lists the map's features there.
const MapMarker = "<!-- map -->"

// mapShareScale is the smallest scale, in inches to the centimetre, at
// which the table map shares a page with the text before it: smaller, its
// terrain and labels would crowd, and it gets a page of its own.
const mapShareScale = 5.0

const pageBreak = "<!-- pagebreak -->"

// footDefs are the footnotes' definitions the pipeline writes at the end
// of the Markdown: they print under what marks them, not where they stand.
var footDefs = regexp.MustCompile(`(?m)^\[\^[^\]\s]+\]: .*$`)

// Options choose the paper and the templates.
type Options struct {
	Paper     layout.Paper
	Templates string // folder of templates overriding the shipped ones; "" for none
	// Marks, when set, records where the readings' marks land.
	Marks *document.Marks
}

// Markdown executes the briefing template over b. The map is left as
// MapMarker for PDF and HTML to fill in.
func (b *Briefing) Markdown(templatesDir string) ([]byte, error) {
	md, _, _, err := b.markdown(templatesDir)
	return md, err
}

// markdown is Markdown with where its lines came from and its footnotes:
// the readings it marks.
func (b *Briefing) markdown(templatesDir string) ([]byte, document.Lines, *document.Notes, error) {
	srcs, err := document.Read(templatesDir, templateNames...)
	if err != nil {
		return nil, nil, nil, err
	}
	notes := &document.Notes{}
	notes.Know(b.System.Notes...)
	md, lines, err := document.ExecuteLines(srcs, b.funcs(notes), b, notes)
	return md, lines, notes, err
}

// templateNames are the templates a briefing executes: the briefing,
// and the secret deployment sheet it calls.
var templateNames = []string{BriefingTemplate, DeploymentTemplate}

// Templates are the shipped templates every briefing executes, with their
// functions (see document.ParseShipped).
func Templates() document.Set {
	return document.Set{Names: templateNames, Funcs: (&Briefing{}).funcs(nil)}
}

// Title is the briefing's running title.
func (b *Briefing) Title() string { return b.Scenario.Name + " — briefing" }

func (b *Briefing) mdOptions(paper layout.Paper) markdown.Options {
	return markdown.Options{
		Paper:  paper,
		Title:  b.Title(),
		Stamp:  b.System.Edition(),
		Source: b.System.About.Name,
		File:   "briefing " + b.Scenario.ID + " (Markdown from " + BriefingTemplate + ")",
		Decode: document.DecodeTOML,
	}
}

// mapGap is the room between the map page's heading and the map.
const mapGap = 3.0

// mapSpot is where the map goes: on page, in box.
type mapSpot struct {
	page int
	box  tablemap.Box
}

// spotOf finds where the map goes in the laid-out Markdown whose marker
// is at byte at: across the renderer's text area, from mapGap under what
// the Markdown before the marker puts on its last page (the page's
// heading) to the bottom of the text area. The renderer says where its
// text goes (markdown.TextArea, Layout.EndBefore), so the box follows its
// margins, header and footer.
func spotOf(l *markdown.Layout, md []byte, at int, mo markdown.Options) (mapSpot, error) {
	x, top, w, h, err := markdown.TextArea(mo)
	if err != nil {
		return mapSpot{}, err
	}
	page, end := l.EndBefore(bytes.Count(md[:at], []byte("\n")) + 1)
	y := end + mapGap
	return mapSpot{page, tablemap.Box{X: x, Y: y, W: w, H: top + h - y}}, nil
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
func (b *Briefing) Render(opt Options) (_ *fpdf.Fpdf, _ *tablemap.Plan, err error) {
	md, lines, notes, err := b.markdown(opt.Templates)
	if err != nil {
		return nil, nil, err
	}
	mo := b.mdOptions(opt.Paper)
	// The renderer's messages about the Markdown name the template's place.
	defer func() { err = lines.Place(err, mo.File) }()
	// What was laid out last is what prints: its marks are recorded.
	var l *markdown.Layout
	defer func() {
		if err == nil {
			opt.Marks.Laid(l, notes)
		}
	}()
	m := b.Scenario.Map
	at := bytes.Index(md, []byte(MapMarker))
	if m != nil && at >= 0 {
		if err := mapLast(md, at); err != nil {
			return nil, nil, err
		}
		mo = b.planned(md, at, mo)
	}
	src, err := markdown.Prepare(md, mo) // parsed once for placeMap's tries
	if err != nil {
		return nil, nil, err
	}
	if l, err = src.Measure(mo); err != nil {
		return nil, nil, err
	}
	if m == nil || at < 0 {
		lines.NoteFitted(l.Fitted(), mo.File)
		pdf, err := l.Render(0)
		if err != nil || m == nil {
			return pdf, nil, err
		}
		// A club's template without the marker: the map goes last.
		p, err := tablemap.AddPage(pdf, opt.Paper, "Table map — "+b.Scenario.Name, m, b.System.MapKinds, b.sideNames())
		return pdf, p, err
	}
	own, spot, l, _, err := b.placeMap(src, md, at, l, mo)
	if err != nil {
		return nil, nil, err
	}
	lines = lines.Follow(md, own)
	lines.NoteFitted(l.Fitted(), mo.File)
	pdf, err := l.Render(0)
	if err != nil {
		return nil, nil, err
	}
	last := pdf.PageNo()
	pdf.SetPage(spot.page)
	p, err := tablemap.New(pdf, m, b.System.MapKinds, b.sideNames(), spot.box)
	if err != nil {
		return nil, nil, fmt.Errorf("scenario %s: table map: %w", b.Scenario.ID, err)
	}
	p.Draw(pdf)
	pdf.SetPage(last)
	return pdf, p, pdf.Error()
}

// placeMap finds where the map goes in md, laid out as l, whose marker is
// at byte at: on the page the text ends on, where it fits there at
// mapShareScale or larger — with tighter space between the blocks if
// need be, rather than a page of its own after a page half empty — else
// on a page of its own, a page break put before its heading. src is md
// parsed. It returns the Markdown (md, or md with that page break), the
// spot, the layout to draw and the options it was laid out with.
func (b *Briefing) placeMap(src *markdown.Source, md []byte, at int, l *markdown.Layout, mo markdown.Options) ([]byte, mapSpot, *markdown.Layout, markdown.Options, error) {
	spot, err := spotOf(l, md, at, mo)
	if err != nil || onOwnPage(md, at) || b.fits(spot.box, mo) {
		return md, spot, l, mo, err
	}
	for _, k := range []float64{0.8, 0.6} {
		tight := mo
		tight.Tight = k
		tl, err := src.Measure(tight)
		if err != nil {
			return nil, spot, nil, mo, err
		}
		if ts, err := spotOf(tl, md, at, tight); err == nil && tl.Pages == l.Pages && b.fits(ts.box, tight) {
			return md, ts, tl, tight, nil
		}
	}
	// A page of its own: laid out again with the page break.
	own, oat, err := ownPage(md, at)
	if err != nil {
		return nil, spot, nil, mo, err
	}
	if l, err = markdown.Measure(own, mo); err != nil {
		return nil, spot, nil, mo, err
	}
	spot, err = spotOf(l, own, oat, mo)
	return own, spot, l, mo, err
}

// planned is mo for the Markdown whose map marker is at byte at: the
// renderer keeps a short section on one page only where the map still
// fits where it did, as a map pushed to a page of its own costs that
// page.
func (b *Briefing) planned(md []byte, at int, mo markdown.Options) markdown.Options {
	plain := mo
	own := onOwnPage(md, at) // the same for every layout
	mo.Pages = func(l *markdown.Layout) int {
		if own {
			return l.Pages
		}
		if spot, err := spotOf(l, md, at, plain); err != nil || !b.fits(spot.box, plain) {
			return l.Pages + 1
		}
		return l.Pages
	}
	return mo
}

// mapLast checks that nothing but a page break (or the end, and the
// footnotes' definitions) follows the map marker: the map takes the rest
// of its page.
func mapLast(md []byte, at int) error {
	// The first line after the marker that is neither blank nor a
	// footnote's definition (footDefs) must be the page break.
	after := ""
	for l := range strings.Lines(string(md[at+len(MapMarker):])) {
		l = strings.TrimSuffix(l, "\n")
		if t := strings.TrimSpace(l); t != "" && !footDefs.MatchString(l) {
			after = t
			break
		}
	}
	if after != "" && !strings.HasPrefix(after, pageBreak) {
		return fmt.Errorf("%s: the table map takes the rest of its page: put %s after %s", BriefingTemplate, pageBreak, MapMarker)
	}
	return nil
}

// fits reports whether the map shares its page with the text before it:
// whether box, the rest of that page, holds it at mapShareScale or
// larger. Else it gets a page of its own — a page break goes in before
// its heading (or before the marker when no heading leads it).
func (b *Briefing) fits(box tablemap.Box, mo markdown.Options) bool {
	if box.H <= 0 {
		return false
	}
	key := fitKey{mo.Paper, box}
	if b.fitted != nil {
		if fit, ok := b.fitted.Load(key); ok {
			return fit.(bool)
		}
	}
	// A blank document to measure the legend's words on: the fonts it asks
	// for are registered as it goes.
	per, err := tablemap.PerCM(layout.NewBlankDoc(mo.Paper, "measure"), b.Scenario.Map, b.System.MapKinds, b.sideNames(), box)
	fit := err == nil && per <= mapShareScale
	if b.fitted != nil {
		b.fitted.Store(key, fit)
	}
	return fit
}

// fitKey is what fits answers for: the map's box on a paper. A
// briefing's layouts are weighed many times over (the renderer's page
// count, placeMap's tries), most with the map where another left it, so
// each Briefing remembers the answers (Briefing.fitted).
type fitKey struct {
	paper layout.Paper
	box   tablemap.Box
}

// onOwnPage reports whether the map marker starts its page already: at
// most a heading stands between it and a page break before it.
func onOwnPage(md []byte, at int) bool {
	i := bytes.LastIndex(md[:at], []byte(pageBreak))
	if i < 0 {
		return false
	}
	between := bytes.TrimSpace(md[i+len(pageBreak) : at])
	return len(between) == 0 || (between[0] == '#' && !bytes.Contains(between, []byte("\n")))
}

// ownPage puts a page break before the map's heading (the line before the
// marker, when it is one) or before the marker.
func ownPage(md []byte, at int) ([]byte, int, error) {
	if onOwnPage(md, at) {
		return md, at, nil
	}
	cut := at
	before := strings.TrimRight(string(md[:at]), " \n")
	if nl := strings.LastIndex(before, "\n"); strings.HasPrefix(before[nl+1:], "#") {
		cut = nl + 1
	}
	brk := []byte(pageBreak + "\n\n")
	out := append(append(append([]byte(nil), md[:cut]...), brk...), md[cut:]...)
	return out, at + len(brk), nil
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
func (b *Briefing) HTML(opt Options) (_ []byte, err error) {
	md, lines, _, err := b.markdown(opt.Templates)
	if err != nil {
		return nil, err
	}
	mo := b.mdOptions(opt.Paper)
	// The renderer's messages about the Markdown name the template's place.
	defer func() { err = lines.Place(err, mo.File) }()
	// The drawing is as large as on a map page of its own.
	var box tablemap.Box
	if at := bytes.Index(md, []byte(MapMarker)); at >= 0 && b.Scenario.Map != nil {
		own, at, err := ownPage(md, at)
		if err != nil {
			return nil, err
		}
		l, err := markdown.Measure(own, mo)
		if err != nil {
			return nil, lines.Follow(md, own).Place(err, mo.File)
		}
		s, err := spotOf(l, own, at, mo)
		if err != nil {
			return nil, err
		}
		box = s.box
	}
	md = bytes.Replace(md, []byte(MapMarker), []byte(mapPlaceholder), 1)
	out, err := markdown.HTML(md, markdown.Options{Title: b.Title(), File: mo.File, Decode: document.DecodeTOML})
	if err != nil {
		return nil, err
	}
	svg := []byte{}
	if m := b.Scenario.Map; m != nil && box.W > 0 {
		paper := opt.Paper
		if paper.Width == 0 {
			paper = layout.A4
		}
		pdf := layout.NewDoc(paper, "measure")
		box.X, box.Y = 0, 0
		p, err := tablemap.New(pdf, m, b.System.MapKinds, b.sideNames(), box)
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
	fmt.Fprintf(&sb, "Board %s × %s in. Places are in inches from the top-left corner (across, down)", document.Inches(m.Width), document.Inches(m.Depth))
	if m.Top != "" || m.Bottom != "" {
		fmt.Fprintf(&sb, "; the %s table edge is at the top, the %s edge at the bottom", m.Top, m.Bottom)
	}
	sb.WriteString(".\n\n| Feature | Kind | Side | Where |\n|---|---|---|---|\n")
	for _, f := range m.Features {
		fmt.Fprintf(&sb, "| %s | %s | %s | %s |\n", document.Cell(f.Label), document.Cell(f.Kind), document.Cell(f.Side), document.Cell(where(f)))
	}
	return sb.String()
}

func where(f catalog.Feature) string {
	switch f.Shape {
	case "rect":
		return fmt.Sprintf("%s–%s across, %s–%s down", document.Number(f.X), document.Number(f.X+f.W), document.Number(f.Y), document.Number(f.Y+f.H))
	case "circle":
		return fmt.Sprintf("centre %s, %s; radius %s", document.Number(f.X), document.Number(f.Y), document.Number(f.R))
	case "point":
		return fmt.Sprintf("%s, %s", document.Number(f.X), document.Number(f.Y))
	}
	var pts []string
	for _, p := range f.Points {
		if len(p) == 2 {
			pts = append(pts, "("+document.Number(p[0])+", "+document.Number(p[1])+")")
		}
	}
	return strings.Join(pts, " → ")
}

// maxLine is the longest writing line a form may ask for.
const maxLine = 1000

// funcs are the briefing's own template functions, beside
// document.Funcs: those of every briefing, and the references to the
// readings it prints, among notes.
func (b *Briefing) funcs(notes *document.Notes) template.FuncMap {
	fm := template.FuncMap{
		// reading is the reference to the reading with the id: its
		// mark where the template puts it.
		"reading": func(id string) string {
			if n := b.System.Reading(id); n != nil {
				return notes.Source(*n)
			}
			return ""
		},
		// rulings are the references to the readings of this scenario
		// (or of none) that touch any of the topics ("victory",
		// "game-length", "map").
		"rulings": func(topics ...string) string { return notes.Sources(b.readings(topics...)) },
		// governed are the references to the readings whose governed
		// words the text prints (a tie-breaker), after it.
		"governed": func(text string) string { return notes.Sources(b.System.Governed(text, document.Typo)) },
		// marked is the book's text (a special rule's paragraph)
		// with the reference to each reading whose governed words it
		// prints right after those words.
		"marked": func(text string) string {
			s, rest := document.Marked(text, b.System.Governed(text, document.Typo), notes.Sources)
			return s + notes.Sources(rest)
		},
		// unlabelled is a force line's text without the label the
		// heading it prints under already says ("Reinforcements: 1
		// Unit of Rough Riders" under Reinforcements).
		"unlabelled": func(text, label string) string {
			if head, rest, ok := strings.Cut(text, ":"); ok && strings.EqualFold(strings.TrimSpace(head), label) {
				return strings.TrimSpace(rest)
			}
			return text
		},
		// markedBy is marked for the readings with the ids alone (a
		// marker's note, whose count carries the scenario's own
		// reading): a table cell's text.
		"markedBy": func(text string, ids []string) string {
			var ns []catalog.Note
			for _, id := range ids {
				if n := b.System.Reading(id); n != nil {
					ns = append(ns, *n)
				}
			}
			if len(ns) == 0 {
				return document.Cell(text)
			}
			s, rest := document.Marked(text, ns, notes.Sources)
			return s + notes.Sources(rest)
		},
	}
	for k, f := range funcs {
		fm[k] = f
	}
	return fm
}

// readings are the rule set's readings touching any of the topics that
// are this scenario's, or no scenario's.
func (b *Briefing) readings(topics ...string) []catalog.Note {
	var out []catalog.Note
	for _, n := range b.System.NotesTouching(topics...) {
		other := slices.ContainsFunc(n.Touches, func(t string) bool { return t != b.Scenario.ID && b.System.Scenario(t) != nil })
		mine := slices.Contains(n.Touches, b.Scenario.ID)
		if n.IsReading() && (mine || !other) {
			out = append(out, n)
		}
	}
	return out
}

var funcs = template.FuncMap{
	// line is a writing line of n underscores for the forms: at most
	// maxLine, which is several times a page's width at the smallest
	// type, so that the text is bounded before it is made.
	"line": func(n int) (string, error) {
		if n < 0 || n > maxLine {
			return "", fmt.Errorf("line %d: expected a length from 0 to %d underscores", n, maxLine)
		}
		return strings.Repeat(`\_`, n), nil
	},
	"html":      html.EscapeString,
	"mapMarker": func() string { return MapMarker },
}
