package outfile

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSpecialTargets: a named pipe, a socket, a folder, a symbolic link
// and (as root) a device are refused and left as they were; a regular
// file and a missing path are written.
func TestSpecialTargets(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pdf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock.pdf")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	folder := filepath.Join(dir, "folder.pdf")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target.txt")
	write(t, target, "kept")
	link := filepath.Join(dir, "link.pdf")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{fifo: "a named pipe", sock: "a socket", folder: "a folder", link: "a symbolic link"}
	// A device node of our own (the numbers of /dev/null), never the
	// machine's: only root may make one.
	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int((1<<8)|3)); err == nil {
		cases[dev] = "a character device"
	} else {
		t.Logf("no device test: mknod: %v (needs root)", err)
	}
	for path, what := range cases {
		before, _ := os.Lstat(path)
		err := WriteAll(context.Background(), []File{{path, []byte("new")}})
		if err == nil || !strings.Contains(err.Error(), path+" is "+what+"; playaid writes only regular files") {
			t.Errorf("%s: %v; want it refused as %s", filepath.Base(path), err, what)
		}
		after, _ := os.Lstat(path)
		if before.Mode() != after.Mode() {
			t.Errorf("%s: %v became %v", filepath.Base(path), before.Mode(), after.Mode())
		}
	}
	if got := read(t, target); got != "kept" {
		t.Errorf("the link's target was written: %q", got)
	}
	for _, p := range []string{filepath.Join(dir, "new", "sub", "a.pdf"), target} {
		if err := WriteAll(context.Background(), []File{{p, []byte("new")}}); err != nil {
			t.Fatal(err)
		}
		if got := read(t, p); got != "new" {
			t.Errorf("%s: %q", p, got)
		}
	}
	for _, n := range names(t, dir) {
		if strings.Contains(n, ".tmp") || strings.Contains(n, ".old") {
			t.Errorf("left behind: %s", n)
		}
	}
}

// TestAllOrNothing: when one file of a set cannot be written, or a
// rename fails, or the run is cancelled, every old file stays as it was
// and nothing temporary is left.
func TestAllOrNothing(t *testing.T) {
	setup := func(t *testing.T) (string, []File) {
		dir := t.TempDir()
		write(t, filepath.Join(dir, "a.pdf"), "old a")
		write(t, filepath.Join(dir, "b.pdf"), "old b")
		return dir, []File{
			{filepath.Join(dir, "a.pdf"), []byte("new a")},
			{filepath.Join(dir, "b.pdf"), []byte("new b")},
			{filepath.Join(dir, "c.pdf"), []byte("new c")},
		}
	}
	check := func(t *testing.T, dir string) {
		t.Helper()
		if a, b := read(t, filepath.Join(dir, "a.pdf")), read(t, filepath.Join(dir, "b.pdf")); a != "old a" || b != "old b" {
			t.Errorf("a = %q, b = %q; want the old files", a, b)
		}
		if _, err := os.Stat(filepath.Join(dir, "c.pdf")); err == nil {
			t.Error("c.pdf was written")
		}
		for _, n := range names(t, dir) {
			if strings.HasPrefix(n, ".") {
				t.Errorf("left behind: %s", n)
			}
		}
	}
	t.Run("a target that is a pipe", func(t *testing.T) {
		dir, files := setup(t)
		if err := syscall.Mkfifo(files[2].Path, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := WriteAll(context.Background(), files); err == nil {
			t.Fatal("written")
		}
		if fi, _ := os.Lstat(files[2].Path); fi.Mode()&os.ModeNamedPipe == 0 {
			t.Error("the pipe was replaced")
		}
		os.Remove(files[2].Path)
		check(t, dir)
	})
	t.Run("a rename that fails", func(t *testing.T) {
		dir, files := setup(t)
		beforeRename = func(i int) {
			if i == 2 { // a and b are in place: c's target turns into a folder
				os.Mkdir(files[2].Path, 0o755)
			}
		}
		defer func() { beforeRename = func(int) {} }()
		if err := WriteAll(context.Background(), files); err == nil {
			t.Fatal("written")
		}
		os.Remove(files[2].Path)
		check(t, dir)
	})
	t.Run("cancelled", func(t *testing.T) {
		dir, files := setup(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := WriteAll(ctx, files); !errors.Is(err, context.Canceled) {
			t.Fatalf("%v; want cancelled", err)
		}
		check(t, dir)
	})
	t.Run("written twice", func(t *testing.T) {
		dir, files := setup(t)
		if err := WriteAll(context.Background(), append(files[:2:2], files[0])); err == nil || !strings.Contains(err.Error(), "written twice") {
			t.Fatalf("%v; want it refused", err)
		}
		check(t, dir)
	})
	t.Run("all written", func(t *testing.T) {
		dir, files := setup(t)
		if err := WriteAll(context.Background(), files); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if got := read(t, f.Path); got != string(f.Data) {
				t.Errorf("%s: %q", f.Path, got)
			}
		}
		if got, want := strings.Join(names(t, dir), " "), "a.pdf b.pdf c.pdf"; got != want {
			t.Errorf("folder holds %s; want %s", got, want)
		}
	})
}

// TestStale: what a killed run left beside a file is removed when the
// file is written again; nothing else is.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".a.pdf.tmp123", ".a.pdf.old9", ".a.pdf.tmpx", ".b.pdf.tmp1", "a.pdf.tmp1"} {
		write(t, filepath.Join(dir, n), "")
	}
	if err := WriteAll(context.Background(), []File{{filepath.Join(dir, "a.pdf"), []byte("a")}}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(names(t, dir), " "), ".a.pdf.tmpx .b.pdf.tmp1 a.pdf a.pdf.tmp1"; got != want {
		t.Errorf("folder holds %s; want %s", got, want)
	}
}

