// Package web is playaid's army builder, odds and print pack in a browser:
// the server behind 'playaid serve'. Pages are rendered on the server with
// html/template and work without JavaScript; a short script (static/app.js)
// makes the builder update as the player types. Everything the pages need
// is embedded: the server works with no network.
//
// Army lists live as TOML files in one folder (--lists). The builder reads
// and writes the format 'playaid army validate' reads, checks lists with
// package army and shows its messages word for word; saves are atomic and
// refuse to overwrite a file that changed on disk since the page loaded it.
package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/play"
	"github.com/playaid/playaid/version"
)

//go:embed templates/*.html static
var assets embed.FS

// Config is what a server needs.
type Config struct {
	Catalog *catalog.Catalog
	Lists   string // the folder of army lists; created if absent
	// Games is the folder of the games in progress; created if absent.
	// "" puts it beside the lists folder: LISTS/../games.
	Games     string
	Templates string // a club's templates folder (--templates), or ""
	// Password, when set, is asked for with HTTP Basic authentication
	// (any user name). A server that listens beyond loopback needs one.
	// A password of blanks is no password.
	Password string
	// Hosts are the names, besides its address and localhost, the server
	// answers to (--host); only with a password. See CheckHostName.
	Hosts []string
}

// Server serves the pages. Make one with New.
type Server struct {
	cat    *catalog.Catalog
	lists  *store
	judges *judges // the lists' kept verdicts (judge.go)
	// transfers are the turns of the exports and imports running
	// (maxTransfers).
	transfers chan struct{}
	games     *play.Folder
	gamesDir  string
	waits     gate               // the pages waiting on a game's change
	ready     func() []readyList // the ready-made lists, checked once
	docs      *docs
	tmpl      *template.Template
	password  string
	guesses   *guesses // wrong passwords, by client (auth.go)
	hosts     []string // lower case
	static    fs.FS
	etag      map[string]string
}

// New opens the lists folder (creating it) and parses the pages.
func New(c Config) (*Server, error) {
	if c.Catalog == nil {
		return nil, errors.New("web: no catalogue")
	}
	st, err := openStore(c.Lists)
	if err != nil {
		return nil, err
	}
	if c.Games == "" {
		c.Games = filepath.Join(filepath.Dir(filepath.Clean(c.Lists)), "games")
	}
	games, err := play.OpenFolder(c.Games)
	if err != nil {
		st.close()
		return nil, err
	}
	tmpl, err := parseTemplates()
	if err != nil {
		st.close()
		games.Close()
		return nil, err
	}
	about := strings.Split(strings.TrimSuffix(version.Text(c.Catalog), "\n"), "\n")
	tmpl.Funcs(template.FuncMap{"about": func() []string { return about }})
	static, _ := fs.Sub(assets, "static")
	if strings.TrimSpace(c.Password) == "" {
		c.Password = ""
	}
	var hosts []string
	for _, h := range c.Hosts {
		if msg := CheckHostName(h); msg != "" {
			st.close()
			games.Close()
			return nil, fmt.Errorf("--host %s: %s", plain.Quote(h), msg)
		}
		hosts = append(hosts, lowerHost(h))
	}
	s := &Server{
		cat:       c.Catalog,
		lists:     st,
		judges:    newJudges(),
		transfers: make(chan struct{}, maxTransfers),
		games:     games,
		gamesDir:  c.Games,
		waits:     make(gate, maxPlayWaits),
		docs:      &docs{cat: c.Catalog, version: c.Catalog.Version(), templates: c.Templates, cache: newCache(cacheBytes)},
		tmpl:      tmpl,
		password:  c.Password,
		guesses:   newGuesses(),
		hosts:     hosts,
		static:    static,
		etag:      map[string]string{},
	}
	// The static files' ETags: their hash, so a browser asks again only
	// after an upgrade.
	fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(static, p)
			sum := sha256.Sum256(b)
			s.etag[p] = `"` + hex.EncodeToString(sum[:8]) + `"`
		}
		return nil
	})
	s.ready = sync.OnceValue(func() []readyList { return readyLists(s.cat) })
	s.judgeRest() // the lists already in the folder, before the first page asks
	return s, nil
}

// GamesDir is the folder of the games in progress.
func (s *Server) GamesDir() string { return s.gamesDir }

// Close stops the background judge and releases the lists and games
// folders (the pages waiting on a game are answered).
func (s *Server) Close() error {
	s.judges.close()
	return errors.Join(s.lists.close(), s.games.Close())
}

