package main

import (
	"bytes"
	"context"
	"testing"
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
