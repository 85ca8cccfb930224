package web

import (
	"cmp"
	"errors"
	"html/template"
	"net/http"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/refcards"
)

// homeView is the home page: the club's lists, and per rule set the
// documents to print and the lists to start.
type homeView struct {
	chrome
	Lists    []listRow
	Groups   []listGroup // the lists by rule set and scenario
	Deleted  string      // a list just deleted, offered back
	More     int
	Checking int // lists still being checked (judge.go)
	MaxLists int
	Dir      string
	ListsErr string
	Systems  []systemView
	Paper    string // "" for A4, "letter"
	PackErr  string // what kept part of the print pack off the page
}

// listGroup is the lists of a rule set and scenario (or of none).
type listGroup struct {
	Title string
	Lists []listRow
}

type listRow struct {
	Side     string // the side, else the faction
	Name     string
	Army     string
	System   string
	Scenario string
	Points   string
	Status   string // VALID, INVALID, UNREADABLE
	Problems string // "2 errors, 1 warning"
	First    string // the first error, for an unreadable file
	// HTML is the row as the page shows it, made with its verdict
	// (judge.go): a page of a thousand lists copies them.
	HTML template.HTML
}

type systemView struct {
	ID, Name, Short, Summary string
	AddOn                    string
	Army                     bool        // lists can be built for it
	Sheet                    string      // its reference sheet and rules notes, by id; "" for none
	Cards                    string      // its reference cards, by id; "" for none
	Markers                  string      // what its marker sheet holds; "" when the print pack has none
	MarkersFold              bool        // its pieces have backs: a fold-over sheet too
	Forces                   []forceView // ready-made lists for no one scenario
	Factions                 []string    // a list for no scenario plays one of them
	Scenarios                []scenarioView
}

type scenarioView struct {
	ID, Name  string
	Sides     []sideView
	Blips     bool        // the print pack has its blips
	BlipsFold bool        // and their fold-over sheet
	Forces    []forceView // ready-made lists of its sides
}

type sideView struct {
	Index   int
	Name    string
	Points  int
	Faction string
}

// sidePoints is what a side of a scenario builds to: its force list's
// points, else the scenario's points for every army.
func sidePoints(sc catalog.Scenario, sd catalog.Side) int {
	pts := sd.Total
	if pts == 0 {
		for _, fc := range sd.Forces {
			pts += fc.Points
		}
	}
	if pts == 0 {
		pts = sc.Points
	}
	return pts
}

// forceView is a ready-made list of the print pack: roster and unit cards.
type forceView struct {
	Name string // the army's name
	ID   string // the download's: army-ID.pdf
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	p, ok := s.paper(w, r)
	if !ok {
		return
	}
	v := &homeView{chrome: chrome{Title: "Lists and print pack", Nav: "lists"}, Dir: s.listsShown(), MaxLists: maxLists}
	if p.Name != "a4" {
		v.Paper = p.Name
	}
	files, more, err := s.lists.files()
	if err != nil {
		v.ListsErr = err.Error()
	}
	v.More = more
	judged, pending := s.verdicts(files)
	for _, k := range judged {
		v.Lists = append(v.Lists, k.row)
	}
	v.Checking = pending
	v.Groups = groupLists(v.Lists)
	if d := r.URL.Query().Get("deleted"); checkName(d) == nil && !s.lists.exists(d) {
		if fi, err := s.lists.root.Lstat(trashName(d)); err == nil && fi.Mode().IsRegular() {
			v.Deleted = d
		}
	}
	sheetOf, cardsOf := map[string]string{}, map[string]string{}
	for _, sh := range referenceSheets(s.cat) {
		sheetOf[sh.System] = sh.ID
	}
	for _, dk := range refcards.All(s.cat) {
		cardsOf[dk.System] = dk.ID
	}
	plan := s.docs.plan()
	if plan.Err != nil {
		v.PackErr = plan.Err.Error()
	}
	for _, sys := range s.cat.Systems {
		sv := systemView{ID: sys.ID, Name: sys.About.Name, Short: sys.About.Short, Summary: sys.About.Summary,
			Army: army.Kind(sys) != "", Sheet: sheetOf[sys.ID], Cards: cardsOf[sys.ID], Factions: sys.About.Factions}
		if base := s.cat.System(sys.About.AddOnTo); base != nil {
			sv.AddOn = base.About.Name
		}
		blips := map[string]bool{}
		for _, d := range plan.Docs {
			switch {
			case d.System != sys:
			case d.Kind == pack.Blips:
				_, fold := d.Fold()
				blips[d.Scenario.ID] = fold
			case d.Kind == pack.Markers:
				sv.Markers = markerNames(sys, d.Kinds)
				_, sv.MarkersFold = d.Fold()
			}
		}
		for _, sc := range sys.Scenarios {
			fold, ok := blips[sc.ID]
			scv := scenarioView{ID: sc.ID, Name: sc.Name, Blips: ok, BlipsFold: fold}
			for i, sd := range sc.Sides {
				pts := 0
				for _, fc := range sd.Forces {
					pts += fc.Points
				}
				if pts == 0 {
					pts = sc.Points // every army builds to the scenario's points
				}
				scv.Sides = append(scv.Sides, sideView{Index: i, Name: sd.Name, Points: pts})
			}
			sv.Scenarios = append(sv.Scenarios, scv)
		}
		for _, d := range plan.Docs {
			if d.Kind != pack.Army || d.System != sys {
				continue
			}
			fv := forceView{Name: d.List.List.Name, ID: strings.TrimSuffix(strings.TrimPrefix(d.Name, "army-"), ".pdf")}
			i := slices.IndexFunc(sv.Scenarios, func(sc scenarioView) bool { return sc.ID == d.List.List.Scenario })
			if i < 0 {
				sv.Forces = append(sv.Forces, fv) // a list for no one scenario
				continue
			}
			sv.Scenarios[i].Forces = append(sv.Scenarios[i].Forces, fv)
		}
		v.Systems = append(v.Systems, sv)
	}
	s.render(w, r, http.StatusOK, "home", v)
}

