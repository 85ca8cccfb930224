package web

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/playaid/playaid/internal/limits"
)

var loadQuota = flag.Bool("quota", false, "run TestLoadQuota: a lists folder at its quota, the pages timed, six exports and six imports at once")

// BenchmarkHomeFull and BenchmarkGameNightFull: the home page and a game
// night with the lists folder at its count quota (1,000 of the example
// lists), their verdicts kept. The bar: well under 100 ms, whatever the
// folder holds.
func BenchmarkHomeFull(b *testing.B) {
	h := fullServer(b)
	for b.Loop() {
		serve(b, h, newRequest(http.MethodGet, "/", nil))
	}
}

func BenchmarkGameNightFull(b *testing.B) {
	h := fullServer(b)
	for b.Loop() {
		serve(b, h, newRequest(http.MethodGet, "/game/aqotmf/boys-of-company-c?side1=l0000", nil))
	}
}

// fullServer is a server over maxLists copies of the example lists,
// every one judged.
func fullServer(b *testing.B) http.Handler {
	s, dir := newServer(b, "")
	names := examples(b, dir)
	for i := 0; len(names)+i < maxLists; i++ {
		src := readFile(b, filepath.Join(dir, names[i%len(names)]+ext))
		writeFile(b, filepath.Join(dir, fmt.Sprintf("l%04d.toml", i)), src)
	}
	s.judgeRest()
	settle(b, s)
	return s.Handler()
}

// dearList is a list at the bounds of what a list may have, and dearest
// to judge: a thousand units, each with a label, some 64 KB (a folder of
// a thousand of them is at both quotas).
func dearList(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "system = \"aqotmf\"\nname = \"Dear list %d\"\nfaction = \"Humans\"\n", i)
	for u := range limits.MaxEntries {
		fmt.Fprintf(&b, "[[unit]]\nid = \"infantry-company\"\nlabel = \"Company %04d of the %04d\"\n", u, i)
	}
	return b.String()
}

// TestLoadQuota is a load test on loopback, run by hand:
//
//	go test ./web -run TestLoadQuota -quota -v
//
// It fills the lists folder to its quota with lists dearest to judge (a
// thousand of a thousand units each, 64 MB), lets the server judge them,
// then times the home page and a game night, alone and while six exports
// of the whole folder and six imports run at once, and reports the
// process's peak memory during those twelve. It fails on an error, a
// page over 100 ms at the median when the server is otherwise idle, or a
// peak over 256 MB.
func TestLoadQuota(t *testing.T) {
	if !*loadQuota {
		t.Skip("no -quota")
	}
	s, dir := newServer(t, "")
	start := time.Now()
	total := 0
	for i := range maxLists {
		l := dearList(i)
		if total+len(l) > maxFolderBytes {
			break
		}
		total += len(l)
		writeFile(t, filepath.Join(dir, fmt.Sprintf("dear-%04d.toml", i)), l)
	}
	t.Logf("folder: %d lists, %.1f MB, written in %v", len(listFiles(t, dir)), float64(total)/(1<<20), time.Since(start).Round(time.Millisecond))
	start = time.Now()
	s.judgeRest()
	settleWithin(t, s, 20*time.Minute)
	t.Logf("the background judge got through them in %v (%d judged)", time.Since(start).Round(time.Millisecond), s.judges.judged.Load())

	base, stop := serveLoopback(t, s.Handler())
	client := &http.Client{Timeout: 2 * time.Minute}
	pages := []string{"/", "/game/aqotmf/boys-of-company-c", "/game/aqotmf/boys-of-company-c?side1=dear-0900"}
	timePages := func(what string) (p50 []time.Duration) {
		for _, p := range pages {
			var ts []time.Duration
			for range 21 {
				t0 := time.Now()
				resp, err := client.Get(base + p)
				if err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				ts = append(ts, time.Since(t0))
				if resp.StatusCode != 200 || n == 0 {
					t.Errorf("%s %s: %d", what, p, resp.StatusCode)
				}
			}
			slices.Sort(ts)
			t.Logf("%s: GET %s: median %v, slowest %v", what, p, ts[len(ts)/2].Round(10*time.Microsecond), ts[len(ts)-1].Round(10*time.Microsecond))
			p50 = append(p50, ts[len(ts)/2])
		}
		return p50
	}
	for i, d := range timePages("idle") {
		if d > 100*time.Millisecond {
			t.Errorf("%s takes %v at the median with the folder at its quota; the bar is 100 ms", pages[i], d)
		}
	}

	// Room for the imports: each brings 50 lists dear to judge.
	for i := range 300 {
		os.Remove(filepath.Join(dir, fmt.Sprintf("dear-%04d.toml", i)))
	}
	var zips [][]byte
	for k := range 6 {
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		for i := range 50 {
			f, _ := zw.Create(fmt.Sprintf("import-%d-%02d.toml", k, i))
			f.Write([]byte(dearList(5000 + 50*k + i)))
		}
		zw.Close()
		zips = append(zips, b.Bytes())
	}
	runtime.GC()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // the peak from here (Linux)
	var sampling sync.WaitGroup
	var peakGo atomic.Uint64
	done := make(chan struct{})
	sampling.Add(1)
	go func() {
		defer sampling.Done()
		sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		for {
			metrics.Read(sample)
			used := sample[0].Value.Uint64() - sample[1].Value.Uint64()
			for {
				p := peakGo.Load()
				if used <= p || peakGo.CompareAndSwap(p, used) {
					break
				}
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	t0 := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	results := map[string]int{}
	note := func(what string, code int) {
		mu.Lock()
		results[fmt.Sprintf("%s %d", what, code)]++
		mu.Unlock()
	}
	for k := range 6 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			resp, err := client.Get(base + "/lists.zip")
			if err != nil {
				t.Errorf("export: %v", err)
				return
			}
			n, _ := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			note(fmt.Sprintf("export (%d MB)", n>>20), resp.StatusCode)
		}()
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			mw := multipart.NewWriter(&b)
			fw, _ := mw.CreateFormFile("files", "club-"+strconv.Itoa(k)+".zip")
			fw.Write(zips[k])
			mw.Close()
			req, _ := http.NewRequest(http.MethodPost, base+"/import", &b)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			resp, err := client.Do(req)
			if err != nil {
				t.Errorf("import: %v", err)
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			note(fmt.Sprintf("import (%d VALID)", strings.Count(pageText(string(body)), " VALID ")), resp.StatusCode)
		}()
	}
	busy := timePages("during six exports and six imports")
	_ = busy
	wg.Wait()
	close(done)
	sampling.Wait()
	elapsed := time.Since(t0)
	hwm := peakRSS()
	t.Logf("six exports and six imports: %v in all; %v", elapsed.Round(time.Millisecond), results)
	t.Logf("peak memory while they ran: %.0f MB resident (VmHWM), %.0f MB held by the Go runtime", float64(hwm)/(1<<20), float64(peakGo.Load())/(1<<20))
	for k, n := range results {
		if !strings.HasSuffix(k, " 200") {
			t.Errorf("%d × %s", n, k)
		}
	}
	if hwm > 256<<20 {
		t.Errorf("peak resident memory %d MB; the bar is 256 MB", hwm>>20)
	}
	stop()
}

// peakRSS is the process's peak resident memory (VmHWM), in bytes; 0
// where /proc does not tell.
func peakRSS() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
