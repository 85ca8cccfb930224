// Package golden compares a document a test made with the file in
// testdata that shows it whole, as cmd/gofmt's tests do. Run the tests
// with -update to rewrite the files after a change meant to alter them,
// and read the diff before committing it.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with what the tests make")

// Check compares got with the file at path; with -update it writes got
// there first.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the test made (go test -update rewrites it):\n%s", path, Diff(string(want), string(got)))
	}
}

// Diff lists the lines of got that differ from want, with their numbers,
// the first ten at most: enough to see what moved without a diff tool.
func Diff(want, got string) string {
	ws, gs := strings.Split(want, "\n"), strings.Split(got, "\n")
	var out []string
	for i := 0; i < len(ws) || i < len(gs); i++ {
		line := func(s []string) string {
			if i < len(s) {
				return s[i]
			}
			return "(end of file)"
		}
		if w, g := line(ws), line(gs); w != g {
			out = append(out, fmt.Sprintf("%d: -%s\n%d: +%s", i+1, w, i+1, g))
		}
		if len(out) == 10 {
			out = append(out, "…")
			break
		}
	}
	return strings.Join(out, "\n")
}
