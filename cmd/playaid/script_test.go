package main

import (
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/playaid/playaid/internal/testfont"
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
	t.Parallel()
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: map[string]func(*testscript.TestScript, bool, []string){
		"mkfont": mkfont,
	}})
}

// mkfont FILE CHARS… writes a TrueType font with the characters given,
// printable ASCII and the few signs the sheets print (internal/testfont):
// a club's --font.
func mkfont(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: mkfont FILE CHARS…")
	}
	chars := strings.Join(args[1:], "") + "″′–—…·×½•√□■►−≤≥“”‘’\uFFFD\u00A0"
	for r := ' '; r <= '~'; r++ {
		chars += string(r)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), testfont.TTF("Club Sans", chars), 0o644))
}
