package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the testscripts run playaid as a command in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"playaid": func() { os.Exit(mainStatus(os.Args[1:])) },
	})
}

// TestScripts runs testdata/script/*.txtar: the CLI as a user meets it,
// asserting on exit status, stdout and the exact file:line:col on stderr.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
