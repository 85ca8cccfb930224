package web

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/play"
)

// Starting a game: a list for each side — a club's saved list that is
// the side's own, or the ready-made one — as game night gathers them.

// readyList is a shipped ready-made list (data/armies), checked.
type readyList struct {
	Name string // the file's name, without .toml
	Src  []byte
	Rep  *army.Report
}

// readyLists checks the shipped ready-made lists: once, as the server
// starts to offer games (they never change while it runs).
func readyLists(cat *catalog.Catalog) []readyList {
	var out []readyList
	files, _ := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	for _, f := range files {
		src, err := fs.ReadFile(data.FS, f)
		if err != nil {
			continue
		}
		name := strings.TrimSuffix(path.Base(f), ext)
		if rep, _ := army.Validate(name+ext, src, cat); rep != nil && rep.Valid() {
			out = append(out, readyList{Name: name, Src: src, Rep: rep})
		}
	}
	return out
}

// newGameView is the page that starts a game.
type newGameView struct {
	chrome
	System, Scenario string
	Name, SystemName string
	Sides            []gameSide
	Problem          string
}

// startSides reads the sides' choices (?side1=… as game night's page
// sends them): the lists each side may play — its ready-made one
// ("@NAME", no saved list's name has an "@") and the club's valid lists
// that play it, by their kept verdicts (judge.go), as game night offers
// them — which is chosen, and the game's sides to start. problem says
// what is wrong.
func (s *Server) startSides(q url.Values, sys *catalog.System, sc *catalog.Scenario) (sides []gameSide, starts []play.Start, problem string) {
	files, _, _ := s.lists.files()
	judged, _ := s.verdicts(files)
	type slot struct {
		name  string
		fits  func(*army.Report) bool // a list it may play
		fitsK func(k *judgement) bool // the same, by a kept verdict
	}
	var slots []slot
	if sc != nil {
		for i, sd := range sc.Sides {
			key := sc.ID + "/" + strconv.Itoa(i)
			slots = append(slots, slot{name: sd.Name, fits: func(r *army.Report) bool { return r.Plays(sc, i) == nil },
				fitsK: func(k *judgement) bool { return k.plays[key] }})
		}
	} else {
		for i := 1; i <= 2; i++ {
			slots = append(slots, slot{name: "Side " + strconv.Itoa(i), fits: func(r *army.Report) bool { return r.List.Scenario == "" },
				fitsK: func(k *judgement) bool { return k.scenario == "" }})
		}
	}
	var msgs []string
	for i, sl := range slots {
		pick, given := q["side"+strconv.Itoa(i+1)]
		gs := gameSide{Index: i + 1, Name: sl.name}
		var ready []readyList
		for _, l := range s.ready() {
			if l.Rep.System == sys && sl.fits(l.Rep) {
				ready = append(ready, l)
			}
		}
		// Left out or "" (as game night's page says the ready-made
		// list), the side plays its ready-made list, if it has one.
		want := ""
		if given {
			want = pick[0]
		}
		if want == "" && len(ready) > 0 {
			want = "@" + ready[0].Name
		}
		if len(slots) > 2 || len(ready) == 0 {
			gs.Choices = append(gs.Choices, choice{Value: "-", Label: "not played", Selected: want == "-" || want == ""})
		}
		var chosen *play.Start
		for _, l := range ready {
			gs.Choices = append(gs.Choices, choice{Value: "@" + l.Name, Label: "Ready-made: " + l.Rep.List.Name, Selected: "@"+l.Name == want})
			if "@"+l.Name == want {
				chosen = &play.Start{Report: l.Rep, Source: l.Src}
			}
		}
		for _, k := range judged {
			if k.sys != sys || !k.valid || !sl.fitsK(k) {
				continue
			}
			name := k.file.name
			gs.Choices = append(gs.Choices, choice{Value: name, Label: k.army + " (" + name + ")", Selected: name == want})
			if name != want {
				continue
			}
			// The list chosen is read and checked again, for its report.
			src, err := s.lists.read(name)
			if err != nil {
				continue
			}
			if rep, _, why := s.validate(name, src); rep != nil && why == "" && rep.Valid() && rep.System == sys && sl.fits(rep) {
				chosen = &play.Start{Report: rep, Source: src}
			}
		}
		switch {
		case chosen != nil:
			chosen.Name = sl.name
			if sc == nil {
				chosen.Name = chosen.Report.List.Name
			}
			starts = append(starts, *chosen)
		case want != "-" && want != "":
			msgs = append(msgs, fmt.Sprintf("%s: there is no valid list %q of this side.", sl.name, clip(strings.TrimPrefix(want, "@"), 40)))
		}
		sides = append(sides, gs)
	}
	if len(msgs) == 0 && len(starts) < 2 {
		msgs = append(msgs, "A game needs two sides or more, each with a list: choose a list for each side that plays.")
	}
	return sides, starts, strings.Join(msgs, " ")
}

