package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/outfile"
)

const armyUsage = `army validate FILE… [--json] [--data DIR]
       playaid army new --system ID [--data DIR]
       playaid army print FILE [--paper a4|letter] [--cards [--backs fold | --print-shop … [--png DIR]]] [--format pdf|html|md] [--templates DIR] [--data DIR] [-o FILE]`

func runArmy(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("army what? expected validate, new or print; run 'playaid army --help'")
	}
	switch args[0] {
	case "validate":
		return runArmyValidate(ctx, e, args[1:])
	case "new":
		return runArmyNew(ctx, e, args[1:])
	case "print":
		return runArmyPrint(ctx, e, args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprintf(e.stdout, "Usage: playaid %s\n\nArmy lists are TOML files; 'playaid army new --system ID' writes a starter.\n"+
			"validate exits 0 when every list is valid, 1 when one is invalid, 2 when one cannot be read.\n", armyUsage)
		return nil
	}
	return usageError{catalog.Unknown("army command", args[0], []string{"validate", "new", "print"})}
}

// armyFile is one list read and checked.
type armyFile struct {
	name   string
	report *army.Report // nil when the file could not be read as TOML
	diags  diag.List
}

// readArmy reads and checks one list file. A missing file or one that is
// not TOML at all has no report: exit status 2.
func readArmy(name string, cat *catalog.Catalog) armyFile {
	src, err := army.ReadFile(name)
	if err != nil {
		d := diag.Diag{File: name, Msg: err.Error()}
		if de, ok := err.(diag.Diag); ok {
			d.Msg = de.Msg
		}
		d.Msg = "cannot read the list: " + d.Msg
		return armyFile{name: name, diags: diag.List{d}}
	}
	r, dl := army.Validate(name, src, cat)
	return armyFile{name: name, report: r, diags: dl}
}

// armyStatus is the exit status of a run over lists: 2 when one could not
// be read, else 1 when one is invalid, else 0.
func armyStatus(files []armyFile) error {
	st := 0
	for _, f := range files {
		switch {
		case f.report == nil:
			st = 2
		case !f.report.Valid() && st == 0:
			st = 1
		}
	}
	if st == 0 {
		return nil
	}
	return exitStatus(st)
}

// armyJSONDiag is a diagnostic for machines.
type armyJSONDiag struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

type armyJSONList struct {
	File     string         `json:"file"`
	Readable bool           `json:"readable"`
	Valid    bool           `json:"valid"`
	System   string         `json:"system,omitempty"`
	Name     string         `json:"name,omitempty"`
	Points   int64          `json:"points"`
	Limit    int64          `json:"limit"` // 0: no limit
	Hash     string         `json:"sha256,omitempty"`
	Errors   []armyJSONDiag `json:"errors"`
	Warnings []armyJSONDiag `json:"warnings"`
}

func runArmyValidate(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("army validate", "army validate FILE… [--json] [--data DIR]")
	var d dataFlags
	d.register(fs)
	asJSON := fs.Bool("json", false, "print JSON for machines: per file valid, points, limit, errors and warnings")
	names, err := e.parseAll(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return usagef("army validate: which list? give one or more FILEs")
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	var files []armyFile
	for _, n := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		files = append(files, readArmy(n, cat))
	}
	if *asJSON {
		out := []armyJSONList{}
		for _, f := range files {
			out = append(out, armyJSON(f))
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
		return armyStatus(files)
	}
	for _, f := range files {
		printDiags(e.stderr, f.diags)
		fmt.Fprintln(e.stdout, armySummary(f))
	}
	return armyStatus(files)
}

func armyJSON(f armyFile) armyJSONList {
	j := armyJSONList{File: f.name, Errors: []armyJSONDiag{}, Warnings: []armyJSONDiag{}}
	for _, d := range f.diags {
		jd := armyJSONDiag{File: d.File, Line: d.Line, Col: d.Col, Message: d.Msg}
		if d.Warning {
			j.Warnings = append(j.Warnings, jd)
		} else {
			j.Errors = append(j.Errors, jd)
		}
	}
	if r := f.report; r != nil {
		j.Readable, j.Valid = true, r.Valid()
		j.System, j.Name, j.Hash = r.List.System, r.List.Name, r.List.Hash
		j.Points, j.Limit = r.Used, r.Limit
	}
	return j
}

// armySummary is a list's one-line verdict on standard output.
func armySummary(f armyFile) string {
	r := f.report
	if r == nil {
		return fmt.Sprintf("%s: unreadable", f.name)
	}
	var parts []string
	switch {
	case r.System != nil && !r.HasPoints():
		parts = append(parts, "organisation checked")
	case r.Limit > 0:
		parts = append(parts, fmt.Sprintf("%d of %d points", r.Used, r.Limit))
	default:
		parts = append(parts, fmt.Sprintf("%d points", r.Used))
	}
	if n := r.Diags.Count(); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, document.Plural(n, "error", "errors")))
	}
	if n := len(r.Diags.Warnings()); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, document.Plural(n, "warning", "warnings")))
	}
	verdict := "valid"
	if !r.Valid() {
		verdict = "INVALID"
	}
	return fmt.Sprintf("%s: %s (%s)", f.name, verdict, strings.Join(parts, ", "))
}

