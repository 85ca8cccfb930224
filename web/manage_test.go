package web

import (
	"archive/zip"
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManageLists: rename leaves no copy, duplicate copies, delete can be
// undone; each refuses a stale page, a name that leaves the folder, a
// cross-site request and an oversized body.
func TestManageLists(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	src := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-martians.toml"))
	writeFile(t, filepath.Join(dir, "tripod.toml"), src)
	base := hashOf([]byte(src))
	exists := func(name string) bool {
		_, err := os.Lstat(filepath.Join(dir, name))
		return err == nil
	}

	// Rename: the typed ".toml" is not doubled, and no copy is left.
	w := post(t, h, "/lists/tripod/rename", url.Values{"base": {base}, "newname": {"walker.toml"}})
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/lists/walker?renamed=1" {
		t.Fatalf("rename: %d %s", w.Code, w.Header().Get("Location"))
	}
	if exists("tripod.toml") || !exists("walker.toml") || exists("walker.toml.toml") || readFile(t, filepath.Join(dir, "walker.toml")) != src {
		t.Fatalf("rename left the folder wrong")
	}
	if body := pageText(get(t, h, "/lists/walker?renamed=1").Body.String()); !strings.Contains(body, "Renamed: the list is now walker.toml") {
		t.Errorf("the renamed list does not say so")
	}
	// A stale rename (the page saw another file) and a rename onto an
	// existing list are refused; nothing moves.
	writeFile(t, filepath.Join(dir, "other.toml"), src)
	for _, tc := range []struct {
		form url.Values
		code int
	}{
		{url.Values{"base": {"0123"}, "newname": {"fresh"}}, http.StatusConflict},
		{url.Values{"newname": {"fresh"}}, http.StatusConflict},
		{url.Values{"base": {base}, "newname": {"other"}}, http.StatusConflict},
		{url.Values{"base": {base}, "newname": {"../escape"}}, http.StatusUnprocessableEntity},
		{url.Values{"base": {base}, "newname": {"a/b"}}, http.StatusUnprocessableEntity},
		{url.Values{"base": {base}, "newname": {".hidden"}}, http.StatusUnprocessableEntity},
		{url.Values{"base": {base}, "newname": {""}}, http.StatusUnprocessableEntity},
	} {
		w := post(t, h, "/lists/walker/rename", tc.form)
		if w.Code != tc.code {
			t.Errorf("rename %v: %d, want %d", tc.form, w.Code, tc.code)
		}
		if strings.Contains(w.Body.String(), "goroutine") || strings.Contains(pageText(w.Body.String()), dir) {
			t.Errorf("rename %v: the answer shows the server's insides", tc.form)
		}
	}
	if !exists("walker.toml") || exists("fresh.toml") || readFile(t, filepath.Join(dir, "other.toml")) != src {
		t.Fatal("a refused rename moved a file")
	}
	// Names in the path that leave the folder are refused.
	for _, p := range []string{"/lists/..%2Fx/delete", "/lists/%2E%2E/rename", "/lists/.deleted-walker/restore", "/lists/walker/explode"} {
		if w := post(t, h, p, url.Values{"base": {base}}); w.Code < 400 {
			t.Errorf("%s: %d", p, w.Code)
		}
	}

	// Duplicate.
	w = post(t, h, "/lists/walker/duplicate", nil)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/lists/walker-copy?copied=1" || readFile(t, filepath.Join(dir, "walker-copy.toml")) != src {
		t.Fatalf("duplicate: %d %s", w.Code, w.Header().Get("Location"))
	}
	if w = post(t, h, "/lists/walker/duplicate", nil); w.Header().Get("Location") != "/lists/walker-copy-2?copied=1" {
		t.Errorf("a second duplicate: %s", w.Header().Get("Location"))
	}

	// Delete: only from a page that saw the file as it is, then undo.
	if w := post(t, h, "/lists/walker/delete", url.Values{"base": {"stale"}}); w.Code != http.StatusConflict || !exists("walker.toml") {
		t.Fatalf("a stale delete: %d", w.Code)
	}
	w = post(t, h, "/lists/walker/delete", url.Values{"base": {base}})
	if w.Code != http.StatusSeeOther || exists("walker.toml") {
		t.Fatalf("delete: %d", w.Code)
	}
	loc, _, _ := strings.Cut(w.Header().Get("Location"), "#") // a browser keeps the fragment
	home := get(t, h, loc).Body.String()
	if !strings.Contains(home, `action="/lists/walker/restore"`) || strings.Contains(pageText(section(t, home, "lists")), " walker.toml") {
		t.Errorf("the home page does not offer the undo, or still lists the list")
	}
	if w := post(t, h, "/lists/walker/restore", nil); w.Code != http.StatusSeeOther || !exists("walker.toml") {
		t.Fatalf("undo: %d", w.Code)
	}
	if w := post(t, h, "/lists/walker/restore", nil); w.Code != http.StatusConflict {
		t.Errorf("a second undo: %d", w.Code)
	}

	// Cross-site POSTs change nothing.
	for _, p := range []string{"/lists/walker/delete", "/lists/walker/rename", "/lists/walker/duplicate"} {
		r := newRequest(http.MethodPost, p, strings.NewReader(url.Values{"base": {base}, "newname": {"stolen"}}.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Sec-Fetch-Site", "cross-site")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusForbidden {
			t.Errorf("cross-site %s: %d", p, w.Code)
		}
	}
	if !exists("walker.toml") || exists("stolen.toml") || exists("walker-copy-3.toml") {
		t.Error("a cross-site request changed the folder")
	}
	// An oversized body is refused before it is read whole.
	big := url.Values{"base": {base}, "newname": {strings.Repeat("x", maxBodyBytes+10)}}
	if w := post(t, h, "/lists/walker/rename", big); w.Code != http.StatusRequestEntityTooLarge && w.Code != http.StatusBadRequest {
		t.Errorf("an oversized rename: %d", w.Code)
	}
	if !exists("walker.toml") {
		t.Error("the oversized rename moved the list")
	}
}

