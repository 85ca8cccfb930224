package main

import (
	"context"
	"fmt"
)

func runValidate(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("validate", "validate [--data DIR]")
	var d dataFlags
	d.register(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("validate takes no arguments, got %q", fs.Args())
	}
	e.allWarnings = true
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	n := 0
	for _, s := range cat.Systems {
		n += len(s.Profiles) + len(s.Weapons) + len(s.Units) + len(s.Charts) + len(s.Tables) + len(s.Scenarios) + len(s.Markers)
	}
	fmt.Fprintf(e.stdout, "data ok: %d rule sets, %d entries (data version %s)\n", len(cat.Systems), n, cat.Version())
	return nil
}
