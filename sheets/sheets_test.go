package sheets

import (
	"bytes"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
)

var (
	catOnce sync.Once
	testCat *catalog.Catalog
)

func loadCat(t testing.TB) *catalog.Catalog {
	t.Helper()
	catOnce.Do(func() {
		cat, l := catalog.Load(shipped.Source())
		if len(l.Errors()) > 0 {
			t.Fatalf("data: %v", l.Errors())
		}
		testCat = cat
	})
	if testCat == nil {
		t.Fatal("data did not load")
	}
	return testCat
}

// gfmTables parses the GFM tables of md: each a list of rows of cell
// texts, backslash escapes and bold marks removed.
func gfmTables(md string) [][][]string {
	var tables [][][]string
	var cur [][]string
	flush := func() {
		if len(cur) > 0 {
			tables = append(tables, cur)
		}
		cur = nil
	}
	sep := regexp.MustCompile(`^\|(\s*:?-+:?\s*\|)+\s*$`)
	for _, line := range strings.Split(md, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			flush()
			continue
		}
		if sep.MatchString(line) {
			continue
		}
		cur = append(cur, splitRow(line))
	}
	flush()
	return tables
}

// splitRow cuts a GFM row at unescaped pipes.
func splitRow(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i])
		case line[i] == '|':
			cells = append(cells, clean(b.String()))
			b.Reset()
		default:
			b.WriteByte(line[i])
		}
	}
	return append(cells, clean(b.String()))
}

var footRef = regexp.MustCompile(`\[\^[^\]]+\]`)

func clean(s string) string {
	s = footRef.ReplaceAllString(s, "")
	return strings.TrimSpace(strings.ReplaceAll(s, "**", ""))
}

// scoreOnly is a cell of a score the die cannot reach unmodified, printed
// alone.
var scoreOnly = regexp.MustCompile(`^\d+$`)

