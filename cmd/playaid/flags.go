package main

import (
	"flag"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/playaid/playaid/internal/plain"
)

// The flag package's messages, read back so that a mistake on the command
// line is told in playaid's words, on one line, without the usage text.
// Each is compiled when first needed: a run without a mistake never does.
var (
	reUndefined = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^flag provided but not defined: -+(.*)$`) })
	reNeedsArg  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^flag needs an argument: -+(.*)$`) })
	reBadValue  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)^invalid (?:boolean )?value "(.*)" for (?:flag )?-+([^:]*): (.*)$`)
	})
	reBadSyntax = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^bad flag syntax: (.*)$`) })
	reRange     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(-?\d+) to (-?\d+)`) })
)

// flagProblem turns a flag.Parse error into playaid's words: the flag as
// typed, its value cut short, and what was expected.
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	help := fmt.Sprintf("; 'playaid %s --help' lists its flags", fs.Name())
	if m := reUndefined().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("--%s: no such flag%s", plain.Clip(m[1], 40), help)
	}
	if m := reNeedsArg().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("--%s needs a value: %s", m[1], expected(fs.Lookup(m[1])))
	}
	if m := reBadSyntax().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s: not a flag (a flag is --NAME or --NAME=VALUE)%s", plain.Quote(m[1]), help)
	}
	if m := reBadValue().FindStringSubmatch(msg); m != nil {
		val, name, why := m[1], m[2], m[3]
		f := fs.Lookup(name)
		shown := val
		if len(val) > 40 || strings.ContainsAny(val, " \t\n\"'") || val == "" {
			shown = plain.Quote(val)
		}
		if f != nil {
			if _, ok := f.Value.(flag.Getter); !ok || isCustom(f) {
				// A flag of playaid's own: its Set said what is wrong.
				return fmt.Sprintf("--%s %s: %s", name, shown, why)
			}
		}
		return fmt.Sprintf("--%s %s: %s", name, shown, expected(f))
	}
	return msg + help
}

// isCustom reports whether a flag's value is playaid's own type, whose
// Set explains itself, rather than one of the flag package's.
func isCustom(f *flag.Flag) bool {
	switch f.Value.(flag.Getter).Get().(type) {
	case bool, int, int64, uint, uint64, float64, string:
		return false
	}
	return true
}

// expected says what a flag takes: a whole number (and from what to what,
// when its help says), a number, true or false.
func expected(f *flag.Flag) string {
	if f == nil {
		return "expected a value"
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "expected a value (see --help)"
	}
	if _, isString := g.Get().(string); isString && strings.Contains(f.Usage, "whole number") {
		if m := reRange().FindStringSubmatch(f.Usage); m != nil {
			return fmt.Sprintf("expected a whole number from %s to %s", m[1], m[2])
		}
		return "expected a whole number"
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		if m := reRange().FindStringSubmatch(f.Usage); m != nil {
			return fmt.Sprintf("expected a whole number from %s to %s", m[1], m[2])
		}
		return "expected a whole number"
	case float64:
		return "expected a number"
	case bool:
		return "expected true or false (or the flag alone)"
	}
	return "expected a value (see --help)"
}
