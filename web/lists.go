package web

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// newList starts a list for a rule set, or for a side of one of its
// scenarios: named after the side, at the points its force list prints,
// hidden when the side deploys hidden.
func (s *Server) newList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	sys := s.cat.System(q.Get("system"))
	if army.Kind(sys) == "" {
		s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("There are no army lists for the rule set %q; start a list from the home page.", clip(q.Get("system"), maxFieldBytes)))
		return
	}
	f := &form{List: values{"system": sys.ID}}
	var st builderState
	name := ""
	var chosen *catalog.Side // the side the list plays
	if id := q.Get("scenario"); id != "" {
		sc := sys.Scenario(id)
		if sc == nil {
			s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("%s has no scenario %q; start a list from the home page.", sys.About.Name, clip(id, maxFieldBytes)))
			return
		}
		f.List["scenario"] = sc.ID
		if q.Has("side") {
			i, err := strconv.Atoi(q.Get("side"))
			if err != nil || i < 0 || i >= len(sc.Sides) {
				s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("%s has no side %q; start a list from the home page.", sc.Name, clip(q.Get("side"), maxFieldBytes)))
				return
			}
			chosen = &sc.Sides[i]
			name = chosen.Name
			f.List["side"] = chosen.Name
		}
	}
	if fac := q.Get("faction"); fac != "" && f.List["scenario"] == "" {
		if sys.About.Faction(fac) == "" {
			s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("%s has no faction %q; start a list from the home page.", sys.About.Name, clip(fac, maxFieldBytes)))
			return
		}
		f.List["faction"] = sys.About.Faction(fac)
		name = f.List["faction"]
	}
	if f.List["side"] == "" && f.List["faction"] == "" && (len(sys.Scenarios) > 0 || len(sys.About.Factions) > 0) {
		// Rule set, scenario and side first: the builder offers only the
		// side's units.
		s.render(w, r, http.StatusOK, "start", s.startPage(sys, f.List["scenario"]))
		return
	}
	if name != "" {
		f.List["name"] = name
	}
	// The rule set's own keys for the side: its points, how it deploys,
	// its objective marker.
	rf := f.rules()
	builderOf(sys).Start(sys, chosen, rf)
	f.fromRules(rf)
	var err error
	if st.FileName, err = s.lists.free(slug(firstNonEmpty(name, sys.About.Short))); err != nil {
		s.fail(w, r, http.StatusInternalServerError, err.Error())
		return
	}
	v := s.builderPage(f, st, nil)
	if len(v.Picker.Groups) > 0 && len(v.Picker.Groups[0].Items) > 0 {
		it := v.Picker.Groups[0].Items[0] // the side chosen, its units come next
		v.Focus = it.Button + ":" + it.Value
	}
	s.render(w, r, http.StatusOK, "builder", v)
}

// startView asks which side a new list plays: a side of a scenario, or a
// faction for no scenario.
type startView struct {
	chrome
	System    *catalog.System
	Scenarios []scenarioView
	Factions  []string
}

func (s *Server) startPage(sys *catalog.System, only string) *startView {
	v := &startView{chrome: chrome{Title: "New " + sys.About.Short + " list", Nav: "lists"}, System: sys, Factions: sys.About.Factions}
	for _, sc := range sys.Scenarios {
		if only != "" && sc.ID != only {
			continue
		}
		scv := scenarioView{ID: sc.ID, Name: sc.Name}
		for i, sd := range sc.Sides {
			scv.Sides = append(scv.Sides, sideView{Index: i, Name: sd.Name, Points: sidePoints(sc, sd), Faction: sd.Faction})
		}
		v.Scenarios = append(v.Scenarios, scv)
	}
	if only != "" {
		v.Factions = nil
	}
	return v
}

