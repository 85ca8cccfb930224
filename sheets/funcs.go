package sheets

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// exec is the state of one template execution: the engine tables computed
// so far and the footnotes referenced so far, in order.
type exec struct {
	sheet  Sheet
	cat    *catalog.Catalog
	sys    *catalog.System
	base   *catalog.System
	tables map[string]rules.Table
	foot   document.Notes
	specs  []rules.OddsTable
	odds   *document.Odds // where the tables come from (nil: computed here)
	places []Place        // what each anchor marks (see anchor.go)
}

func newExec(s Sheet, cat *catalog.Catalog, sys *catalog.System, odds *document.Odds) *exec {
	x := &exec{sheet: s, cat: cat, sys: sys, odds: odds, tables: map[string]rules.Table{}}
	if sys.About.AddOnTo != "" {
		x.base = cat.System(sys.About.AddOnTo)
	}
	x.specs = rules.OddsTables(sys)
	x.foot.Know(sys.Notes...)
	if x.base != nil {
		x.foot.Know(x.base.Notes...)
	}
	return x
}

// funcs are the sheet's own template functions, beside document.Funcs.
func (x *exec) funcs() template.FuncMap {
	return template.FuncMap{
		"table":   x.table,
		"engine":  x.engine,
		"gfm":     x.gfm,
		"chart":   x.chart,
		"printed": x.printed,
		"note":    x.note,
		"fn":      x.entry,
		"notes":   x.notes,
		// governed: the marks of the readings whose governed words a
		// text prints (a tie-breaker, a rule's sentence), after it.
		"governed": func(text string) string { return x.sources(x.sys.Governed(text, document.Typo)) },
		"marked":   x.marked,
		"caption":  x.caption,
		"br": func(s, sep string) string {
			parts := strings.Split(s, sep)
			for i := range parts {
				parts[i] = document.Esc(parts[i])
			}
			return strings.Join(parts, "<br>")
		},
		"below":       x.below,
		"bare":        x.bare,
		"inline":      x.inline,
		"scored":      x.scored,
		"printedIn":   x.printedIn,
		"in":          func(s string, list []string) bool { return slices.Contains(list, s) },
		"roll":        roll,
		"rule":        x.rule,
		"weapons":     x.weapons,
		"dieChart":    x.dieChart,
		"inlineChart": x.inlineChart,
		"fold":        rules.Table.Fold,
		"pick":        rules.Table.Pick,
		"withScores":  rules.Table.WithScores,
		// clause is words the book ends with a full stop, set inside a
		// sentence of the sheet's ("no effect." → "no effect").
		"clause":    func(s string) string { return document.Esc(strings.TrimRight(strings.TrimSpace(s), ".")) },
		"transpose": rules.Table.Transpose,
		"columns":   rules.Table.Relabel,
		"corner":    rules.Table.WithCorner,
		"tnote":     x.tableNote,
		"introduce": introduce,
		"recaption": recaption,
		"inchTimes": func(l catalog.Length, n int) string { return document.Inch(catalog.Length{MM: l.MM * float64(n)}) },
	}
}

// engineFuncs are the template functions of the rule set's engine
// (rules.Documents.Funcs), beside the sheet's own.
func (x *exec) engineFuncs(fm template.FuncMap) template.FuncMap {
	for name, f := range rules.DocumentsOf(x.sys).Funcs(x.sys) {
		fm[name] = f
	}
	return fm
}

// engine returns the engine table with the id, computing it on first use.
func (x *exec) engine(id string) (rules.Table, error) {
	if t, ok := x.tables[id]; ok {
		return t, nil
	}
	var ids []string
	for _, ts := range x.specs {
		if ts.ID == id {
			t, err := x.odds.Table(x.sys, ts)
			if err != nil {
				return rules.Table{}, fmt.Errorf("table %q: %w", id, err)
			}
			x.tables[id] = t
			return t, nil
		}
		ids = append(ids, ts.ID)
	}
	return rules.Table{}, errors.New(catalog.Unknown("engine table", id, ids))
}

