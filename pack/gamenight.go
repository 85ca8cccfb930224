package pack

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/markers"
)

// A game night is one scenario's share of the print pack, gathered for
// the organiser: two PDFs in print order, one to print single-sided and
// one double-sided, the first opening with a page that says what to
// print, how many copies, what to cut and about how long cutting takes.
// 'playaid game' writes it and the web app hands out the same bytes.

// NightOptions choose a game night's lists and copies.
type NightOptions struct {
	// Players at the table: a copy of the reference sheet and of the
	// reference cards each. At least one for each side (the default).
	Players int
	// Lists are the sides' lists, by side; a side without one (nil, or
	// past the end) plays the ready-made list of the pack that is its.
	Lists []*army.Report
	// Names are the lists' names in Lists, as the club saved them.
	Names []string
}

// MaxPlayers bounds a game night's players: a whole club's night; more
// copies than that are the printer's business.
const MaxPlayers = 100

// Night is a game night: its documents in print order.
type Night struct {
	System   *catalog.System
	Scenario *catalog.Scenario
	Players  int
	Single   []NightDoc // to print single-sided, after the first page
	Double   []NightDoc // to print double-sided, flipping on the long edge
	// Bring are the sides with no list: their players bring their own.
	Bring []string
}

// NightDoc is one document of a game night: what the first page calls
// it, how many copies, and what there is to cut from it.
type NightDoc struct {
	Doc
	Title  string // "Briefing: The Boys of Company C"
	Copies int
	Who    string // who gets it: "one for each side"
	Note   string // what else to know of it: "the last page is the secret deployment sheet …"
	side   string // "Martians: " where Title names the side before its list, and Who names it
	Cut    string // what to cut from it, "" for nothing
	// cutMin is about how long cutting one copy takes, in minutes, per
	// sheet of paper to cut: cutSheets, or every sheet it prints on.
	cutMin, cutSheets int
	// countCut says the cover counts the pieces to cut on the paper it
	// prints for (cutCount), a marker sheet's range sticks being cut
	// into more pieces on Letter.
	countCut bool
}

// Minutes of cutting a sheet of paper takes, with scissors or a craft
// knife and a ruler: a sheet of nine cards, a sheet of markers.
const (
	cardSheetMinutes   = 4
	markerSheetMinutes = 5
)

