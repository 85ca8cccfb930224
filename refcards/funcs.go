package refcards

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// exec is the state of one template execution: the odds tables computed
// so far, and the readings the cards mark (their footnotes: each card's
// side carries the lines of the marks it prints).
type exec struct {
	sys, base *catalog.System
	odds      *document.Odds // where the tables come from (nil: computed here)
	tables    map[string]rules.Table
	foot      document.Notes
}

func newExec(sys, base *catalog.System, odds *document.Odds) *exec {
	x := &exec{sys: sys, base: base, odds: odds, tables: map[string]rules.Table{}}
	x.foot.Know(sys.Notes...)
	if base != nil {
		x.foot.Know(base.Notes...)
	}
	return x
}

// funcs are the cards' own template functions, beside document.Funcs,
// and those of the rule set's engine (rules.Documents.Funcs).
func (x *exec) funcs() template.FuncMap {
	fm := x.ownFuncs()
	for name, f := range rules.DocumentsOf(x.sys).Funcs(x.sys) {
		fm[name] = f
	}
	return fm
}

func (x *exec) ownFuncs() template.FuncMap {
	return template.FuncMap{
		"engine":     x.engine,
		"table":      x.table,
		"pick":       rules.Table.Pick,
		"corner":     rules.Table.WithCorner,
		"byBand":     byBand,
		"only":       only,
		"columns":    rules.Table.Relabel,
		"transpose":  rules.Table.Transpose,
		"fold":       rules.Table.Fold,
		"withScores": rules.Table.WithScores,
		"scored":     x.scored,
		"overleaf":   x.overleaf,
		"unmarked":   x.overleaf,
		"marks":      x.marks,
		"printed":    x.printed,
		"stacked":    x.stacked,
		"listed":     x.listed,
		"chart":      x.chart,
		"reading":    x.reading,
		"governing":  x.governing,
		"governed":   x.governed,
		"playRows":   x.playRows,
		"note":       x.note,
		"rule":       x.rule,
		"roll":       roll,
		"split":      strings.Split,
		"inchTimes":  func(l catalog.Length, n int) string { return document.Inch(catalog.Length{MM: l.MM * float64(n)}) },
	}
}

// engine returns the odds table with the id (see odds.go), computing it
// on first use.
func (x *exec) engine(id string) (rules.Table, error) {
	if t, ok := x.tables[id]; ok {
		return t, nil
	}
	var ids []string
	for _, o := range rules.OddsTables(x.sys) {
		if o.ID == id {
			t, err := x.odds.Table(x.sys, o)
			if err != nil {
				return rules.Table{}, fmt.Errorf("odds table %q: %w", id, err)
			}
			x.tables[id] = t
			return t, nil
		}
		ids = append(ids, o.ID)
	}
	return rules.Table{}, errors.New(catalog.Unknown("odds table", id, ids))
}

// table prints an odds table, given by its id or as a value (from engine,
// pick, transpose), as a GFM table (document.OddsTable), the marks of the
// readings its odds follow on its corner. The table's title and its own
// notes are the template's to print or not.
func (x *exec) table(v any) (string, error) {
	var t rules.Table
	switch v := v.(type) {
	case string:
		var err error
		if t, err = x.engine(v); err != nil {
			return "", err
		}
	case rules.Table:
		t = v
	default:
		return "", fmt.Errorf("table: want an odds table id or a table, got %T", v)
	}
	out := x.foot.OddsTable(t) + "\n"
	if b := t.Legend(); b != "" {
		out += "\n*" + document.Esc(b) + "*\n"
	}
	return out, nil
}

// scored sets each chance of an odds table beside the score of the
// table of the data it was worked out from ("8: 65%"): the score to roll
// and the chance it gives, in one cell (rules.Table.Scored).
func (x *exec) scored(t rules.Table, seedID string) (rules.Table, error) {
	seed, err := x.sys.FindTable(seedID, x.base)
	if err != nil {
		return rules.Table{}, err
	}
	return t.Scored(seed)
}

// overleaf is an odds table worked out from a chart on the card's other
// side, whose readings that side marks with their lines: the table drops
// them, for a side the table fills to its foot (its own notes stay).
func (x *exec) overleaf(t rules.Table) rules.Table {
	own, _ := x.foot.Split(t.Notes)
	t.Notes = own
	return t
}

// marks are the marks of the readings an odds table's odds follow, for
// a template that sets them on the words introducing the table, where
// its corner has no room for them: it prints the table unmarked (the same
// table, its readings dropped as overleaf drops them).
func (x *exec) marks(t rules.Table) string {
	_, quoted := x.foot.Split(t.Notes)
	return x.foot.Sources(quoted)
}

