// Package diag holds the one error type of playaid: a message tied to a
// place in a file, printed as "file:line:col: message". Loaders collect every
// problem of a run into a List so a user sees them all at once.
package diag

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/internal/plain"
)

// Diag is one problem found in an input file.
type Diag struct {
	File    string
	Line    int // 1-based; 0 when the problem concerns the whole file
	Col     int // 1-based; 0 when unknown
	Warning bool
	Msg     string
	// Font marks a warning that the font cannot print some text: it is
	// for the person at the terminal, and printed sheets leave it out.
	Font bool
	// More, on the line that says errors were left out (Trim), is how
	// many it stands for.
	More int
}

func (d Diag) Error() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Col > 0 {
			fmt.Fprintf(&b, ":%d", d.Col)
		}
	}
	b.WriteString(": ")
	if d.Warning {
		b.WriteString("warning: ")
	}
	// A message is one line, whatever it quotes (a parser's message can
	// hold the newline it stopped at).
	b.WriteString(strings.ReplaceAll(d.Msg, "\n", `\n`))
	return b.String()
}

// List collects diagnostics. The zero value is ready to use.
type List []Diag

// Add appends an error at pos. A value quoted with %q is cut short
// (plain.MaxQuoted): a message names a value, it does not repeat a page.
func (l *List) Add(pos Pos, format string, args ...any) {
	pos = pos.Resolve()
	*l = append(*l, Diag{File: pos.File, Line: pos.Line, Col: pos.Col, Msg: fmt.Sprintf(format, clipQuoted(format, args)...)})
}

// Warn appends a warning at pos, as Add.
func (l *List) Warn(pos Pos, format string, args ...any) {
	pos = pos.Resolve()
	*l = append(*l, Diag{File: pos.File, Line: pos.Line, Col: pos.Col, Warning: true, Msg: fmt.Sprintf(format, clipQuoted(format, args)...)})
}

// clipQuoted cuts short the string arguments format quotes with %q.
func clipQuoted(format string, args []any) []any {
	var out []any
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		if s, ok := argAt(args, n).(string); ok && format[i] == 'q' && len(s) > plain.MaxQuoted {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[n] = plain.Clip(s, plain.MaxQuoted)
		}
		n++
	}
	if out == nil {
		return args
	}
	return out
}

func argAt(args []any, i int) any {
	if i < len(args) {
		return args[i]
	}
	return nil
}

// Errors returns only the diagnostics that are errors, not warnings.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if !d.Warning {
			out = append(out, d)
		}
	}
	return out
}

// Warnings returns only the warnings.
func (l List) Warnings() List {
	var out List
	for _, d := range l {
		if d.Warning {
			out = append(out, d)
		}
	}
	return out
}

// Sort orders the list by file, line and column so output is stable.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Trim keeps at most n errors of each file, the first in the list's
// order, and says after the last one kept how many more the file has.
// Warnings are all kept.
func (l List) Trim(n int) List {
	total := map[string]int{}
	for _, d := range l {
		if !d.Warning {
			total[d.File]++
		}
	}
	kept := map[string]int{}
	var out List
	for _, d := range l {
		if d.Warning {
			out = append(out, d)
			continue
		}
		kept[d.File]++
		switch k := kept[d.File]; {
		case k < n || k == n && total[d.File] == n:
			out = append(out, d)
		case k == n:
			out = append(out, d, Diag{File: d.File, Line: d.Line, Col: d.Col, More: total[d.File] - n,
				Msg: fmt.Sprintf("%d more errors in this file not shown; mend these first", total[d.File]-n)})
		}
	}
	return out
}

// Count is how many errors the list tells of: those shown, and those a
// Trim left out.
func (l List) Count() int {
	n := 0
	for _, d := range l {
		switch {
		case d.Warning:
		case d.More > 0:
			n += d.More
		default:
			n++
		}
	}
	return n
}

// Err returns the errors of the list as one error (nil when there are none).
// Warnings are left out: they never stop a run.
func (l List) Err() error {
	errs := l.Errors()
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// Error prints one diagnostic a line.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.Error()
	}
	return strings.Join(lines, "\n")
}

// AsList unwraps err into its diagnostics, if it holds any.
func AsList(err error) (List, bool) {
	var l List
	if errors.As(err, &l) {
		return l, true
	}
	var d Diag
	if errors.As(err, &d) {
		return List{d}, true
	}
	return nil, false
}

// Pos is a place in a file. A Pos made by Later holds a key path instead
// of a line and column until Resolve finds them.
type Pos struct {
	File      string
	Line, Col int

	loc  Locator // set while the place is still to be found
	path string
}

// A Locator finds where a key path is written in its file (a
// tomlpos.Index does).
type Locator interface {
	Key(path string) Pos
}

// Later returns the place of the key at path in file without finding it
// yet: loc finds its line and column when a message is made at it
// (List.Add, Pos.Resolve). Loaders place every entry this way, and most
// loads never report on any.
func Later(file string, loc Locator, path string) Pos {
	return Pos{File: file, loc: loc, path: path}
}

// Resolve returns the position with its line and column found.
func (p Pos) Resolve() Pos {
	if p.loc == nil {
		return p
	}
	return p.loc.Key(p.path)
}

func (p Pos) String() string {
	p = p.Resolve()
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// At places err at pos, for a generator that meets a problem with one
// entry of the data (a marker, a scenario) while it draws: an error that
// holds diagnostics already is kept as it is, another becomes a Diag at
// pos with its message. Without a file in pos, err is returned as it is.
func At(pos Pos, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := AsList(err); ok {
		return err
	}
	pos = pos.Resolve()
	if pos.File == "" {
		return err
	}
	return Diag{File: pos.File, Line: pos.Line, Col: pos.Col, Msg: err.Error()}
}
