package web

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"context"
)

var (
	loadFor     = flag.Duration("load", 0, "run TestLoad: clients hammer the builder and a PDF download for this long, three times")
	loadClients = flag.Int("clients", 50, "concurrent clients of TestLoad")
)

// TestLoad is a bounded load test on loopback, run by hand:
//
//	go test ./web -run TestLoad -load 20s -clients 50 -v
//
// Each client in turn opens the builder, re-checks an edit (POST /build),
// downloads the roster PDF and saves its own list, while one writer saves
// the shared list twice a second so that the roster is rendered afresh. There must be no errors,
// and the heap after a collection must not grow from run to run.
func TestLoad(t *testing.T) {
	if *loadFor <= 0 {
		t.Skip("no -load DURATION")
	}
	s, dir := newServer(t, "")
	examples(t, dir)
	base, stop := serveLoopback(t, s.Handler())
	tr := &http.Transport{MaxIdleConnsPerHost: *loadClients, MaxConnsPerHost: *loadClients}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}

	name := "boys-of-company-c-humans"
	src, _ := os.ReadFile(filepath.Join(dir, name+ext))
	form := formOf(t, name, src)
	var heaps []uint64
	for run := 1; run <= 3; run++ {
		st := loadRun(t, client, base, name, form, dir)
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		heaps = append(heaps, m.HeapAlloc)
		t.Logf("run %d: %s; heap after GC %.1f MB, %d goroutines", run, st, float64(m.HeapAlloc)/(1<<20), runtime.NumGoroutine())
		if st.errors > 0 {
			t.Errorf("run %d: %d errors, first: %s", run, st.errors, st.first)
		}
	}
	// The cache holds at most cacheBytes; past the first run the heap
	// must stay where it was, give or take the collector's slack.
	if heaps[2] > heaps[1]+heaps[1]/5+(4<<20) {
		t.Errorf("the heap grows run over run: %v", heaps)
	}
	stop()
}

// serveLoopback serves h on a free port of 127.0.0.1 and returns its base
// address and the function that stops it, reporting how Serve ended.
func serveLoopback(t *testing.T, h http.Handler) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, h) }()
	return "http://" + ln.Addr().String(), func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}
}

type loadStats struct {
	requests map[string]int
	latency  map[string][]time.Duration
	errors   int
	first    string
	saves    int
	elapsed  time.Duration
}

func (s loadStats) String() string {
	var parts []string
	total := 0
	for _, k := range []string{"builder", "build", "roster", "save"} {
		l := s.latency[k]
		slices.Sort(l)
		total += s.requests[k]
		if len(l) == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d (p50 %v, p99 %v)", k, s.requests[k], l[len(l)/2].Round(time.Microsecond*10), l[len(l)*99/100].Round(time.Microsecond*10)))
	}
	return fmt.Sprintf("%d requests in %v (%.0f/s): %s; %d saves; %d errors", total, s.elapsed.Round(time.Millisecond),
		float64(total)/s.elapsed.Seconds(), strings.Join(parts, ", "), s.saves, s.errors)
}

func loadRun(t *testing.T, client *http.Client, base, name string, form url.Values, dir string) loadStats {
	st := loadStats{requests: map[string]int{}, latency: map[string][]time.Duration{}}
	var mu sync.Mutex
	var errs atomic.Int64
	fail := func(what string) {
		if errs.Add(1) == 1 {
			mu.Lock()
			st.first = what
			mu.Unlock()
		}
	}
	record := func(kind string, d time.Duration) {
		mu.Lock()
		st.requests[kind]++
		st.latency[kind] = append(st.latency[kind], d)
		mu.Unlock()
	}
	do := func(kind string, req *http.Request) {
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		t0 := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			fail(kind + ": " + err.Error())
			return
		}
		n, err := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || n == 0 {
			fail(fmt.Sprintf("%s: status %d, %d bytes, %v", kind, resp.StatusCode, n, err))
			return
		}
		record(kind, time.Since(t0))
	}
	edit := url.Values{}
	for k, v := range form {
		edit[k] = v
	}
	edit.Set("u.1.count", "2")
	body := edit.Encode()

	deadline := time.Now().Add(*loadFor)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < *loadClients; c++ {
		wg.Go(func() {
			// Each client also keeps a list of its own and saves its
			// edits to it, with the hash of what it last saved.
			own := fmt.Sprintf("client-%d", c)
			ownBase := ""
			if cur, err := os.ReadFile(filepath.Join(dir, own+ext)); err == nil {
				ownBase = hashOf(cur)
			}
			for i := c; time.Now().Before(deadline); i++ {
				if i%4 == 3 {
					f := url.Values{}
					for k, v := range form {
						f[k] = v
					}
					f.Set("filename", own)
					if ownBase != "" {
						f.Set("loaded", own)
						f.Set("base", ownBase)
					}
					f.Set("u.0.label", fmt.Sprintf("Company C, edit %d", i))
					req, _ := http.NewRequest(http.MethodPost, base+"/save", strings.NewReader(f.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					do("save", req)
					if cur, err := os.ReadFile(filepath.Join(dir, own+ext)); err == nil {
						ownBase = hashOf(cur)
					}
					continue
				}
				switch i % 3 {
				case 0:
					req, _ := http.NewRequest(http.MethodGet, base+"/lists/"+name, nil)
					do("builder", req)
				case 1:
					req, _ := http.NewRequest(http.MethodPost, base+"/build", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					do("build", req)
				case 2:
					req, _ := http.NewRequest(http.MethodGet, base+"/lists/"+name+"/roster.pdf", nil)
					do("roster", req)
				}
			}
		})
	}
	// The writer: a save twice a second, each with the hash it last wrote,
	// so the roster changes and is rendered again.
	wg.Go(func() {
		for i := 0; time.Now().Before(deadline); i++ {
			cur, err := os.ReadFile(filepath.Join(dir, name+ext))
			if err != nil {
				fail("read: " + err.Error())
				return
			}
			f := url.Values{}
			for k, v := range form {
				f[k] = v
			}
			f.Set("loaded", name)
			f.Set("base", hashOf(cur))
			f.Set("u.0.label", fmt.Sprintf("Company C, save %d", i))
			req, _ := http.NewRequest(http.MethodPost, base+"/save", strings.NewReader(f.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			resp, err := client.Do(req)
			if err != nil {
				fail("save: " + err.Error())
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			// The client follows the redirect to the saved list's page.
			if resp.StatusCode != http.StatusOK {
				fail(fmt.Sprintf("save: status %d", resp.StatusCode))
			}
			mu.Lock()
			st.saves++
			mu.Unlock()
			time.Sleep(500 * time.Millisecond)
		}
	})
	wg.Wait()
	st.elapsed = time.Since(start)
	st.errors = int(errs.Load())
	return st
}
