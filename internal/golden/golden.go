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

// Updating reports whether the tests run with -update: tests that keep
// their expectations elsewhere than in a file of their own (a txtar
// section) rewrite them too.
func Updating() bool { return *update }

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

// Diff lists the lines removed from want (-) and added in got (+), with
// their line numbers in want and got, the first twenty at most: enough to
// see what changed without a diff tool.
func Diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	// lcs[i][j] is the longest common subsequence of w[i:] and g[j:].
	lcs := make([][]int, len(w)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(g)+1)
	}
	for i := len(w) - 1; i >= 0; i-- {
		for j := len(g) - 1; j >= 0; j-- {
			if w[i] == g[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	add := func(format string, args ...any) bool {
		if len(out) == 20 {
			out = append(out, "…")
			return false
		}
		out = append(out, fmt.Sprintf(format, args...))
		return true
	}
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			i, j = i+1, j+1
			continue
		case j < len(g) && (i == len(w) || lcs[i][j+1] >= lcs[i+1][j]):
			if !add("%d: +%s", j+1, g[j]) {
				return strings.Join(out, "\n")
			}
			j++
		default:
			if !add("%d: -%s", i+1, w[i]) {
				return strings.Join(out, "\n")
			}
			i++
		}
	}
	return strings.Join(out, "\n")
}
