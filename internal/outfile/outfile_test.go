package outfile

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
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
