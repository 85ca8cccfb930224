package document

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
	"unicode"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/templates"
)

// Source is one template file: its name (what {{template "name"}} calls
// it), its text, and where the text came from, as the user named it
// ("templates/briefing.md", "club/briefing.md"), for messages.
type Source struct {
	Name, Text, From string
}

// Read reads the named templates: each from dir when it holds a file of
// that name (a club's --templates folder), else the shipped one. A club's
// file must be a regular file of at most limits.MaxFileSize bytes: a
// named pipe or a device is refused unopened.
func Read(dir string, names ...string) ([]Source, error) {
	var out []Source
	for _, name := range names {
		if dir != "" {
			p := filepath.Join(dir, name)
			fsys := os.DirFS(dir)
			if _, err := fs.Stat(fsys, name); !errors.Is(err, fs.ErrNotExist) {
				b, err := infile.Read(fsys, name, p, limits.MaxFileSize, "a Markdown template")
				if err != nil {
					return nil, diag.Diag{File: p, Msg: err.Error()}
				}
				out = append(out, Source{Name: name, Text: string(b), From: p})
				continue
			}
		}
		text, err := templates.Shipped(name)
		from := "templates/" + name
		if err != nil {
			return nil, fmt.Errorf("%s: %w", from, err)
		}
		out = append(out, Source{Name: name, Text: text, From: from})
	}
	return out, nil
}

// Pick returns own when dir holds a file of that name (a club's template
// for one rule set), else the engine's template name.
func Pick(dir, own, engine string) string {
	if dir != "" && own != "" {
		if _, err := fs.Stat(os.DirFS(dir), own); err == nil {
			return own
		}
	}
	return engine
}

// Funcs are the functions every template may call, whichever document it
// makes. A generator adds its own (see Execute).
func Funcs() template.FuncMap {
	return template.FuncMap{
		"esc":      Esc,
		"cell":     cellOf,
		"row":      rowOf,
		"sentence": func(s string) string { return Esc(Sentence(s)) },
		"inch":     Inch,
		"inches":   Inches,
		"signed":   printnum.Signed,
		"pct":      pctOf,
		"intp":     Intp,
		"plural":   Plural,
		"odds":     oddsOf,
		"join":     strings.Join,
		"add":      add,
		"seq":      seq,
		"lower":    strings.ToLower,
		"upper":    strings.ToUpper,
	}
}

// cellOf is Cell for text or for a cell of an engine table.
func cellOf(v any) (string, error) {
	switch c := v.(type) {
	case string:
		return Cell(c), nil
	case rules.Cell:
		if c == rules.Impossible || c == rules.Filler {
			return "", nil // blank, as OddsTable prints it
		}
		return Cell(c.String()), nil
	}
	return "", fmt.Errorf("cell: want text or a table cell, got %T", v)
}

// rowOf prints the cells of a table's row between the bars of a GFM
// row, "a | b | c": an engine table's cells as cell prints them, a data
// table's words as esc does. A template lays out a row in one call
// (| {{ esc .Label }} | {{ row .Cells }} |), not a call for each cell.
func rowOf(v any) (string, error) {
	var b strings.Builder
	switch r := v.(type) {
	case []string:
		for i, s := range r {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(Esc(s))
		}
	case []rules.Cell:
		for i, c := range r {
			if i > 0 {
				b.WriteString(" | ")
			}
			s, _ := cellOf(c)
			b.WriteString(s)
		}
	default:
		return "", errors.New("row: want the cells of a table's row (.Cells of an engine table's row, or a row of a data table)")
	}
	return b.String(), nil
}

// pctOf is Pct for a probability or a cell of an engine table.
func pctOf(v any) (string, error) {
	switch p := v.(type) {
	case *big.Rat:
		return Pct(p), nil
	case rules.Cell:
		if p.P == nil {
			return "", fmt.Errorf("pct: the cell is not a probability (%s)", p.String())
		}
		return Pct(p.P), nil
	}
	return "", fmt.Errorf("pct: want a probability, got %T", v)
}

// oddsOf prints an engine table as a GFM table with its notes in italics
// under it, each its own paragraph; nothing for no table.
func oddsOf(t *rules.Table) string {
	if t == nil {
		return ""
	}
	return oddsTable(*t, Esc(t.Corner))
}

// oddsTable is oddsOf with the corner cell given as Markdown (it may
// carry footnote references).
func oddsTable(t rules.Table, corner string) string {
	var b strings.Builder
	b.WriteString(oddsTableCorner(t, corner))
	for _, n := range t.Notes {
		b.WriteString("\n*" + Esc(n) + "*\n")
	}
	return b.String()
}

