package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var sample = []file{
	{name: "p/playaid", data: []byte("\x7fELF program"), exec: true},
	{name: "p/NOTICES.txt", data: []byte("licences\n")},
	{name: "p/README.txt", data: []byte("read me\n")},
}

// TestArchivesFixed: the same files and time give the same bytes, and the
// archive holds the files in order, with the time, owner root, and the
// program's mode.
func TestArchivesFixed(t *testing.T) {
	stamp := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, kind := range []struct {
		name string
		make func([]file, time.Time) ([]byte, error)
		read func(*testing.T, []byte) []entry
	}{{"tar.gz", tarGzOf, readTarGz}, {"zip", zipOf, readZip}} {
		a, err := kind.make(sample, stamp)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := kind.make(sample, stamp)
		later, _ := kind.make(sample, stamp.Add(time.Hour))
		if !bytes.Equal(a, b) || bytes.Equal(a, later) {
			t.Errorf("%s: the same files give other bytes, or another time the same", kind.name)
		}
		got := kind.read(t, a)
		want := []entry{{"p/", 0o755, "", stamp}, {"p/playaid", 0o755, "\x7fELF program", stamp}, {"p/NOTICES.txt", 0o644, "licences\n", stamp}, {"p/README.txt", 0o644, "read me\n", stamp}}
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries %v, want %v", kind.name, len(got), got, want)
		}
		for i := range want {
			if got[i].name != want[i].name || got[i].mode != want[i].mode || got[i].data != want[i].data || !got[i].time.Equal(stamp) {
				t.Errorf("%s: entry %d is %+v, want %+v at %v", kind.name, i, got[i], want[i], stamp)
			}
		}
	}
}

type entry struct {
	name string
	mode int64
	data string
	time time.Time
}

func readTarGz(t *testing.T, b []byte) []entry {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("the gzip header names %q at %v; want neither", zr.Name, zr.ModTime)
	}
	var out []entry
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s is owned by %d:%d (%s:%s)", h.Name, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		data, _ := io.ReadAll(tr)
		out = append(out, entry{h.Name, h.Mode, string(data), h.ModTime})
	}
}

func readZip(t *testing.T, b []byte) []entry {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out []entry
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		out = append(out, entry{f.Name, int64(f.Mode().Perm()), string(data), f.Modified})
	}
	return out
}

// TestRelease builds this machine's archive: its sum in SHA256SUMS; the
// program in it runs and says the release's version; the notices hold the
// licence of everything it embeds, the same when asked again. (The same
// files give the same archive: TestArchivesFixed. The same source gives
// the same program: CI builds every target, then one of them again from
// an empty build cache and compares the sums, where a second build here
// would only read the first one back from the cache.)
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds playaid: not in -short")
	}
	tg, ok := findTarget(runtime.GOOS + "/" + runtime.GOARCH)
	if !ok {
		t.Skipf("no release target for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	t.Chdir("../../..") // the module's root, as go run is
	dir := t.TempDir()
	if err := release(config{out: dir, version: "v9.9.9-test", targets: []target{tg}}, io.Discard); err != nil {
		t.Fatal(err)
	}
	name := "playaid_v9.9.9-test_" + tg.name
	archive := name + ".tar.gz"
	if tg.goos == "windows" {
		archive = name + ".zip"
	}
	a, err := os.ReadFile(filepath.Join(dir, archive))
	if err != nil {
		t.Fatal(err)
	}
	sums, _ := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if sum := sha256.Sum256(a); string(sums) != hex.EncodeToString(sum[:])+"  "+archive+"\n" {
		t.Fatalf("SHA256SUMS:\n%s\nwant the sum of %s", sums, archive)
	}
	var entries []entry
	if tg.goos == "windows" {
		entries = readZip(t, a)
	} else {
		entries = readTarGz(t, a)
	}
	files := map[string]string{}
	for _, e := range entries {
		files[strings.TrimPrefix(e.name, name+"/")] = e.data
	}
	prog := filepath.Join(t.TempDir(), tg.exe())
	if err := os.WriteFile(prog, []byte(files[tg.exe()]), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(prog, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "playaid v9.9.9-test, built with "+runtime.Version()+" for "+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("the program says %q (%v)", out, err)
	}
	for _, want := range []string{"Go " + strings.TrimPrefix(runtime.Version(), "go") + ", its runtime and standard library: LICENSE",
		"codeberg.org/go-pdf/fpdf, with playaid's patches (internal/fpdf): LICENSE", "github.com/yuin/goldmark v",
		"github.com/BurntSushi/toml, with playaid's patches (internal/toml): COPYING",
		"golang.org/x/image v", "github.com/klauspost/compress v", "The Go fonts"} {
		if !strings.Contains(files["NOTICES.txt"], want) {
			t.Errorf("NOTICES.txt lacks %q", want)
		}
	}
	if strings.Contains(files["NOTICES.txt"], "chromedp") {
		t.Error("NOTICES.txt names a module only the tests use")
	}
	if again, err := noticesOf(".", tg, "v9.9.9-test"); err != nil || string(again) != files["NOTICES.txt"] {
		t.Errorf("NOTICES.txt asked again differs (%v)", err)
	}
	if !strings.HasPrefix(files["README.txt"], "playaid v9.9.9-test, for "+tg.about+"\n") {
		t.Errorf("README.txt starts %q", files["README.txt"][:min(80, len(files["README.txt"]))])
	}
}