// table prints an engine table: its title in bold (with the footnotes of
// the source notes touching the topics, or quoted in the table's notes),
// the GFM table, and what it assumes under it.
// The table is given by its id, or as a value (from engine and fold).
func (x *exec) table(v any, topics ...string) (string, error) {
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
		return "", fmt.Errorf("table: want an engine table id or a table, got %T", v)
	}
	if len(t.Rows) == 0 {
		return "", nil // a table with nothing to count prints nothing
	}
	_, quoted := x.foot.Split(t.Notes)
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "**%s**%s\n\n", document.Esc(t.Title), x.sources(append(x.touching(topics...), quoted...)))
	}
	b.WriteString(x.gfm(t))
	return b.String(), nil
}

// ownNotes is an engine table's notes less the source notes it quotes.
func (x *exec) ownNotes(notes []string) []string {
	own, _ := x.foot.Split(notes)
	return own
}

// gfm prints a rules.Table as a GFM table, numbers right-aligned, with its
// notes in italics under it.
func (x *exec) gfm(t rules.Table) string {
	return document.OddsTable(t) + "\n" + x.below(t)
}

// bare prints a rules.Table as a GFM table without its notes, where the
// sheet says what they say next to it.
func (x *exec) bare(t rules.Table) string {
	t.Notes = nil
	return x.gfm(t)
}

// chart draws an engine table as a line chart: one series per row, the
// columns along the x axis (their headers must be numbers), the cells as
// percentages. The renderer wants one value per x in every series, so a
// row with fewer cells than the table has columns (a unit with fewer
// stands) cuts the x axis to the shortest row. The y axis ends at a round
// number just above the highest value, so small chances do not lie flat.
func (x *exec) chart(id, xLabel, yLabel string) (string, error) {
	t, err := x.engine(id)
	if err != nil {
		return "", err
	}
	n := len(t.Columns)
	for _, r := range t.Rows {
		n = min(n, len(r.Cells))
	}
	var xs []string
	for _, c := range t.Columns[:n] {
		v, err := strconv.ParseFloat(strings.TrimSpace(c), 64)
		if err != nil {
			return "", fmt.Errorf("chart %q: column %q is not a number for the x axis", id, c)
		}
		xs = append(xs, strconv.FormatFloat(v, 'f', -1, 64))
	}
	var b strings.Builder
	top := 0.0
	for _, r := range t.Rows {
		var ys []string
		for _, c := range r.Cells[:n] {
			if c.P == nil {
				return "", fmt.Errorf("chart %q: row %q has a cell that is not a probability", id, r.Label)
			}
			f, _ := new(big.Rat).Mul(c.P, big.NewRat(100, 1)).Float64()
			top = max(top, f)
			ys = append(ys, strconv.FormatFloat(f, 'f', 2, 64))
		}
		fmt.Fprintf(&b, "\n[[series]]\nname = %s\ny = [%s]\n", strconv.Quote(r.Label), strings.Join(ys, ", "))
	}
	head := fmt.Sprintf("```chart\ntitle = %s\nx_label = %s\ny_label = %s\nx = [%s]\ny_max = %s\n",
		strconv.Quote(t.Title), strconv.Quote(xLabel), strconv.Quote(yLabel), strings.Join(xs, ", "), strconv.FormatFloat(roundUp(top), 'f', -1, 64))
	return head + b.String() + "```\n\n", nil
}

// roundUp returns the smallest of 1, 2, 2.5, 5 × a power of ten that is at
// least v, at most 100.
func roundUp(v float64) float64 {
	if v <= 0 {
		return 100
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= v-1e-9 {
			return min(m*p, 100)
		}
	}
	return 100
}

// printed prints a table as the seed prints it (a [[table]] of the sheet's
// rule set, or of the rule set it adds to): its name in bold with the
// footnotes of its note and of the source notes touching it or the extra
// topics, the GFM table, and its footer in small type.
func (x *exec) printed(id string, topics ...string) (string, error) {
	t := x.sys.Table(id)
	if t == nil && x.base != nil {
		t = x.base.Table(id)
	}
	if t == nil {
		return "", x.noTable(id)
	}
	return x.printTable(t, t.Columns, t.PlayRowsMarked(x.ruled), topics), nil
}

// ruled is the mark of a ruled cell's reading, anchored: the reference
// to its footnote, which prints the ruling under the table.
func (x *exec) ruled(u catalog.Ruled) string { return x.reading(u.Note) }

// reading anchors the reading with the id and returns the reference to
// its footnote.
func (x *exec) reading(id string) string {
	if n := x.sys.Reading(id); n != nil {
		return x.sources([]catalog.Note{*n})
	}
	return ""
}

