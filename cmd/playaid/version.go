package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/playaid/playaid/version"
)

// runVersion prints which playaid this is, for a bug report: the program
// line first, so that it prints even when the data then fails to load.
func runVersion(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("version", "version [--data DIR]")
	var d dataFlags
	d.register(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version takes no arguments, got %q", fs.Args())
	}
	fmt.Fprintln(e.stdout, version.Build())
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	_, rest, _ := strings.Cut(version.Text(cat), "\n")
	fmt.Fprint(e.stdout, rest)
	return nil
}
