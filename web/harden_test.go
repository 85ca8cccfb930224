package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog/shipped"
)

// hostServer is a server with a password and the club's names, or
// without either.
func hostServer(t *testing.T, password string, hosts ...string) (http.Handler, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lists")
	s, err := New(Config{Catalog: shipped.Catalog(t), Lists: dir, Password: password, Hosts: hosts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s.Handler(), dir
}

// TestHostCheck: the server answers only to its own names. A rebinding
// page (a foreign Host with a matching Origin) touches nothing; every
// loopback form and the address listened on are answered; the club's
// --host names only with a password.
func TestHostCheck(t *testing.T) {
	for _, tc := range []struct {
		name, password string
		hosts          []string
		host, local    string
		want           bool
	}{
		{"foreign name", "", nil, "evil.example:8080", "127.0.0.1:8080", false},
		{"foreign name, no port", "", nil, "evil.example", "127.0.0.1:80", false},
		{"localhost", "", nil, "localhost:8080", "127.0.0.1:8080", true},
		{"LOCALHOST", "", nil, "LOCALHOST:8080", "127.0.0.1:8080", true},
		{"127.0.0.1", "", nil, "127.0.0.1:8080", "127.0.0.1:8080", true},
		{"[::1]", "", nil, "[::1]:8080", "[::1]:8080", true},
		{"[::1] on IPv4", "", nil, "[::1]:8080", "127.0.0.1:8080", true},
		{"port 80 left out", "", nil, "localhost", "127.0.0.1:80", true},
		{"another port", "", nil, "localhost:9090", "127.0.0.1:8080", false},
		{"port left out, not 80", "", nil, "localhost", "127.0.0.1:8080", false},
		{"the address listened on", "pw", nil, "192.168.1.20:8080", "192.168.1.20:8080", true},
		{"another address of the LAN", "pw", nil, "192.168.1.21:8080", "192.168.1.20:8080", false},
		{"unbracketed IPv6", "", nil, "::1", "[::1]:80", false},
		{"empty Host", "", nil, "", "127.0.0.1:8080", false},
		{"no connection", "", nil, "localhost:8080", "", false},
		{"club name with a password", "pw", []string{"playaid.lan"}, "playaid.lan:8080", "192.168.1.20:8080", true},
		{"club name in capitals", "pw", []string{"PlayAid.LAN"}, "PLAYAID.lan:8080", "192.168.1.20:8080", true},
		{"club name, wrong port", "pw", []string{"playaid.lan"}, "playaid.lan:9999", "192.168.1.20:8080", false},
		{"a name the club did not give", "pw", []string{"playaid.lan"}, "evil.example:8080", "192.168.1.20:8080", false},
		{"a club name without a password", "", []string{"playaid.lan"}, "playaid.lan:8080", "127.0.0.1:8080", false},
		{"blank password is none", "   ", []string{"playaid.lan"}, "playaid.lan:8080", "127.0.0.1:8080", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, dir := hostServer(t, tc.password, tc.hosts...)
			// A rebinding page's save: Host and Origin agree.
			form := url.Values{"system": {"aqotmf"}, "name": {"Evil"}, "filename": {"evil"}}
			r := httptest.NewRequest(http.MethodPost, "/save", strings.NewReader(form.Encode()))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set("Origin", "http://"+tc.host)
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			r.SetBasicAuth("", tc.password)
			if tc.local != "" {
				r = atLocal(r, tc.host, tc.local)
			} else {
				r.Host = tc.host
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			_, err := os.Stat(filepath.Join(dir, "evil.toml"))
			saved := err == nil
			if saved != tc.want {
				t.Errorf("Host %q on %q: saved %v, want %v (%d %s)", tc.host, tc.local, saved, tc.want, w.Code, w.Body)
			}
			if !tc.want {
				if w.Code != http.StatusMisdirectedRequest || !strings.Contains(w.Body.String(), "answers only to its own address") {
					t.Errorf("refused with %d %q", w.Code, w.Body)
				}
				if w.Header().Get("X-Frame-Options") != "DENY" {
					t.Errorf("the refusal lacks the security headers")
				}
			}
			// Reading is refused as writing is: the lists are the club's.
			g := httptest.NewRequest(http.MethodGet, "/", nil)
			g.SetBasicAuth("", tc.password)
			if tc.local != "" {
				g = atLocal(g, tc.host, tc.local)
			} else {
				g.Host = tc.host
			}
			w = httptest.NewRecorder()
			h.ServeHTTP(w, g)
			if (w.Code == http.StatusOK) != tc.want {
				t.Errorf("GET / with Host %q: %d", tc.host, w.Code)
			}
		})
	}
}

// TestHostNames: a --host that is not a host name is refused with what
// was expected.
func TestHostNames(t *testing.T) {
	for _, bad := range []string{"", "http://playaid.lan", "playaid.lan:8080", "play aid", "a..b", "playaid.lan/x", strings.Repeat("a", 300)} {
		msg := CheckHostName(bad)
		if msg == "" {
			t.Errorf("%q accepted", bad)
		}
		if len(msg) > 200 {
			t.Errorf("%q: the message quotes it whole: %s", bad, msg)
		}
	}
	for _, good := range []string{"playaid.lan", "club-pc", "192.168.1.20", "[fe80::1]", "fe80::1", "Club-PC.local."} {
		if msg := CheckHostName(good); msg != "" {
			t.Errorf("%q refused: %s", good, msg)
		}
	}
	if _, err := New(Config{Catalog: shipped.Catalog(t), Lists: t.TempDir(), Password: "pw", Hosts: []string{"http://x"}}); err == nil || !strings.HasPrefix(err.Error(), "--host ") {
		t.Errorf("New with a bad host: %v", err)
	}
}

// TestSaveOverNonRegular: a link, a pipe or a folder under a list's name
// is the file's problem: a 4xx in plain words, without the server's paths,
// and the thing is left as it was.
func TestSaveOverNonRegular(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	outside := filepath.Join(t.TempDir(), "outside.toml")
	writeFile(t, outside, "system = \"aqotmf\"\nname = \"Outside\"\n")
	if err := os.Symlink(outside, filepath.Join(dir, "link.toml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(dir)
	for name, kind := range map[string]string{"link": "a symbolic link", "pipe": "a named pipe", "folder": "a folder"} {
		for _, loaded := range []string{"", name} {
			form := url.Values{"system": {"aqotmf"}, "name": {"Mine"}, "filename": {name}, "loaded": {loaded}, "base": {"x"}, "u.0.id": {"hmg-unit"}}
			w := post(t, h, "/save", form)
			body := pageText(w.Body.String())
			if w.Code < 400 || w.Code >= 500 {
				t.Errorf("%s (loaded %q): %d, want a 4xx", name, loaded, w.Code)
			}
			if loaded == "" {
				// A new list: the name is taken, whatever takes it.
				continue
			}
			if !strings.Contains(body, name+".toml in the lists folder is "+kind+", not a list file") {
				t.Errorf("%s: the page does not say what is wrong: %s", name, body)
			}
			if strings.Contains(body, abs) || strings.Contains(body, dir) || strings.Contains(body, "/tmp") {
				t.Errorf("%s: the page shows the server's paths: %s", name, body)
			}
		}
	}
	if got := readFile(t, outside); got != "system = \"aqotmf\"\nname = \"Outside\"\n" {
		t.Errorf("the file the link points to changed: %q", got)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.toml")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	// Opening one says the same in a 4xx, without paths either.
	w := get(t, h, "/lists/pipe")
	if w.Code != http.StatusUnprocessableEntity || strings.Contains(w.Body.String(), abs) || !strings.Contains(pageText(w.Body.String()), "is a named pipe") {
		t.Errorf("GET /lists/pipe: %d %s", w.Code, pageText(w.Body.String()))
	}
}

// TestFieldFlood: a form or an address with more fields than a list can
// have is refused in the user's words, not the standard library's.
func TestFieldFlood(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "&f%d=1", i)
	}
	flood := "system=aqotmf" + b.String()
	for _, tc := range []struct {
		what string
		w    *httptest.ResponseRecorder
	}{
		{"a flooded form", func() *httptest.ResponseRecorder {
			r := newRequest(http.MethodPost, "/build", strings.NewReader(flood))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			return w
		}()},
		{"a flooded address", get(t, h, "/odds/attack?"+flood)},
		{"a flooded save address", func() *httptest.ResponseRecorder {
			r := newRequest(http.MethodPost, "/save?"+flood, strings.NewReader("system=aqotmf"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set("Sec-Fetch-Site", "same-origin")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			return w
		}()},
	} {
		body := pageText(tc.w.Body.String())
		if tc.w.Code < 400 || tc.w.Code >= 500 || !strings.Contains(body, "The form has more fields than a list can have") {
			t.Errorf("%s: %d %s", tc.what, tc.w.Code, body)
		}
		if strings.Contains(body, "exceeded") || strings.Contains(body, "parameters") {
			t.Errorf("%s: Go's words: %s", tc.what, body)
		}
	}
	// A form a browser would not send is refused in plain words too.
	r := newRequest(http.MethodPost, "/build", strings.NewReader("system=aqotmf&name=%zz"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if body := pageText(w.Body.String()); w.Code != http.StatusBadRequest || strings.Contains(body, "invalid URL escape") || !strings.Contains(body, "not as a browser sends it") {
		t.Errorf("a stray %%: %d %s", w.Code, body)
	}
}

// TestHeavyWorkBounded: the renders of documents and answers run at most
// one per processor at once, and the same one asked by many at once is
// worked out once.
func TestHeavyWorkBounded(t *testing.T) {
	c := newCache(1 << 20)
	var now, most atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.get(fmt.Sprint("key", i), func() ([]byte, error) {
				n := now.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				time.Sleep(2 * time.Millisecond) // let the others try to overlap
				now.Add(-1)
				return []byte("x"), nil
			})
		}()
	}
	wg.Wait()
	if m := most.Load(); m > int64(runtime.GOMAXPROCS(0)) || m < 1 {
		t.Errorf("%d renders ran at once on %d processors", m, runtime.GOMAXPROCS(0))
	}
	if n := c.renders.Load(); n != 40 {
		t.Errorf("%d renders of 40 keys", n)
	}
}

// TestOddsKept: the heaviest odds question, asked by forty browsers at
// once, is worked out once; its page prints no fraction too long to read.
func TestOddsKept(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	const q = "/odds/im-shoot?factor=5&trays=100"
	bodies := make([]string, 40)
	var wg sync.WaitGroup
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := httptest.NewRecorder()
			h.ServeHTTP(w, newRequest(http.MethodGet, q, nil))
			if w.Code != http.StatusOK {
				t.Errorf("%d", w.Code)
			}
			bodies[i] = w.Body.String()
		}()
	}
	wg.Wait()
	if n := s.docs.cache.renders.Load(); n != 1 {
		t.Errorf("the answer was worked out %d times for 40 requests", n)
	}
	for _, b := range bodies[1:] {
		if b != bodies[0] {
			t.Fatal("the answers differ")
		}
	}
	if w := get(t, h, "/odds/im-shoot?trays=100&factor=5"); w.Body.String() != bodies[0] || s.docs.cache.renders.Load() != 1 {
		t.Errorf("the same question in another order was worked out again")
	}
	if !strings.Contains(bodies[0], "too long to show") {
		t.Errorf("the page prints 1300-digit fractions")
	}
	if len(bodies[0]) > 1<<20 {
		t.Errorf("the page is %d bytes", len(bodies[0]))
	}
	// A question out of bounds is not kept.
	before := s.docs.cache.renders.Load()
	if w := get(t, h, "/odds/im-shoot?factor=5&trays=10000"); w.Code != http.StatusBadRequest || s.docs.cache.renders.Load() != before {
		t.Errorf("out of bounds: %d", w.Code)
	}
}

// BenchmarkOddsHeaviest is the heaviest odds question the form allows,
// worked out afresh each time, and kept.
func BenchmarkOddsHeaviest(b *testing.B) {
	s, _ := newServer(b, "")
	h := s.Handler()
	b.Run("afresh", func(b *testing.B) {
		for b.Loop() {
			s.docs.cache = newCache(cacheBytes)
			serve(b, h, newRequest(http.MethodGet, "/odds/im-shoot?factor=5&trays=100", nil))
		}
	})
	b.Run("kept", func(b *testing.B) {
		for b.Loop() {
			serve(b, h, newRequest(http.MethodGet, "/odds/im-shoot?factor=5&trays=100", nil))
		}
	})
}

// TestHomeKeepsThePathAtHome: the home page names the lists folder in full
// on the organiser's own machine, but serves the room (a password) only
// its name: the server's paths are nobody else's business.
func TestHomeKeepsThePathAtHome(t *testing.T) {
	for _, tc := range []struct {
		password string
		full     bool
	}{{"", true}, {"pw", false}} {
		h, dir := hostServer(t, tc.password)
		r := atLocal(httptest.NewRequest(http.MethodGet, "/", nil), "127.0.0.1:8080", "127.0.0.1:8080")
		r.SetBasicAuth("", tc.password)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		body := w.Body.String()
		if w.Code != http.StatusOK {
			t.Fatalf("password %q: %d %s", tc.password, w.Code, body)
		}
		if got := strings.Contains(body, dir); got != tc.full {
			t.Errorf("password %q: the page names %s in full: %v, want %v", tc.password, dir, got, tc.full)
		}
		if !tc.full && !strings.Contains(body, "<code>"+filepath.Base(dir)+"</code>") {
			t.Errorf("password %q: the page does not name the folder %s", tc.password, filepath.Base(dir))
		}
	}
}
