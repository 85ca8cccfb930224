package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSaveConflicts: a save never writes over a file that changed on disk,
// nor over an existing file from a new list; it says so and offers a new
// name, and the edits are still on the page.
func TestSaveConflicts(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	file := filepath.Join(dir, "company.toml")
	form := url.Values{"system": {"aqotmf"}, "name": {"Company"}, "u.0.id": {"infantry-company"}, "filename": {"company"}}

	// A new list.
	if w := post(t, h, "/save", form); w.Code != http.StatusSeeOther {
		t.Fatalf("first save: %d %s", w.Code, pageText(w.Body.String()))
	}
	first := readFile(t, file)

	// Another new list under the same name is refused.
	form.Set("name", "Someone else's")
	w := post(t, h, "/save", form)
	if w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "There is already a list called company.toml") {
		t.Errorf("a new list overwrote an existing one: %d", w.Code)
	}
	if readFile(t, file) != first {
		t.Fatal("the file changed")
	}
	if !strings.Contains(w.Body.String(), `name="newname" value="company-2"`) || !strings.Contains(w.Body.String(), `value="Someone else&#39;s"`) {
		t.Errorf("the conflict page lost the edits or offers no new name")
	}

	// Saving the loaded file with its hash works.
	form.Set("loaded", "company")
	form.Set("base", hashOf([]byte(first)))
	form.Set("name", "Company, edited")
	if w := post(t, h, "/save", form); w.Code != http.StatusSeeOther {
		t.Fatalf("save over the loaded file: %d %s", w.Code, pageText(w.Body.String()))
	}
	second := readFile(t, file)
	if !strings.Contains(second, `"Company, edited"`) {
		t.Fatalf("not saved:\n%s", second)
	}

	// The file changes on disk (an editor): the stale page is refused.
	edited := second + "# edited by hand\n"
	writeFile(t, file, edited)
	form.Set("base", hashOf([]byte(second)))
	form.Set("name", "Stale")
	w = post(t, h, "/save", form)
	if w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "was changed on disk after you opened it") {
		t.Errorf("a stale save was not refused: %d", w.Code)
	}
	if readFile(t, file) != edited {
		t.Fatal("the stale save wrote the file")
	}

	// Save as a new list from the conflict.
	form.Set("op", "saveas")
	form.Set("newname", "company-2")
	if w := post(t, h, "/save", form); w.Code != http.StatusSeeOther {
		t.Fatalf("save as new: %d %s", w.Code, pageText(w.Body.String()))
	}
	if !strings.Contains(readFile(t, filepath.Join(dir, "company-2.toml")), `"Stale"`) || readFile(t, file) != edited {
		t.Error("save as new did not go to the new file alone")
	}

	// Deleted since loaded: refused too.
	os.Remove(file)
	form.Del("op")
	form.Set("base", hashOf([]byte(edited)))
	if w := post(t, h, "/save", form); w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "was deleted after you opened it") {
		t.Errorf("a save over a deleted file: %d", w.Code)
	}
}

// TestSaveKeepsHandWrittenCopy: saving over a file written by hand keeps
// the file as it was next to it.
func TestSaveKeepsHandWrittenCopy(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	examples(t, dir)
	file := filepath.Join(dir, "boys-of-company-c-humans.toml")
	orig := readFile(t, file)
	form := formOf(t, "boys-of-company-c-humans", []byte(orig))
	form.Set("loaded", "boys-of-company-c-humans")
	form.Set("base", hashOf([]byte(orig)))
	w := post(t, h, "/save", form)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/lists/boys-of-company-c-humans?saved=1&kept=boys-of-company-c-humans.orig" {
		t.Fatalf("save: %d %q", w.Code, w.Header().Get("Location"))
	}
	if got := readFile(t, filepath.Join(dir, "boys-of-company-c-humans.orig.toml")); got != orig {
		t.Errorf("the copy is not the file as it was:\n%s", got)
	}
	if strings.Contains(readFile(t, file), "Check it with\n#   playaid army validate") {
		t.Errorf("the saved file kept the hand-written comments")
	}
	page := get(t, h, w.Header().Get("Location")).Body.String()
	if !strings.Contains(pageText(page), "kept as boys-of-company-c-humans.orig.toml") {
		t.Errorf("the page does not say where the copy is")
	}
	// A second save of the builder's own file keeps no copy.
	now := readFile(t, file)
	form.Set("base", hashOf([]byte(now)))
	if w := post(t, h, "/save", form); w.Header().Get("Location") != "/lists/boys-of-company-c-humans?saved=1" {
		t.Errorf("a canonical file got a copy: %q", w.Header().Get("Location"))
	}
}

