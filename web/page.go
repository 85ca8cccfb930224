package web

import (
	"bytes"
	"html/template"
	"log"
	"math/big"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/layout"
)

// chrome is what every page's frame needs.
type chrome struct {
	Title string
	Nav   string       // the current section: lists, play, odds
	Icon  template.URL // the site's icon, when not /static/icon.svg
	Play  bool         // a game's page: its style and script join the site's
}

// errorView is a page that says what went wrong.
type errorView struct {
	chrome
	Status  int
	Message string
}

var funcs = template.FuncMap{
	"pct":  func(r *big.Rat) string { return dice.Percent(r, 1) },
	"frac": frac,
	"add":  func(a, b int) int { return a + b },
	"itoa": strconv.Itoa,
	// about is which playaid serves the page (the program, each rule
	// set's edition and data): New sets it per server.
	"about": func() []string { return nil },
}

func parseTemplates() (*template.Template, error) {
	return template.New("").Funcs(funcs).ParseFS(assets, "templates/*.html")
}

// render executes a page into a buffer first, so a template error is a
// clean 500 and not half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		// The details are for whoever runs the server, not the browser.
		log.Printf("playaid serve: page %s: %v", name, err)
		http.Error(w, "playaid: the page could not be made; the terminal running playaid serve says why.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// fail answers with a page that says what is wrong.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, message string) {
	s.render(w, r, status, "error", errorView{chrome: chrome{Title: http.StatusText(status)}, Status: status, Message: plain.Shorten(message)})
}

// onPaper is a document's download name on the paper: the CLI's name on
// A4, the default, and on Letter the same with "-letter" before its
// extension, so that the two downloads of one document do not take each
// other's name in the downloads folder. A print shop's file is the cards'
// size, whatever the paper: its name stays.
func onPaper(file string, p layout.Paper) string {
	if file == "" || p.Name != layout.Letter.Name || strings.Contains(file, "-"+p.Name) || strings.Contains(file, "print-shop") {
		return file
	}
	ext := path.Ext(file)
	return strings.TrimSuffix(file, ext) + "-" + p.Name + ext
}

// paperCookie remembers the paper chosen for the session.
const paperCookie = "paper"

// paper reads the paper: the ?paper= choice, which the browser then
// remembers for the session (a cookie), else the one remembered, else
// A4. A choice that is no paper is refused; a remembered one is
// forgotten.
func (s *Server) paper(w http.ResponseWriter, r *http.Request) (layout.Paper, bool) {
	v := r.URL.Query().Get("paper")
	if v == "" {
		if c, err := r.Cookie(paperCookie); err == nil {
			if p, err := layout.ParsePaper(c.Value); err == nil {
				return p, true
			}
		}
		return layout.A4, true
	}
	p, err := layout.ParsePaper(v)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error())
		return p, false
	}
	http.SetCookie(w, &http.Cookie{Name: paperCookie, Value: p.Name, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return p, true
}