// hasRun reports whether row holds want as consecutive cells.
func hasRun(row, want []string) bool {
	for i := 0; i+len(want) <= len(row); i++ {
		ok := true
		for j, w := range want {
			// A cell may carry the seed's score before the chance: "8: 65%",
			// or, for a score the die cannot reach, the score alone: "22".
			if c := row[i+j]; c != w && !strings.HasSuffix(c, ": "+w) && !(w == "" && scoreOnly.MatchString(c)) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// printedIn returns the index of a Markdown table holding every row of t
// (as the engine formats the cells: Cell.String) as a run of cells, or -1.
func printedIn(tables [][][]string, t rules.Table) int {
	for i, md := range tables {
		all := true
		for _, r := range t.Rows {
			var want []string
			for _, c := range r.Cells {
				if c == rules.Impossible {
					want = append(want, "") // printed blank
					continue
				}
				want = append(want, document.Typo(c.String()))
			}
			found := false
			for _, row := range md {
				if hasRun(row, want) {
					found = true
					break
				}
			}
			if !found {
				all = false
				break
			}
		}
		if all {
			return i
		}
	}
	return -1
}

// TestTablesMatchEngine checks that every engine table a sheet offers is
// printed, each cell the engine's value formatted as the engine formats
// it (dice.Percent), straight or transposed.
func TestTablesMatchEngine(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(loadCat(t)) {
		t.Run(s.ID, func(t *testing.T) {
			md, err := s.Markdown(cat, "")
			if err != nil {
				t.Fatal(err)
			}
			tables := gfmTables(string(md))
			engine, err := s.Tables(cat)
			if err != nil {
				t.Fatal(err)
			}
			if len(engine) == 0 {
				t.Fatal("the sheet has no engine tables")
			}
			for _, et := range engine {
				if slices.Contains(woven[s.ID], et.ID) {
					if row, cell := printedOnLines(string(md), et); row != "" {
						t.Errorf("engine table %q (%s): row %q's %q is not printed on a line with the row", et.ID, et.Title, row, cell)
					}
					continue
				}
				if keep, ok := parted[s.ID][et.ID]; ok {
					if row := printedParted(tables, et, keep); row != "" {
						t.Errorf("engine table %q (%s): row %q is printed neither whole nor with its columns %q, the others 0%%", et.ID, et.Title, row, keep)
					}
					continue
				}
				if printedIn(tables, et) < 0 && printedIn(tables, et.Transpose()) < 0 {
					t.Errorf("engine table %q (%s) is not printed with the engine's values", et.ID, et.Title)
				}
			}
		})
	}
}

// woven are the engine tables a sheet prints in its own way rather than
// as the engine's table: in a sentence (the Imperial Mars officer risk
// and MG jams), merged into another table (the vehicles' chances beside
// their SDL and BDL), or with each chance beside its score ("16: 25%",
// the Small Arms ladder).
var woven = map[string][]string{
	"imperial-mars": {"im-mg-jam", "im-officer-risk", "im-vehicles", "im-shooting-ladder"},
}

// parted are the engine tables a sheet prints in two runs: the rows
// whose other columns are all 0% (the Imperial Mars melee odds once the
// lower tray can no longer be yours) print only the columns named.
var parted = map[string]map[string][]string{
	"imperial-mars": {"im-melee": {"Inflicts 1+", "Inflicts 2+", "Inflicts 3+"}},
}

// printedParted returns the label of a row of t printed neither whole in
// one of the tables nor with only the keep columns, its others 0%; "" if
// every row is.
func printedParted(tables [][][]string, t rules.Table, keep []string) string {
	has := func(want []string) bool {
		for _, md := range tables {
			for _, row := range md {
				if hasRun(row, want) {
					return true
				}
			}
		}
		return false
	}
	for _, r := range t.Rows {
		var all, kept []string
		zero := true
		for j, c := range r.Cells {
			all = append(all, document.Typo(c.String()))
			if slices.Contains(keep, t.Columns[j]) {
				kept = append(kept, document.Typo(c.String()))
			} else if c.P == nil || c.P.Sign() != 0 {
				zero = false
			}
		}
		if !has(all) && !(zero && has(append([]string{document.Typo(r.Label)}, kept...))) {
			return r.Label
		}
	}
	return ""
}

var rangeDash = regexp.MustCompile(`(\d)[-−](\d)`)

// printedOnLines checks a table printed in the sheet's own way: every
// value of each row is on a line of the Markdown that holds the row's
// label too (a table's row, or a sentence). It returns the first row and
// value it finds no such line for.
func printedOnLines(md string, t rules.Table) (row, value string) {
	lines := strings.Split(document.Typo(md), "\n")
	for _, r := range t.Rows {
		label := rangeDash.ReplaceAllString(document.Typo(r.Label), "$1–$2") // a roll prints "2–3"
		for _, c := range r.Cells {
			v := strings.TrimRight(document.Typo(c.String()), ".") // a sentence of the sheet's own ends it
			if v == "" || v == "–" {
				continue
			}
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, label) && strings.Contains(l, v) }) {
				return r.Label, v
			}
		}
	}
	return "", ""
}