// seq returns from, from+1 … to: at most as many numbers as a template
// may take steps.
func seq(from, to int) ([]int, error) {
	if to >= from && (to-from < 0 || to-from >= limits.MaxTemplateSteps) {
		return nil, fmt.Errorf("seq %d %d: more numbers than a template may take; expected at most %d", from, to, limits.MaxTemplateSteps)
	}
	var s []int
	for i := range max(0, to-from+1) { // not i <= to: to may be the largest int
		s = append(s, from+i)
	}
	return s, nil
}

// add is a + b, refused where the sum would not fit a 32-bit int, on
// every machine: a template then gives the same answer on a 32-bit one
// (arm, 386) as on a 64-bit one.
func add(a, b int) (int, error) {
	if s := int64(a) + int64(b); a != int(int32(a)) || b != int(int32(b)) || s != int64(int32(s)) {
		return 0, fmt.Errorf("add %d %d: the sum is too big; expected a sum from %d to %d", a, b, math.MinInt32, math.MaxInt32)
	}
	return a + b, nil
}

// ExecuteLines parses the sources (the first is the one executed; the
// others are parsed beside it, for {{template "name" .}}) with Funcs and
// the generator's own funcs, executes it over data, and returns the
// Markdown with its blank lines tidied and the definitions of the
// footnotes notes collected (nil for none) at the end, and where each
// line of the Markdown came from, for the renderer's messages (see
// Lines). Every error in a template, in parsing or executing it, is a
// diag.Diag at its place in the file the user gave: "club/briefing.md:12:5:
// <.Sides>: …". The execution's work and output are bounded (see budget).
func ExecuteLines(srcs []Source, funcs template.FuncMap, data any, notes *Notes) ([]byte, Lines, error) {
	if len(srcs) == 0 {
		return nil, nil, errors.New("no template to execute")
	}
	fns := Funcs()
	if notes != nil {
		// An engine table's quoted source notes become footnotes of
		// their rulings, not words on the page (see Notes.Know).
		fns["odds"] = notes.odds
	}
	for name, fn := range funcs {
		fns[name] = fn
	}
	b := &budget{}
	root := template.New(srcs[0].Name).Option("missingkey=error")
	ix, _, err := parseMetered(root, srcs, fns, b, false)
	if err != nil {
		return nil, nil, err
	}
	w := newOutput(srcs, ix)
	w.budget = b
	if err := root.Execute(w, data); err != nil {
		return nil, nil, inWordsDiag(placed(err, srcs), data)
	}
	// The Markdown is tidied, its places found and its footnotes resolved
	// and added where the template wrote it: each step writes over the
	// last's text.
	md, from := tidy(w.buf.Bytes())
	lines := w.lines(md, from)
	return notes.write(resolve(md)), lines, nil
}

// Set is what ExecuteLines parses for a document: the names of its
// templates (the first is the one executed) and the functions its
// generator adds to Funcs.
type Set struct {
	Names []string
	Funcs template.FuncMap
	// Once says that one document executes the set in the process (a
	// print pack's reference sheet or deck of cards): parsed ahead, its
	// trees are let go once that document has them, rather than held for
	// the rest of the process.
	Once bool
}