// openList shows a saved list in the builder, or, when the builder cannot
// read it, its messages and its text.
func (s *Server) openList(w http.ResponseWriter, r *http.Request) {
	name, src, ok := s.readNamed(w, r)
	if !ok {
		return
	}
	if why := s.tooBig(src); why != "" {
		s.render(w, r, http.StatusUnprocessableEntity, "broken", &brokenView{chrome: chrome{Title: name + ext, Nav: "lists"}, Name: name, Why: why})
		return
	}
	c := s.check(name+ext, src)
	f, hand := editable(c)
	if f == nil {
		s.render(w, r, http.StatusOK, "broken", brokenPage(name, c))
		return
	}
	p, ok := s.paper(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	st := builderState{FileName: name, Loaded: name, Base: hashOf(src), Hand: hand, Saved: q.Has("saved"), Paper: p.Name}
	if k := q.Get("kept"); checkName(k) == nil {
		st.Kept = k
	}
	switch {
	case q.Has("renamed"):
		st.Notice = "Renamed: the list is now " + name + ext + "."
	case q.Has("copied"):
		st.Notice = "This is a copy, saved as " + name + ext + "."
	case q.Has("restored"):
		st.Notice = "The list is back."
	}
	s.render(w, r, http.StatusOK, "builder", s.builderPage(f, st, &c))
}

// readNamed reads the list the path names, answering the request itself
// when it cannot.
func (s *Server) readNamed(w http.ResponseWriter, r *http.Request) (string, []byte, bool) {
	name := r.PathValue("name")
	if err := checkName(name); err != nil {
		s.fail(w, r, http.StatusBadRequest, "There is no list at this address: "+err.Error()+".")
		return "", nil, false
	}
	src, err := s.lists.read(name)
	switch {
	case errors.Is(err, errNoList):
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("There is no list called %s.", name+ext))
		return "", nil, false
	case err != nil:
		s.fail(w, r, http.StatusUnprocessableEntity, err.Error())
		return "", nil, false
	}
	return name, src, true
}

// tooBig says why a list is too big for the builder to open ("" when it
// is not): more units than the builder edits (maxUnits), counted before
// the list is checked.
func (s *Server) tooBig(src []byte) string {
	n := unitTables(src)
	switch {
	case n > limits.MaxEntries:
		return tooManyUnits(n)
	case n > maxUnits:
		return fmt.Sprintf("It has %d units, more than the %d the builder edits at once: edit it in a text editor, or split it into smaller lists.", n, maxUnits)
	}
	return ""
}

// brokenView is a list file the builder cannot show.
type brokenView struct {
	chrome
	Why   string // why the builder does not open it, when the file reads as a list
	Name  string
	Msgs  []msg
	Lines []srcLine
}

type srcLine struct {
	N    int
	Text string
	Bad  bool
}

func brokenPage(name string, c checked) *brokenView {
	v := &brokenView{chrome: chrome{Title: name + ext, Nav: "lists"}, Name: name}
	bad := map[int]bool{}
	for _, d := range c.diags {
		v.Msgs = append(v.Msgs, msgOf(d))
		bad[d.Line] = true
	}
	for i, l := range strings.Split(strings.TrimSuffix(strings.ToValidUTF8(string(c.src), "\uFFFD"), "\n"), "\n") {
		v.Lines = append(v.Lines, srcLine{N: i + 1, Text: l, Bad: bad[i+1]})
	}
	return v
}

// readForm reads a builder form: the list and the page's state.
func (s *Server) readForm(w http.ResponseWriter, r *http.Request) (*form, builderState, bool) {
	if err := r.ParseForm(); err != nil {
		var big *http.MaxBytesError
		if errors.As(err, &big) {
			s.fail(w, r, http.StatusRequestEntityTooLarge, formProblem(err))
		} else {
			s.fail(w, r, http.StatusBadRequest, formProblem(err))
		}
		return nil, builderState{}, false
	}
	f, err := fromPost(r.PostForm)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "The form could not be read: "+err.Error()+".")
		return nil, builderState{}, false
	}
	pf := r.PostForm
	st := builderState{
		FileName: bareName(clip(pf.Get("filename"), maxFieldBytes)),
		Loaded:   pf.Get("loaded"),
		Base:     pf.Get("base"),
		Hand:     pf.Get("hand") != "",
	}
	if checkName(st.Loaded) != nil {
		st.Loaded, st.Base = "", ""
	}
	return f, st, true
}

