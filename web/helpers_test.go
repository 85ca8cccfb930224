package web

import (
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
)

// newServer makes a server over a fresh lists folder.
func newServer(t testing.TB, password string) (*Server, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lists")
	s, err := New(Config{Catalog: shipped.Catalog(t), Lists: dir, Password: password})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

// examples copies the shipped example lists into dir; it returns their
// names.
func examples(t testing.TB, dir string) []string {
	t.Helper()
	files, err := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example lists: %v", err)
	}
	var names []string
	for _, f := range files {
		b, err := fs.ReadFile(data.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		writeFile(t, filepath.Join(dir, base), string(b))
		names = append(names, strings.TrimSuffix(base, ext))
	}
	return names
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testLocal is the address a test request comes in on, as a server
// listening on 127.0.0.1:8080 sees it; testHost is the Host a browser
// sends to it.
const testLocal, testHost = "127.0.0.1:8080", "localhost:8080"

// newRequest is httptest.NewRequest as a browser on this machine sends
// it: to the server's own name, on a connection to its address.
func newRequest(method, target string, body io.Reader) *http.Request {
	r := httptest.NewRequest(method, target, body)
	return atLocal(r, testHost, testLocal)
}

// atLocal sets a request's Host, and the address its connection was made
// to, as net/http does.
func atLocal(r *http.Request, host, local string) *http.Request {
	r.Host = host
	addr, err := net.ResolveTCPAddr("tcp", local)
	if err != nil {
		panic(err)
	}
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

// get sends a GET through the whole handler.
func get(t testing.TB, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, newRequest(http.MethodGet, target, nil))
	return w
}

// post sends a form as a browser on the same site does.
func post(t testing.TB, h http.Handler, target string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	r := newRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