// Night gathers the game night of scenario sc of rule set sys, from the
// pack's documents (a club's list is laid out as the pack's are).
func (pk *Pack) Night(sys *catalog.System, sc *catalog.Scenario, o NightOptions) (*Night, error) {
	cat := pk.cat
	sides := len(sc.Sides)
	players := o.Players
	if players == 0 {
		players = max(sides, 1)
	}
	if players > MaxPlayers {
		return nil, fmt.Errorf("%d players: a game night prints for at most %d", players, MaxPlayers)
	}
	if players < max(sides, 1) {
		return nil, fmt.Errorf("%s cannot play %s: it has %d sides, and each needs a player", document.Count(players, "player", "players"), sc.Name, sides)
	}
	for i, r := range o.Lists {
		if r == nil {
			continue
		}
		if err := r.Plays(sc, i); err != nil {
			return nil, fmt.Errorf("%s cannot play %s: %v", r.List.Name, sc.Sides[i].Name, err)
		}
	}
	b, err := briefing.New(sys, sc, cat.Version())
	if err != nil {
		return nil, err
	}
	n := &Night{System: sys, Scenario: sc, Players: players}
	if d, ok := pk.Find(Briefing, sys, sc); ok {
		nd := NightDoc{Doc: d, Title: "Briefing: " + sc.Name, Copies: max(sides, 1), Who: "one for each side"}
		if b.Sheet != nil {
			nd.Note = "the last page is the secret deployment sheet, for " + b.Sheet.Side + " alone"
		}
		n.Single = append(n.Single, nd)
	}
	for i, r := range n.lists(pk, o) {
		if r == nil {
			if i < sides {
				n.Bring = append(n.Bring, sc.Sides[i].Name)
			}
			continue
		}
		d, ok := pk.example(r)
		if !ok {
			name := "list"
			if i < len(o.Names) && o.Names[i] != "" {
				name = o.Names[i]
			}
			d = ListDoc(cat, ArmyFile(name), r, pk.opt)
		}
		side, who := "", "for the player of the side"
		if i < sides {
			who = "for " + sc.Sides[i].Name
			if !strings.EqualFold(sc.Sides[i].Name, r.List.Name) { // "Boys of Company C: Boys of Company C" says it twice
				side = sc.Sides[i].Name + ": "
			}
		}
		cards, err := army.CardCount(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.List.Name, err)
		}
		nd := NightDoc{Doc: d, Title: "Roster and unit cards: " + side + r.List.Name, Copies: 1, Who: who, side: side}
		if cards > 0 {
			nd.Cut, nd.cutMin, nd.cutSheets = document.Count(cards, "unit card", "unit cards"), cardSheetMinutes, (cards+8)/9
		}
		n.Single = append(n.Single, nd)
	}
	for _, s := range referenceSystems(cat, sys) {
		if d, ok := pk.Find(Reference, s, nil); ok {
			n.Single = append(n.Single, NightDoc{Doc: d, Title: "Quick reference: " + s.About.Name, Copies: players, Who: "one for each player"})
		}
	}
	if d, ok := pk.Find(Markers, sys, nil); ok {
		// The scenario's own numbers of the markers it needs, as its
		// briefing asks for them.
		// The closing line names this scenario and its own blip sheet.
		var sheets []string
		if b.MarkerSet.Blips != "" {
			sheets = []string{"“" + b.MarkerSet.BlipSheet + "”"}
		}
		d = d.withCounts(b.MarkerSet.Counts, sheetNote(sys, d.Kinds, b.MarkerSet.Counts, "“"+sc.Name+"”", sheets))
		what := pieces(sys, d.Kinds)
		n.Single = append(n.Single, NightDoc{Doc: d, Title: strings.ToUpper(what[:1]) + what[1:] + ": " + sys.About.Name, Copies: 1, Who: "for the table",
			Cut: "the " + what, countCut: true, cutMin: markerSheetMinutes})
	}
	if d, ok := pk.Find(Blips, sys, sc); ok {
		n.Double = append(n.Double, NightDoc{Doc: d, Title: "Blips: " + sc.Name, Copies: 1, Who: "for the hidden side",
			Cut: "the blips and decoys", cutMin: markerSheetMinutes})
	}
	for _, s := range referenceSystems(cat, sys) {
		if d, ok := pk.Find(Cards, s, nil); ok {
			n.Double = append(n.Double, NightDoc{Doc: d, Title: "Reference cards: " + s.About.Name, Copies: players, Who: "a deck for each player",
				Cut: "the reference cards", cutMin: cardSheetMinutes})
		}
	}
	return n, nil
}