// build answers the builder's buttons without saving: add a unit, remove
// one, or check the list as it stands.
func (s *Server) build(w http.ResponseWriter, r *http.Request) {
	f, st, ok := s.readForm(w, r)
	if !ok {
		return
	}
	pf := r.PostForm
	add := func(u values) {
		if len(f.Units) >= maxUnits {
			st.Problem = fmt.Sprintf("A list holds at most %d units.", maxUnits)
			return
		}
		f.Units = append(f.Units, u)
	}
	// The keyboard focus stays where the player acts: on the Add button
	// pressed (press it again for another), on the Remove button that
	// takes the removed unit's place, else on the first Add.
	added := ""
	switch {
	case pf.Has("remove"):
		if i, err := strconv.Atoi(pf.Get("remove")); err == nil && i >= 0 && i < len(f.Units) {
			sys := s.cat.System(f.List["system"])
			gone := firstNonEmpty(f.Units[i]["label"], builderOf(sys).UnitInputs(sys, f.rules(), i, nil, "").Sub, fmt.Sprintf("unit %d", i+1))
			f.Units = append(f.Units[:i], f.Units[i+1:]...)
			st.Announce = "Removed " + gone + "."
			if i < len(f.Units) {
				st.Focus = "remove:" + strconv.Itoa(i)
			} else if len(f.Units) > 0 {
				st.Focus = "remove:" + strconv.Itoa(len(f.Units)-1)
			}
		}
	default:
		// An Add button of the picker: its engine says what it adds.
		for _, button := range []string{"add", "add-type", "add-force"} {
			if v := pf.Get(button); v != "" {
				sys := s.cat.System(f.List["system"])
				if u, name := builderOf(sys).Add(sys, f.rules(), button, clip(v, maxFieldBytes)); u != nil {
					added = name
					add(values(u))
					st.Focus = button + ":" + clip(v, maxFieldBytes)
				}
				break
			}
		}
	}
	v := s.builderPage(f, st, nil)
	if added != "" && st.Problem == "" {
		v.Announce = fmt.Sprintf("Added %s. %s, %s.", added, v.Points, v.Status)
	} else if v.Announce != "" {
		v.Announce += fmt.Sprintf(" %s, %s.", v.Points, v.Status)
	}
	if v.Focus == "" && pf.Has("remove") && len(v.Picker.Groups) > 0 && len(v.Picker.Groups[0].Items) > 0 {
		it := v.Picker.Groups[0].Items[0]
		v.Focus = it.Button + ":" + it.Value
	}
	s.render(w, r, http.StatusOK, "builder", v)
}

