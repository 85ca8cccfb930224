package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/markers"
)

// countFlag collects --count KIND=N, repeated or comma-separated.
type countFlag map[string]int

func (c countFlag) String() string {
	var parts []string
	for k, v := range c {
		parts = append(parts, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (c countFlag) Set(s string) error {
	parts := strings.Split(s, ",")
	for _, part := range parts {
		// The flag package quotes the whole value: name the part only
		// when there are several.
		which := ""
		if len(parts) > 1 {
			which = fmt.Sprintf("%q: ", part)
		}
		kind, num, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || kind == "" {
			return fmt.Errorf("%sexpected KIND=N, e.g. dug-in=8", which)
		}
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil || n < 0 || n > limits.MaxMarkers {
			return fmt.Errorf("%sN must be a whole number from 0 to %d", which, limits.MaxMarkers)
		}
		c[strings.TrimSpace(kind)] = n
	}
	return nil
}

// parseOffset reads --back-offset X,Y in millimetres.
func parseOffset(s string) ([2]float64, error) {
	var off [2]float64
	if s == "" {
		return off, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return off, usagef("--back-offset %q: expected X,Y in millimetres, e.g. 1.5,-0.5", s)
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), "mm")), 64)
		if err != nil {
			return off, usagef("--back-offset %q: %q is not a number of millimetres; expected X,Y, e.g. 1.5,-0.5", s, p)
		}
		off[i] = v
	}
	return off, nil
}

