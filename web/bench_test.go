package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
)

// The bars: the builder page and the re-check after an edit under 5 ms
// each, the roster PDF download under 30 ms, all in-process.

func benchServer(b *testing.B) (http.Handler, *Server, url.Values) {
	s, dir := newServer(b, "")
	examples(b, dir)
	src, err := os.ReadFile(filepath.Join(dir, "boys-of-company-c-humans.toml"))
	if err != nil {
		b.Fatal(err)
	}
	return s.Handler(), s, formOf(b, "boys-of-company-c-humans", src)
}

func serve(b *testing.B, h http.Handler, r *http.Request) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		b.Fatalf("%s %s: %d", r.Method, r.URL, w.Code)
	}
}

// BenchmarkBuilderPage renders a saved list in the builder: read, check,
// lay out every unit and the picker.
func BenchmarkBuilderPage(b *testing.B) {
	h, _, _ := benchServer(b)
	for b.Loop() {
		serve(b, h, newRequest(http.MethodGet, "/lists/boys-of-company-c-humans", nil))
	}
}

// BenchmarkRecheck is one edit in the builder: the form is read, written
// as the list file, checked, and the page made again.
func BenchmarkRecheck(b *testing.B) {
	h, _, form := benchServer(b)
	form.Set("u.1.count", "2")
	body := form.Encode()
	for b.Loop() {
		r := newRequest(http.MethodPost, "/build", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		serve(b, h, r)
	}
}

// BenchmarkRosterPDF downloads a list's roster, rendered afresh each time.
func BenchmarkRosterPDF(b *testing.B) {
	h, s, _ := benchServer(b)
	for b.Loop() {
		s.docs.cache = newCache(cacheBytes) // cold: nothing kept
		serve(b, h, newRequest(http.MethodGet, "/lists/boys-of-company-c-humans/roster.pdf", nil))
	}
}

// BenchmarkRosterPDFKept downloads a roster rendered before.
func BenchmarkRosterPDFKept(b *testing.B) {
	h, _, _ := benchServer(b)
	for b.Loop() {
		serve(b, h, newRequest(http.MethodGet, "/lists/boys-of-company-c-humans/roster.pdf", nil))
	}
}

// BenchmarkRosterPDFGenerator is the generator alone (army.Validate and
// army.Print), to read BenchmarkRosterPDF against in the same run: the
// difference is what the web adds.
func BenchmarkRosterPDFGenerator(b *testing.B) {
	_, s, _ := benchServer(b)
	src, err := s.lists.read("boys-of-company-c-humans")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r, _ := army.Validate("boys-of-company-c-humans.toml", src, s.cat)
		if _, err := army.Print(r, s.cat, army.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