// startFind is the rule set and scenario a start asks for; ok is false
// where it has answered.
func (s *Server) startFind(w http.ResponseWriter, r *http.Request, q url.Values) (*catalog.System, *catalog.Scenario, bool) {
	sys := s.cat.System(q.Get("system"))
	if sys == nil || army.Kind(sys) == "" {
		s.fail(w, r, http.StatusNotFound, "There is no such rule set with army lists to play.")
		return nil, nil, false
	}
	var sc *catalog.Scenario
	if id := q.Get("scenario"); id != "" {
		if sc = sys.Scenario(id); sc == nil {
			s.fail(w, r, http.StatusNotFound, "There is no such scenario.")
			return nil, nil, false
		}
	}
	return sys, sc, true
}

func (s *Server) newGamePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	sys, sc, ok := s.startFind(w, r, q)
	if !ok {
		return
	}
	sides, _, problem := s.startSides(q, sys, sc)
	v := &newGameView{chrome: chrome{Title: "Start a game", Nav: "play", Play: true}, System: sys.ID, SystemName: sys.About.Name, Sides: sides}
	v.Name = sys.About.Name
	if sc != nil {
		v.Scenario, v.Name = sc.ID, sc.Name
	}
	// A page opened from a link says what is wrong with its choice at
	// once; a fresh one waits for the player to choose.
	for k := range q {
		if strings.HasPrefix(k, "side") {
			v.Problem = problem
		}
	}
	s.render(w, r, http.StatusOK, "playnew", v)
}

func (s *Server) newGame(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, formProblem(err))
		return
	}
	q := r.PostForm
	sys, sc, ok := s.startFind(w, r, q)
	if !ok {
		return
	}
	sides, starts, problem := s.startSides(q, sys, sc)
	var g *play.Game
	if problem == "" {
		var err error
		if g, err = play.New(sys, sc, starts, time.Now()); err != nil {
			problem = sentence(err.Error())
		} else if err := s.games.Create(g); err != nil {
			problem = sentence(err.Error())
		}
	}
	if problem != "" {
		v := &newGameView{chrome: chrome{Title: "Start a game", Nav: "play", Play: true}, System: sys.ID, SystemName: sys.About.Name, Sides: sides, Problem: problem, Name: sys.About.Name}
		if sc != nil {
			v.Scenario, v.Name = sc.ID, sc.Name
		}
		s.render(w, r, http.StatusBadRequest, "playnew", v)
		return
	}
	http.Redirect(w, r, "/play/"+g.ID+"/"+tableView, http.StatusSeeOther)
}

// gamesView is the list of games, and the games to start.
type gamesView struct {
	chrome
	Games   []gameRow
	Starts  []startRow
	Problem string
}

type gameRow struct {
	ID, Title, System, Started, Turn string
	Over                             bool
	Problem                          string
}

type startRow struct {
	Name  string
	Links []choice
}

func (s *Server) gamesPage(w http.ResponseWriter, r *http.Request) {
	v := &gamesView{chrome: chrome{Title: "Play", Nav: "play", Play: true}}
	list, err := s.games.List()
	if err != nil {
		v.Problem = sentence(err.Error())
	}
	for _, l := range list {
		row := gameRow{ID: l.ID}
		if l.Err != nil {
			row.Title, row.Problem = l.ID, sentence(l.Err.Error())
			v.Games = append(v.Games, row)
			continue
		}
		g := l.Game
		row.Title, row.Started, row.Over = g.Title, g.Started.Local().Format("2 Jan 2006, 15:04"), g.Over()
		if sys := s.cat.System(g.System); sys != nil {
			row.System = sys.About.Name
			word := sys.Play.Turn
			if word == "" {
				word = "Turn"
			}
			row.Turn = word + " " + strconv.Itoa(g.Turn())
		}
		v.Games = append(v.Games, row)
	}
	for _, sys := range s.cat.Systems {
		if army.Kind(sys) == "" {
			continue
		}
		sr := startRow{Name: sys.About.Name}
		for _, sc := range sys.Scenarios {
			sr.Links = append(sr.Links, choice{Value: "/play/new?" + url.Values{"system": {sys.ID}, "scenario": {sc.ID}}.Encode(), Label: sc.Name})
		}
		if len(sys.Scenarios) == 0 {
			sr.Links = append(sr.Links, choice{Value: "/play/new?" + url.Values{"system": {sys.ID}}.Encode(), Label: "Two lists, no scenario"})
		}
		v.Starts = append(v.Starts, sr)
	}
	s.render(w, r, http.StatusOK, "plays", v)
}
