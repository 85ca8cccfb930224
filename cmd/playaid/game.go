package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/pack"
)

const gameUsage = "game SCENARIO [--paper a4|letter] [--players N] [--list SIDE=FILE]… [--data DIR] [-o DIR|FILE.zip]"

// listFlag collects --list SIDE=FILE: a side by its number (1, 2 …) or
// name, and the list it plays.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// runGame is 'playaid game': a scenario's game night, two PDFs in print
// order (package pack), into a folder or one zip.
func runGame(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("game", gameUsage)
	var d dataFlags
	d.register(fs)
	paperName := paperFlag(fs)
	players := fs.String("players", "", "players at the table: a reference sheet and a deck of reference cards each (default one for each side)")
	var lists listFlag
	fs.Var(&lists, "list", "SIDE=FILE: the side (its number or name) plays this list instead of the ready-made one; repeat for each side")
	out := fs.String("o", "output", "a folder for the two PDFs, or FILE.zip for one zip of them")
	ids, err := e.parseAll(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(ids) == 0:
		return usagef("game: which scenario? run 'playaid list scenarios' for the ids")
	case len(ids) > 1:
		return usagef("game takes one scenario, got %q and %q", ids[0], ids[1])
	}
	if *out == "-" {
		return usagef("-o -: a game night is two files; give a folder or FILE.zip")
	}
	p, err := paper(*paperName)
	if err != nil {
		return err
	}
	n := 0
	if *players != "" {
		if n, err = strconv.Atoi(*players); err != nil || n < 1 || n > pack.MaxPlayers {
			return usagef("--players %s: expected a whole number from 1 to %d", *players, pack.MaxPlayers)
		}
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	sys, sc, err := briefing.Find(cat, ids[0])
	if err != nil {
		return usageError{err.Error()}
	}
	o := pack.NightOptions{Players: n}
	for _, l := range lists {
		side, file, ok := strings.Cut(l, "=")
		i := sideIndex(sc.Sides, side)
		if !ok || file == "" {
			return usagef("--list %s: expected SIDE=FILE, e.g. 1=humans.toml", l)
		}
		if i < 0 {
			var names []string
			for k, sd := range sc.Sides {
				names = append(names, fmt.Sprintf("%d (%s)", k+1, sd.Name))
			}
			return usagef("--list %s: %s has no side %q; its sides are %s", l, sc.Name, side, strings.Join(names, ", "))
		}
		f := readArmy(file, cat)
		if f.report != nil && f.report.System != nil && f.report.System != sys {
			return usagef("--list %s: a list for %s, not %s", l, f.report.System.About.Name, sys.About.Name)
		}
		if f.report == nil || !f.report.Valid() {
			printDiags(e.stderr, f.diags)
			if f.report == nil {
				return usagef("--list %s: the list cannot be read", l)
			}
			return fmt.Errorf("%s: the list is not valid: mend it before printing it for a game", file)
		}
		if err := f.report.Plays(sc, i); err != nil {
			return usagef("--list %s: %s cannot play %s: %v", l, file, sc.Sides[i].Name, err)
		}
		for len(o.Lists) <= i {
			o.Lists, o.Names = append(o.Lists, nil), append(o.Names, "")
		}
		o.Lists[i], o.Names[i] = f.report, strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	night, err := pack.New(cat, pack.Options{}).Night(sys, sc, o)
	if err != nil {
		return usageError{err.Error()}
	}
	files, err := night.Render(ctx, p)
	if err != nil {
		return err
	}
	var writes []outfile.File
	if strings.HasSuffix(strings.ToLower(*out), ".zip") {
		z, err := pack.Zip(files)
		if err != nil {
			return err
		}
		writes = append(writes, outfile.File{Path: *out, Data: z})
	} else {
		if st, err := os.Stat(*out); err == nil && !st.IsDir() {
			return usagef("-o %s: not a folder; give a folder, or a name ending in .zip", *out)
		}
		for _, f := range files {
			writes = append(writes, outfile.File{Path: filepath.Join(*out, f.Name), Data: f.Data})
		}
	}
	if err := e.writeFiles(ctx, writes); err != nil {
		return err
	}
	return nil
}

// sideIndex finds a side by its number from 1 or its name (any case);
// -1 when none.
func sideIndex(sides []catalog.Side, s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= len(sides) {
			return n - 1
		}
		return -1
	}
	for i, sd := range sides {
		if strings.EqualFold(strings.TrimSpace(s), sd.Name) {
			return i
		}
	}
	return -1
}
