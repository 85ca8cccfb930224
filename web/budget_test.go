package web

import (
	"archive/zip"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/playaid/playaid/internal/limits"
)

// The third hostile round's probes of the server: every request has a
// budget, checked before the work is spent, and going over it is told in
// plain words, naming the bound.

// settle waits for the background judge to get through the folder.
func settle(t testing.TB, s *Server) { t.Helper(); settleWithin(t, s, 30*time.Second) }

func settleWithin(t testing.TB, s *Server, d time.Duration) {
	t.Helper()
	for range d / (10 * time.Millisecond) {
		s.judges.mu.Lock()
		busy := s.judges.busy
		s.judges.mu.Unlock()
		if !busy {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the background judge did not finish in %v", d)
}

// unitsList is an AQotMF list of n [[unit]] tables of the unit id.
func unitsList(n int, id string) string {
	var b strings.Builder
	b.WriteString("system = \"aqotmf\"\nname = \"Big\"\nfaction = \"Humans\"\n")
	for range n {
		b.WriteString("[[unit]]\nid = \"" + id + "\"\n")
	}
	return b.String()
}

// upload posts files to /import as a browser does.
func upload(t testing.TB, h http.Handler, files map[string][]byte) *httptest.ResponseRecorder {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for name, data := range files {
		fw, _ := mw.CreateFormFile("files", name)
		fw.Write(data)
	}
	mw.Close()
	r := newRequest(http.MethodPost, "/import", &b)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// zipOf is a zip of the files, in the order given (name, text, …).
func zipOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := zw.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(files[i+1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sharedZip is a zip of one file stored once and listed n times in the
// central directory under other names (list-1.toml …), each entry at
// the one stored file, or, with into > 0, every other entry that many
// bytes into it: the probe that unpacked 35 KB into 33 MB of lists.
func sharedZip(t testing.TB, text string, n, into int) []byte {
	t.Helper()
	one := zipOf(t, "a.toml", text)
	end := one[len(one)-22:]
	if binary.LittleEndian.Uint32(end) != 0x06054b50 {
		t.Fatal("no end of central directory")
	}
	cdOff := binary.LittleEndian.Uint32(end[16:])
	entry := one[cdOff : len(one)-22]
	nameLen := int(binary.LittleEndian.Uint16(entry[28:]))
	var cd bytes.Buffer
	for i := range n {
		name := fmt.Sprintf("list-%d.toml", i+1)
		e := append([]byte(nil), entry[:46]...)
		binary.LittleEndian.PutUint16(e[28:], uint16(len(name)))
		if into > 0 && i%2 == 1 {
			binary.LittleEndian.PutUint32(e[42:], uint32(into))
		}
		e = append(e, name...)
		e = append(e, entry[46+nameLen:]...)
		cd.Write(e)
	}
	out := append([]byte(nil), one[:cdOff]...)
	out = append(out, cd.Bytes()...)
	eocd := append([]byte(nil), end...)
	binary.LittleEndian.PutUint16(eocd[8:], uint16(n))
	binary.LittleEndian.PutUint16(eocd[10:], uint16(n))
	binary.LittleEndian.PutUint32(eocd[12:], uint32(cd.Len()))
	return append(out, eocd...)
}

// listFiles are the .toml files of the lists folder.
func listFiles(t testing.TB, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestVerdictsKept: a list is judged once for its content; the home page
// and the game night read the verdicts kept, judge a list again when its
// file changes, and forget one that is gone.
func TestVerdictsKept(t *testing.T) {
	s, dir := newServer(t, "")
	names := examples(t, dir)
	h := s.Handler()
	settle(t, s)
	if w := get(t, h, "/"); w.Code != 200 || !strings.Contains(pageText(w.Body.String()), "VALID") {
		t.Fatalf("home: %d", w.Code)
	}
	settle(t, s)
	before := s.judges.judged.Load()
	for _, page := range []string{"/", "/", "/game/aqotmf/boys-of-company-c", "/game/aqotmf/boys-of-company-c?side1=" + names[0]} {
		if w := get(t, h, page); w.Code != 200 && w.Code != 400 {
			t.Fatalf("%s: %d", page, w.Code)
		}
	}
	if n := s.judges.judged.Load() - before; n != 0 {
		t.Errorf("the pages judged %d lists again; their verdicts are kept", n)
	}
	// A list changed on disk (an editor) is judged again, alone.
	path := filepath.Join(dir, names[0]+ext)
	writeFile(t, path, readFile(t, path)+"\n# edited\n")
	future := time.Now().Add(time.Minute)
	os.Chtimes(path, future, future)
	before = s.judges.judged.Load()
	get(t, h, "/")
	if n := s.judges.judged.Load() - before; n != 1 {
		t.Errorf("one list changed: %d judged", n)
	}
	// One that becomes invalid shows so.
	writeFile(t, path, "system = \"aqotmf\"\nfaction = \"Humans\"\npoints = 10\n[[unit]]\nid = \"hmg-unit\"\n")
	os.Chtimes(path, future.Add(time.Minute), future.Add(time.Minute))
	if text := pageText(get(t, h, "/").Body.String()); !strings.Contains(text, "INVALID") {
		t.Errorf("the changed list is not judged again: %s", text)
	}
	os.Remove(path)
	get(t, h, "/")
	s.judges.mu.Lock()
	_, kept := s.judges.kept[names[0]]
	s.judges.mu.Unlock()
	if kept {
		t.Error("the verdict of a deleted list is kept")
	}
}

// TestHomeBudget: with the folder full of lists dear to judge, the home
// page judges no more than judgeBudget of them itself, shows the rest as
// being checked, and the background judge gets through them; after that
// no page judges any, whatever the folder holds. (The pages' times are
// measured by BenchmarkHomeFull.)
func TestHomeBudget(t *testing.T) {
	t.Parallel()
	s, dir := newServer(t, "")
	dear := unitsList(limits.MaxEntries, "infantry-company") // 33 KB, a thousand units
	const n = 60
	for i := range n {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("dear-%03d.toml", i)), dear)
	}
	s.judges.close() // no background judge: the page's own budget alone
	s.judges = newJudges()
	s.judges.closed = true
	h := s.Handler()
	w := get(t, h, "/")
	judged := s.judges.judged.Load()
	text := pageText(w.Body.String())
	if w.Code != 200 || judged == 0 || judged*int64(len(dear)) > judgeBudget+int64(len(dear)) {
		t.Errorf("the page judged %d lists of %d bytes; its budget is %d bytes", judged, len(dear), judgeBudget)
	}
	if want := fmt.Sprintf("Lists being checked dear-%03d CHECKING", judged); !strings.Contains(text, want) {
		t.Errorf("the lists being checked are not grouped as such: %s", text)
	}
	if want := fmt.Sprintf("%d lists are still being checked", n-int(judged)); !strings.Contains(text, want) || !strings.Contains(text, "CHECKING") {
		t.Errorf("the page does not say %q: %s", want, text)
	}
	// The background judge finishes the rest.
	s.judges.closed = false
	s.judgeRest()
	settle(t, s)
	before := s.judges.judged.Load()
	text = pageText(get(t, h, "/").Body.String())
	if s.judges.judged.Load() != before || strings.Contains(text, "CHECKING") || strings.Count(text, "Big VALID") != n {
		t.Errorf("after the background judge: %d judged by the page; %s", s.judges.judged.Load()-before, text)
	}
	// The game night offers no list still being checked, and says so.
	s.judges.mu.Lock()
	clear(s.judges.kept)
	s.judges.closed = true
	s.judges.mu.Unlock()
	w = get(t, h, "/game/aqotmf/boys-of-company-c")
	if text := pageText(w.Body.String()); !strings.Contains(text, "of the club's lists are still being checked") {
		t.Errorf("game night: %s", text)
	}
}

// TestTooDearToJudge: a list of more units than a list may have (the
// probe: 8,453) is refused at import before it is checked, shown on the
// home page with the reason, and neither opened in the builder nor
// printed; a list of more units than the builder edits opens as a page
// that says so; what a saved list's documents cannot be made of is the
// list's fault (4xx), not the server's.
func TestTooDearToJudge(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	for _, n := range []int{limits.MaxEntries + 1, 8453} {
		big := unitsList(n, "x")
		w := upload(t, h, map[string][]byte{"big.toml": []byte(big)})
		text := pageText(w.Body.String())
		if want := fmt.Sprintf("It has %d units, more than the %d a list may have", n, limits.MaxEntries); !strings.Contains(text, want) || !strings.Contains(text, "Not imported") {
			t.Errorf("import of %d units: %s", n, text)
		}
		if len(listFiles(t, dir)) != 0 {
			t.Fatalf("a list of %d units was imported", n)
		}
		// Written by hand into the folder: shown, not checked.
		writeFile(t, filepath.Join(dir, "big.toml"), big)
		settle(t, s)
		if text := pageText(get(t, h, "/").Body.String()); !strings.Contains(text, fmt.Sprintf("It has %d units", n)) || !strings.Contains(text, "UNREADABLE") {
			t.Errorf("home with a list of %d units: %s", n, text)
		}
		w = get(t, h, "/lists/big")
		if w.Code != http.StatusUnprocessableEntity || !strings.Contains(pageText(w.Body.String()), fmt.Sprintf("It has %d units", n)) || w.Body.Len() > 64<<10 {
			t.Errorf("builder of %d units: %d, %d bytes", n, w.Code, w.Body.Len())
		}
		for _, file := range []string{"cards.pdf", "roster.pdf", "markers.pdf", "summary.txt"} {
			if w := get(t, h, "/lists/big/"+file); w.Code != http.StatusUnprocessableEntity || !strings.Contains(pageText(w.Body.String()), "more than the 1000 a list may have") {
				t.Errorf("%s of %d units: %d %s", file, n, w.Code, pageText(w.Body.String()))
			}
		}
		os.Remove(filepath.Join(dir, "big.toml"))
	}
	// Within what a list may have, beyond what the builder edits and the
	// cards that print.
	writeFile(t, filepath.Join(dir, "many.toml"), unitsList(300, "infantry-company"))
	w := get(t, h, "/lists/many")
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(pageText(w.Body.String()), "It has 300 units, more than the 200 the builder edits") {
		t.Errorf("builder of 300 units: %d %s", w.Code, pageText(w.Body.String()))
	}
	w = get(t, h, "/lists/many/cards.pdf")
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "units on the table") {
		t.Errorf("cards of 300 units: %d %s", w.Code, pageText(w.Body.String()))
	}
	if w := get(t, h, "/lists/many/roster.pdf"); w.Code != 200 {
		t.Errorf("the roster of 300 units: %d", w.Code)
	}
}

// TestZipOverlapRefused: a zip whose entries share their stored bytes
// (the probe: 600 entries at one 251 KB list wrote 133 lists) is refused
// whole, with nothing written; so is one whose entries point into another
// entry's bytes; an honest zip of the same lists comes in.
func TestZipOverlapRefused(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	for _, tc := range []struct {
		name string
		zip  []byte
	}{
		{"600 entries at one file", sharedZip(t, list+strings.Repeat("# padding\n", 20000), 600, 0)},
		{"two entries at one file", sharedZip(t, list, 2, 0)},
		{"entries into another's bytes", sharedZip(t, list, 4, 30)},
	} {
		w := upload(t, h, map[string][]byte{"club.zip": tc.zip})
		text := pageText(w.Body.String())
		if !strings.Contains(text, "share their bytes with others") || !strings.Contains(text, "nothing in it was imported") {
			t.Errorf("%s: %s", tc.name, text)
		}
		if n := len(listFiles(t, dir)); n != 0 {
			t.Fatalf("%s: %d lists written", tc.name, n)
		}
	}
	w := upload(t, h, map[string][]byte{"club.zip": zipOf(t, "a.toml", list, "b.toml", list, "c.toml", list)})
	if n := len(listFiles(t, dir)); n != 3 {
		t.Errorf("an honest zip of three lists: %d imported: %s", n, pageText(w.Body.String()))
	}
}

// TestQuota: the lists folder holds at most maxLists lists and
// maxFolderBytes; a save, import, copy or undo past either is refused
// naming the quota, and nothing is written. Deleted lists kept for an
// undo are bounded too.
func TestQuota(t *testing.T) {
	t.Parallel()
	s, dir := newServer(t, "")
	h := s.Handler()
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	for i := range maxLists {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("l%04d.toml", i)), list)
	}
	quotaWords := fmt.Sprintf("a lists folder holds at most %d lists and %d MB in all", maxLists, maxFolderBytes>>20)
	save := url.Values{"system": {"aqotmf"}, "name": {"One more"}, "filename": {"one-more"}, "faction": {"Humans"}}
	w := post(t, h, "/save", save)
	if text := pageText(w.Body.String()); w.Code != http.StatusInsufficientStorage || !strings.Contains(text, "Not saved: The lists folder is full: it holds 1000 lists") || !strings.Contains(text, quotaWords) {
		t.Errorf("a save past the quota: %d %s", w.Code, text)
	}
	w = upload(t, h, map[string][]byte{"new.toml": []byte(list)})
	if text := pageText(w.Body.String()); !strings.Contains(text, quotaWords) || !strings.Contains(text, "Not imported") {
		t.Errorf("an import past the quota: %s", text)
	}
	w = post(t, h, "/lists/l0000/duplicate", nil)
	if w.Code != http.StatusInsufficientStorage || !strings.Contains(pageText(w.Body.String()), quotaWords) {
		t.Errorf("a copy past the quota: %d %s", w.Code, pageText(w.Body.String()))
	}
	if n := len(listFiles(t, dir)); n != maxLists {
		t.Fatalf("%d lists in the folder", n)
	}
	// A list saved over itself is no new list (one as the builder writes
	// it: a list written by hand keeps a copy, which is one).
	c := s.check("l0001.toml", []byte(list))
	f, _ := editable(c)
	src := string(f.toml(c.report.System))
	writeFile(t, filepath.Join(dir, "l0001.toml"), src)
	form := formOf(t, "l0001", []byte(src))
	form.Set("loaded", "l0001")
	form.Set("base", hashOf([]byte(src)))
	w = post(t, h, "/save", form)
	if w.Code != http.StatusSeeOther {
		t.Errorf("a save over a list in a full folder: %d %s", w.Code, pageText(w.Body.String()))
	}
	// A list written by hand, saved from the builder: its copy would be
	// one too many.
	form = formOf(t, "l0003", []byte(list))
	form.Set("loaded", "l0003")
	form.Set("base", hashOf([]byte(list)))
	if w := post(t, h, "/save", form); w.Code != http.StatusInsufficientStorage {
		t.Errorf("a save that keeps a copy in a full folder: %d", w.Code)
	}
	// An undo that would make one too many.
	post(t, h, "/lists/l0002/delete", url.Values{"base": {hashOf([]byte(readFile(t, filepath.Join(dir, "l0002.toml"))))}})
	writeFile(t, filepath.Join(dir, "x.toml"), list)
	if w := post(t, h, "/lists/l0002/restore", nil); w.Code != http.StatusInsufficientStorage {
		t.Errorf("an undo past the quota: %d", w.Code)
	}
	// Bytes: a few big files fill the folder as a thousand lists do.
	for _, f := range listFiles(t, dir) {
		os.Remove(f)
	}
	filler := strings.Repeat("# filler\n", (maxListBytes-100)/9)
	total := 0
	for i := 0; total+len(filler) <= maxFolderBytes; i++ {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("f%03d.toml", i)), filler)
		total += len(filler)
	}
	writeFile(t, filepath.Join(dir, "last.toml"), filler[:maxFolderBytes-total-len(list)/2])
	w = upload(t, h, map[string][]byte{"new.toml": []byte(list)})
	if text := pageText(w.Body.String()); !strings.Contains(text, "its files would come to") || !strings.Contains(text, quotaWords) {
		t.Errorf("an import past the bytes: %s", text)
	}
	// Deletes keep keepDeleted undos at most.
	for _, f := range listFiles(t, dir) {
		os.Remove(f)
	}
	for i := range keepDeleted + 5 {
		name := fmt.Sprintf("d%02d", i)
		writeFile(t, filepath.Join(dir, name+ext), list)
		if w := post(t, h, "/lists/"+name+"/delete", url.Values{"base": {hashOf([]byte(list))}}); w.Code != http.StatusSeeOther {
			t.Fatalf("delete: %d", w.Code)
		}
	}
	trash, _ := filepath.Glob(filepath.Join(dir, ".deleted-*"))
	if len(trash) != keepDeleted {
		t.Errorf("%d deleted lists kept; want the last %d", len(trash), keepDeleted)
	}
	if _, err := os.Stat(filepath.Join(dir, trashName(fmt.Sprintf("d%02d", keepDeleted+4)))); err != nil {
		t.Error("the last deleted list cannot be undone")
	}
}