func runArmyNew(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("army new", "army new --system ID [--data DIR]")
	var d dataFlags
	d.register(fs)
	sysID := fs.String("system", "", "the rule set of the list: one that has army lists")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("army new takes no arguments, got %q; the starter goes to standard output", fs.Args())
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	if *sysID == "" {
		return usagef("army new: which rule set? give --system, one of: %s", strings.Join(army.ListSystems(cat), ", "))
	}
	s, err := system(cat, *sysID)
	if err != nil {
		return err
	}
	ids := army.ListSystems(cat)
	if !slices.Contains(ids, s.ID) {
		return usagef("system %q has no army lists; expected one of: %s", s.ID, strings.Join(ids, ", "))
	}
	text, err := army.Starter(s)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(e.stdout, text)
	return err
}

func runArmyPrint(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("army print", "army print FILE [--paper a4|letter] [--cards [--backs fold | --print-shop [--bleed 3mm|1/8in] [--card-size poker|us-poker] [--backs-last] [--png DIR]]] [--format pdf|html|md] [--templates DIR] [--data DIR] [-o FILE]")
	var d dataFlags
	d.register(fs)
	var doc docFlags
	doc.register(fs, "a folder whose roster.md replaces the shipped template")
	cards := fs.Bool("cards", false, "add unit cards, 63 × 88 mm, nine to a page with cut lines (PDF only)")
	backs := fs.String("backs", "", "with --cards: fold: each card beside its back, three to a sheet, printed one-sided and folded (army-LIST-fold.pdf)")
	var sf shopFlags
	sf.register(fs)
	out := fs.String("o", "", "the file to write (default output/army-LIST.FORMAT; - for standard output)")
	names, err := e.parseAll(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(names) == 0:
		return usagef("army print: which list? give one FILE")
	case len(names) > 1:
		return usagef("army print takes one list, got %d: %s", len(names), strings.Join(names, " "))
	}
	p, err := doc.check(e, d)
	if err != nil {
		return err
	}
	if *cards && doc.format != "pdf" {
		return usagef("--cards prints only as PDF (cards are drawn to size), not --format %s", doc.format)
	}
	flip, err := cardsBacks(*backs)
	if err != nil {
		return err
	}
	shop, err := sf.parse()
	if err != nil {
		return err
	}
	if (shop != nil || flip != cardsNoBacks) && !*cards {
		return usagef("--backs and --print-shop print unit cards: add --cards")
	}
	if shop != nil && flip != cardsNoBacks {
		return usagef("--print-shop prints one card face to a page: --backs fold is for sheets")
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	e.fontWarnings(doc)
	f := readArmy(names[0], cat)
	printDiags(e.stderr, f.diags)
	if f.report == nil {
		return exitStatus(2)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var data []byte
	if shop != nil {
		data, err = army.PrintCards(f.report, *shop)
	} else {
		data, err = army.Print(f.report, cat, army.PrintOptions{Paper: p, Format: doc.format, Cards: *cards, CardBacks: flip, Templates: doc.templates})
	}
	if err != nil {
		return err
	}
	dest := *out
	if dest == "" {
		base := strings.TrimSuffix(filepath.Base(names[0]), filepath.Ext(names[0]))
		dest = filepath.Join("output", "army-"+base+cardSuffix(flip, shop)+"."+doc.format)
	}
	if sameFile(dest, names[0]) {
		return usagef("-o %s is the list being printed; the roster would replace it", dest)
	}
	if shop != nil && sf.png != "" {
		if dest == "-" {
			return usagef("-o - writes the deck to standard output; --png writes files: give -o a file")
		}
		files, err := pngFiles(shop, data, sf.png)
		if err != nil {
			return err
		}
		if err := e.writeFiles(ctx, append([]outfile.File{{Path: dest, Data: data}}, files...)); err != nil {
			return err
		}
		e.warnStale(files)
	} else if err := e.writeOutput(ctx, dest, data); err != nil {
		return err
	}
	if !f.report.Valid() {
		n := f.report.Diags.Count()
		fmt.Fprintf(e.stderr, "playaid: %s is invalid (%d %s): the roster is stamped INVALID\n", names[0], n, document.Plural(n, "error", "errors"))
		return exitStatus(1)
	}
	return nil
}

// sameFile reports whether two paths name one existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