// TestTableCellsNotTyped makes sure the comparison above can fail: a
// table with one cell changed is not found.
func TestTableCellsNotTyped(t *testing.T) {
	cat := loadCat(t)
	s, _ := Lookup(loadCat(t), "aqotmf")
	md, err := s.Markdown(cat, "")
	if err != nil {
		t.Fatal(err)
	}
	et, err := aqotmf.MoraleTable(cat.System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	if printedIn(gfmTables(string(md)), et) < 0 {
		t.Fatal("the morale table is not printed")
	}
	et.Rows[0].Cells[0] = rules.Cell{Text: "51%"} // the seed's 50% mistyped
	if printedIn(gfmTables(string(md)), et) >= 0 {
		t.Error("a mistyped cell was found in the sheet")
	}
}

// Worked by hand from the seeds: the sheets print these rows.
func TestHandWorkedRows(t *testing.T) {
	cat := loadCat(t)
	tests := []struct {
		sheet string
		row   []string
	}{
		// AQotMF morale: D10 − 1 per loss ≥ 5: one loss needs 6+, 5 faces of 10.
		{"aqotmf", []string{"1", "50%", "50%"}},
		// Reinforcements: 6–10 arrives (50%), 9–10 can attack (20%); by turn 3: 1 − ½·½.
		{"aqotmf", []string{"3", "25%", "10%", "75%"}},
		// Evacuation: the game ends after round 8 on 2 of 6, after 9 on 3 of 6 of the rest.
		{"evacuation-mars", []string{"9", "50%", "67%", "33%"}},
		// Evacuation ladder: 10 + 20 + 40 + 80 = 150 for armour 12 and 5 hull points.
		{"evacuation-mars", []string{"+4", "80", "150", "12", "5"}},
	}
	for _, tt := range tests {
		s, err := Lookup(loadCat(t), tt.sheet)
		if err != nil {
			t.Fatal(err)
		}
		md, err := s.Markdown(cat, "")
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, tab := range gfmTables(string(md)) {
			for _, row := range tab {
				if hasRun(row, tt.row) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s: no row %q", tt.sheet, tt.row)
		}
	}
}

// offSheet are the topics of source notes that belong to other print-outs
// (scenario briefings, maps, army lists), not the reference sheets.
var offSheet = map[string]bool{
	"boys-of-company-c": true, "morale-wagon": true, "map": true, "victory": true,
	"game-length": true, "rules-in-play": true, "needed": true, "blip-units": true, "blips": true, // a briefing's and a roster's
	"evacuation-mars": true, "army": true, "organisation": true,
	"gripper-claw": true, // a scenario equips the tripod with it: its roster and card mark it
}

var footDef = regexp.MustCompile(`(?m)^\[\^([^\]]+)\]: (.*)$`)

// TestNotesPlaced checks the footnote policy of the sheets: every source
// note of a sheet's rule set that touches what the sheet prints has a
// place on it (for the rules notes), and the footnotes are exactly the
// rulings of the notes placed — each note's ruling, in its words, and
// nothing else.
func TestNotesPlaced(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(loadCat(t)) {
		t.Run(s.ID, func(t *testing.T) {
			sys := cat.System(s.System)
			places, err := s.Places(cat, "", layout.A4)
			if err != nil {
				t.Fatal(err)
			}
			placed := map[string]bool{}
			for _, p := range places {
				if p.Page < 1 {
					t.Errorf("place %+v is on no page", p)
				}
				if p.Section == "" {
					t.Errorf("place %+v stands under no heading", p)
				}
				if p.Note != "" {
					placed[p.System+"/"+p.Note] = true
				}
			}
			for _, n := range sys.Notes {
				onSheet := false
				for _, topic := range n.Touches {
					if !offSheet[topic] {
						onSheet = true
					}
				}
				if onSheet && !placed[sys.ID+"/"+n.ID] {
					t.Errorf("source note %q (touches %v) has no place on the sheet", n.ID, n.Touches)
				}
			}
			md, err := s.Markdown(cat, "")
			if err != nil {
				t.Fatal(err)
			}
			defs := map[string]string{}
			for _, m := range footDef.FindAllStringSubmatch(string(md), -1) {
				defs[m[1]] = m[2]
			}
			for key := range placed {
				sysID, id, _ := strings.Cut(key, "/")
				n := cat.System(sysID).Note(id)
				def, ok := defs[n.Mark]
				switch {
				case n.Ruling == "" && n.Mark != "":
					t.Errorf("note %q has no ruling but a mark %q", id, n.Mark)
				case n.Ruling != "" && !ok:
					t.Errorf("note %q: its ruling is no footnote under its mark %q", id, n.Mark)
				case ok && def != document.Esc(document.RulingPrefix+n.Ruling):
					t.Errorf("note %q: footnote %q, want its ruling %q", id, def, document.Esc(document.RulingPrefix+n.Ruling))
				}
				delete(defs, n.Mark)
			}
			for id, def := range defs {
				t.Errorf("footnote %q (%s) is no placed note's ruling", id, def)
			}
			for _, m := range footRef.FindAllString(string(md), -1) {
				if !strings.Contains(string(md), m+":") {
					t.Errorf("footnote %s is referenced but not defined", m)
				}
			}
		})
	}
}

func pdftotext(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := osexec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not installed (poppler-utils); skipping the text extraction check")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "sheet.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := osexec.Command(bin, "-layout", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestLaid: a sheet laid out once prints the very PDFs Render and
// RenderNotes make, on A4 and Letter: the print pack lays each sheet out
// once for both.
func TestLaid(t *testing.T) {
	cat := loadCat(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, s := range All(loadCat(t)) {
			o := Options{Paper: paper, Printed: &document.Printed{}}
			l, err := s.Lay(cat, o)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				what      string
				laid, own func() ([]byte, error)
			}{
				{"sheet", func() ([]byte, error) { return l.PDF(nil) }, func() ([]byte, error) { return s.Render(cat, o) }},
				{"notes", func() ([]byte, error) { return l.NotesPDF(o.Printed) }, func() ([]byte, error) { return s.RenderNotes(cat, o) }},
			} {
				a, err := c.laid()
				if err != nil {
					t.Fatal(err)
				}
				b, err := c.own()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a, b) {
					t.Errorf("%s %s on %s: the laid-out sheet prints other bytes than the sheet alone", s.ID, c.what, paper.Name)
				}
			}
		}
	}
}

// TestPDFText extracts the text of each PDF and finds the tables'
// headings and rows in reading order, and the typographic marks intact.
func TestPDFText(t *testing.T) {
	cat := loadCat(t)
	tests := []struct {
		sheet string
		want  []string // regexps, each on one line of the layout text
	}{
		{"aqotmf", []string{
			`Tripod Damage Chart: Assault Tripod results \(Armor 10\)`,
			`10\+\s+The Tripod is destroyed and explodes.*\s10%\s+20%\s+30%\s+40%\s+50%`,
			`Destroyed\s+21%\s+31%\s+41%\s+51%\s+61%`,
			`Morale check`,
			`Dug in \(not against a tripod within 6″\)\s+Armor \+2`,
			// R9 rules the range, so its mark is on the range, not the name.
			`Heat Ray – Focused\s+3″–30\+R9\s+\+3`,
			`Immobilized \(tow cables\)\s+Defense −4`,
		}},
		{"buildings", []string{
			`Building Type\s+Armor\s+Fire Rating`,
			`Wood Frame\s+6\s+6`,
			`Wood Frame \(Armor 6\)\s+60%\s+30%`,
			`1″ danger zone for each`,
			// No Heat Ray has Power –: its row has no Heat Ray chance, a
			// blank the table's legend explains (a dash is "none").
			`Wood Frame \(6/6\), –\s+40%\s+10%\s+24%\s+Brick/Stone`,
			`A blank: no Heat Ray has that Power\.`,
		}},
		{"imperial-mars", []string{
			`Small Arms table, one row per factor`,
			// The d20 score beside the chance, in the ladder and one look.
			`10\+\s+12: 25%\s+17: 20%`,
			`BL rifle\s+5″\s+6\s+14: 25%\s+19: 10%\s+12″\s+4\s+15: 25%\s+20: 5%`,
			`Machine guns`,
			`Walker\s+4″\s+Strong\s+2\s+5: 80%\s+4\s+5: 25%`,
		}},
		{"evacuation-mars", []string{
			`Objective marker upgrades`,
			`\+4\s+80\s+150\s+12\s+5`,
			`Length of game`,
		}},
	}
	for _, tt := range tests {
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			t.Run(tt.sheet+"/"+p.Name, func(t *testing.T) {
				s, err := Lookup(loadCat(t), tt.sheet)
				if err != nil {
					t.Fatal(err)
				}
				pdf, err := s.Render(cat, Options{Paper: p})
				if err != nil {
					t.Fatal(err)
				}
				text := pdftotext(t, pdf)
				for _, w := range tt.want {
					if !regexp.MustCompile(`(?m)` + w).MatchString(text) {
						t.Errorf("no line matching %q in the PDF text", w)
					}
				}
				if strings.ContainsRune(text, '\uFFFD') || strings.Contains(text, "â€") {
					t.Error("garbled characters in the PDF text")
				}
				md, _ := s.Markdown(cat, "")
				for _, mark := range []string{"–", "″", "−", "×"} {
					if strings.Contains(string(md), mark) && !strings.Contains(text, mark) {
						t.Errorf("the Markdown has %q but the PDF text has none", mark)
					}
				}
			})
		}
	}
}

func TestTemplateOverride(t *testing.T) {
	cat := loadCat(t)
	dir := t.TempDir()
	s, _ := Lookup(loadCat(t), "evacuation-mars")
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(dir, s.Template), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("# Club sheet\n\n{{ table \"ladder\" }}")
	md, err := s.Markdown(cat, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(md), "# Club sheet") || !strings.Contains(string(md), "| +4 | 80 | 150 |") {
		t.Errorf("the club's template was not used:\n%s", md)
	}
	write("{{ table \"ladderr\" }}")
	_, err = s.Markdown(cat, dir)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, s.Template)) || !strings.Contains(err.Error(), `did you mean "ladder"`) {
		t.Errorf("error %v: want the template's path and a suggestion", err)
	}
	write("{{ table ")
	if _, err := s.Markdown(cat, dir); err == nil {
		t.Error("a template that does not parse was accepted")
	}
}

