package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// PageWords are the words of every page of a PDF in reading order, as
// poppler's pdftotext reads them (columns one after the other, a list
// item's marker before its words): for a test that looks for a phrase,
// which the drawing order may set in pieces. It skips the test, saying
// why, where pdftotext is missing (.ci/run installs poppler-utils).
func PageWords(t testing.TB, pdf []byte) []string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; skipping the check of the printed words")
	}
	in := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
}