// noTable says there is no seed table with the id in the sheet's rule set.
func (x *exec) noTable(id string) error {
	var ids []string
	for _, t := range x.sys.Tables {
		ids = append(ids, t.ID)
	}
	return errors.New(catalog.Unknown("table of "+x.sys.ID, id, ids))
}

// printedIn is printed for a long table of few columns: its rows are cut
// in n groups set side by side, so it takes 1/n of the height. A group's
// head ("Artillery:-", a row with only its first cell) is set in bold.
func (x *exec) printedIn(id string, n int, topics ...string) (string, error) {
	t := x.sys.Table(id)
	if t == nil {
		return "", x.noTable(id)
	}
	if n < 1 || n > 4 {
		return "", fmt.Errorf("printedIn %q: %d groups; expected 1 to 4", id, n)
	}
	play := t.PlayRowsMarked(x.ruled)
	per := (len(play) + n - 1) / n
	var cols []string
	for range n {
		cols = append(cols, t.Columns...)
	}
	var rows [][]string
	for i := 0; i < per; i++ {
		var r []string
		for g := range n {
			cells := make([]string, len(t.Columns))
			if k := g*per + i; k < len(play) {
				copy(cells, play[k])
			}
			r = append(r, cells...)
		}
		rows = append(rows, r)
	}
	return x.printTableIn(t, cols, rows, n, topics), nil
}

// printTable prints a seed table's name, the rows given and its footer.
func (x *exec) printTable(t *catalog.Table, cols []string, rows [][]string, topics []string) string {
	return x.printTableIn(t, cols, rows, 1, topics)
}

// printTableIn is printTable for rows set in n groups side by side.
func (x *exec) printTableIn(t *catalog.Table, cols []string, rows [][]string, n int, topics []string) string {
	var b strings.Builder
	refs := x.notesBut(t.RuledNotes(), t.Note, append([]string{t.ID}, topics...)...)
	fmt.Fprintf(&b, "**%s**%s%s\n\n", document.Esc(t.Name), refs, intro(t))
	b.WriteString(document.DataTableIn(cols, rows, n))
	if t.Footer != "" {
		b.WriteString("*" + document.Esc(t.Footer) + "*\n\n")
	}
	return b.String()
}

// notesBut is notes without the source notes in but: the readings a
// table marks on its cells, not again on its name.
func (x *exec) notesBut(but []string, entryNote string, topics ...string) string {
	var touching []catalog.Note
	for _, n := range x.sys.NotesTouching(topics...) {
		if !slices.Contains(but, n.ID) {
			touching = append(touching, n)
		}
	}
	if x.base != nil {
		touching = append(touching, x.base.NotesTouching(topics...)...)
	}
	return x.entry(entryNote) + x.sources(touching)
}

// introduce puts the words that introduce a table (Markdown: a `rule`)
// in its caption line — "**Machine guns: jams** — Each turn in which an
// MG fires …" — so they stand before the table and keep with it. table is
// what `table`, `printed` or `scored` print.
func introduce(words, table string) (string, error) {
	caption, rest, ok := strings.Cut(table, "\n\n")
	if !ok || !strings.HasPrefix(caption, "**") {
		return "", errors.New("introduce: the table has no caption line to introduce it in")
	}
	return caption + " — " + strings.TrimSpace(words) + "\n\n" + rest, nil
}

// recaption names a table by what it gives where its own name is the
// heading just above it ("Reinforcements" under "## Reinforcements"): the
// caption's bold name becomes words, its marks and introduction kept.
func recaption(words, table string) (string, error) {
	if !strings.HasPrefix(table, "**") {
		return "", errors.New("recaption: the table has no caption line to rename")
	}
	end := strings.Index(table[2:], "**")
	if end < 0 {
		return "", errors.New("recaption: the table's caption has no end")
	}
	return "**" + document.Esc(words) + table[2+end:], nil
}

// intro is the sentence that introduces a seed table, after its name:
// " — Roll 1d20 and consult the following table."
func intro(t *catalog.Table) string {
	if strings.TrimSpace(t.Intro) == "" {
		return ""
	}
	return " — " + document.Esc(document.Sentence(t.Intro))
}

// note returns footnote references to every source note touching any of
// the topics, registering them for the footnotes at the end.
func (x *exec) note(topics ...string) string {
	if len(topics) == 0 {
		return ""
	}
	return x.sources(x.touching(topics...))
}