// TestStaleManyFiles: each folder is read once for the stale files of
// all the files going into it, and what killed runs left beside each of
// them is removed, in every folder; nothing else is.
func TestStaleManyFiles(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{".a.pdf.tmp1", ".a.pdf.old22", ".b.pdf.tmp333", ".b.pdf.old4", ".c.pdf.tmp5", ".a.pdf.tmp", "x.pdf.old1"} {
		write(t, filepath.Join(dir, n), "")
	}
	for _, n := range []string{".c.pdf.old6", ".a.pdf.tmp7"} {
		write(t, filepath.Join(sub, n), "")
	}
	if err := os.Mkdir(filepath.Join(dir, ".b.pdf.tmp8"), 0o755); err != nil { // a folder: kept
		t.Fatal(err)
	}
	var read []string
	readingFolder = func(path string) { read = append(read, path) }
	defer func() { readingFolder = func(string) {} }()
	files := []File{
		{filepath.Join(dir, "a.pdf"), []byte("a")},
		{filepath.Join(sub, "c.pdf"), []byte("c")},
		{filepath.Join(dir, "b.pdf"), []byte("b")},
		{filepath.Join(dir, "sub", "..", "d.pdf"), []byte("d")},
	}
	if err := WriteAll(context.Background(), files); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(read, " "), dir+" "+sub; got != want {
		t.Errorf("folders read: %s; want %s", got, want)
	}
	if got, want := strings.Join(names(t, dir), " "), ".a.pdf.tmp .b.pdf.tmp8 .c.pdf.tmp5 a.pdf b.pdf d.pdf sub x.pdf.old1"; got != want {
		t.Errorf("folder holds %s; want %s", got, want)
	}
	if got, want := strings.Join(names(t, sub), " "), ".a.pdf.tmp7 c.pdf"; got != want {
		t.Errorf("sub holds %s; want %s", got, want)
	}
}

// TestStaleOf: the names of temporary files and copies, and of what only
// looks like one.
func TestStaleOf(t *testing.T) {
	for name, want := range map[string]string{
		".a.pdf.tmp1": "a.pdf", ".a.pdf.old0123": "a.pdf", ".a1.tmp2": "a1",
		".a.tmp1.old2": "a.tmp1", ".a.pdf.tmp": "", ".a.pdf.tmpx": "",
		"a.pdf.tmp1": "", "..tmp1": "", ".tmp1": "", ".a.pdf.new1": "",
	} {
		base, ok := staleOf(name)
		if ok != (want != "") || base != want {
			t.Errorf("staleOf(%q) = %q, %v; want %q", name, base, ok, want)
		}
	}
}

// TestKeepOld: the copy of a file being replaced is a hard link taken
// under a fresh name directly, with no other file made on the way; a
// missing file gets no copy.
func TestKeepOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pdf")
	write(t, path, "old")
	old, existed := keepOld(dir, "a.pdf", path)
	if !existed || old == "" {
		t.Fatalf("keepOld = %q, %v; want a copy", old, existed)
	}
	if base, ok := staleOf(filepath.Base(old)); !ok || base != "a.pdf" || !strings.Contains(old, ".old") {
		t.Errorf("copy named %s", old)
	}
	a, _ := os.Stat(path)
	b, _ := os.Stat(old)
	if !os.SameFile(a, b) {
		t.Error("the copy is not a hard link of the file")
	}
	if got, want := len(names(t, dir)), 2; got != want {
		t.Errorf("folder holds %v; want the file and its copy", names(t, dir))
	}
	if old, existed := keepOld(dir, "b.pdf", filepath.Join(dir, "b.pdf")); existed || old != "" {
		t.Errorf("missing file: keepOld = %q, %v", old, existed)
	}
	if got, want := len(names(t, dir)), 2; got != want {
		t.Errorf("folder holds %v after a missing file", names(t, dir))
	}
}