func runMarkers(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("markers", "markers [--system ID | --scenario ID] [--army LIST.toml] [--paper a4|letter] [--only KIND[,KIND…]] [--count KIND=N] [--decoys N] [--backs long|short|fold] [--back-offset X,Y] [--data DIR] [-o FILE.pdf]")
	var d dataFlags
	d.register(fs)
	sysID := fs.String("system", "", "only this rule set's markers, by its id ("+shippedSystems()+" …); default: all")
	paperName := paperFlag(fs)
	only := fs.String("only", "", "only these marker kinds, comma-separated (see 'playaid list markers')")
	counts := countFlag{}
	fs.Var(counts, "count", "KIND=N: print N sets of a kind (for blips: numbered blips 1–N); repeat or comma-separate")
	decoyN := fs.Int("decoys", 0, fmt.Sprintf("add N decoy blips (a whole number from 0 to %d), numbered on after the numbered blips", markers.MaxDecoys))
	backs := fs.String("backs", "", "add backs: long or short, a back page after each sheet for duplex printing (the edge the printer flips on); or fold: backs beside their fronts, printed one-sided and folded")
	offset := fs.String("back-offset", "", "X,Y: shift the backs X mm right and Y mm down to match your printer")
	out := fs.String("o", "", "the PDF to write (default: output/markers.pdf, or output/markers-ID.pdf with --system; - for standard output)")
	armyFile := fs.String("army", "", "an army list of a hidden side: print exactly the blips and decoys it may deploy")
	scenario := fs.String("scenario", "", "print exactly the markers a scenario needs, its blips numbered as its secret deployment sheet")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("markers takes no arguments, got %q; use --system and --only to choose markers", fs.Args())
	}
	p, err := paper(*paperName)
	if err != nil {
		return err
	}
	flip, err := markers.ParseFlip(*backs)
	if err != nil {
		return usageError{err.Error()}
	}
	off, err := parseOffset(*offset)
	if err != nil {
		return err
	}
	var kinds []string
	for _, k := range strings.Split(*only, ",") {
		if k = strings.TrimSpace(k); k != "" {
			kinds = append(kinds, k)
		}
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	var title, note string
	var reading []catalog.Note
	if *scenario != "" {
		if *armyFile != "" || *sysID != "" || *decoyN != 0 {
			return usagef("--scenario chooses the rule set and the blips: leave out --system, --army and --decoys")
		}
		sys, sc, err := briefing.Find(cat, *scenario)
		if err != nil {
			return usageError{err.Error()}
		}
		b, err := briefing.New(sys, sc, cat.Version())
		if err != nil {
			return err
		}
		set := b.MarkerSet
		*sysID, *decoyN, title = sys.ID, set.Decoys, "Markers for "+sc.Name
		// --only narrows to some of the scenario's kinds: "--only blips"
		// prints its blips alone, as the print pack does.
		for _, k := range kinds {
			if !slices.Contains(set.Only, k) {
				return usagef("--only %s: %s needs only %s", k, sc.ID, strings.Join(set.Only, ", "))
			}
		}
		switch {
		case len(kinds) == 0:
			kinds = set.Only
		case len(kinds) == 1 && kinds[0] == set.Blips:
			title, note, reading = set.BlipSheet, set.BlipNote, set.BlipReadings
		case !slices.Contains(kinds, set.Blips):
			*decoyN = 0
		}
		for k, n := range set.Counts {
			if _, given := counts[k]; !given {
				counts[k] = n
			}
		}
		if *out == "" {
			*out = filepath.Join("output", "markers-"+sc.ID+".pdf")
		}
	}
	if *armyFile != "" {
		// With -o - the PDF is standard output: the count goes beside it.
		say := e.stdout
		if *out == "-" {
			say = e.stderr
		}
		id, list, kind, blips, decoys, sc, err := e.armyBlips(cat, *armyFile, say)
		if err != nil {
			return err
		}
		if len(kinds) == 0 || len(kinds) == 1 && kinds[0] == kind {
			// The blips alone: their note and readings, as the
			// scenario's blip sheet prints them, under the list's name.
			sys, _ := system(cat, id)
			note, reading = briefing.ListBlips(sys, sc, kind, blips, decoys)
			title = briefing.ListBlipsTitle(list)
		}
		if *sysID == "" {
			*sysID = id
		}
		if *only == "" {
			kinds = []string{kind}
		}
		counts[kind] = blips
		*decoyN = decoys
	}
	systems := cat.Systems
	path := filepath.Join("output", "markers.pdf")
	if *sysID != "" {
		s, err := system(cat, *sysID)
		if err != nil {
			return err
		}
		systems = []*catalog.System{s}
		path = filepath.Join("output", "markers-"+s.ID+".pdf")
		if *scenario == "" && *armyFile == "" {
			// The rule set's own sheet, as the print pack's: as many of
			// each as the scenario needing most asks for.
			for k, n := range briefing.SheetCounts(s) {
				if _, given := counts[k]; !given {
					counts[k] = n
				}
			}
		}
	}
	if *out != "" {
		path = *out
	}
	if flip == markers.NoBacks {
		note = briefing.OneSided(note) // no backs print: none to speak of
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	pdf, err := markers.Render(systems, markers.Options{
		Paper:      p,
		Only:       kinds,
		Counts:     counts,
		Decoys:     *decoyN,
		Backs:      flip,
		BackOffset: off,
		Stamp:      editions(systems),
		Title:      title,
		Note:       note,
		Readings:   reading,
	})
	var oe *cards.OptionError
	if errors.As(err, &oe) {
		return usageError{oe.Msg}
	}
	if err != nil {
		return err
	}
	return e.writeOutput(ctx, path, pdf)
}

// armyBlips reads an army list for --army: how many numbered blips and
// decoys it may deploy, said on say, the marker kind they print as and
// the list's scenario (nil for none).
// A list with errors stops the run.
func (e *env) armyBlips(cat *catalog.Catalog, file string, say io.Writer) (system, list, kind string, blips, decoys int, sc *catalog.Scenario, err error) {
	src, err := army.ReadFile(file)
	if err != nil {
		return "", "", "", 0, 0, nil, usagef("--army %v", err)
	}
	r, l := army.Validate(file, src, cat)
	printDiags(e.stderr, l)
	if r == nil || !r.Valid() {
		fmt.Fprintf(e.stderr, "playaid: %s is not a valid list; fix it first ('playaid army validate %s')\n", file, file)
		return "", "", "", 0, 0, nil, exitStatus(1)
	}
	if why := army.NoBlips(r.List, r.System); why != "" {
		return "", "", "", 0, 0, nil, usagef("--army %s: the list deploys no blips (%s)", file, why)
	}
	if kind = markers.DecoyKind(r.System); kind == "" {
		return "", "", "", 0, 0, nil, usagef("--army %s: none of %s's markers takes decoys, so its blips have no kind to print as", file, r.System.ID)
	}
	blips, decoys = army.Blips(r.List, r.System)
	fmt.Fprintf(say, "%s: %s and %s\n", file, document.Count(blips, "blip", "blips"), document.Count(decoys, "decoy", "decoys"))
	return r.System.ID, army.ListName(r.List), kind, blips, decoys, r.System.Scenario(r.List.Scenario), nil
}

// editions is the sheets' stamp: the rules edition of each rule set
// printed, once each ("rules edition 2026-12").
func editions(systems []*catalog.System) string {
	var out []string
	for _, s := range systems {
		if e := s.Edition(); e != "" && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return strings.Join(out, " · ")
}