// TestOddsKeepWhatWasTyped: a failed odds query keeps every field as the
// player typed it, the good ones and the bad ones.
func TestOddsKeepWhatWasTyped(t *testing.T) {
	s, _ := newServer(t, "")
	w := get(t, s.Handler(), "/odds/attack?dice=abc&defense=7&armor=999999999&power=2&cover=soft&tripod=1")
	if w.Code != http.StatusBadRequest {
		t.Fatalf("a bad query: %d", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{`name="dice" value="abc"`, `name="defense" value="7"`, `name="armor" value="999999999"`, `name="power" value="2"`, `name="tripod" value="true" checked`} {
		if !strings.Contains(body, want) {
			t.Errorf("the form lost %s", want)
		}
	}
	text := pageText(body)
	if !strings.Contains(text, "Dice:") || !strings.Contains(text, "Armor:") {
		t.Errorf("not every bad field is named: %s", text)
	}
}

// TestExportImport: every list goes out in one zip and comes back in,
// each checked, none written over a list of the same name; hostile zips
// (paths that leave the folder, files too big, not lists) change nothing
// they should not.
func TestExportImport(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	humans := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	writeFile(t, filepath.Join(dir, "humans.toml"), humans)
	writeFile(t, filepath.Join(dir, "greedy.toml"), "system = \"aqotmf\"\nfaction = \"Humans\"\npoints = 10\n[[unit]]\nid = \"hmg-unit\"\n")
	w := get(t, h, "/lists.zip")
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/zip" {
		t.Fatalf("export: %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	zr, err := zip.NewReader(bytes.NewReader(w.Body.Bytes()), int64(w.Body.Len()))
	if err != nil || len(zr.File) != 2 {
		t.Fatalf("export: %v, %d files", err, len(zr.File))
	}
	upload := func(files map[string][]byte) *httptest.ResponseRecorder { return upload(t, h, files) }
	// The zip back in: both names are taken, so both come in as copies.
	w = upload(map[string][]byte{"backup.zip": w.Body.Bytes()})
	text := pageText(w.Body.String())
	if w.Code != 200 || readFile(t, filepath.Join(dir, "humans-2.toml")) != humans || !strings.Contains(text, "nothing was written over") || !strings.Contains(text, "VALID") || !strings.Contains(text, "INVALID") {
		t.Fatalf("import of the export: %d %s", w.Code, text)
	}
	if readFile(t, filepath.Join(dir, "humans.toml")) != humans {
		t.Fatal("an import wrote over a list")
	}
	// Hostile zips.
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for name, data := range map[string]string{"../../escape.toml": humans, "sub/dir/inner.toml": humans, ".hidden.toml": humans, "notes.txt": "x", "broken.toml": "name = \"x", "huge.toml": strings.Repeat("#", maxListBytes+1)} {
		f, _ := zw.Create(name)
		f.Write([]byte(data))
	}
	zw.Close()
	w = upload(map[string][]byte{"evil.zip": zb.Bytes(), "plain.toml": []byte(humans), "../up.toml": []byte(humans)})
	text = pageText(w.Body.String())
	if _, err := os.Stat(filepath.Join(dir, "..", "escape.toml")); err == nil {
		t.Fatal("a zip path left the folder")
	}
	for _, want := range []string{"escape.toml", "inner.toml", "plain.toml", "up.toml"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("%s was not imported into the folder: %s", want, text)
		}
	}
	for _, not := range []string{".hidden.toml", "notes.txt", "huge.toml"} {
		if _, err := os.Stat(filepath.Join(dir, not)); err == nil {
			t.Errorf("%s was imported", not)
		}
	}
	if !strings.Contains(text, "a list may have") {
		t.Errorf("the refusals are not explained: %s", text)
	}
	// A file that does not read as a list yet comes in as it is (the
	// folder keeps such files, and exports them), saying why.
	if readFile(t, filepath.Join(dir, "broken.toml")) != "name = \"x" || !strings.Contains(text, "does not read as an army list yet (Line 1: ") {
		t.Errorf("broken.toml: not imported as it is, or not explained: %s", text)
	}
	// Not a zip, nothing at all, and a cross-site import.
	if w := upload(map[string][]byte{"x.zip": []byte("PK no")}); !strings.Contains(pageText(w.Body.String()), "not a zip file") {
		t.Error("a broken zip is not explained")
	}
	if w := upload(nil); w.Code != http.StatusBadRequest {
		t.Errorf("an empty import: %d", w.Code)
	}
	r := newRequest(http.MethodPost, "/import", strings.NewReader("x"))
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != http.StatusForbidden {
		t.Errorf("a cross-site import: %d", rec.Code)
	}
}