// markerNames says what a marker sheet holds: "Dug In, Tow Cable, …".
func markerNames(sys *catalog.System, kinds []string) string {
	var names []string
	for _, k := range kinds {
		if m := sys.Marker(k); m != nil && m.Name != "" {
			k = m.Name
		}
		names = append(names, k)
	}
	return strings.Join(names, ", ")
}

// groupLists groups the rows by rule set and scenario, in the order they
// first come (the rows are sorted by name); those being checked, then
// unreadable files, last.
func groupLists(rows []listRow) []listGroup {
	var out []listGroup
	at := map[string]int{}
	for _, r := range rows {
		title := r.System
		switch {
		case r.Status == "CHECKING":
			title = "Lists being checked"
		case title == "":
			title = "Lists that cannot be read"
		case strings.EqualFold(r.Scenario, r.System):
			// A rule set of one scenario that bears its name
			// (Evacuation: Mars): named once.
		case r.Scenario != "":
			title += " · " + r.Scenario
		default:
			title += " · no scenario"
		}
		i, ok := at[title]
		if !ok {
			i = len(out)
			at[title] = i
			out = append(out, listGroup{Title: title})
		}
		out[i].Lists = append(out[i].Lists, r)
	}
	slices.SortStableFunc(out, func(a, b listGroup) int {
		last := func(t string) int {
			switch t {
			case "Lists being checked":
				return 1
			case "Lists that cannot be read":
				return 2
			}
			return 0
		}
		if c := cmp.Compare(last(a.Title), last(b.Title)); c != 0 {
			return c
		}
		return strings.Compare(a.Title, b.Title)
	})
	return out
}

// docName splits "id.pdf" into the id and the format.
func docName(file string) (id, format string, ok bool) {
	for _, f := range []string{fmtPDF, fmtHTML} {
		if id, found := strings.CutSuffix(file, "."+f); found && id != "" {
			return id, f, true
		}
	}
	return "", "", false
}

// sendDoc hands out a generated document: a PDF as a download under the
// name the CLI gives it (on Letter, onPaper's), HTML shown in the browser, sandboxed (the
// templates are the club's, not this server's).
func (s *Server) sendDoc(w http.ResponseWriter, r *http.Request, format, file string, data []byte, err error) {
	if errors.Is(err, errNoDoc) {
		s.fail(w, r, http.StatusNotFound, "There is no such document.")
		return
	}
	if format == fmtHTML {
		if err == nil {
			data, err = s.readingFrame(data)
		}
		w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:")
		s.send(w, r, "text/html; charset=utf-8", "", data, err)
		return
	}
	s.send(w, r, "application/pdf", file, data, err)
}

// render makes a document on the chosen paper.
type render func(p layout.Paper) ([]byte, error)

// docHandler answers /docs/KIND/…/ID.FORMAT: find names the document's
// download name and how to make it, or nil when there is no such
// document (missing says so).
func (s *Server) docHandler(missing string, find func(r *http.Request, id, format string) (file string, mk render)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, ok := s.paper(w, r)
		if !ok {
			return
		}
		var file string
		var mk render
		if id, format, ok := docName(r.PathValue("file")); ok {
			file, mk = find(r, id, format)
		}
		if mk == nil {
			s.fail(w, r, http.StatusNotFound, missing)
			return
		}
		data, err := mk(p)
		s.sendDoc(w, r, strings.TrimPrefix(filepath.Ext(file), "."), onPaper(file, p), data, err)
	}
}

