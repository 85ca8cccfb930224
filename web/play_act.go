package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/playaid/playaid/play"
)

// playRoutes are the games' addresses.
func (s *Server) playRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /play", s.gamesPage)
	mux.HandleFunc("GET /play/new", s.newGamePage)
	mux.HandleFunc("POST /play/new", s.newGame)
	mux.HandleFunc("GET /play/{game}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/play/"+url.PathEscape(r.PathValue("game"))+"/"+tableView, http.StatusSeeOther)
	})
	mux.HandleFunc("GET /play/{game}/delete", s.deleteGamePage)
	mux.HandleFunc("POST /play/{game}/delete", s.deleteGame)
	mux.HandleFunc("GET /play/{game}/{view}", s.playPage)
	mux.HandleFunc("POST /play/{game}/{view}", s.playAct)
	mux.HandleFunc("GET /play/{game}/{view}/wait", s.playWait)
	mux.HandleFunc("GET /play/{game}/{view}/odds/{piece}", s.playOdds)
	mux.HandleFunc("GET /play/{game}/{view}/summary.pdf", s.playSummary)
}

// playAct makes the change a page's button or form asks for. Without
// JavaScript the browser is sent back to the page (at the card it
// changed), which says what was done and offers to undo it; the script
// does the same without leaving the page.
func (s *Server) playAct(w http.ResponseWriter, r *http.Request) {
	g, _, mine, ok := s.playAt(w, r)
	if !ok {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, formProblem(err))
		return
	}
	a, anchor, err := actionOf(r.PostForm, mine)
	if err != nil {
		s.playRefused(w, r, g, mine, http.StatusBadRequest, sentence(err.Error()))
		return
	}
	n, err := s.games.Update(g.ID, func(cur *play.Game) (*play.Game, error) {
		b, err := play.Build(s.cat, cur)
		if err != nil {
			return nil, err
		}
		return play.Apply(b, a, time.Now())
	})
	switch {
	case errors.Is(err, play.ErrNoChange):
		// Another tap set it already: the last tap wins, and it is this.
	case errors.Is(err, play.ErrNoGame):
		s.playProblem(w, r, err)
		return
	case err != nil:
		s.playRefused(w, r, n, mine, http.StatusConflict, sentence(err.Error()))
		return
	}
	to := "/play/" + g.ID + "/" + r.PathValue("view")
	if err == nil {
		to += "?did=" + strconv.Itoa(len(n.Log))
	}
	if anchor != "" {
		to += "#" + anchor
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// playRefused shows the page with what was refused.
func (s *Server) playRefused(w http.ResponseWriter, r *http.Request, g *play.Game, mine, status int, msg string) {
	b, err := play.Build(s.cat, g)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The game cannot be shown: "+err.Error()+".")
		return
	}
	v := s.playView(b, mine, nil)
	v.Problem = msg
	s.render(w, r, status, "play", v)
}

// sentence makes a message a sentence: a capital first, a full stop last.
func sentence(msg string) string {
	if msg == "" {
		return msg
	}
	msg = strings.ToUpper(msg[:1]) + msg[1:]
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}

// errBadForm refuses a form this page does not make.
var errBadForm = errors.New("the form sent is not one this page makes: nothing was changed")

// actionOf reads the form: a button's tap ("set PIECE/TRACK 3"), or a
// form's own fields (a secret written, a piece put on the table). The
// anchor is the card to come back to.
func actionOf(f url.Values, mine int) (play.Action, string, error) {
	a := play.Action{By: mine}
	t := f.Get("tap")
	if t == "" {
		t = f.Get("op") + " " + f.Get("key") + " 0"
	}
	fields := strings.Fields(t)
	if len(fields) != 3 {
		return a, "", errBadForm
	}
	a.Op, a.Key = fields[0], fields[1]
	to, err := strconv.Atoi(fields[2])
	if err != nil {
		return a, "", errBadForm
	}
	a.To = to
	anchor, _, _ := strings.Cut(a.Key, "/")
	switch a.Op {
	case play.OpClock:
		a.Turn, _ = strconv.Atoi(a.Key)
		anchor = "clock"
	case play.OpNote:
		a.Text = strings.TrimSpace(strings.ReplaceAll(f.Get("text"), "\r\n", "\n"))
		anchor = "secrets"
	case play.OpShow:
		anchor = "secrets"
	case play.OpPlace:
		a.Text = f.Get("name")
		anchor = "placed"
	case play.OpUndo:
		a.N = to
		anchor = "log"
	case play.OpEnd:
		anchor = "end"
	}
	if !validAnchor(anchor) {
		anchor = ""
	}
	return a, anchor, nil
}

// validAnchor keeps an anchor to what a page's ids are made of.
func validAnchor(s string) bool {
	return s != "" && len(s) <= 40 && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// playWait answers when the game has changed since the version the page
// shows (?v=), or after a while: the version then, as text. Pages wait
// on it to show the other phones' changes within a moment, without a
// stream of requests.
func (s *Server) playWait(w http.ResponseWriter, r *http.Request) {
	_, _, _, ok := s.playAt(w, r)
	if !ok {
		return
	}
	seen, err := strconv.Atoi(r.URL.Query().Get("v"))
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "The page asks for a change since a version that is not a number.")
		return
	}
	wait := waitFor
	if !s.waits.TryAcquire() {
		wait = 0 // too many pages waiting: answer now; the page asks again a moment later
	} else {
		defer s.waits.Release()
	}
	ctx := r.Context()
	if stop, ok := ctx.Value(stoppingKey{}).(<-chan struct{}); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-stop:
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	v, err := s.games.Wait(ctx, r.PathValue("game"), seen, wait)
	if err != nil {
		s.playProblem(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(strconv.Itoa(v)))
}

// deleteGamePage asks before a game is deleted: one tap must not lose
// an evening's game.
func (s *Server) deleteGamePage(w http.ResponseWriter, r *http.Request) {
	g, err := s.games.Get(r.PathValue("game"))
	if err != nil {
		s.playProblem(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "playdelete", &playOddsView{chrome: chrome{Title: "Delete a game", Nav: "play", Play: true}, Name: g.Title, Back: g.ID})
}

// deleteGame deletes a game from the list of games.
func (s *Server) deleteGame(w http.ResponseWriter, r *http.Request) {
	if err := s.games.Delete(r.PathValue("game")); err != nil {
		s.playProblem(w, r, err)
		return
	}
	http.Redirect(w, r, "/play", http.StatusSeeOther)
}

// gate bounds how many requests of a kind run at once.
type gate chan struct{}

// TryAcquire takes a place, or reports that there is none.
func (g gate) TryAcquire() bool {
	select {
	case g <- struct{}{}:
		return true
	default:
		return false
	}
}

// Release gives a place back.
func (g gate) Release() { <-g }
