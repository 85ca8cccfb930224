package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// snapshot reads every file of dir.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// sameFiles checks that dir holds exactly the files of want, byte for
// byte, and nothing temporary.
func sameFiles(t *testing.T, dir string, want map[string][]byte) {
	t.Helper()
	got := snapshot(t, dir)
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("%s changed", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s appeared", name)
		}
	}
}

// TestBuildAllOrNothing: a build whose one file cannot be written (here
// its name in the output folder is a named pipe) replaces none of the
// others: the folder does not end up half A4 and half Letter.
func TestBuildAllOrNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole pack")
	}
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "build", "-o", out); code != 0 {
		t.Fatalf("A4 build: exit %d\n%s", code, stderr)
	}
	fifo := filepath.Join(out, "notes-buildings.pdf")
	os.Remove(fifo)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	a4 := snapshot(t, out)
	code, stdout, stderr := runCLI(t, "build", "--paper", "letter", "-o", out)
	if code != 1 || !strings.Contains(stderr, fifo+" is a named pipe; playaid writes only regular files and never replaces anything else") {
		t.Errorf("Letter build: exit %d, stderr:\n%s", code, stderr)
	}
	if strings.Contains(stdout, "wrote") {
		t.Errorf("the build says it wrote:\n%s", stdout)
	}
	sameFiles(t, out, a4)
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe was replaced: %v", err)
	}
}

// TestBuildStopped: a build stopped by SIGTERM or Ctrl-C after everything
// is rendered, just before writing, replaces nothing, exits 143 or 130,
// and says so; a build interrupted while rendering the same.
func TestBuildStopped(t *testing.T) {
	defer func(saved func(*catalog.Catalog, pack.Options) []pack.Doc) { packDocs = saved }(packDocs)
	for _, c := range []struct {
		sig  syscall.Signal
		late bool
		code int
	}{{syscall.SIGTERM, true, 143}, {syscall.SIGINT, true, 130}, {syscall.SIGINT, false, 130}} {
		out := t.TempDir()
		old := filepath.Join(out, "a.pdf")
		if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancelCause(context.Background())
		stop := func() { cancel(stopSignal{c.sig}) }
		// The jobs may run side by side: the late signal waits for the
		// first job to finish.
		firstDone := make(chan struct{})
		packDocs = func(*catalog.Catalog, pack.Options) []pack.Doc {
			return []pack.Doc{
				pack.Func("a.pdf", "first", func(layout.Paper) ([]byte, error) {
					defer close(firstDone)
					if !c.late {
						stop()
						return nil, ctx.Err()
					}
					return []byte("new"), nil
				}),
				pack.Func("b.pdf", "last", func(layout.Paper) ([]byte, error) {
					if c.late {
						<-firstDone
						stop() // the signal comes once all is rendered
					}
					return []byte("new"), nil
				}),
			}
		}
		var stdout, stderr bytes.Buffer
		err := run(ctx, []string{"build", "-o", out}, &stdout, &stderr)
		if code := exitFor(ctx, err, &stderr); code != c.code {
			t.Errorf("%v: exit %d, want %d", c.sig, code, c.code)
		}
		if !strings.Contains(stderr.String(), "playaid: stopped by "+stopSignal{c.sig}.name()+"; no file was replaced") {
			t.Errorf("stderr:\n%s", stderr.String())
		}
		sameFiles(t, out, map[string][]byte{"a.pdf": []byte("old")})
	}
}

// TestSignalContext: SIGTERM and SIGINT cancel the run's context with the
// signal as the cause, and the process goes on to exit as the shell
// expects.
func TestSignalContext(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		ctx, stop := signalContext()
		if err := syscall.Kill(os.Getpid(), sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: the context is not done", sig)
		}
		var stderr bytes.Buffer
		if code := exitFor(ctx, ctx.Err(), &stderr); code != 128+int(sig) {
			t.Errorf("%v: exit %d", sig, code)
		}
		// A run that finished in spite of the signal exits 0.
		if code := exitFor(ctx, nil, &stderr); code != 0 {
			t.Errorf("%v: exit %d for a finished run", sig, code)
		}
		stop()
	}
}