// TestExportStreams: an export of a full folder is written as it is read:
// the server holds a list at a time, not the zip (six exports of 500
// lists took 1.68 GB); the zip holds every list.
func TestExportStreams(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	// Notes that do not compress, so that the zip is as big as the lists.
	rnd := make([]byte, (maxListBytes-len(list))*3/4-1024)
	rand.Read(rnd)
	const n = 150 // 38 MB
	for i := range n {
		rand.Read(rnd)
		writeFile(t, filepath.Join(dir, fmt.Sprintf("l%03d.toml", i)), list+"# "+base64.StdEncoding.EncodeToString(rnd)+"\n")
	}
	settle(t, s)
	out, err := os.Create(filepath.Join(t.TempDir(), "export.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := &heapWriter{f: out, h: http.Header{}}
	runtime.GC()
	w.base = liveHeap()
	h.ServeHTTP(w, newRequest(http.MethodGet, "/lists.zip", nil))
	if w.code != 200 {
		t.Fatalf("export: %d", w.code)
	}
	st, _ := out.Stat()
	zr, err := zip.NewReader(out, st.Size())
	if err != nil || len(zr.File) != n {
		t.Fatalf("the export: %v, %d lists", err, len(zr.File))
	}
	grew := int64(w.most) - int64(w.base)
	t.Logf("export of %d lists, %d MB of zip: the live heap grew by at most %d KB", n, st.Size()>>20, grew>>10)
	if grew > 8<<20 {
		t.Errorf("the live heap grew by %d MB while exporting %d MB: the zip is built in memory", grew>>20, st.Size()>>20)
	}
}

// liveHeap is the heap after a collection: what is kept, not garbage.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// heapWriter is a response written to a file, which records the most the
// live heap held while it was written to.
type heapWriter struct {
	f          *os.File
	h          http.Header
	code       int
	base, most uint64
	n          int
}

func (w *heapWriter) Header() http.Header { return w.h }
func (w *heapWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *heapWriter) Write(p []byte) (int, error) {
	w.WriteHeader(200)
	if w.n++; w.n%64 == 1 {
		w.most = max(w.most, liveHeap())
	}
	return w.f.Write(p)
}

// TestTransfersBounded: at most maxTransfers exports and imports run at
// once; one more waits its turn, and past transferWait is told to try
// again (503, Retry-After) with nothing done.
func TestTransfersBounded(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	defer func(d time.Duration) { transferWait = d }(transferWait)
	transferWait = 50 * time.Millisecond
	for range maxTransfers {
		s.transfers <- struct{}{}
	}
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	for _, w := range []*httptest.ResponseRecorder{get(t, h, "/lists.zip"), upload(t, h, map[string][]byte{"a.toml": []byte(list)})} {
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(pageText(w.Body.String()), "busy with other exports and imports") {
			t.Errorf("a transfer past the bound: %d %q %s", w.Code, w.Header().Get("Retry-After"), pageText(w.Body.String()))
		}
	}
	if len(listFiles(t, dir)) != 0 {
		t.Error("a refused import wrote a list")
	}
	<-s.transfers
	if w := upload(t, h, map[string][]byte{"a.toml": []byte(list)}); w.Code != 200 {
		t.Errorf("with a turn free: %d", w.Code)
	}
}

// TestNamesRanOut: the 101st import of one name says the names ran out,
// not that the folder failed.
func TestNamesRanOut(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	for _, base := range []string{"club", "club-copy"} {
		for i := 1; i <= 100; i++ {
			name := base
			if i > 1 {
				name = fmt.Sprintf("%s-%d", base, i)
			}
			writeFile(t, filepath.Join(dir, name+ext), list)
		}
	}
	text := pageText(upload(t, h, map[string][]byte{"club.toml": []byte(list)}).Body.String())
	if !strings.Contains(text, "The names like club ran out: club.toml and club-2.toml to club-100.toml are all taken") || strings.Contains(text, "could not be saved") {
		t.Errorf("the 101st import: %s", text)
	}
	w := post(t, h, "/lists/club/duplicate", nil)
	if w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "ran out") {
		t.Errorf("a copy when the names ran out: %d %s", w.Code, pageText(w.Body.String()))
	}
}

// TestNamesThatTravel: a list's name must show and must unpack on a club
// member's Windows laptop: no letters that show as nothing (U+3164 HANGUL
// FILLER), none of Windows' device names, no two names that differ only
// in capitals.
func TestNamesThatTravel(t *testing.T) {
	for _, bad := range []string{"\u3164", "\u3164\u3164", "a\u3164b", "\u115f", "\uffa0x", "CON", "con", "Nul", "PRN", "aux", "COM1", "com9", "LPT1", "lpt¹", "CON.orig", "nul.2"} {
		if err := checkName(bad); err == nil {
			t.Errorf("checkName(%q) accepted it", bad)
		}
	}
	for _, ok := range []string{"console", "CONvoy", "com10", "lpt", "nullah", "aux-troops", "Ünterwäsche", "한국"} {
		if err := checkName(ok); err != nil {
			t.Errorf("checkName(%q): %v", ok, err)
		}
	}
	if got := slug("CON"); checkName(got) != nil {
		t.Errorf("slug(CON) = %q, a name refused", got)
	}
	s, dir := newServer(t, "")
	h := s.Handler()
	list := readFile(t, filepath.Join("..", "data", "armies", "boys-of-company-c-humans.toml"))
	writeFile(t, filepath.Join(dir, "Army.toml"), list)
	// Saved as a new list, renamed, imported: never a twin in capitals.
	w := post(t, h, "/save", url.Values{"system": {"aqotmf"}, "name": {"x"}, "filename": {"army"}, "faction": {"Humans"}})
	if text := pageText(w.Body.String()); w.Code != http.StatusConflict || !strings.Contains(text, "There is already a list called Army.toml: names that differ only in capitals") {
		t.Errorf("a save as army beside Army: %d %s", w.Code, text)
	}
	writeFile(t, filepath.Join(dir, "other.toml"), list)
	w = post(t, h, "/lists/other/rename", url.Values{"base": {hashOf([]byte(list))}, "newname": {"ARMY"}})
	if w.Code != http.StatusConflict || !strings.Contains(pageText(w.Body.String()), "differ only in capitals") {
		t.Errorf("a rename to ARMY beside Army: %d %s", w.Code, pageText(w.Body.String()))
	}
	upload(t, h, map[string][]byte{"ARMY.toml": []byte(list), "CON.toml": []byte(list), "\u3164.toml": []byte(list)})
	var got []string
	for _, f := range listFiles(t, dir) {
		got = append(got, filepath.Base(f))
	}
	want := "ARMY-2.toml Army.toml con-list.toml my-army.toml other.toml"
	if strings.Join(got, " ") != want {
		t.Errorf("the folder after the imports: %s; want %s", strings.Join(got, " "), want)
	}
}

// TestPasswordGuessesSlowed: a client's wrong passwords past freeGuesses
// make it wait, longer each time (429, Retry-After), without its guesses
// being compared (unslowed, a probe guesses 3,000 passwords a second);
// each wrong password is logged; the right one, after the wait, lets it
// in and clears the count; another client is not slowed.
func TestPasswordGuessesSlowed(t *testing.T) {
	s, _ := newServer(t, "the club's password")
	h := s.Handler()
	clock := time.Date(2026, 1, 1, 19, 0, 0, 0, time.UTC)
	s.guesses.now = func() time.Time { return clock }
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	try := func(from, pw string) *httptest.ResponseRecorder {
		r := newRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = from + ":51234"
		r.SetBasicAuth("", pw)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	codes := map[int]int{}
	for i := range 3000 {
		codes[try("192.168.1.7", fmt.Sprintf("guess%d", i)).Code]++
	}
	if codes[http.StatusUnauthorized] != freeGuesses || codes[http.StatusTooManyRequests] != 3000-freeGuesses {
		t.Errorf("3,000 guesses in one instant: %v; want %d compared, the rest made to wait", codes, freeGuesses)
	}
	if w := try("192.168.1.7", "the club's password"); w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "1" {
		t.Errorf("the right password while it must wait: %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
	if w := try("192.168.1.8", "the club's password"); w.Code != 200 {
		t.Errorf("another device: %d", w.Code)
	}
	// Each wrong one after the wait doubles it, up to maxWait.
	for _, want := range []string{"2", "4", "8", "16", "32", "60", "60"} {
		clock = clock.Add(maxWait)
		if w := try("192.168.1.7", "wrong"); w.Code != http.StatusUnauthorized {
			t.Fatalf("a guess after the wait: %d", w.Code)
		}
		if w := try("192.168.1.7", "wrong"); w.Header().Get("Retry-After") != want {
			t.Errorf("wait %q; want %s", w.Header().Get("Retry-After"), want)
		}
	}
	clock = clock.Add(maxWait)
	if w := try("192.168.1.7", "the club's password"); w.Code != 200 {
		t.Errorf("the right password after the wait: %d", w.Code)
	}
	if w := try("192.168.1.7", "a slip"); w.Code != http.StatusUnauthorized {
		t.Errorf("a slip after coming in: %d; the count starts again", w.Code)
	}
	lines := strings.Count(logged.String(), "wrong password from 192.168.1.7")
	if lines != freeGuesses+7+1 || !strings.Contains(logged.String(), "(5 in a row): it waits 1s before its next try") {
		t.Errorf("%d log lines:\n%s", lines, clip(logged.String(), 2000))
	}
	if strings.Contains(logged.String(), "the club's password") || strings.Contains(logged.String(), "guess1") {
		t.Error("a password is logged")
	}
	// IPv6 clients are counted by their /64, which one machine may roam.
	for i := range freeGuesses {
		try(fmt.Sprintf("[2001:db8::%x]", i+1), "wrong")
	}
	if w := try("[2001:db8::99]", "wrong"); w.Code != http.StatusTooManyRequests {
		t.Errorf("a new address of the same /64: %d", w.Code)
	}
	for _, tc := range []struct {
		pw   string
		want string
	}{{"x", "it is 1 character long; expected at least 8"}, {"seven77", "it is 7 characters long"}, {"клубклуб", ""}, {"a club password", ""}} {
		if got := CheckPassword(tc.pw); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("CheckPassword(%q) = %q", tc.pw, got)
		}
	}
}

var _ = io.Discard

// TestVerdictsKeepNoText: a kept verdict keeps its few words, not the
// list's text (the decoder's strings share it): a folder at its quota
// costs the server its verdicts, not another 64 MB.
func TestVerdictsKeepNoText(t *testing.T) {
	s, dir := newServer(t, "")
	const n = 100
	for i := range n {
		writeFile(t, filepath.Join(dir, fmt.Sprintf("dear-%04d.toml", i)), dearList(i))
	}
	settle(t, s)
	before := liveHeap()
	s.judgeRest()
	settleWithin(t, s, 5*time.Minute)
	kept := int64(liveHeap()) - int64(before)
	t.Logf("%d verdicts of %d KB lists keep %d KB", n, len(dearList(0))>>10, kept>>10)
	if kept > int64(n*len(dearList(0))/8) {
		t.Errorf("%d verdicts keep %d KB: the lists' text is kept with them", n, kept>>10)
	}
}
