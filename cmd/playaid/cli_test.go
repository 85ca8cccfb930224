package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
)

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

// packPDFNames runs one generator of the print pack and returns its file
// names, space-separated, checking each file is a PDF.
func packPDFNames(t *testing.T, build func(context.Context, *catalog.Catalog, layout.Paper) ([]packFile, error), p layout.Paper) string {
	t.Helper()
	files, err := build(context.Background(), mustLoad(t), p)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
		if !bytes.HasPrefix(f.data, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", f.name)
		}
	}
	return strings.Join(names, " ")
}
