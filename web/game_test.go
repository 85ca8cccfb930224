package web

import (
	"archive/zip"
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// TestPaperRemembered: a paper chosen once is the paper of every download
// after it, until another is chosen; a remembered paper that is no paper
// is forgotten, not an error.
func TestPaperRemembered(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	w := get(t, h, "/?paper=letter")
	var cookie *http.Cookie
	for _, c := range w.Result().Cookies() {
		if c.Name == paperCookie {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != "letter" || !cookie.HttpOnly {
		t.Fatalf("no paper cookie: %v", w.Result().Cookies())
	}
	cat := shipped.Catalog(t)
	doc, _ := pack.New(cat, pack.Options{}).Doc("markers-buildings.pdf")
	letter, _ := doc.Render(layout.Letter)
	a4, _ := doc.Render(layout.A4)
	for _, tt := range []struct {
		path, cookie string
		want         []byte
	}{
		{"/docs/markers/buildings.pdf", "letter", letter},
		{"/docs/markers/buildings.pdf", "", a4},
		{"/docs/markers/buildings.pdf?paper=a4", "letter", a4},
		{"/docs/markers/buildings.pdf", "a3", a4},
	} {
		req := httpReq(tt.path)
		if tt.cookie != "" {
			req.AddCookie(&http.Cookie{Name: paperCookie, Value: tt.cookie})
		}
		w := serveReq(h, req)
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), tt.want) {
			t.Errorf("%s with paper %q remembered: %d, not the paper's bytes", tt.path, tt.cookie, w.Code)
		}
	}
	if !strings.Contains(get(t, h, "/?paper=letter").Body.String(), `print-pack.zip?paper=letter`) {
		t.Error("the home page does not offer the whole pack on the chosen paper")
	}
}

// TestPrintPackZip: "Download all" is the print pack, file for file the
// bytes the pack renders, in its order, the same zip each time.
func TestPrintPackZip(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("renders the whole pack")
	}
	s, _ := newServer(t, "")
	h := s.Handler()
	w := get(t, h, "/docs/print-pack.zip?paper=letter")
	if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Disposition"), "print-pack-letter.zip") {
		t.Fatalf("%d %s", w.Code, w.Header().Get("Content-Disposition"))
	}
	zr, err := zip.NewReader(bytes.NewReader(w.Body.Bytes()), int64(w.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	pk := pack.New(shipped.Catalog(t), pack.Options{})
	files, err := pack.Render(context.Background(), layout.Letter, pk.Docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(files) {
		t.Fatalf("%d files in the zip, %d in the pack", len(zr.File), len(files))
	}
	for i, zf := range zr.File {
		rc, _ := zf.Open()
		var b bytes.Buffer
		b.ReadFrom(rc)
		rc.Close()
		if zf.Name != files[i].Name || !bytes.Equal(b.Bytes(), files[i].Data) {
			t.Errorf("file %d: %s, want %s with the pack's bytes", i, zf.Name, files[i].Name)
		}
	}
	want, _ := pack.Zip(files)
	if !bytes.Equal(w.Body.Bytes(), want) {
		t.Error("the zip is not the pack's zip")
	}
}

// TestGameNight: a scenario's game night page offers the sides' lists
// (the club's valid saved lists of the rule set), and its downloads are
// the bytes 'playaid game' makes (pack.Night) with the same choices;
// hostile choices are refused in plain words.
func TestGameNight(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	examples(t, dir)
	src, err := os.ReadFile(filepath.Join(dir, "boys-of-company-c-humans"+ext))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "club"+ext), src, 0o644)
	page := get(t, h, "/game/aqotmf/boys-of-company-c?players=3&side1=club")
	body := page.Body.String()
	if page.Code != 200 || !strings.Contains(body, `<option value="club" selected>`) || strings.Contains(body, `value="imperial-mars"`) {
		t.Fatalf("the game night page: %d %s", page.Code, pageText(body))
	}
	for _, want := range []string{"Print single-sided", "Print double-sided, flipping on the long edge", "Blips: Scenario 1", "3 copies: one for each player"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Each side is offered its own lists only: the Martians' lists are
	// not the humans', and the humans' not the Martians'.
	humans, martians, _ := strings.Cut(body, `name="side2"`)
	if strings.Contains(humans, `value="boys-of-company-c-martians"`) || !strings.Contains(humans, `value="boys-of-company-c-humans"`) ||
		strings.Contains(martians, `value="club"`) || !strings.Contains(martians, `value="boys-of-company-c-martians"`) ||
		strings.Contains(body, `value="morale-wagon-humans"`) {
		t.Errorf("the sides' choices are not their own lists: %s", pageText(body))
	}
	if w := get(t, h, "/game/aqotmf/boys-of-company-c?side1=boys-of-company-c-martians"); w.Code != 400 || !strings.Contains(pageText(w.Body.String()), `Boys of Company C: there is no valid saved list "boys-of-company-c-martians" of this side.`) {
		t.Errorf("the Martians' list for the humans: %d %s", w.Code, pageText(w.Body.String()))
	}
	if w := get(t, h, "/game/aqotmf/boys-of-company-c?players=1"); !strings.Contains(pageText(w.Body.String()), `Players: "1" is not a whole number of at least 2`) {
		t.Errorf("one player: %s", pageText(w.Body.String()))
	}
	cat := shipped.Catalog(t)
	sys := cat.System("aqotmf")
	// The print pack's game night refuses it too, as 'playaid game' does.
	rm, _ := army.Validate("m"+ext, []byte(mustRead(t, filepath.Join(dir, "boys-of-company-c-martians"+ext))), cat)
	if _, err := pack.New(cat, pack.Options{}).Night(sys, sys.Scenario("boys-of-company-c"), pack.NightOptions{Lists: []*army.Report{rm}}); err == nil || !strings.Contains(err.Error(), "cannot play Boys of Company C: it is the list of Martians") {
		t.Errorf("pack.Night with the Martians' list for the humans: %v", err)
	}
	r, _ := army.Validate("club"+ext, src, cat)
	n, err := pack.New(cat, pack.Options{}).Night(sys, sys.Scenario("boys-of-company-c"), pack.NightOptions{Players: 3, Lists: []*army.Report{r}, Names: []string{"club"}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := n.Render(context.Background(), layout.Letter)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := pack.Zip(files)
	q := "?paper=letter&players=3&side1=club"
	if w := get(t, h, "/game/aqotmf/boys-of-company-c/game-night-boys-of-company-c-letter.zip"+q); w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
		t.Errorf("the zip: %d, not the game night's bytes", w.Code)
	}
	for _, f := range files {
		if w := get(t, h, "/game/aqotmf/boys-of-company-c/"+f.Name+q); w.Code != 200 || !bytes.Equal(w.Body.Bytes(), f.Data) {
			t.Errorf("%s: %d, not the game night's bytes", f.Name, w.Code)
		}
	}
	for path, code := range map[string]int{
		"/game/aqotmf/nope":                                                          404,
		"/game/nope/boys-of-company-c":                                               404,
		"/game/aqotmf/boys-of-company-c?players=1":                                   400,
		"/game/aqotmf/boys-of-company-c?players=99999999999999999":                   400,
		"/game/aqotmf/boys-of-company-c?side1=..%2f..%2fetc":                         400,
		"/game/aqotmf/boys-of-company-c?side1=imperial-mars":                         400,
		"/game/aqotmf/boys-of-company-c?paper=a3":                                    400,
		"/game/aqotmf/boys-of-company-c/secret.pdf":                                  404,
		"/game/aqotmf/boys-of-company-c/game-night-boys-of-company-c-a4.zip?side2=x": 400,
	} {
		w := get(t, h, path)
		text := pageText(w.Body.String())
		if w.Code != code || strings.Contains(text, "/etc") && code == 400 && !strings.Contains(text, "no valid saved list") {
			t.Errorf("%s: %d, want %d (%s)", path, w.Code, code, text)
		}
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func httpReq(target string) *http.Request { return newRequest(http.MethodGet, target, nil) }

func serveReq(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
