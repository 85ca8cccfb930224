package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// A scenario's game night (pack.Night): a page that gathers what the
// game needs and lets the organiser pick a saved list for each side, the
// players and the paper; its downloads are the bytes 'playaid game'
// writes.

// gameView is the game night page of a scenario.
type gameView struct {
	chrome
	System, Scenario string // ids
	Name, SystemName string
	Paper            string // "a4" or "letter"
	Players          int
	MinPlayers       int
	MaxPlayers       int
	Sides            []gameSide
	Single, Double   []pack.NightDoc
	Zip, One, Two    string // the downloads' addresses, with the choices
	Play             string // the start of a game of these lists, on the players' phones
	Problem          string
	Checking         int // the club's lists still being checked, not yet offered
}

// gameSide is a side and the lists it may play.
type gameSide struct {
	Index   int
	Name    string
	Choices []choice
}

// gameChoices reads the page's choices: players and a saved list per
// side ("" for the ready-made one). The lists offered for a side are the
// club's valid lists that play it (army.Report.Plays).
// key names the chosen lists' bytes, for the cache.
// checking counts the club's lists still being checked, not yet offered.
func (s *Server) gameChoices(r *http.Request, sys *catalog.System, sc *catalog.Scenario) (o pack.NightOptions, sides []gameSide, key, problem string, checking int) {
	q := r.URL.Query()
	if v := q.Get("players"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < max(len(sc.Sides), 1) || n > pack.MaxPlayers {
			problem = fmt.Sprintf("Players: %q is not a whole number of at least %d (and at most %d).", clip(v, 20), max(len(sc.Sides), 1), pack.MaxPlayers)
		} else {
			o.Players = n
		}
	}
	// The lists on offer, by their kept verdicts (judge.go); the one
	// picked for a side is read and checked again, for its report.
	files, _, _ := s.lists.files()
	judged, pending := s.verdicts(files)
	var lists []*judgement
	waiting := map[string]bool{}
	for _, k := range judged {
		if k.sys == sys && k.valid {
			lists = append(lists, k)
		}
		if k.row.Status == "CHECKING" {
			waiting[k.file.name] = true
		}
	}
	checking = pending
	for i, sd := range sc.Sides {
		pick := q.Get("side" + strconv.Itoa(i+1))
		gs := gameSide{Index: i + 1, Name: sd.Name, Choices: []choice{{Value: "", Label: "Ready-made list", Selected: pick == ""}}}
		found := pick == ""
		for _, l := range lists {
			if !l.plays[sc.ID+"/"+strconv.Itoa(i)] {
				continue // only the side's own lists (rules.Report.Plays)
			}
			name := l.file.name
			gs.Choices = append(gs.Choices, choice{Value: name, Label: l.army + " (" + name + ")", Selected: name == pick})
			if name != pick {
				continue
			}
			src, err := s.lists.read(name)
			if err != nil {
				continue
			}
			rep, _, why := s.validate(name, src)
			if rep == nil || why != "" || !rep.Valid() || rep.System != sys || rep.Plays(sc, i) != nil {
				continue // changed since it was judged
			}
			found = true
			for len(o.Lists) <= i {
				o.Lists, o.Names = append(o.Lists, nil), append(o.Names, "")
			}
			o.Lists[i], o.Names[i] = rep, name
			key += fmt.Sprintf("%d=%s#%s;", i, name, hashOf(src))
		}
		switch {
		case found || problem != "":
		case waiting[pick]:
			problem = fmt.Sprintf("%s: the saved list %q is still being checked; reload the page in a moment.", sd.Name, clip(pick, 40))
		default:
			problem = fmt.Sprintf("%s: there is no valid saved list %q of this side.", sd.Name, clip(pick, 40))
		}
		sides = append(sides, gs)
	}
	return o, sides, key, problem, checking
}

// gameFind is the scenario of the address.
func (s *Server) gameFind(r *http.Request) (*catalog.System, *catalog.Scenario) {
	sys := s.cat.System(r.PathValue("system"))
	if sys == nil {
		return nil, nil
	}
	sc := sys.Scenario(r.PathValue("scenario"))
	if sc == nil {
		return nil, nil
	}
	return sys, sc
}

