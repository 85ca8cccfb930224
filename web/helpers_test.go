package web

import (
	"io/fs"
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

// get sends a GET through the whole handler.
func get(t testing.TB, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
	return w
}

// post sends a form as a browser on the same site does.
func post(t testing.TB, h http.Handler, target string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, target, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