// TestUnreadableListsAreShownNotOverwritten: a file that is not TOML, or
// whose values have the wrong type, opens as its messages and its text and
// is never saved over.
func TestUnreadableListsAreShownNotOverwritten(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	for name, src := range map[string]string{
		"syntax":    "system = \"aqotmf\"\nname = \"Broken\n\n[[unit]]\nid = \"infantry-company\"\n",
		"wrongtype": "system = \"aqotmf\"\nname = \"X\"\n\n[[unit]]\nid = \"hmg-unit\"\ncount = \"two\"\n",
	} {
		file := filepath.Join(dir, name+".toml")
		writeFile(t, file, src)
		w := get(t, h, "/lists/"+name)
		body := pageText(w.Body.String())
		if w.Code != 200 || !strings.Contains(body, "cannot be opened in the builder") || strings.Contains(w.Body.String(), `id="builder"`) {
			t.Errorf("%s: shown as %d: %s", name, w.Code, body)
		}
		// The browser says on which line, in the player's words; the
		// CLI's file:line:col stays on the command line.
		if !regexp.MustCompile(`Line \d+: [A-Z]`).MatchString(body) || regexp.MustCompile(name+`\.toml:\d+:\d+: `).MatchString(body) {
			t.Errorf("%s: no message by line in the player's words: %s", name, body)
		}
		if !strings.Contains(body, `id = "infantry-company"`) && !strings.Contains(body, `count = "two"`) {
			t.Errorf("%s: the file's text is not shown", name)
		}
		home := pageText(get(t, h, "/").Body.String())
		if name == "syntax" && !strings.Contains(home, "UNREADABLE") {
			t.Errorf("the home page hides the unreadable list")
		}
		// A page that claims to have loaded it cannot save over it.
		form := url.Values{"system": {"aqotmf"}, "filename": {name}, "loaded": {name}, "base": {hashOf([]byte(src))}}
		if w := post(t, h, "/save", form); w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "does not read as a list") {
			t.Errorf("%s: a blank list was saved over it: %d", name, w.Code)
		}
		if readFile(t, file) != src {
			t.Fatalf("%s: overwritten", name)
		}
	}
}

