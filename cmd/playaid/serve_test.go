package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playaid/playaid/pack"
)

// syncBuffer is a buffer the server goroutine writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServe runs 'playaid serve' on a free loopback port: it prints the
// address, a list saved from the browser's form is one 'army validate'
// accepts, the downloads are the bytes the CLI writes, and Ctrl-C (the
// context) stops it cleanly.
func TestServe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lists := filepath.Join(dir, "lists")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--lists", lists}, &out, &errb) }()

	var base string
	for deadline := time.Now().Add(10 * time.Second); base == ""; {
		if m := regexp.MustCompile(`open (http://127\.0\.0\.1:\d+)/`).FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no address printed:\n%s\n%s", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "lists in "+lists) {
		t.Errorf("the lists folder is not named:\n%s", out.String())
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string) (*http.Response, []byte) {
		t.Helper()
		resp, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", path, resp.StatusCode)
		}
		return resp, b
	}
	fetch := func(path string) []byte {
		t.Helper()
		_, b := get(path)
		return b
	}
	fetch("/")

	form := url.Values{"system": {"aqotmf"}, "name": {"Boys of Company C"}, "scenario": {"boys-of-company-c"}, "side": {"Boys of Company C"}, "points": {"145"}, "hidden": {"true"},
		"u.0.id": {"infantry-company"}, "u.0.label": {"Company C"}, "u.1.id": {"hmg-unit"}, "u.1.ambush": {"true"},
		"u.2.id": {"rough-riders"}, "u.2.reinforcement": {"true"}, "filename": {"company-c"}}
	req, _ := http.NewRequest(http.MethodPost, base+"/save", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", resp.StatusCode)
	}
	file := filepath.Join(lists, "company-c.toml")

	var vout, verr bytes.Buffer
	if err := run(context.Background(), []string{"army", "validate", file}, &vout, &verr); err != nil {
		t.Fatalf("army validate on the saved list: %v\n%s%s", err, vout.String(), verr.String())
	}
	if !strings.Contains(vout.String(), "valid (145 of 145 points)") {
		t.Errorf("army validate: %s", vout.String())
	}

	// The downloads are what the CLI writes.
	for _, tc := range []struct {
		path string
		args []string
	}{
		{"/docs/reference/aqotmf.pdf", []string{"reference", "--system", "aqotmf"}},
		{"/docs/briefing/aqotmf/boys-of-company-c.pdf", []string{"briefing", "boys-of-company-c"}},
		{"/docs/reference/aqotmf.html", []string{"reference", "--system", "aqotmf", "--format", "html"}},
		{"/docs/notes/imperial-mars.html?paper=letter", []string{"notes", "--system", "imperial-mars", "--format", "html", "--paper", "letter"}},
		{"/docs/briefing/aqotmf/morale-wagon.html", []string{"briefing", "morale-wagon", "--format", "html"}},
		{"/lists/company-c/roster.pdf", []string{"army", "print", file}},
		{"/lists/company-c/cards.pdf", []string{"army", "print", file, "--cards"}},
		{"/lists/company-c/markers.pdf", []string{"markers", "--army", file, "--backs", "long"}},
		{"/lists/company-c/markers-fold.pdf?paper=letter", []string{"markers", "--army", file, "--backs", "fold", "--paper", "letter"}},
	} {
		dest := filepath.Join(dir, "cli.pdf")
		var o, e bytes.Buffer
		if err := run(context.Background(), append(tc.args, "-o", dest), &o, &e); err != nil {
			t.Fatalf("%v: %v\n%s", tc.args, err, e.String())
		}
		cli, _ := os.ReadFile(dest)
		web := fetch(tc.path)
		if strings.Contains(tc.path, ".html") {
			// A reading page is the CLI's document in the site's frame:
			// its head, then its text whole.
			head, _, _ := bytes.Cut(cli, []byte("</head>"))
			_, text, _ := bytes.Cut(cli, []byte("<body>\n"))
			text, _, _ = bytes.Cut(text, []byte("</main>\n"))
			if !bytes.HasPrefix(web, head) || !bytes.Contains(web, text) || !bytes.Contains(web, []byte(`<header class="topbar">`)) {
				t.Errorf("%s is not the document of playaid %s in the site's frame", tc.path, strings.Join(tc.args, " "))
			}
			continue
		}
		if !bytes.Equal(web, cli) {
			t.Errorf("%s is not the bytes of playaid %s", tc.path, strings.Join(tc.args, " "))
		}
	}

	// The home page offers the whole print pack, on either paper: each
	// download is the bytes 'playaid build' writes, under its name, and
	// no file of the pack is missing.
	pk := pack.New(mustLoad(t), pack.Options{})
	for _, paper := range []string{"a4", "letter"} {
		pack := filepath.Join(dir, "pack-"+paper)
		var o, e bytes.Buffer
		if err := run(context.Background(), []string{"build", "--paper", paper, "-o", pack}, &o, &e); err != nil {
			t.Fatalf("build --paper %s: %v\n%s", paper, err, e.String())
		}
		entries, err := os.ReadDir(pack)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, f := range entries {
			want[f.Name()] = true
		}
		home, query := "/", ""
		if paper != "a4" {
			home, query = "/?paper="+paper, "?paper="+paper
		}
		links := regexp.MustCompile(`href="(/docs/[^"?]+\.pdf)(\?paper=[a-z]+)?"`).FindAllStringSubmatch(string(fetch(home)), -1)
		offered, folds := map[string]bool{}, 0
		for _, l := range links {
			if l[2] != query {
				t.Errorf("%s on %s paper links %s%s", home, paper, l[1], l[2])
			}
			resp, web := get(l[1] + l[2])
			m := regexp.MustCompile(`filename="?([^";]+)`).FindStringSubmatch(resp.Header.Get("Content-Disposition"))
			if m == nil {
				t.Errorf("%s: no file name in %q", l[1], resp.Header.Get("Content-Disposition"))
				continue
			}
			name := m[1]
			// The web tells a Letter download from the A4 one by its name:
			// the print pack's name with "-letter" before ".pdf".
			if paper != "a4" {
				if !strings.HasSuffix(name, "-"+paper+".pdf") && !strings.Contains(name, "print-shop") {
					t.Errorf("%s on %s paper is saved as %s, which the A4 download is saved as too", l[1], paper, name)
				}
				name = strings.Replace(name, "-"+paper+".pdf", ".pdf", 1)
			}
			// Reference cards printed the other ways, beside the pack's
			// duplex ones: the bytes of the command that makes them.
			if way := regexp.MustCompile(`^reference-cards-(.+)-(fold|print-shop)\.pdf$`).FindStringSubmatch(name); way != nil {
				flag := []string{"--backs", "fold"}
				if way[2] == "print-shop" {
					flag = []string{"--print-shop"}
				}
				dest := filepath.Join(dir, name)
				var o, e bytes.Buffer
				args := append([]string{"reference", "--cards", "--system", way[1], "--paper", paper, "-o", dest}, flag...)
				if err := run(context.Background(), args, &o, &e); err != nil {
					t.Fatalf("%v: %v\n%s", args, err, e.String())
				}
				if cli, _ := os.ReadFile(dest); !bytes.Equal(web, cli) {
					t.Errorf("%s%s is not the bytes of playaid %s", l[1], l[2], strings.Join(args, " "))
				}
				continue
			}
			// Fold-over marker sheets beside the pack's: the bytes of
			// 'playaid markers' with the pack's kinds and --backs fold.
			if fold := regexp.MustCompile(`^(markers|blips)-(.+)-fold\.pdf$`).FindStringSubmatch(name); fold != nil {
				args := []string{"markers", "--scenario", fold[2], "--only", "blips"}
				if fold[1] == "markers" {
					d, ok := pk.Doc("markers-" + fold[2] + ".pdf")
					if !ok {
						t.Errorf("%s: the pack has no markers-%s.pdf", name, fold[2])
						continue
					}
					args = []string{"markers", "--system", fold[2], "--only", strings.Join(d.Kinds, ",")}
				}
				dest := filepath.Join(dir, name)
				args = append(args, "--backs", "fold", "--paper", paper, "-o", dest)
				var o, e bytes.Buffer
				if err := run(context.Background(), args, &o, &e); err != nil {
					t.Fatalf("%v: %v\n%s", args, err, e.String())
				}
				if cli, _ := os.ReadFile(dest); !bytes.Equal(web, cli) {
					t.Errorf("%s%s is not the bytes of playaid %s", l[1], l[2], strings.Join(args, " "))
				}
				folds++
				continue
			}
			if !want[name] {
				t.Errorf("%s is %s, not a file of the print pack", l[1], name)
				continue
			}
			offered[name] = true
			cli, _ := os.ReadFile(filepath.Join(pack, name))
			if !bytes.Equal(web, cli) {
				t.Errorf("%s%s is not the bytes of %s in 'playaid build --paper %s'", l[1], l[2], name, paper)
			}
		}
		if folds < 6 {
			t.Errorf("the home page on %s paper offers %d fold-over marker sheets; want the blips of 2 scenarios and the markers of 4 rule sets", paper, folds)
		}
		for name := range want {
			if !offered[name] {
				t.Errorf("the home page on %s paper does not offer %s", paper, name)
			}
		}
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v\n%s", err, errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.HasSuffix(out.String(), "playaid serve: stopped\n") {
		t.Errorf("no word that it stopped:\n%s", out.String())
	}
}
