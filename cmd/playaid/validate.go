package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
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
	// Data that loads can still fail to print (a track too long for its
	// card, a table with nothing to count): validate makes the whole
	// print pack, in memory, as build would, on both papers.
	if problems := checkPack(ctx, cat, e.odds); len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(e.stderr, p)
		}
		fmt.Fprintf(e.stderr, "playaid: %d %s: the data loads, but the print pack would not build\n", len(problems), document.Plural(len(problems), "error", "errors"))
		return exitStatus(1)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	n := 0
	for _, s := range cat.Systems {
		n += len(s.Profiles) + len(s.Weapons) + len(s.Units) + len(s.Charts) + len(s.Tables) + len(s.Scenarios) + len(s.Markers)
	}
	fmt.Fprintf(e.stdout, "data ok: %d rule sets, %d entries (data version %s); the print pack builds on A4 and Letter\n", len(cat.Systems), n, cat.Version())
	return nil
}

// checkPack runs every generator of the print pack on A4 and on Letter
// paper and returns what stops any of them: a message at its place in
// the data or a template where the generator knows it, else naming the
// part of the pack. A problem on one paper only says which. Each part
// (army rosters, briefings …) stops at its first problem, as in a build.
func checkPack(ctx context.Context, cat *catalog.Catalog, odds *document.Odds) []string {
	papers := []layout.Paper{layout.A4, layout.Letter}
	found := make([][]string, len(papers))
	var wg sync.WaitGroup
	for i, p := range papers {
		wg.Go(func() {
			// One run a paper, as build: each document alone would make
			// the whole pack again for its rules notes' record of marks.
			docs := packDocs(cat, pack.Options{Odds: odds})
			errs := pack.Check(ctx, p, docs)
			if ctx.Err() != nil {
				return
			}
			stopped := map[string]bool{} // the parts stopped at a problem
			for j, err := range errs {
				if err != nil && !stopped[docs[j].Part] {
					stopped[docs[j].Part] = true
					found[i] = append(found[i], problems(docs[j].Part, err)...)
				}
			}
		})
	}
	wg.Wait()
	on := map[string][]string{} // problem → the papers it shows on
	var order []string
	for i, ps := range found {
		for _, p := range ps {
			if len(on[p]) == 0 {
				order = append(order, p)
			}
			if !slicesContains(on[p], papers[i].Name) {
				on[p] = append(on[p], papers[i].Name)
			}
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return order[a] < order[b] })
	var out []string
	for _, p := range order {
		if len(on[p]) < len(papers) {
			p += " (on " + strings.Join(on[p], " and ") + " paper)"
		}
		out = append(out, p)
	}
	return out
}

// problems are the lines an error of a part of the pack prints: its
// diagnostics, else one line naming the part.
func problems(part string, err error) []string {
	if l, ok := diag.AsList(err); ok {
		var out []string
		for _, d := range l.Errors() {
			out = append(out, d.Error())
		}
		return out
	}
	return []string{"playaid: " + part + ": " + err.Error()}
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