func TestFormats(t *testing.T) {
	cat := loadCat(t)
	s, _ := Lookup(loadCat(t), "evacuation-mars")
	md, err := s.Render(cat, Options{Format: Markdown})
	if err != nil || !strings.Contains(string(md), "Objective marker upgrades") {
		t.Fatalf("markdown: %v", err)
	}
	html, err := s.Render(cat, Options{Format: HTML})
	if err != nil || !strings.Contains(string(html), "<table>") || !strings.Contains(string(html), "Objective marker upgrades") {
		t.Fatalf("html: %v", err)
	}
	pdf, err := s.Render(cat, Options{Format: PDF, Paper: layout.Letter})
	if err != nil || !strings.HasPrefix(string(pdf), "%PDF") {
		t.Fatalf("pdf: %v", err)
	}
	if _, err := s.Render(cat, Options{Format: "docx"}); err == nil {
		t.Error("unknown format accepted")
	}
	if _, err := Lookup(loadCat(t), "aqtomf"); err == nil || !strings.Contains(err.Error(), `did you mean "aqotmf"`) {
		t.Errorf("Lookup: %v", err)
	}
}

// BenchmarkAllSheets renders the four sheets to PDF (the budget: 80 ms
// together).
func BenchmarkAllSheets(b *testing.B) {
	cat := loadCat(b)
	for b.Loop() {
		if _, err := RenderAll(All(cat), cat, Options{Paper: layout.A4}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAllTables computes every odds table of every sheet's rule set
// (rules.OddsTables, the list the sheets and cards print from; the
// budget: 50 ms together).
func BenchmarkAllTables(b *testing.B) {
	cat := loadCat(b)
	for b.Loop() {
		for _, s := range All(cat) {
			sys := cat.System(s.System)
			for _, o := range rules.OddsTables(sys) {
				if _, err := o.Build(sys); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