// touching are the source notes of the rule set and its base that touch
// the topics.
func (x *exec) touching(topics ...string) []catalog.Note {
	if len(topics) == 0 {
		return nil
	}
	notes := x.sys.NotesTouching(topics...)
	if x.base != nil {
		notes = append(notes, x.base.NotesTouching(topics...)...)
	}
	return notes
}

// roll prints a chart roll range: 1–5, 10+, −6 or less.
func roll(r catalog.Roll) string { return r.Printed() }

// rule returns the words of a rule the data keeps as text (Imperial
// Mars's [[imperial.rule]], Evacuation: Mars's specials), by name.
func (x *exec) rule(name string) (string, error) {
	r, err := x.sys.FindRule(name)
	if err != nil {
		return "", err
	}
	return document.Esc(document.Sentence(r.Text)), nil
}

// weapons returns the rule set's weapons of the kinds, in data order.
func (x *exec) weapons(kinds ...string) []catalog.Weapon {
	var out []catalog.Weapon
	for _, w := range x.sys.Weapons {
		for _, k := range kinds {
			if w.Kind == k {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

// dieChart prints a die chart as the seed prints it: the roll and the
// result, in bold its name with the footnotes of its notes.
func (x *exec) dieChart(id string, topics ...string) (string, error) {
	c, err := x.findChart(id)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	refs := x.notesBut(c.RuledNotes(), c.Note, append([]string{id}, topics...)...)
	fmt.Fprintf(&b, "**%s**%s\n\n| %s | Result |\n|:--|:--|\n", document.Esc(c.Name), refs, document.Esc(fmt.Sprintf("d%d", c.Die)))
	for _, r := range c.Rows {
		text := "**" + document.Esc(r.Result) + "**"
		if r.Text != "" {
			text += " — " + document.Esc(r.Text)
		}
		fmt.Fprintf(&b, "| %s%s | %s%s |\n", roll(r.Roll), x.reading(r.Ruled), text, x.rowNote(r.Note))
	}
	b.WriteString("\n")
	return b.String(), nil
}

// inlineChart prints a die chart as one paragraph, for a chart of a few
// rows: its name in bold with the footnotes of its notes, what is rolled,
// then each roll and its result ("**Rallying results** (1d20 + rally
// modifiers): 13 or less **No Effect** · 14–18 **Lose 1 DM …**").
func (x *exec) inlineChart(id string, topics ...string) (string, error) {
	c, err := x.findChart(id)
	if err != nil {
		return "", err
	}
	var rows []string
	for _, r := range c.Rows {
		text := "**" + document.Esc(strings.TrimRight(strings.TrimSpace(r.Result), ".")) + "**"
		if r.Text != "" {
			text += " — " + document.Esc(strings.TrimRight(strings.TrimSpace(r.Text), "."))
		}
		rows = append(rows, roll(r.Roll)+x.reading(r.Ruled)+" "+text+x.rowNote(r.Note))
	}
	refs := x.notesBut(c.RuledNotes(), c.Note, append([]string{id}, topics...)...)
	head := "**" + document.Esc(c.Name) + "**" + refs
	if c.Roll != "" {
		head += " (" + document.Esc(c.Roll) + ")"
	}
	return head + ": " + strings.Join(rows, " · ") + ".\n\n", nil
}

// findChart is the rule set's chart with the id, or an error naming those
// there are.
func (x *exec) findChart(id string) (*catalog.Chart, error) {
	if c := x.sys.Chart(id); c != nil {
		return c, nil
	}
	var ids []string
	for _, c := range x.sys.Charts {
		ids = append(ids, c.ID)
	}
	return nil, errors.New(catalog.Unknown("chart of "+x.sys.ID, id, ids))
}

// tableNote returns footnote references to a seed table's own note and
// the source notes touching it, for templates that lay its rows out
// themselves.
func (x *exec) tableNote(id string, topics ...string) (string, error) {
	t := x.sys.Table(id)
	if t == nil {
		return "", x.noTable(id)
	}
	return x.notes(t.Note, append([]string{id}, topics...)...), nil
}

// notes anchors an entry's own note and the source notes touching the
// topics, and returns the footnote references to their rulings.
func (x *exec) notes(entryNote string, topics ...string) string {
	touching := x.sys.NotesTouching(topics...)
	if x.base != nil {
		touching = append(touching, x.base.NotesTouching(topics...)...)
	}
	return x.entry(entryNote) + x.sources(touching)
}

// caption prints an engine table's title in bold with the footnotes of
// the source notes it quotes or that touch the topics, for templates that
// lay the table's rows out themselves (then `below` prints its notes).
func (x *exec) caption(t rules.Table, topics ...string) string {
	_, quoted := x.foot.Split(t.Notes)
	return "**" + document.Esc(t.Title) + "**" + x.sources(append(x.touching(topics...), quoted...))
}

// below prints an engine table's own notes (not the source notes it
// quotes) in italics, as one paragraph.
func (x *exec) below(t rules.Table) string {
	own := x.ownNotes(t.Notes)
	if b := t.Legend(); b != "" {
		own = append(own, b)
	}
	if len(own) == 0 {
		return ""
	}
	for i := range own {
		own[i] = document.Esc(own[i])
	}
	return "*" + strings.Join(own, " ") + "*\n\n"
}

// inline prints a short seed table as one paragraph: its name in bold,
// then the rows joined by " · " ("1. Very Low · 2. Low …"), then its
// footer. It saves the height of a table for lists of a few words.
func (x *exec) inline(id string, topics ...string) (string, error) {
	t := x.sys.Table(id)
	if t == nil && x.base != nil {
		t = x.base.Table(id)
	}
	if t == nil {
		return "", x.noTable(id)
	}
	var rows []string
	head := false // the last row was a group's head ("Artillery:-")
	for _, r := range t.PlayRowsMarked(x.ruled) {
		var cells []string
		for _, c := range r {
			if c = strings.TrimSpace(c); c != "" {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 {
			continue
		}
		if g, ok := catalog.GroupHead(cells[0]); len(cells) == 1 && ok {
			// A group's head: bold, and its first row follows it without
			// a separator ("**Artillery:** Limbering 2 · …").
			rows = append(rows, "**"+document.Esc(strings.TrimRight(g, ":"))+":**")
			head = true
			continue
		}
		sep := ": "
		if strings.HasSuffix(cells[0], ".") || isNumber(cells[0]) {
			sep = " "
		}
		for i := range cells {
			cells[i] = document.Esc(cells[i])
		}
		row := cells[0] + strings.TrimSuffix(sep+strings.Join(cells[1:], ", "), sep)
		if head {
			rows[len(rows)-1] += " " + row
			head = false
			continue
		}
		rows = append(rows, row)
	}
	// "Morale Tests will be taken when:-" introduces its list with a
	// colon; other names end with a full stop. The rows end with one full
	// stop, not two ("3. The Nearest Unit.").
	name, mark := strings.TrimRight(strings.TrimSpace(t.Name), ":-–"), "."
	if name != strings.TrimSpace(t.Name) {
		mark = ":"
	}
	out := "**" + document.Esc(name) + mark + "**" + x.notesBut(t.RuledNotes(), t.Note, append([]string{id}, topics...)...) + " " + document.Sentence(strings.Join(rows, " · "))
	if t.Footer != "" {
		out += " *" + document.Esc(t.Footer) + "*"
	}
	return out + "\n\n", nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// scored prints an engine table of chances next to the seed's table of
// scores it was computed from, in one table: each cell "score: chance"
// ("8: 65%", rules.Table.Scored), so one table serves both the roll at the
// table and the planning.
func (x *exec) scored(e rules.Table, seedID string, topics ...string) (string, error) {
	t := x.sys.Table(seedID)
	if t == nil {
		return "", x.noTable(seedID)
	}
	shown, err := e.Scored(t)
	if err != nil {
		return "", err
	}
	_, quoted := x.foot.Split(e.Notes)
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**%s%s%s\n\n", document.Esc(e.Title), x.entry(t.Note), x.sources(append(x.touching(append([]string{seedID}, topics...)...), quoted...)), intro(t))
	b.WriteString(document.OddsTable(shown))
	b.WriteString("\n")
	b.WriteString(x.below(shown))
	if t.Footer != "" {
		b.WriteString("*" + document.Esc(t.Footer) + "*\n\n")
	}
	return b.String(), nil
}

// rowNote anchors a chart row's own note.
func (x *exec) rowNote(note string) string { return x.entry(note) }