// gameAsked finds the scenario and the paper a game-night request asks
// for; where either is wrong it has answered, and ok is false.
func (s *Server) gameAsked(w http.ResponseWriter, r *http.Request) (sys *catalog.System, sc *catalog.Scenario, p layout.Paper, ok bool) {
	if sys, sc = s.gameFind(r); sc == nil {
		s.fail(w, r, http.StatusNotFound, "There is no such scenario.")
		return nil, nil, p, false
	}
	p, ok = s.paper(w, r)
	return sys, sc, p, ok
}

// gamePage shows a scenario's game night.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	sys, sc, p, ok := s.gameAsked(w, r)
	if !ok {
		return
	}
	o, sides, _, problem, checking := s.gameChoices(r, sys, sc)
	v := &gameView{chrome: chrome{Title: "Game night: " + sc.Name, Nav: "print"}, System: sys.ID, Scenario: sc.ID, Name: sc.Name,
		SystemName: sys.About.Name, Paper: p.Name, MinPlayers: max(len(sc.Sides), 1), MaxPlayers: pack.MaxPlayers, Sides: sides, Problem: problem, Checking: checking}
	status := http.StatusOK
	if problem != "" {
		status = http.StatusBadRequest
	} else if n, err := s.docs.plan().Night(sys, sc, o); err != nil {
		v.Problem, status = err.Error(), http.StatusBadRequest
	} else {
		v.Players, v.Single, v.Double = n.Players, n.Single, n.Double
		q := url.Values{"paper": {p.Name}, "players": {strconv.Itoa(n.Players)}}
		for i, name := range o.Names {
			if name != "" {
				q.Set("side"+strconv.Itoa(i+1), name)
			}
		}
		pq := url.Values{"system": {sys.ID}, "scenario": {sc.ID}}
		for i, name := range o.Names {
			if name != "" {
				pq.Set("side"+strconv.Itoa(i+1), name)
			}
		}
		v.Play = "/play/new?" + pq.Encode()
		base := "/game/" + sys.ID + "/" + sc.ID + "/"
		one, two := n.Files()
		v.Zip, v.One = base+gameZip(sc, p)+"?"+q.Encode(), base+one+"?"+q.Encode()
		if len(n.Double) > 0 {
			v.Two = base + two + "?" + q.Encode()
		}
	}
	if v.Players == 0 {
		v.Players = v.MinPlayers
	}
	s.render(w, r, status, "game", v)
}

// gameZip names the zip of a game night's two PDFs.
func gameZip(sc *catalog.Scenario, p layout.Paper) string {
	return "game-night-" + sc.ID + "-" + p.Name + ".zip"
}

// gameDownload hands out a game night's zip or one of its PDFs.
func (s *Server) gameDownload(w http.ResponseWriter, r *http.Request) {
	sys, sc, p, ok := s.gameAsked(w, r)
	if !ok {
		return
	}
	o, _, listsKey, problem, _ := s.gameChoices(r, sys, sc)
	if problem != "" {
		s.fail(w, r, http.StatusBadRequest, problem)
		return
	}
	n, err := s.docs.plan().Night(sys, sc, o)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error())
		return
	}
	file := r.PathValue("file")
	one, two := n.Files()
	if file != one && file != two && file != gameZip(sc, p) {
		s.fail(w, r, http.StatusNotFound, "There is no such download: a game night is its zip and its two PDFs.")
		return
	}
	// The pack's own documents come from the cache; a club's lists are
	// made afresh (their names are the club's, their bytes may change).
	key := fmt.Sprint("night|", sc.ID, "|", p.Name, "|", n.Players, "|", listsKey)
	plan := s.docs.plan()
	wrap := func(docs []pack.NightDoc) {
		for i, d := range docs {
			if pd, ok := plan.Doc(d.Name); ok && pd.List == d.List {
				docs[i].Doc = d.Doc.Via(s.docs.packDoc)
			}
		}
	}
	wrap(n.Single)
	wrap(n.Double)
	data, err := s.docs.cache.get(key+"|"+file, func() ([]byte, error) {
		files, err := n.Render(r.Context(), p)
		if err != nil {
			return nil, err
		}
		if file == gameZip(sc, p) {
			return pack.Zip(files)
		}
		for _, f := range files {
			if f.Name == file {
				return f.Data, nil
			}
		}
		return nil, errNoDoc
	})
	switch {
	case errors.Is(err, errNoDoc):
		s.fail(w, r, http.StatusNotFound, "This game night has nothing to print double-sided.")
	case file == gameZip(sc, p):
		s.send(w, r, "application/zip", file, data, err)
	default:
		s.send(w, r, "application/pdf", onPaper(file, p), data, err)
	}
}