// The documents of the print pack, under the names the CLI writes them;
// the whole pack as one zip; each scenario's game night.
func (s *Server) docRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /docs/print-pack.zip", func(w http.ResponseWriter, r *http.Request) {
		p, ok := s.paper(w, r)
		if !ok {
			return
		}
		data, err := s.docs.packZip(r.Context(), p)
		s.send(w, r, "application/zip", "print-pack-"+p.Name+".zip", data, err)
	})
	mux.HandleFunc("GET /game/{system}/{scenario}", s.gamePage)
	mux.HandleFunc("GET /game/{system}/{scenario}/{file}", s.gameDownload)
	mux.HandleFunc("GET /docs/reference/{file}", s.docHandler("There is no such reference sheet.", func(r *http.Request, id, format string) (string, render) {
		file, ok := referenceFile(s.cat, id, format)
		if !ok {
			return "", nil
		}
		return file, func(p layout.Paper) ([]byte, error) { return s.docs.reference(id, format, p) }
	}))
	mux.HandleFunc("GET /docs/briefing/{system}/{file}", s.docHandler("There is no such scenario.", func(r *http.Request, id, format string) (string, render) {
		sys := s.cat.System(r.PathValue("system"))
		if sys == nil || sys.Scenario(id) == nil {
			return "", nil
		}
		sc := sys.Scenario(id)
		return "briefing-" + sc.ID + "." + format, func(p layout.Paper) ([]byte, error) { return s.docs.briefingDoc(sys, sc, format, p) }
	}))
	mux.HandleFunc("GET /docs/notes/{file}", s.docHandler("There are no rules notes for this rule set.", func(r *http.Request, id, format string) (string, render) {
		file, ok := notesFile(s.cat, id, format)
		if !ok {
			return "", nil
		}
		return file, func(p layout.Paper) ([]byte, error) { return s.docs.notes(id, format, p) }
	}))
	mux.HandleFunc("GET /docs/cards/{file}", s.docHandler("There are no reference cards for this rule set.", func(r *http.Request, id, format string) (string, render) {
		// reference-cards-ID.pdf for duplex, -fold and -print-shop beside it.
		way := ""
		for _, w := range cardWays {
			if base, ok := strings.CutSuffix(id, w); ok {
				id, way = base, w
			}
		}
		dk, err := refcards.Lookup(s.cat, id)
		if err != nil || format != fmtPDF {
			return "", nil
		}
		name := strings.TrimSuffix(dk.FileName(format), "."+format) + way + "." + format
		return name, func(p layout.Paper) ([]byte, error) { return s.docs.cards(id, way, p) }
	}))
	// A print shop's images of a deck, one PNG a card face, zipped.
	mux.HandleFunc("GET /docs/card-images/{file}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := strings.CutSuffix(r.PathValue("file"), ".zip")
		dk, err := refcards.Lookup(s.cat, id)
		if !ok || err != nil {
			s.fail(w, r, http.StatusNotFound, "There are no reference cards for this rule set.")
			return
		}
		data, err := s.docs.cardImages(id)
		s.send(w, r, "application/zip", strings.TrimSuffix(dk.FileName(fmtPDF), "."+fmtPDF)+"-print-shop-png.zip", data, err)
	})
	mux.HandleFunc("GET /docs/markers/{file}", s.docHandler("There is no such marker sheet.", func(r *http.Request, id, format string) (string, render) {
		// markers-ID.pdf, and its fold-over sheet beside it as ID-fold.
		base, fold := foldName(id, func(id string) bool { return s.cat.System(id) != nil })
		sys := s.cat.System(base)
		if sys == nil || format != fmtPDF {
			return "", nil
		}
		return s.packRender(briefing.MarkersFile(sys), fold)
	}))
	mux.HandleFunc("GET /docs/blips/{system}/{file}", s.docHandler("There are no blips for this scenario.", func(r *http.Request, id, format string) (string, render) {
		sys := s.cat.System(r.PathValue("system"))
		if sys == nil {
			return "", nil
		}
		id, fold := foldName(id, func(id string) bool { return sys.Scenario(id) != nil })
		if sys.Scenario(id) == nil || format != fmtPDF {
			return "", nil
		}
		if d, ok := s.docs.plan().Find(pack.Blips, sys, sys.Scenario(id)); ok {
			return s.packRender(d.Name, fold)
		}
		return "", nil
	}))
	mux.HandleFunc("GET /docs/armies/{file}", s.docHandler("There is no such ready-made list.", func(r *http.Request, id, format string) (string, render) {
		if format != fmtPDF {
			return "", nil
		}
		return s.packRender(pack.ArmyFile(id), false)
	}))
}

// packRender is the print pack's document of that name, or its fold-over
// sheet when fold is set (pack.Doc.Fold), and how to make it; nil when
// the pack has no such document.
func (s *Server) packRender(name string, fold bool) (string, render) {
	d, ok := s.docs.plan().Doc(name)
	if ok && fold {
		d, ok = d.Fold()
	}
	if !ok {
		return "", nil
	}
	return d.Name, func(p layout.Paper) ([]byte, error) { return s.docs.packDoc(d, p) }
}

// foldName splits the id of a marker sheet's fold-over sheet ("ID-fold")
// into the sheet's id and true; an id that is known as it is (known) is
// the sheet itself, whatever it ends in.
func foldName(id string, known func(string) bool) (string, bool) {
	if base, ok := strings.CutSuffix(id, "-fold"); ok && !known(id) {
		return base, true
	}
	return id, false
}

// listsShown is the lists folder as the home page names it: the whole path
// on the club's own machine (loopback, no password), where it tells the
// organiser where to back up; only the folder's name when the page is
// served to the room, which has no business knowing the server's paths.
func (s *Server) listsShown() string {
	if s.password != "" {
		return filepath.Base(s.lists.dir)
	}
	return s.lists.dir
}