// pieces says what a marker sheet of kinds holds to cut out, by their
// shapes: "markers, templates and range sticks".
func pieces(sys *catalog.System, kinds []string) string {
	var words []string
	for _, k := range kinds {
		w := "markers"
		if m := sys.Marker(k); m != nil {
			switch m.Shape {
			case "template":
				w = "templates"
			case "ruler":
				w = "range sticks"
			}
		}
		if !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	slices.SortStableFunc(words, func(a, b string) int {
		return slices.Index(pieceOrder, a) - slices.Index(pieceOrder, b)
	})
	return document.And(words)
}

// cutCount says how many pieces a marker file d prints to cut, by their
// shapes, as on the sheets: "39 markers, 1 template and 4 range-stick
// pieces".
func cutCount(sys *catalog.System, d Doc, p layout.Paper) (string, error) {
	if d.marks == nil {
		return "the " + pieces(sys, d.Kinds), nil
	}
	opt := *d.marks
	opt.Paper = p
	by, err := markers.Pieces([]*catalog.System{sys}, opt)
	if err != nil {
		return "", d.wrap(err)
	}
	count := map[string]int{}
	for k, n := range by {
		w := "markers"
		if m := sys.Marker(k); m != nil && m.Shape == "template" {
			w = "templates"
		} else if m != nil && m.Shape == "ruler" {
			w = "range sticks"
		}
		count[w] += n
	}
	var out []string
	for _, w := range pieceOrder {
		n := count[w]
		switch {
		case n == 0:
		case w == "markers":
			out = append(out, document.Count(n, "marker", "markers"))
		case w == "templates":
			out = append(out, document.Count(n, "template", "templates"))
		default:
			out = append(out, document.Count(n, "range-stick piece", "range-stick pieces"))
		}
	}
	if len(out) == 0 {
		return "the " + pieces(sys, d.Kinds), nil
	}
	return document.And(out), nil
}

var pieceOrder = []string{"markers", "templates", "range sticks"}

// referenceSystems are the rule sets whose reference a game of sys needs:
// sys, and the rule set it adds to.
func referenceSystems(cat *catalog.Catalog, sys *catalog.System) []*catalog.System {
	out := []*catalog.System{sys}
	if base := cat.System(sys.About.AddOnTo); base != nil {
		out = append([]*catalog.System{base}, out...)
	}
	return out
}

// lists are the sides' lists: the chosen one, else the ready-made list
// that names the side (side = "…"); a side left over takes a ready-made
// list left over, in order.
func (n *Night) lists(pk *Pack, o NightOptions) []*army.Report {
	var ready []*army.Report
	for _, d := range pk.Docs {
		if d.Kind == Army && d.List.System == n.System && d.List.List.Scenario == n.Scenario.ID {
			ready = append(ready, d.List)
		}
	}
	sides := n.Scenario.Sides
	out := make([]*army.Report, max(len(sides), len(ready), len(o.Lists)))
	chosen := func(i int) bool { return i < len(o.Lists) && o.Lists[i] != nil }
	for i := range out {
		if chosen(i) {
			out[i] = o.Lists[i]
		}
	}
	used := map[*army.Report]bool{}
	for _, r := range ready {
		if r.Side == nil {
			continue
		}
		for i, sd := range sides {
			if sd.Name == r.Side.Name && out[i] == nil {
				out[i], used[r] = r, true
				break
			}
		}
	}
	for i := range out {
		if out[i] != nil || chosen(i) {
			continue
		}
		for _, r := range ready {
			if !used[r] {
				out[i], used[r] = r, true
				break
			}
		}
	}
	return out
}

// example is the pack's document of a ready-made list.
func (pk *Pack) example(r *army.Report) (Doc, bool) {
	for _, d := range pk.Docs {
		if d.Kind == Army && d.List == r {
			return d, true
		}
	}
	return Doc{}, false
}

// Files names a game night's two PDFs.
func (n *Night) Files() (single, double string) {
	return "game-night-" + n.Scenario.ID + "-1-single-sided.pdf", "game-night-" + n.Scenario.ID + "-2-double-sided.pdf"
}

// Render makes the game night's two PDFs on paper p: the single-sided
// one opening with the page that says what to print, then the double-
// sided one, where each document starts on the front of a sheet.
func (n *Night) Render(ctx context.Context, p layout.Paper) ([]File, error) {
	var docs []Doc
	for _, d := range append(append([]NightDoc(nil), n.Single...), n.Double...) {
		docs = append(docs, d.Doc)
	}
	files, err := Render(ctx, p, docs)
	if err != nil {
		return nil, err
	}
	pages := make([]int, len(files))
	for i, f := range files {
		if pages[i], err = pageCount(f.Data); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	single, double := files[:len(n.Single)], files[len(n.Single):]
	// The first page numbers the pages of both files; it is one page
	// itself, or as many as it takes.
	coverPages := 1
	var cover []byte
	for range 3 {
		cover, err = n.cover(p, pages, coverPages)
		if err != nil {
			return nil, err
		}
		c, err := pageCount(cover)
		if err != nil {
			return nil, err
		}
		if c == coverPages {
			break
		}
		coverPages = c
	}
	pieces := []piece{{pdf: cover}}
	for _, f := range single {
		pieces = append(pieces, piece{pdf: f.Data})
	}
	one, err := merge(pieces, p, "Game night: "+n.Scenario.Name+" (single-sided)")
	if err != nil {
		return nil, err
	}
	pieces = nil
	for i, f := range double {
		pieces = append(pieces, piece{pdf: f.Data})
		if pages[len(single)+i]%2 == 1 {
			pieces = append(pieces, piece{blank: true}) // the next starts on a front
		}
	}
	names := [2]string{}
	names[0], names[1] = n.Files()
	out := []File{{Name: names[0], Data: one}}
	if len(pieces) > 0 {
		two, err := merge(pieces, p, "Game night: "+n.Scenario.Name+" (double-sided)")
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: names[1], Data: two})
	}
	return out, nil
}