// save writes the list. It refuses to write over a file that changed on
// disk since the page loaded it, or over a name that exists when the page
// makes a new list; it keeps a copy of a file written by hand before
// replacing it, and never writes over a file that does not read as a list.
func (s *Server) save(w http.ResponseWriter, r *http.Request) {
	f, st, ok := s.readForm(w, r)
	if !ok {
		return
	}
	name, base := st.FileName, st.Base
	if r.PostForm.Get("op") == "saveas" {
		name = bareName(clip(r.PostForm.Get("newname"), maxFieldBytes))
		st.FileName = name
	}
	if name != st.Loaded {
		base = "" // a new file: it must not exist yet
	}
	if err := checkName(name); err != nil {
		st.Problem = "Not saved: " + err.Error() + "."
		s.render(w, r, http.StatusUnprocessableEntity, "builder", s.builderPage(f, st, nil))
		return
	}
	if bad := f.numberProblems(); len(bad) > 0 {
		st.Problem = "Not saved: " + plural(len(bad), "a number is", "some numbers are") + " not right; fix the fields marked below."
		s.render(w, r, http.StatusUnprocessableEntity, "builder", s.builderPage(f, st, nil))
		return
	}
	data := f.toml(s.cat.System(f.List["system"]))
	kept, err := s.lists.save(name, data, saveOpts{base: base, prior: func(cur []byte) (bool, error) {
		old, hand := editable(s.check(name+ext, cur))
		if old == nil {
			// A sentence for the page, as the store's own refusals are.
			return false, &conflict{name, fmt.Sprintf("%s%s does not read as a list, so it is not saved over (its page shows why): fix it in an editor, or save your list under another name.", name, ext)}
		}
		return hand, nil
	}})
	var cf *conflict
	var fl *full
	switch {
	case errors.As(err, &cf):
		st.Conflict = cf.why
		st.NewName, _ = s.lists.free(name)
		s.render(w, r, http.StatusConflict, "builder", s.builderPage(f, st, nil))
		return
	case errors.As(err, &fl):
		st.Problem = "Not saved: " + fl.why
		s.render(w, r, http.StatusInsufficientStorage, "builder", s.builderPage(f, st, nil))
		return
	case err != nil:
		st.Problem = "Not saved: " + err.Error()
		s.render(w, r, http.StatusInternalServerError, "builder", s.builderPage(f, st, nil))
		return
	}
	to := "/lists/" + url.PathEscape(name) + "?saved=1"
	if kept != "" {
		to += "&kept=" + url.QueryEscape(kept)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// listDownload hands out a saved list's documents: the roster, the roster
// with unit cards, the blips it deploys, the file itself and a summary.
func (s *Server) listDownload(w http.ResponseWriter, r *http.Request) {
	name, src, ok := s.readNamed(w, r)
	if !ok {
		return
	}
	p, ok := s.paper(w, r)
	if !ok {
		return
	}
	file := r.PathValue("file")
	if file != "list.toml" {
		if n := unitTables(src); n > limits.MaxEntries {
			s.fail(w, r, http.StatusUnprocessableEntity, tooManyUnits(n))
			return
		}
	}
	c := s.check(name+ext, src)
	switch file {
	case "roster.pdf", "cards.pdf":
		if c.report == nil {
			s.fail(w, r, http.StatusUnprocessableEntity, fmt.Sprintf("%s is not TOML, so it has no roster: its page shows why.", c.file))
			return
		}
		out := "army-" + name + ".pdf"
		if file == "cards.pdf" {
			out = "army-" + name + "-cards.pdf"
		}
		data, err := s.docs.roster(c.file, src, c.report, file == "cards.pdf", p)
		if err != nil {
			// The list is the input: what keeps its documents from
			// being made (more unit cards than print) is the list's.
			s.fail(w, r, http.StatusUnprocessableEntity, "The document could not be made from "+c.file+": "+err.Error())
			return
		}
		s.send(w, r, "application/pdf", onPaper(out, p), data, nil)
	case "markers.pdf", "markers-fold.pdf":
		fold := file == "markers-fold.pdf"
		data, err := s.docs.listMarkers(name, src, c.report, fold, p)
		if errors.Is(err, errNoDoc) {
			s.fail(w, r, http.StatusNotFound, c.file+" deploys no blips. "+noBlips(c.report)+".")
			return
		}
		if err != nil {
			s.fail(w, r, http.StatusUnprocessableEntity, "The document could not be made from "+c.file+": "+err.Error())
			return
		}
		out := "markers-" + name + ".pdf"
		if fold {
			out = "markers-" + name + "-fold.pdf"
		}
		s.send(w, r, "application/pdf", onPaper(out, p), data, nil)
	case "list.toml":
		s.send(w, r, "application/toml; charset=utf-8", c.file, src, nil)
	case "summary.txt":
		s.send(w, r, "text/plain; charset=utf-8", "", []byte(summaryText(c.file, c.report)), nil)
	default:
		s.fail(w, r, http.StatusNotFound, "There is no such download: a list has roster.pdf, cards.pdf, markers.pdf, markers-fold.pdf, list.toml and summary.txt.")
	}
}

// send writes a document: as a download named file, or shown in the
// browser when file is "".
func (s *Server) send(w http.ResponseWriter, r *http.Request, ctype, file string, data []byte, err error) {
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The document could not be made: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", ctype)
	if file != "" {
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": file}))
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}
