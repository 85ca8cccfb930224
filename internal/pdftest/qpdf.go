package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// QPDFCheck runs qpdf --check on a PDF and fails the test on what it
// finds. Where qpdf is missing it says so in the log and returns false,
// so that the rest of the test still runs (.ci/run installs qpdf).
func QPDFCheck(t testing.TB, pdf []byte) bool {
	t.Helper()
	q, err := exec.LookPath("qpdf")
	if err != nil {
		t.Log("qpdf is not installed: the PDF's structure is not checked")
		return false
	}
	f := filepath.Join(t.TempDir(), "check.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(q, "--check", f).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
	return true
}