// byBand turns the rows from..to (clamped) of a one-look table (a row per
// weapon; for each range band, the band's reach, factor and chances of 1
// and 2 hits; last, MG jams) into a narrow table for a card: each weapon
// heads its rows (with its jam chances beside its name), then a row per
// band: its name and reach, the factor and the chances.
func byBand(t rules.Table, from, to int) (rules.Table, error) {
	const per = 4 // reach, F, 1 hit, 2 hits
	bands := len(t.Columns) / per
	if bands == 0 {
		return rules.Table{}, fmt.Errorf("byBand: %q has no range bands", t.Title)
	}
	out := rules.Table{ID: t.ID, Title: t.Title, Corner: "Band, reach", Columns: t.Columns[1:per], Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	from, to = max(0, min(from, len(t.Rows))), max(0, min(to, len(t.Rows)))
	for _, r := range t.Rows[from:to] {
		head := r.Label
		if len(t.Columns) > bands*per && len(r.Cells) > bands*per {
			if jams := strings.TrimSpace(r.Cells[bands*per].String()); jams != "" && jams != "–" {
				head += " · jams " + jams
			}
		}
		out.Rows = append(out.Rows, rules.Row{Label: head})
		for b := 0; b < bands && (b+1)*per <= len(r.Cells); b++ {
			c := r.Cells[b*per : (b+1)*per]
			if c[0].String() == "–" || c[0].String() == "" {
				continue // the weapon has no such band
			}
			out.Rows = append(out.Rows, rules.Row{Label: t.Columns[b*per] + ", to " + c[0].String(), Cells: append([]rules.Cell(nil), c[1:]...)})
		}
	}
	return out, nil
}

// only keeps the rows of an odds table whose label ends in ", "+kind
// ("Light, rifle" for "rifle"), their labels cut to what comes before
// ("Light"), under the corner given: the artillery look table of one kind
// of gun, ready to transpose into ranges by guns for a card.
func only(t rules.Table, kind, corner string) (rules.Table, error) {
	out := rules.Table{ID: t.ID, Title: t.Title, Corner: corner, Columns: t.Columns, Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	var kinds []string
	for _, r := range t.Rows {
		i := strings.LastIndex(r.Label, ", ")
		if i < 0 {
			continue
		}
		if k := r.Label[i+2:]; k != kind {
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
			continue
		}
		out.Rows = append(out.Rows, rules.Row{Label: r.Label[:i], Cells: r.Cells})
	}
	if len(out.Rows) == 0 {
		return rules.Table{}, errors.New(catalog.Unknown("kind of row of "+strconv.Quote(t.Title), kind, kinds))
	}
	return out, nil
}

// printed prints a table of the data as a GFM table (document.DataTable),
// without its name or footer (a card says those in its own words). With
// keys = n, the first n columns name a row together ("Shot", "Light"):
// they are joined into one column, a blank key repeating the one above,
// to save a card's width.
func (x *exec) printed(id string, keys ...int) (string, error) {
	t, err := x.sys.FindTable(id, x.base)
	if err != nil {
		return "", err
	}
	cols, rows := t.Columns, t.PlayRowsMarked(func(u catalog.Ruled) string { return x.reading(u.Note) })
	if len(keys) > 0 {
		if strings.TrimSpace(strings.Join(cols, "")) == "" && len(rows) > 0 {
			cols, rows = rows[0], rows[1:]
		}
		cols, rows = joinKeys(cols, rows, keys[0])
	}
	return document.DataTable(cols, rows), nil
}

// reading returns the reference to the reading with the id (of the
// deck's rule set or the one it adds to): its mark where the template
// puts it, its line under the block on the same side of the card.
func (x *exec) reading(id string) string {
	if n := x.sys.Reading(id); n != nil {
		return x.foot.Source(*n)
	}
	return ""
}

// playRows are the rows a table of the data prints, each ruled cell
// with its reading's mark (catalog.Table.PlayRowsMarked), for a
// template that sets the rows itself.
func (x *exec) playRows(id string) ([][]string, error) {
	t, err := x.sys.FindTable(id, x.base)
	if err != nil {
		return nil, err
	}
	rows := slices.Clone(t.PlayRowsMarked(func(u catalog.Ruled) string { return x.reading(u.Note) }))
	for i, r := range rows {
		// A group's head prints as on the sheet (catalog.GroupHead).
		// (The rows are the catalogue's: the head is a new row, never an
		// edit of its.)
		if len(r) > 0 && strings.Join(r[1:], "") == "" {
			if g, ok := catalog.GroupHead(r[0]); ok {
				rows[i] = append([]string{g}, r[1:]...)
			}
		}
	}
	return rows, nil
}

// governing returns the references to the readings whose governed words
// text is: its mark, printed after the value.
func (x *exec) governing(text string) string {
	return x.foot.Sources(x.sys.Governing(text, document.Typo))
}

// governed returns the references to the readings whose governed
// words a longer text (a tie-breaker, a sentence) prints somewhere in
// it: its mark, printed after the text, as governed does on the sheets
// and briefings.
func (x *exec) governed(text string) string {
	return x.foot.Sources(x.sys.Governed(text, document.Typo))
}

// note returns the references to the readings touching any of the
// topics, as `note` does on a sheet.
func (x *exec) note(topics ...string) string {
	notes := x.sys.NotesTouching(topics...)
	if x.base != nil {
		notes = append(notes, x.base.NotesTouching(topics...)...)
	}
	return x.foot.Sources(notes)
}

// joinKeys joins a table's first n columns into one: "Shot Light".
func joinKeys(cols []string, rows [][]string, n int) ([]string, [][]string) {
	if n < 2 || n > len(cols) {
		return cols, rows
	}
	out := [][]string{}
	prev := make([]string, n)
	for _, r := range rows {
		var key []string
		for i := 0; i < n && i < len(r); i++ {
			if c := strings.TrimSpace(r[i]); c != "" {
				prev[i] = c
				for k := i + 1; k < n; k++ {
					prev[k] = "" // a new key resets the ones after it
				}
			}
		}
		for i := 0; i < n; i++ {
			if prev[i] != "" && !strings.EqualFold(prev[i], "All") {
				key = append(key, prev[i])
			}
		}
		row := append([]string{strings.Join(key, " ")}, r[min(n, len(r)):]...)
		out = append(out, row)
	}
	return append([]string{strings.TrimSpace(strings.Join(cols[:n], " "))}, cols[n:]...), out
}

// chart prints a die chart of the data as a GFM table: the roll, and the
// result in bold with its text after it. The roll's column is headed
// "D" and the die ("D10"), or the header given ("d20").
func (x *exec) chart(id string, header ...string) (string, error) {
	c, err := x.sys.FindChart(id)
	if err != nil {
		return "", err
	}
	head := fmt.Sprintf("D%d", c.Die)
	if len(header) > 0 {
		head = document.Esc(header[0])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | Result |\n|:--|:--|\n", head)
	for _, r := range c.Rows {
		text := "**" + document.Esc(strings.TrimSpace(r.Result)) + "**"
		if r.Text != "" {
			text += " " + document.Esc(r.Text)
		}
		fmt.Fprintf(&b, "| %s%s | %s |\n", roll(r.Roll), x.reading(r.Ruled), text)
	}
	return b.String() + "\n", nil
}

// stacked prints a table of the data printed as pairs side by side
// (Target, modifier, Firer, modifier) as one narrow table of two
// columns: each pair's rows under a group heading of its header. A row
// whose modifier is blank ("Non Firearms") heads the rows after it.
func (x *exec) stacked(id string) (string, error) {
	t, err := x.pairTable("stacked", id)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("| | |\n|:--|--:|\n")
	for p := 0; p < len(t.Columns); p += 2 {
		fmt.Fprintf(&b, "| **%s** | |\n", document.Esc(t.Columns[p]))
		for _, r := range t.Rows {
			name, value := pairAt(r, p)
			switch {
			case name == "":
			case value == "":
				fmt.Fprintf(&b, "| *%s* | |\n", document.Esc(name))
			default:
				fmt.Fprintf(&b, "| %s | %s |\n", document.Esc(name), document.Esc(value))
			}
		}
	}
	return b.String() + "\n", nil
}

// listed prints a table of name and value column pairs, as stacked
// reads it, as running text: each pair's header in bold, then its rows
// ("In light cover −2 · In hard cover −4"); a row whose value is blank
// ("Non Firearms") heads the rows after it. It takes a third of the
// height of the table, for a card's back that holds more. It ends the
// sentence, not the paragraph: a note may follow on its line.
func (x *exec) listed(id string) (string, error) {
	t, err := x.pairTable("listed", id)
	if err != nil {
		return "", err
	}
	var groups []string
	for p := 0; p < len(t.Columns); p += 2 {
		head, items := document.Esc(t.Columns[p]), []string(nil)
		flush := func() {
			if len(items) > 0 {
				groups = append(groups, "**"+head+":** "+strings.Join(items, " · "))
			}
			items = nil
		}
		for _, r := range t.Rows {
			name, value := pairAt(r, p)
			switch {
			case name == "":
			case value == "":
				flush()
				head = document.Esc(name)
			default:
				items = append(items, document.Esc(name)+" "+document.Esc(value))
			}
		}
		flush()
	}
	return strings.Join(groups, ". ") + ".", nil
}

// pairTable finds the data table id that fn (stacked or listed) prints:
// its columns go in pairs of a name and a value.
func (x *exec) pairTable(fn, id string) (*catalog.Table, error) {
	t, err := x.sys.FindTable(id, x.base)
	if err != nil {
		return nil, err
	}
	if len(t.Columns)%2 != 0 {
		return nil, fmt.Errorf("%s: table %q has %d columns; expected pairs of a name and a value", fn, id, len(t.Columns))
	}
	return t, nil
}

// pairAt is row r's name and value in the column pair starting at p,
// blank where the row is short.
func pairAt(r []string, p int) (name, value string) {
	if p < len(r) {
		name = strings.TrimSpace(r[p])
	}
	if p+1 < len(r) {
		value = strings.TrimSpace(r[p+1])
	}
	return name, value
}

// rule returns the words of a rule the data keeps as text (Imperial
// Mars's rules, Evacuation: Mars's specials and its scenario's), by name.
func (x *exec) rule(name string) (string, error) {
	r, err := x.sys.FindRule(name)
	return document.Esc(r.Text), err
}

// roll prints a chart row's roll: 1–5, 10+, −6 or less.
func roll(r catalog.Roll) string { return r.Printed() }
