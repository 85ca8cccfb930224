package web

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/tomlpos"
)

// msg is one of the checker's messages as the page shows it: the place
// and the text, which read together exactly as 'playaid army validate'
// prints the message ("file:line:col: warning: text").
type msg struct {
	Pos     string // "list.toml:12:1", as the CLI places it: for the tests, never shown
	Line    int    // the line of the file, for a file shown as text
	Text    string // in the player's words
	Warning bool
}

func msgOf(d diag.Diag) msg {
	text := d.Msg
	if d.Warning {
		text = "warning: " + text
	}
	m := msg{Pos: strings.TrimSuffix(d.Error(), ": "+text), Line: d.Line, Text: playerWords(d.Msg), Warning: d.Warning}
	if d.Font {
		m.Text = playerWords(forBrowser(d.Msg))
	}
	return m
}

// diagText is a message as the web shows it whole, in the player's words:
// "Line 3: …" for a file that does not read as a list.
func diagText(d diag.Diag) string {
	m := msgOf(d)
	if m.Line > 0 {
		return fmt.Sprintf("Line %d: %s", m.Line, m.Text)
	}
	return m.Text
}

// forBrowser words a warning that the font cannot print some text for a
// player at a browser, who has no --font to pass: the font is the
// server's, and only whoever runs it can change it. The advice follows
// the quoted text, so the last match is the advice even when the player
// typed the same words; what follows it (emoji) is kept.
func forBrowser(text string) string {
	const (
		cannot = " has characters the font cannot print"
		pass   = "; pass --font FILE.ttf with a font that has them"
		club   = "; --font " // the font's name, then lacks
		lacks  = " lacks them too"
		advice = "; whoever runs playaid serve can start it with --font and a font that has them"
	)
	if i := strings.LastIndex(text, cannot); i >= 0 {
		text = text[:i] + " has characters the server's font cannot print" + text[i+len(cannot):]
	}
	if i := strings.LastIndex(text, pass); i >= 0 {
		return text[:i] + advice + text[i+len(pass):]
	}
	if i := strings.LastIndex(text, club); i >= 0 {
		if j := strings.Index(text[i:], lacks); j >= 0 {
			return text[:i] + advice + text[i+j+len(lacks):]
		}
	}
	return text
}

// verdict is a checked list as the builder shows it: the total, the
// verdict, and each message next to what it is about.
type verdict struct {
	Readable         bool // the text is TOML; false leaves only List
	Valid            bool
	Used, Limit      int64
	Errors, Warnings int
	List             []msg   // about the list as a whole
	Units            [][]msg // one slice per [[unit]]
	Obj              []msg   // about the [objective] upgrades
}

// check validates src as the file name would be validated by the CLI and
// places each message: a message inside a [[unit]] table goes to that
// unit, one inside [objective] to the upgrades, the rest to the list. The
// message that the units cost more than the list's points also goes to
// the unit that crosses the limit, the one a player would take out.
func check(file string, src []byte, r *army.Report, dl diag.List, units int) verdict {
	v := verdict{Units: make([][]msg, units)}
	if r == nil {
		for _, d := range dl {
			v.List = append(v.List, msgOf(d))
		}
		v.Errors = len(dl.Errors())
		return v
	}
	v.Readable, v.Valid, v.Used, v.Limit = true, r.Valid(), r.Used, r.Limit
	v.Errors, v.Warnings = len(r.Diags.Errors()), len(r.Diags.Warnings())

	// The tables' starts, in file order: a message belongs to the last
	// table that starts at or before it.
	ix := tomlpos.NewIndex(file, src)
	type start struct {
		line, col int
		unit      int // -1: the objective
	}
	var starts []start
	for i := 0; i < units; i++ {
		if p := ix.Key(fmt.Sprintf("unit.%d", i)); p.Line > 0 {
			starts = append(starts, start{p.Line, p.Col, i})
		}
	}
	if t := tableField().Key; t != "" && ix.Has(t) {
		p := ix.Key(t)
		starts = append(starts, start{p.Line, p.Col, -1})
	}
	crosser := -1
	if r.Limit > 0 && r.Used > r.Limit {
		var sum int64
		for i, ln := range r.Lines {
			if sum += ln.Cost; sum > r.Limit {
				crosser = i
				break
			}
		}
	}
	points := ix.Value(rules.PointsKey)
	for _, d := range r.Diags {
		m := msgOf(d)
		owner, at := -2, start{}
		for _, s := range starts {
			if (s.line < d.Line || s.line == d.Line && s.col <= d.Col) && (s.line > at.line || s.line == at.line && s.col >= at.col) {
				owner, at = s.unit, s
			}
		}
		switch {
		case owner >= 0 && owner < units:
			v.Units[owner] = append(v.Units[owner], m)
		case owner == -1:
			v.Obj = append(v.Obj, m)
		default:
			v.List = append(v.List, m)
			if !d.Warning && crosser >= 0 && crosser < units && ix.Has(rules.PointsKey) && d.Line == points.Line && d.Col == points.Col {
				v.Units[crosser] = append(v.Units[crosser], m)
			}
		}
	}
	return v
}