// TestMode: files are written with mode 0644 whatever the umask, as
// before, and replace a file of another mode.
func TestMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pdf")
	write(t, path, "old")
	os.Chmod(path, 0o600)
	defer syscall.Umask(syscall.Umask(0o077))
	for _, p := range []string{path, filepath.Join(dir, "b.pdf")} {
		if err := WriteAll(context.Background(), []File{{p, []byte("new")}}); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(p); err != nil || fi.Mode() != 0o644 {
			t.Errorf("%s: %v, %v; want mode 0644", p, fi.Mode(), err)
		}
	}
}

// TestBatch: files handed over in any order, from several goroutines,
// are all in place after Commit, and nothing else is left beside them.
func TestBatch(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "b"), "old b")
	paths := []string{filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "sub", "c")}
	b, err := Begin(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	for i := len(paths) - 1; i >= 0; i-- {
		go func() { b.Put(i, []byte("new "+filepath.Base(paths[i]))); done <- struct{}{} }()
	}
	for range paths {
		<-done
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if got, want := read(t, p), "new "+filepath.Base(p); got != want {
			t.Errorf("%s holds %q, want %q", p, got, want)
		}
	}
	if got := names(t, dir); strings.Join(got, " ") != "a b sub" {
		t.Errorf("the folder holds %q, want a, b and sub only", got)
	}
	if err := b.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
}

// TestCopiesRemovedAtOnce: the copies of the files a commit replaced are
// removed side by side, no more than removeAtOnce at a time, and none is
// left.
func TestCopiesRemovedAtOnce(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 2*removeAtOnce + 5 {
		p := filepath.Join(dir, fmt.Sprint("f", i))
		write(t, p, "old")
		paths = append(paths, p)
	}
	var mu sync.Mutex
	waiting, most := 0, 0
	removeCopy = func(name string) error {
		mu.Lock()
		waiting++
		most = max(most, waiting)
		mu.Unlock()
		time.Sleep(2 * time.Millisecond) // a removal waiting on the disk
		mu.Lock()
		waiting--
		mu.Unlock()
		return os.Remove(name)
	}
	defer func() { removeCopy = os.Remove }()
	b, err := Begin(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	for i := range paths {
		b.Put(i, []byte("new"))
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if most > removeAtOnce || most < 2 {
		t.Errorf("%d copies were removed at once; want 2 to %d", most, removeAtOnce)
	}
	if got := names(t, dir); len(got) != len(paths) {
		t.Errorf("the folder holds %d names, want the %d files: %q", len(got), len(paths), got)
	}
}

// TestBatchNothingReplaced: a batch aborted, cancelled or missing a
// file's data replaces nothing and leaves no temporary file.
func TestBatchNothingReplaced(t *testing.T) {
	for _, c := range []struct {
		name string
		end  func(b *Batch, cancel func()) error
		want string
	}{
		{"abort", func(b *Batch, _ func()) error { b.Abort(); return nil }, ""},
		{"cancel", func(b *Batch, cancel func()) error { cancel(); return b.Commit() }, "context canceled"},
		{"missing", func(b *Batch, _ func()) error { return b.Commit() }, "new: no data was given to write"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			old := filepath.Join(dir, "old")
			write(t, old, "old")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b, err := Begin(ctx, []string{old, filepath.Join(dir, "new")})
			if err != nil {
				t.Fatal(err)
			}
			b.Put(0, []byte("replaced"))
			err = c.end(b, cancel)
			if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
				t.Errorf("error %v, want %q", err, c.want)
			}
			if got := read(t, old); got != "old" {
				t.Errorf("old holds %q: it was replaced", got)
			}
			if got := names(t, dir); strings.Join(got, " ") != "old" {
				t.Errorf("the folder holds %q, want old only", got)
			}
		})
	}
}

// TestBatchRefusesFirst: Begin refuses a target that must not be
// replaced before anything is written.
func TestBatchRefusesFirst(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Begin(context.Background(), []string{filepath.Join(dir, "a"), filepath.Join(dir, "folder")})
	if err == nil || !strings.Contains(err.Error(), "folder is a folder") {
		t.Errorf("error %v, want the folder refused", err)
	}
	if got := names(t, dir); strings.Join(got, " ") != "folder" {
		t.Errorf("the folder holds %q, want folder only", got)
	}
}