// Handler is the whole site: routes behind the guards every request passes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /static/{file}", s.staticFile)
	mux.HandleFunc("GET /new", s.newList)
	mux.HandleFunc("GET /lists/{name}", s.openList)
	mux.HandleFunc("GET /lists/{name}/{file}", s.listDownload)
	mux.HandleFunc("POST /build", s.build)
	mux.HandleFunc("POST /save", s.save)
	mux.HandleFunc("POST /lists/{name}/{action}", s.manage)
	mux.HandleFunc("GET /lists.zip", s.exportAll)
	mux.HandleFunc("POST /import", s.importLists)
	s.docRoutes(mux)
	s.playRoutes(mux)
	mux.HandleFunc("GET /odds", s.oddsIndex)
	mux.HandleFunc("GET /odds/{query}", s.odds)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "There is no page at this address.")
	})

	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusForbidden, "This request came from another site, so it was refused: lists are changed only from playaid's own pages.")
	}))
	var h http.Handler = csrf.Handler(mux)
	h = s.bounded(h)
	if s.password != "" {
		h = s.authenticated(h)
	}
	return secured(s.hostChecked(h))
}

// secured sets the headers every response carries: no framing, no
// sniffing, scripts and styles from this server only.
func secured(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		next.ServeHTTP(w, r)
	})
}

// bounded caps every request body, and refuses, in the user's words, a
// form or an address with more fields than any page of the site sends:
// before a handler reads them, and before the standard library's own limit
// answers in its words.
func (s *Server) bounded(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fields(r.URL.RawQuery) > maxFormFields {
			s.fail(w, r, http.StatusRequestURITooLong, tooManyFields)
			return
		}
		limit := int64(maxBodyBytes)
		if r.URL.Path == "/import" {
			limit = maxImportBytes + 64<<10 // the files and the form's own parts
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		if r.Method == http.MethodPost && strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			body, err := io.ReadAll(r.Body)
			var big *http.MaxBytesError
			switch {
			case errors.As(err, &big):
				s.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("The form sent is more than the %d KiB a list can fill; nothing was changed.", maxBodyBytes>>10))
				return
			case err != nil:
				s.fail(w, r, http.StatusBadRequest, "The form did not arrive whole (the connection broke); nothing was changed. Send it again.")
				return
			case fields(string(body)) > maxFormFields:
				s.fail(w, r, http.StatusBadRequest, tooManyFields)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
}

// tooManyFields is the answer to a form or an address with more fields
// than maxFormFields.
var tooManyFields = fmt.Sprintf("The form has more fields than a list can have (at most %d: the list's own and 16 for each of up to %d units); nothing was changed.", maxFormFields, maxUnits)

// fields counts the fields of an encoded form or query.
func fields(enc string) int {
	if enc == "" {
		return 0
	}
	return strings.Count(enc, "&") + strings.Count(enc, ";") + 1
}

// formProblem says in the user's words why a form could not be read:
// never the standard library's message.
func formProblem(err error) string {
	var big *http.MaxBytesError
	if errors.As(err, &big) {
		return fmt.Sprintf("The form sent is more than the %d KiB a list can fill; nothing was changed.", maxBodyBytes>>10)
	}
	return "The form could not be read: it is not as a browser sends it (a stray '%' or ';' in it, perhaps); nothing was changed."
}

func (s *Server) staticFile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	tag, ok := s.etag[name]
	if !ok {
		s.fail(w, r, http.StatusNotFound, "There is no such file.")
		return
	}
	w.Header().Set("ETag", tag)
	w.Header().Set("Cache-Control", "no-cache")
	if r.Header.Get("If-None-Match") == tag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	f, err := s.static.Open(name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, "There is no such file.")
		return
	}
	defer f.Close()
	switch {
	case strings.HasSuffix(name, ".css"):
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	case strings.HasSuffix(name, ".js"):
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case strings.HasSuffix(name, ".svg"):
		w.Header().Set("Content-Type", "image/svg+xml")
	}
	io.Copy(w, f)
}

// Serve answers requests on ln until ctx is done, then stops taking new
// ones and waits for those in flight (a save finishes) up to a bound.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		// Requests finish on their own when ctx ends (a save completes),
		// but a page waiting for a game's change is answered at once.
		BaseContext: func(net.Listener) context.Context {
			return context.WithValue(context.WithoutCancel(ctx), stoppingKey{}, ctx.Done())
		},
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("stopping: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// stoppingKey is the request context's key of a channel closed when the
// server is stopping.
type stoppingKey struct{}

// Loopback reports whether addr (host:port) listens on this machine only:
// a loopback address or "localhost". An empty host listens everywhere.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
