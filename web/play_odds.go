package web

import (
	"fmt"
	"net/http"

	"github.com/playaid/playaid/play"
	"github.com/playaid/playaid/rules"
)

// playOddsView is a unit's odds against each unit of the other sides
// the page can see: the questions of the odds page (rules.Shots) with the
// numbers of the two units as they stand, one tap away.
type playOddsView struct {
	chrome
	Back, Name string
	Targets    []playTarget
}

type playTarget struct {
	Name  string
	Shots []playShot
}

type playShot struct {
	Label, Share string
	Answer       *answer
	Problem      string
}

func (s *Server) playOdds(w http.ResponseWriter, r *http.Request) {
	g, b, mine, ok := s.playAt(w, r)
	if !ok {
		return
	}
	p := b.Piece(r.PathValue("piece"))
	if p == nil || p.Unit == nil || b.Hidden(p) && mine != p.Side && !g.Over() {
		s.fail(w, r, http.StatusNotFound, "There is no such unit in this game.")
		return
	}
	back := "/play/" + g.ID + "/" + r.PathValue("view")
	v := &playOddsView{chrome: chrome{Title: p.Name + ": odds", Nav: "play", Play: true}, Back: back + "#" + p.ID, Name: p.Name}
	from := b.Fighter(p)
	for _, sd := range b.Sides {
		if sd.Index == p.Side {
			continue
		}
		for _, t := range sd.Units {
			if b.At(t) != play.AtTable || t.Unit == nil {
				continue
			}
			tv := playTarget{Name: t.Name}
			for _, sh := range rules.Shots(b.System, from, b.Fighter(t)) {
				os := playShot{Label: sh.Label}
				sys, err := sh.Query.RuleSet(s.cat, b.System.ID)
				if err == nil {
					vals := sh.Args
					if first, _ := sh.Query.RuleSet(s.cat, ""); sys != first {
						vals = cloneArgs(vals)
						vals[rules.SystemParam] = sys.ID
					}
					os.Share = "/odds/" + sh.Query.Name + "?" + shareQuery(sh.Query, vals)
					a, err2 := sh.Query.Answer(sys, sh.Args)
					if err2 != nil {
						os.Problem = err2.Error()
					} else {
						os.Answer = pageAnswer(a)
					}
				} else {
					os.Problem = err.Error()
				}
				tv.Shots = append(tv.Shots, os)
			}
			if len(tv.Shots) > 0 {
				v.Targets = append(v.Targets, tv)
			}
		}
	}
	s.render(w, r, http.StatusOK, "playodds", v)
}

func cloneArgs(a rules.Args) rules.Args {
	out := rules.Args{}
	for k, v := range a {
		out[k] = v
	}
	return out
}

// playSummary hands out the after-action summary of a game that is over
// (before, it would show the secrets), on the paper chosen.
func (s *Server) playSummary(w http.ResponseWriter, r *http.Request) {
	g, b, _, ok := s.playAt(w, r)
	if !ok {
		return
	}
	if !g.Over() {
		s.fail(w, r, http.StatusConflict, "The game is not over: its summary shows every secret, so it is printed once the game has been ended.")
		return
	}
	p, ok := s.paper(w, r)
	if !ok {
		return
	}
	// The game's id and version name its state: the summary is kept and
	// made with the other documents' bound on renders at once.
	pdf, err := s.docs.cache.get(fmt.Sprint("summary|", g.ID, "|", g.Version, "|", p.Name), func() ([]byte, error) {
		return b.SummaryPDF(p, s.docs.templates)
	})
	s.send(w, r, "application/pdf", onPaper("after-action-"+g.ID+".pdf", p), pdf, err)
}