// cover is the first page: what to print, from which pages, how many
// copies, what to cut and about how long it takes. It speaks the game:
// no file names.
func (n *Night) cover(p layout.Paper, pages []int, coverPages int) ([]byte, error) {
	var b strings.Builder
	esc := document.Esc
	fmt.Fprintf(&b, "# Game night: %s\n\n", esc(n.Scenario.Name))
	fmt.Fprintf(&b, "%s, %s. Print everything at 100 %% (actual size), with “fit to page” off.\n\n",
		esc(n.System.About.Name), document.Count(n.Players, "player", "players"))
	minutes := 0
	var cutErr error
	// The page's title names the scenario and its first line the rule
	// set: a line names a document by its kind alone ("Briefing",
	// "Quick reference"), the rule set too where the night has two; a
	// roster's side is said once, under For.
	one := true
	for _, d := range append(append([]NightDoc(nil), n.Single...), n.Double...) {
		one = one && d.System == n.System
	}
	what := func(d NightDoc) string {
		w := strings.Replace(strings.TrimSuffix(d.Title, ": "+n.Scenario.Name), ": "+d.side, ": ", 1)
		if one {
			w = strings.TrimSuffix(w, ": "+n.System.About.Name)
		}
		return w
	}
	table := func(docs []NightDoc, first int, pgs []int) {
		b.WriteString("| Pages | What | Copies | For | To cut |\n|---|---|---|---|---|\n")
		var notes []string
		page := first
		for i, d := range docs {
			last := page + pgs[i] - 1
			span := fmt.Sprintf("%d–%d", page, last)
			if last == page {
				span = fmt.Sprint(page)
			}
			cut := "–"
			if d.Cut != "" {
				cut = esc(d.Cut)
				if d.countCut {
					c, err := cutCount(d.System, d.Doc, p)
					if err != nil && cutErr == nil {
						cutErr = err
					}
					cut = esc(c)
				}
				sheets := pgs[i]
				switch {
				case d.cutSheets > 0:
					sheets = d.cutSheets
				case d.Duplex:
					sheets = (pgs[i] + 1) / 2
				}
				minutes += sheets * d.cutMin * d.Copies
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s |\n", span, esc(what(d)), d.Copies, esc(d.Who), cut)
			if d.Note != "" {
				notes = append(notes, what(d)+" ("+span+"): "+d.Note+".")
			}
			page = last + 1
			if d.Duplex && pgs[i]%2 == 1 {
				page++ // the blank back
			}
		}
		b.WriteString("\n")
		for _, note := range notes {
			b.WriteString(esc(note) + "\n\n")
		}
	}
	b.WriteString("## First file: print single-sided\n\n")
	fmt.Fprintf(&b, "This page is page 1%s. Print each line's pages as many times as it says.\n\n", map[bool]string{true: fmt.Sprintf("–%d", coverPages), false: ""}[coverPages > 1])
	table(n.Single, coverPages+1, pages[:len(n.Single)])
	if len(n.Bring) > 0 {
		fmt.Fprintf(&b, "No list is ready for %s: %s their own army list.\n\n", esc(document.And(n.Bring)), map[bool]string{true: "its player brings", false: "each player brings"}[len(n.Bring) == 1])
	}
	if len(n.Double) > 0 {
		b.WriteString("## Second file: print double-sided, flipping on the long edge\n\n")
		b.WriteString("The backs line up with the fronts only printed this way; every document starts on the front of a sheet.\n\n")
		table(n.Double, 1, pages[len(n.Single):])
	}
	if cutErr != nil {
		return nil, cutErr
	}
	b.WriteString("## Cutting\n\n")
	if minutes > 0 {
		fmt.Fprintf(&b, "About %s with scissors, or a craft knife and a steel ruler: some %d minutes a sheet of cards and %d a sheet of markers. Measure the 100 mm bar on a marker or card sheet before you cut.\n",
			duration(minutes), cardSheetMinutes, markerSheetMinutes)
	} else {
		b.WriteString("Nothing to cut.\n")
	}
	l, err := markdown.Measure([]byte(b.String()), markdown.Options{Paper: p, Title: "Game night: " + n.Scenario.Name, BaseSize: 9, Margin: 12, File: "game night first page"})
	if err != nil {
		return nil, err
	}
	return l.PDF()
}

// duration is minutes in words: "50 minutes", "1 hour 20 minutes".
func duration(min int) string {
	h, m := min/60, min%60
	switch {
	case h == 0:
		return document.Count(m, "minute", "minutes")
	case m == 0:
		return document.Count(h, "hour", "hours")
	}
	return document.Count(h, "hour", "hours") + " " + document.Count(m, "minute", "minutes")
}
