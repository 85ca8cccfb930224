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

// packPart lists one generator's jobs of the print pack and renders them,
// one after another.
func packPart(t *testing.T, list func(context.Context, *catalog.Catalog, layout.Paper) ([]job, error), p layout.Paper) []packFile {
	t.Helper()
	jobs, err := list(context.Background(), mustLoad(t), p)
	if err != nil {
		t.Fatal(err)
	}
	var files []packFile
	for _, j := range jobs {
		data, err := j.render()
		if err != nil {
			t.Fatalf("%s: %v", j.name, err)
		}
		files = append(files, packFile{name: j.name, data: data})
	}
	return files
}

// packPDFNames runs one generator of the print pack and returns its file
// names, space-separated, checking each file is a PDF.
func packPDFNames(t *testing.T, list func(context.Context, *catalog.Catalog, layout.Paper) ([]job, error), p layout.Paper) string {
	t.Helper()
	var names []string
	for _, f := range packPart(t, list, p) {
		names = append(names, f.name)
		if !bytes.HasPrefix(f.data, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", f.name)
		}
	}
	return strings.Join(names, " ")
}