// TestNoTraversal: list names map to files directly in --lists and
// nowhere else, whatever the address or the form says.
func TestNoTraversal(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	outside := filepath.Join(filepath.Dir(dir), "outside.toml")
	secret := "system = \"aqotmf\"\nname = \"Secret\"\n"
	writeFile(t, outside, secret)
	if err := os.Symlink(outside, filepath.Join(dir, "link.toml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside.toml", filepath.Join(dir, "rel.toml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"/lists/..%2Foutside", "/lists/%2e%2e%2Foutside", "/lists/a%2Fb", "/lists/%2Fetc%2Fpasswd",
		"/lists/..", "/lists/.hidden", "/lists/link", "/lists/rel", "/lists/folder",
		"/lists/link/list.toml", "/lists/..%2Foutside/list.toml", "/lists/%00", "/lists/x%5Cy",
	} {
		w := get(t, h, path)
		if w.Code == http.StatusOK || strings.Contains(w.Body.String(), "Secret") {
			t.Errorf("GET %s: %d, shows the outside file: %v", path, w.Code, strings.Contains(w.Body.String(), "Secret"))
		}
	}
	for _, name := range []string{"../outside", "/tmp/x", "a/b", "..", ".hidden", "link", "rel", "folder", "x\\y", "con\x00", strings.Repeat("a", 65)} {
		form := url.Values{"system": {"aqotmf"}, "name": {"Pwned"}, "filename": {name}}
		w := post(t, h, "/save", form)
		if w.Code == http.StatusSeeOther {
			t.Errorf("saved as %q", name)
		}
	}
	if readFile(t, outside) != secret {
		t.Fatal("the file outside --lists was written")
	}
	home := get(t, h, "/").Body.String()
	if strings.Contains(home, "Secret") || strings.Contains(home, `href="/lists/link"`) {
		t.Errorf("the home page lists a link out of the folder")
	}
	// Games are named as the server names them, and live in the games
	// folder beside the lists, which the server made empty.
	for _, path := range []string{"/play/..%2Foutside/table", "/play/outside/table", "/play/..%2Flists%2Flink/table", "/play/%2e%2e/table", "/play/feed/..%2F..%2Foutside"} {
		if w := get(t, h, path); w.Code == http.StatusOK || strings.Contains(w.Body.String(), "Secret") {
			t.Errorf("GET %s: %d", path, w.Code)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	for _, e := range entries {
		if e.Name() != "lists" && e.Name() != "outside.toml" && e.Name() != "games" {
			t.Errorf("a file appeared next to the lists folder: %s", e.Name())
		}
	}
	if games, _ := os.ReadDir(filepath.Join(filepath.Dir(dir), "games")); len(games) > 0 {
		t.Errorf("files appeared in the games folder: %v", games)
	}
}

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"company-c", "Boys of Company C", "list_2", "a.orig", "Ünterwäsche", "x"} {
		if err := checkName(ok); err != nil {
			t.Errorf("checkName(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "a/b", "a\\b", "../x", ".x", "-x", " x", "x ", "x.", "a..b", "a\x00b", "a\nb", "\xff", strings.Repeat("x", 65), "a:b", "*"} {
		if err := checkName(bad); err == nil {
			t.Errorf("checkName(%q) accepted it", bad)
		}
	}
	for in, want := range map[string]string{"Boys of Company C": "boys-of-company-c", "  !!": "my-army", "Évac: Mars": "évac-mars"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCrossSiteRefused: a form posted from another site changes nothing.
func TestCrossSiteRefused(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	form := url.Values{"system": {"aqotmf"}, "name": {"Evil"}, "filename": {"evil"}}
	for _, hdr := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
	} {
		r := newRequest(http.MethodPost, "/save", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "came from another site") {
			t.Errorf("%v: %d", hdr, w.Code)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "evil.toml")); err == nil {
		t.Fatal("a cross-site post saved a list")
	}
	// Reading is never a change: a GET with a foreign origin is answered.
	r := newRequest(http.MethodGet, "/", nil)
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("GET from a link on another site: %d", w.Code)
	}
	// Changes are POSTs only.
	if w := get(t, h, "/save?system=aqotmf&filename=viaget&u.0.id=hmg-unit"); w.Code < 400 {
		t.Errorf("GET /save: %d", w.Code)
	}
	if _, err := os.Stat(filepath.Join(dir, "viaget.toml")); err == nil {
		t.Fatal("a GET saved a list")
	}
}

// TestBounds: bodies, fields and units are bounded.
func TestBounds(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	big := url.Values{"system": {"aqotmf"}, "name": {strings.Repeat("x", maxBodyBytes)}}
	if w := post(t, h, "/build", big); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("an oversized body: %d", w.Code)
	}
	long := url.Values{"system": {"aqotmf"}, "name": {strings.Repeat("x", maxFieldBytes+1)}}
	if w := post(t, h, "/build", long); w.Code != http.StatusBadRequest || !strings.Contains(pageText(w.Body.String()), "more than the 200") {
		t.Errorf("an overlong name: %d", w.Code)
	}
	many := url.Values{}
	for i := 0; i <= maxFormFields; i++ {
		many.Set("f"+itoa(i), "1")
	}
	if w := post(t, h, "/build", many); w.Code != http.StatusBadRequest {
		t.Errorf("too many fields: %d", w.Code)
	}
	for _, k := range []string{"u.200.id", "u.-1.id", "u.01.id", "u.x.id", "u.99999999999999999999.id"} {
		if w := post(t, h, "/build", url.Values{k: {"hmg-unit"}}); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", k, w.Code)
		}
	}
	for _, q := range []string{"/odds/attack?dice=1001", "/odds/attack?dice=-1", "/odds/attack?defense=x", "/odds/im-shoot?trays=100000", "/odds/burn?armor=101", "/odds/attack?dice=101", "/odds/im-shoot?trays=1000"} {
		w := get(t, h, q)
		if w.Code != http.StatusBadRequest || !strings.Contains(pageText(w.Body.String()), "is not a whole number from") {
			t.Errorf("%s: %d", q, w.Code)
		}
	}
}

func TestPassword(t *testing.T) {
	s, _ := newServer(t, "club secret")
	h := s.Handler()
	for _, tc := range []struct {
		user, pass string
		set        bool
		want       int
	}{
		{set: false, want: 401},
		{"anyone", "wrong", true, 401},
		{"anyone", "", true, 401},
		{"anyone", "club secret", true, 200},
		{"", "club secret", true, 200},
	} {
		r := newRequest(http.MethodGet, "/", nil)
		if tc.set {
			r.SetBasicAuth(tc.user, tc.pass)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tc.want {
			t.Errorf("%+v: %d", tc, w.Code)
		}
		if w.Code == 401 && !strings.Contains(w.Header().Get("WWW-Authenticate"), "Basic") {
			t.Errorf("401 without a Basic challenge")
		}
	}
	// The static files and downloads are behind it too.
	if w := get(t, h, "/static/style.css"); w.Code != 401 {
		t.Errorf("static: %d", w.Code)
	}
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:8080": true, "[::1]:80": true, "127.1.2.3:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.5:8080": false, "example.com:80": false, "nonsense": false,
	} {
		if got := Loopback(addr); got != want {
			t.Errorf("Loopback(%q) = %v", addr, got)
		}
	}
}

// TestEscaping: what a player typed, or a hand-written file holds, is text
// on the page, never markup.
func TestEscaping(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	evil := `<script>alert(1)</script>"><img src=x onerror=alert(2)>`
	form := url.Values{"system": {"aqotmf"}, "name": {evil}, "player": {evil}, "u.0.id": {evil}, "u.0.label": {evil}, "filename": {"x"}}
	body := post(t, h, "/build", form).Body.String()
	writeFile(t, filepath.Join(dir, "evil.toml"), "system = \"aqotmf\"\nname = "+tomlString(evil)+"\n[[unit]]\nid = \"hmg-unit\"\nlabel = "+tomlString(evil)+"\n")
	writeFile(t, filepath.Join(dir, "evil2.toml"), "system = \""+evil+"\n")
	for _, page := range []string{body, get(t, h, "/lists/evil").Body.String(), get(t, h, "/").Body.String(), get(t, h, "/lists/evil2").Body.String(),
		get(t, h, "/odds/building?type="+url.QueryEscape(evil)).Body.String()} {
		if strings.Contains(page, "<script>alert") || strings.Contains(page, "<img src=x") {
			t.Errorf("markup from input reached the page")
		}
	}
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("the typed text is not shown escaped")
	}
}

// TestServeStopsCleanly: when the context ends, a request in flight (a
// save) finishes and Serve returns.
func TestServeStopsCleanly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		io.WriteString(w, "saved")
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h) }()
	got := make(chan string, 1)
	go func() {
		resp, err := http.Post("http://"+ln.Addr().String()+"/save", "text/plain", nil)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-entered
	cancel()
	select {
	case err := <-done:
		t.Fatalf("Serve returned with a request in flight: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if b := <-got; b != "saved" {
		t.Errorf("the request in flight got %q", b)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Errorf("still serving after the stop")
	}
}

// TestSaveRemovesStaleTemporaries: what a save killed halfway left beside
// a list is removed by the next save of it, as the CLI's writes do;
// nothing else is touched.
func TestSaveRemovesStaleTemporaries(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{".company.toml.tmp-0a1b2c3d4e5f", ".company.toml.tmp-notours", ".other.toml.tmp-0a1b2c3d4e5f"} {
		writeFile(t, filepath.Join(dir, n), "")
	}
	form := url.Values{"system": {"aqotmf"}, "name": {"Company"}, "u.0.id": {"infantry-company"}, "filename": {"company"}}
	if w := post(t, h, "/save", form); w.Code != http.StatusSeeOther {
		t.Fatalf("save: %d %s", w.Code, pageText(w.Body.String()))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got, want := strings.Join(names, " "), ".company.toml.tmp-notours .other.toml.tmp-0a1b2c3d4e5f company.toml"; got != want {
		t.Errorf("the folder holds %s; want %s", got, want)
	}
}
