// Command playaid prints wargame club aids for Martian rule sets: exact-size
// markers, quick-reference sheets with exact odds, scenario briefings and
// points-checked army lists, from TOML data.
//
// main only wires the process to run; every verb lives in its own file.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/layout"

	// The rule engines the data may name, registered once.
	_ "github.com/playaid/playaid/rules/engines"
)

func main() { os.Exit(mainStatus(os.Args[1:])) }

// mainStatus runs playaid as a process and returns its exit status.
// A one-shot verb is tuned for its short life (batchGC, boundHeap).
func mainStatus(args []string) int {
	name, _ := verbOf(args)
	if batchGC(name) {
		boundHeap()
	}
	ctx, stop := signalContext()
	defer stop()
	err := run(ctx, args, os.Stdout, os.Stderr)
	return exitFor(ctx, err, os.Stderr)
}

// signalContext is done when the process gets SIGINT (Ctrl-C) or SIGTERM,
// with the signal as its cause: a verb then stops at its next check and
// replaces no file. A second signal kills the process as usual.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(stopSignal{sig.(syscall.Signal)})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// stopSignal is the cause of a run stopped by a signal.
type stopSignal struct{ syscall.Signal }

func (s stopSignal) Error() string { return "stopped by " + s.name() }

func (s stopSignal) name() string {
	switch s.Signal {
	case syscall.SIGINT:
		return "SIGINT (Ctrl-C)"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.Signal.String()
}

// exitFor is exitCode for a run that may have been stopped by a signal:
// then it exits as a shell reports a process the signal killed, 128 + the
// signal's number (130 for SIGINT, 143 for SIGTERM), after saying so. A
// verb that finished in spite of it (serve stops cleanly) exits 0.
func exitFor(ctx context.Context, err error, stderr io.Writer) int {
	var sig stopSignal
	if err != nil && errors.As(context.Cause(ctx), &sig) {
		fmt.Fprintf(stderr, "playaid: %v; no file was replaced\n", sig)
		return 128 + int(sig.Signal)
	}
	return exitCode(err, stderr)
}

// verb is one subcommand.
type verb struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// verbs is the table of subcommands, in the order help lists them.
var verbs = []verb{
	{"build", "write the whole print pack to the output folder (the default)", runBuild},
	{"validate", "check the rule data (embedded, plus --data DIR)", runValidate},
	{"list", "list units, weapons, charts, tables, scenarios or markers", runList},
	{"markers", "write exact-size markers, the heat ray template and range sticks (PDF)", runMarkers},
	{"odds", "exact odds: attack, building, burn, im-shoot, im-morale, im-melee, game-length", runOdds},
	{"reference", "write quick-reference sheets with exact odds (PDF, HTML or Markdown)", referenceDoc.run},
	{"notes", "write the organiser's rules notes and rulings of a rule set (PDF, HTML or Markdown)", notesDoc.run},
	{"briefing", "write a scenario's briefing: forces, odds, table map, secret deployment sheet", runBriefing},
	{"game", "write a scenario's game night: what to print, in two PDFs (single- and double-sided)", runGame},
	{"army", "check and print army lists: validate, new, print (roster and unit cards)", runArmy},
	{"serve", "the army builder, odds and print pack in a browser (a local web server)", runServe},
	{"version", "which playaid this is: its version, Go, commit, and each rule set's edition and data", runVersion},
}

// env is what every verb gets: where to write and the shared flags' values.
type env struct {
	stdout, stderr io.Writer
	allWarnings    bool // print the shipped data's warnings too (validate)
	// odds are the odds tables the data's check built (load), handed on
	// to the documents that print them: each is computed once.
	odds *document.Odds
	// warm, when set, is started on its own goroutine with the catalogue
	// as soon as it is read without errors: work that needs only the
	// data, done while the data is checked (build: warmTemplates).
	warm func(*catalog.Catalog)
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// exitStatus lets a verb choose its exit status (1 for invalid input) after
// it has printed its own report.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	// A message about a place in a file (a template, the data, a list)
	// reads "file:line:col: message" and nothing else, as the data's do.
	if l, ok := diag.AsList(err); ok {
		printDiags(stderr, l)
		return 1
	}
	fmt.Fprintln(stderr, "playaid:", plain.Shorten(err.Error()))
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	name, rest := verbOf(args)
	if isHelp(name) {
		// "help VERB" is "VERB --help"; help on help (or on a help flag)
		// is this help, not another turn of the same question.
		if len(rest) > 0 && !isHelp(rest[0]) {
			return run(ctx, []string{rest[0], "--help"}, stdout, stderr)
		}
		printHelp(stdout)
		return nil
	}
	for _, v := range verbs {
		if v.name == name {
			err := v.run(ctx, e, rest)
			if name != "serve" {
				// What a font of wide letters made the documents fit,
				// once each, after them (a server keeps going).
				printDiags(stderr, layout.Fitted())
			}
			return err
		}
	}
	return usagef("unknown command %q; run 'playaid help' for the list", name)
}

// verbOf splits a command line into its verb and the verb's arguments:
// with no verb, or only flags, the verb is build, the default; --version
// is the version verb, as in most programs.
func verbOf(args []string) (verb string, rest []string) {
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return "version", args[1:]
	}
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && !isHelp(args[0])) {
		return "build", args
	}
	return args[0], args[1:]
}

// isHelp reports whether a word asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `playaid prints club aids for Martian wargames from TOML rule data.

Usage:
  playaid                 write the whole print pack to output/
  playaid <command> [flags]

Commands:
`)
	for _, v := range verbs {
		fmt.Fprintf(w, "  %-10s %s\n", v.name, v.summary)
	}
	fmt.Fprint(w, `
Run 'playaid <command> --help' (or 'playaid help <command>') for a
command's flags.
`)
}
