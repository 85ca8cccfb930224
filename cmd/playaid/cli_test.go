package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// A test that runs the command in the process may call t.Parallel when
// it keeps to the Go font and sets nothing of the process's: parallel
// tests start once every other test is done, so none runs beside one
// that sets a --font (the process's text font), the environment, GOGC
// or a package variable, or that measures memory; and as the Go font
// fits every page, nothing is noted in layout.Fitted (the process's) for
// another test's command to print.

// runCLI runs playaid with args and returns the exit status, stdout and
// stderr as a user would see them.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), args, &stdout, &stderr)
	code := exitCode(err, &stderr)
	return code, stdout.String(), stderr.String()
}

// mustLoad loads the shipped data as the commands do.
func mustLoad(t *testing.T) *catalog.Catalog {
	t.Helper()
	var stderr bytes.Buffer
	cat, err := (&env{stdout: &stderr, stderr: &stderr}).load(dataFlags{})
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	return cat
}

// packPart renders the print pack's documents of the named parts, one
// after another.
func packPart(t *testing.T, p layout.Paper, parts ...string) []pack.File {
	t.Helper()
	var files []pack.File
	for _, d := range pack.New(mustLoad(t), pack.Options{}).Docs {
		if !slices.Contains(parts, d.Part) {
			continue
		}
		data, err := d.Render(p)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		files = append(files, pack.File{Name: d.Name, Data: data})
	}
	return files
}

// packDoc is one document of the shipped print pack, rendered and read.
type packDoc struct {
	Name  string
	Kind  pack.Kind
	Texts []pdftest.Text
}

// packs holds the shipped print pack, rendered and read once a process
// for each paper: the tests that look at every page of it only read it.
var packs struct {
	sync.Mutex
	of map[string][]packDoc
}

// shippedPack is every document of the print pack on paper, in the
// pack's order, with the text read from its PDF.
func shippedPack(t *testing.T, paper layout.Paper) []packDoc {
	t.Helper()
	packs.Lock()
	defer packs.Unlock()
	if docs, ok := packs.of[paper.Name]; ok {
		return docs
	}
	// Made in one run, as 'playaid build' makes it: each rules notes
	// document made alone would make the player documents again.
	pk := pack.New(mustLoad(t), pack.Options{})
	files, err := pack.Render(context.Background(), paper, pk.Docs)
	if err != nil {
		t.Fatalf("the print pack (%s): %v", paper.Name, err)
	}
	docs := make([]packDoc, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, d := range pk.Docs {
		wg.Go(func() {
			texts, err := pdftest.Read(files[i].Data)
			docs[i], errs[i] = packDoc{Name: d.Name, Kind: d.Kind, Texts: texts}, err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s (%s): %v", docs[i].Name, paper.Name, err)
		}
	}
	if packs.of == nil {
		packs.of = map[string][]packDoc{}
	}
	packs.of[paper.Name] = docs
	return docs
}

// packPDFNames renders the named parts of the print pack and returns
// their file names, space-separated, checking each file is a PDF.
func packPDFNames(t *testing.T, p layout.Paper, parts ...string) string {
	t.Helper()
	var names []string
	for _, f := range packPart(t, p, parts...) {
		names = append(names, f.Name)
		if !bytes.HasPrefix(f.Data, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", f.Name)
		}
	}
	return strings.Join(names, " ")
}

// inPack reports whether the print pack has a part of that name.
func inPack(name string) bool { return slices.Contains(pack.Parts(), name) }

// TestBatchGC checks that a one-shot verb collects garbage only as its
// memory nears memLimit (GOGC off, a memory limit), that serve keeps Go's
// default, and that a GOGC or GOMEMLIMIT the user set wins.
func TestBatchGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(env, "")
		os.Unsetenv(env)
	}
	base := baseLimit(runtime.GOMAXPROCS(0))
	// settings gives the GOGC and memory limit batchGC left, and puts
	// back Go's default.
	settings := func() (gogc int, limit int64) {
		return debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	}
	for _, c := range []struct {
		args  []string
		gogc  int
		limit int64
		tuned bool
	}{
		{nil, -1, base, true},
		{[]string{"build", "-o", "out"}, -1, base, true},
		{[]string{"-o", "out"}, -1, base, true},
		{[]string{"reference", "--system", "aqotmf"}, -1, base, true},
		{[]string{"serve"}, 100, math.MaxInt64, false},
		{[]string{"serve", "-addr", "127.0.0.1:0"}, 100, math.MaxInt64, false},
	} {
		verb, _ := verbOf(c.args)
		tuned := batchGC(verb)
		if gogc, limit := settings(); gogc != c.gogc || limit != c.limit || tuned != c.tuned {
			t.Errorf("playaid %q: GOGC %d, memory limit %d, tuned %v; want %d, %d, %v", c.args, gogc, limit, tuned, c.gogc, c.limit, c.tuned)
		}
	}
	t.Run("8 Ps", func(t *testing.T) { // a machine of more cores: room for their spans
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
		batchGC("build")
		if _, limit := settings(); limit != memLimit+6*memLimitPerP {
			t.Errorf("playaid build with 8 Ps: memory limit %d, want %d", limit, memLimit+6*memLimitPerP)
		}
	})
	for _, env := range []string{"GOGC=100", "GOMEMLIMIT=1GiB"} {
		name, value, _ := strings.Cut(env, "=")
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, value)
			if batchGC("build") {
				t.Errorf("playaid build with %s set tuned the collector", env)
			}
			if gogc, limit := settings(); gogc != 100 || limit != math.MaxInt64 {
				t.Errorf("playaid build with %s set: GOGC %d, memory limit %d; want the runtime left as the user set it", env, gogc, limit)
			}
		})
	}
}