// ParseShipped parses the shipped templates of each set as ExecuteLines
// would, and keeps their trees (see parsedTrees): a process that knows
// which documents it will make can have them parsed ahead, where a core
// is idle. It reports how many of the sets it found kept already, and
// the errors of those it could not parse (a document made from one
// reports its own).
func ParseShipped(sets ...Set) (kept int, err error) {
	var errs []error
	for _, set := range sets {
		srcs, err := Read("", set.Names...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		fns := Funcs()
		for name, fn := range set.Funcs {
			fns[name] = fn
		}
		root := template.New(srcs[0].Name).Option("missingkey=error")
		_, was, err := parseMetered(root, srcs, fns, nil, set.Once)
		if err != nil {
			errs = append(errs, err)
		}
		if was {
			kept++
		}
	}
	return kept, errors.Join(errs...)
}

// parseMetered parses the sources into root, refuses a range over a
// literal too big, and meters the trees (see budget): it returns their
// index (see meter). The shipped templates' trees are kept, metered, for the
// rest of the process and shared (see parsedTrees), or, once, only for
// the next to parse the same (Set.Once): it reports whether root got
// kept ones. root is given the functions of fns its trees call, each
// counted against the budget b; with no budget the trees are only parsed
// (to be kept), never executed, and nothing is counted.
func parseMetered(root *template.Template, srcs []Source, fns template.FuncMap, b *budget, once bool) (ix index, kept bool, err error) {
	key := treesKey(srcs, fns)
	if e, ok := parsedTrees.Load(key); ok && e.(treeSet).same(srcs) {
		set := e.(treeSet)
		if set.once {
			parsedTrees.Delete(key)
		}
		if b != nil {
			root.Funcs(b.wrap(fns, set.calls))
		}
		for _, t := range set.trees {
			if _, err := root.AddParseTree(t.Name, t); err != nil {
				return index{}, true, err
			}
		}
		return set.index, true, nil
	}
	root.Funcs(fns) // parsing needs only their names
	for i, s := range srcs {
		t := root
		if i > 0 {
			t = root.New(s.Name)
		}
		if _, err := t.Parse(s.Text); err != nil {
			return index{}, false, placed(err, srcs)
		}
	}
	for _, t := range root.Templates() {
		if t.Tree == nil {
			continue
		}
		if n := rangeLiteral(t.Root); n != nil {
			d := newOutput(srcs, index{}).pos(place{srcIndex(srcs, t.ParseName), int(n.Pos)})
			d.Msg = fmt.Sprintf("range %s: more turns than a template may take; expected at most %d", n.Text, limits.MaxTemplateSteps)
			return index{}, false, d
		}
		if n := bigNumber(t.Root); n != nil {
			d := newOutput(srcs, index{}).pos(place{srcIndex(srcs, t.ParseName), int(n.Pos)})
			d.Msg = fmt.Sprintf("%s is out of range; expected a whole number from %d to %d", n.Text, math.MinInt32, math.MaxInt32)
			return index{}, false, d
		}
	}
	ix = meter(root, srcs)
	called := calls(root)
	if b != nil {
		root.Funcs(b.wrap(fns, called))
	}
	if shipped(srcs) {
		set := treeSet{texts: make([]string, len(srcs)), index: ix, calls: called, once: once}
		for i, s := range srcs {
			set.texts[i] = s.Text
		}
		for _, t := range root.Templates() {
			if t.Tree != nil {
				set.trees = append(set.trees, t.Tree)
			}
		}
		parsedTrees.LoadOrStore(key, set)
	}
	return ix, false, nil
}

// parsedTrees are the shipped templates' parse trees, metered, by the
// templates' names and the functions they were parsed with (treesKey):
// the print pack makes several documents from one template (six
// rosters, four rules notes, three briefings), and parsing one again is
// a good part of executing it. Executing a template only reads its
// trees, so documents made side by side share them. Only the shipped
// templates are kept (a club's are parsed each time), so it holds a
// handful of sets, fixed by the program.
var parsedTrees sync.Map // string → treeSet

// treeSet is the trees parsed from sources of these texts, their index,
// and the names of the functions they call.
type treeSet struct {
	texts []string
	trees []*parse.Tree
	index index
	calls map[string]bool
	once  bool // parsed ahead for one document (Set.Once)
}

// same reports whether the set was parsed from the texts of srcs.
func (e treeSet) same(srcs []Source) bool {
	if len(e.texts) != len(srcs) {
		return false
	}
	for i, s := range srcs {
		if e.texts[i] != s.Text {
			return false
		}
	}
	return true
}

// treesKey names the sources and the functions a template may call
// (parsing refuses a call to any other): what a set of trees is parsed
// from, but for the texts.
func treesKey(srcs []Source, fns template.FuncMap) string {
	names := make([]string, 0, len(fns))
	for name := range fns {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, s := range srcs {
		b.WriteString(s.Name + "\x00")
	}
	b.WriteString("\x01" + strings.Join(names, "\x00"))
	return b.String()
}

// shipped reports whether every source is the shipped template of its
// name, as Read reads it.
func shipped(srcs []Source) bool {
	for _, s := range srcs {
		text, err := templates.Shipped(s.Name)
		if err != nil || text != s.Text {
			return false
		}
	}
	return true
}

// inWordsDiag puts an execution error's message in the template's words
// (see inWords).
func inWordsDiag(err error, data any) error {
	if d, ok := err.(diag.Diag); ok {
		d.Msg = inWords(d.Msg, data) // placed clipped it; a list of fields is kept whole
		return d
	}
	return err
}

// srcIndex is the index of the source called name (0 when none is).
func srcIndex(srcs []Source, name string) int {
	for i := range srcs {
		if srcs[i].Name == name {
			return i
		}
	}
	return 0
}

// tmplErr reads text/template's "template: NAME:LINE[:COL]: " and, in an
// execution error, the "executing "NAME" at " and "error calling F: "
// that follow (the place and the action say as much). Each is compiled
// when first needed: only a template with a mistake needs them.
var (
	tmplErr = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^template: (.+?):(\d+)(?::(\d+))?: (?:executing "[^"]*" at )?`)
	})
	calling  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(<.*?>: )error calling \w+: `) })
	unclosed = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unclosed action started at .*:(\d+)$`) })
	quoted   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([^"]+)"|\{\{[^}]*\}\}`) })
)

// placed turns a text/template error into a diag.Diag at the file the
// named template came from. A parse error carries no column: it is found
// from what the message quotes, else the line's first action.
func placed(err error, srcs []Source) error {
	msg := err.Error()
	m := tmplErr().FindStringSubmatch(msg)
	if m == nil {
		return err
	}
	var src *Source
	for i := range srcs {
		if srcs[i].Name == m[1] {
			src = &srcs[i]
		}
	}
	if src == nil {
		return err
	}
	line, _ := strconv.Atoi(m[2])
	rest := calling().ReplaceAllString(msg[len(m[0]):], "$1")
	col := column(src.Text, line, rest)
	switch u := unclosed().FindStringSubmatch(rest); {
	case u != nil:
		// The action runs to the end of the file: it stands where it
		// starts, at the line's last "{{".
		line, _ = strconv.Atoi(u[1])
		l := lineOf(src.Text, line)
		col = runeCol(l, max(strings.LastIndex(l, "{{"), 0))
		rest = "unclosed action: expected }} to end it"
	case rest == "unexpected EOF":
		rest = "unexpected end of the file: a {{range}}, {{if}}, {{with}} or {{define}} has no {{end}}"
	}
	if m[3] != "" {
		// text/template counts bytes from 0: a column counts characters
		// from 1.
		b, _ := strconv.Atoi(m[3])
		col = runeCol(lineOf(src.Text, line), b)
	}
	return diag.Diag{File: src.From, Line: line, Col: col, Msg: clipped(rest)}
}

// maxMessage is the most of a template error message printed: an error
// can quote a whole value of the data ("range can't iterate over {…}").
const maxMessage = 300

// clipped keeps a message of a readable length (diag prints it on one
// line).
func clipped(msg string) string {
	if utf8.RuneCountInString(msg) > maxMessage {
		msg = string([]rune(msg)[:maxMessage]) + "…"
	}
	return msg
}

// lineOf returns line n (from 1) of text, or "".
func lineOf(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// runeCol is the column, counted in characters from 1, of byte offset b
// of line l.
func runeCol(l string, b int) int {
	return utf8.RuneCountInString(l[:min(max(b, 0), len(l))]) + 1
}

// column guesses where on the line a parse error stands: at the first
// thing the message quotes that the line holds after its first action's
// start, else at that action, else at the start of the line.
func column(text string, line int, msg string) int {
	l := lineOf(text, line)
	start := max(strings.Index(l, "{{"), 0)
	for _, q := range quoted().FindAllStringSubmatch(msg, -1) {
		tok := q[1]
		if tok == "" {
			tok = q[0]
		}
		if i := strings.Index(l[start:], tok); i >= 0 {
			return runeCol(l, start+i)
		}
	}
	return runeCol(l, start)
}

// tidy squeezes the blank lines that template actions leave behind to one
// and drops trailing spaces, so the Markdown reads as if written by hand.
// It writes over md (the tidied text is never longer, but for a newline
// it may add at the end) and returns the tidied text and, for each of its
// lines, the offset in md of the first byte it kept of the line it was.
func tidy(md []byte) (out []byte, from []int) {
	out = md[:0]  // written behind where md is read: never ahead of it
	blank := 0    // blank lines in a row
	pending := -1 // where the first of them starts, once text came before
	last := 0     // where the last line kept starts in out
	for at, rest := 0, md; ; {
		l, more := rest, false
		if n := bytes.IndexByte(rest, '\n'); n >= 0 {
			l, rest, more = rest[:n], rest[n+1:], true
		}
		if len(bytes.TrimSpace(l)) == 0 {
			blank++
			if blank == 1 && len(from) > 0 {
				pending = at // kept if text follows
			}
		} else {
			blank = 0
			if pending >= 0 {
				out = append(out, '\n')
				from = append(from, pending)
				pending = -1
			}
			t := l
			if len(from) == 0 { // the document starts at its first text
				t = bytes.TrimLeftFunc(l, unicode.IsSpace)
			}
			last = len(out)
			from = append(from, at+len(l)-len(t))
			out = append(append(out, bytes.TrimRight(t, " \t")...), '\n')
		}
		if !more {
			break
		}
		at += len(l) + 1
	}
	if len(from) == 0 { // nothing but blanks: one empty line
		return append(md[:0], '\n'), []int{0}
	}
	// It ends with one newline.
	end := len(bytes.TrimRightFunc(out[last:len(out)-1], unicode.IsSpace))
	return append(out[:last+end], '\n'), from
}
