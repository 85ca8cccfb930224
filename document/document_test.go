package document

import (
	"bytes"
	"errors"
	"math/big"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/rules"
)

func TestEsc(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a *b*  [c]\n| d_e #", `a \*b\* \[c\] \| d\_e \#`},
		{"a\n- not a list", "a - not a list"},
		{`within 6" of "cover"`, "within 6″ of “cover”"},
	}
	for _, tt := range tests {
		if got := Esc(tt.in); got != tt.want {
			t.Errorf("Esc(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Cell("  "); got != "–" {
		t.Errorf("Cell of a blank = %q, want a dash", got)
	}
}

func TestTypo(t *testing.T) {
	tests := []struct{ in, want string }{
		{`6"`, "6″"},
		{`within 6" of`, "within 6″ of"},
		{`"decoys 5 to 12"`, "“decoys 5 to 12”"},
		{`printed "3"–30+"`, "printed “3″–30+”"},
		{`-4 to their Defense`, "−4 to their Defense"},
		{`1-5`, "1-5"},
		{`-2/-4 *`, "−2/−4 *"},
	}
	for _, tt := range tests {
		if got := Typo(tt.in); got != tt.want {
			t.Errorf("Typo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestQuotes: quotes sets what a rune-by-rune rewrite of the text sets,
// byte for byte: inch marks after digits, curly quotes around words, a
// byte that is not UTF-8 as U+FFFD.
func TestQuotes(t *testing.T) {
	byRune := func(s string) string {
		var b strings.Builder
		open := false
		rs := []rune(s)
		for i, r := range rs {
			if r != '"' {
				b.WriteRune(r)
				continue
			}
			afterDigit := i > 0 && unicode.IsDigit(rs[i-1])
			beforeDash := i+1 < len(rs) && strings.ContainsRune("–-x×", rs[i+1])
			switch {
			case afterDigit && (!open || beforeDash):
				b.WriteRune('″')
			case open:
				b.WriteRune('”')
				open = false
			default:
				b.WriteRune('“')
				open = true
			}
		}
		return b.String()
	}
	for _, s := range everyString([]string{`"`, "6", "a", "–", "x", "\xff", "é", "\uFFFD", "٣", " "}, 4) {
		if got, want := quotes(s), byRune(s); got != want {
			t.Errorf("quotes(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestOneLine: the fast path (text already on one line is returned as it
// is) agrees with the definition, runs of white space made single spaces.
func TestOneLine(t *testing.T) {
	for _, in := range []string{"", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2009b", "a\u0085b", "a\u3000b", "a\vb", "a\rb", "a\fb", "\xffa b", "a \xff", "Tripod — 6″ away", "  ", "é è"} {
		if got, want := OneLine(in), strings.Join(strings.Fields(in), " "); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	six, _ := catalog.ParseLength(`6"`)
	mm, _ := catalog.ParseLength("63.5mm")
	tests := []struct{ got, want string }{
		{Sentence("Destroy the Tripod"), "Destroy the Tripod."},
		{Sentence("Survive (even routing)"), "Survive (even routing)."},
		{Sentence("Is it over? "), "Is it over?"},
		{Slug("Hidden Movement"), "hidden-movement"},
		{Slug("hidden_movement"), "hidden-movement"},
		{Slug(" Hidden -  Movement"), "hidden-movement"},
		{Inch(six), "6″"},
		{Inch(mm), "2.5″"},
		{Inches(catalog.Length{MM: 152.4}), "6"},

		{Pct(big.NewRat(1, 3)), "33%"}, {Pct(nil), "–"},
		{Intp(nil), "–"},
		{Count(1, "blip", "blips"), "1 blip"}, {Count(4, "blip", "blips"), "4 blips"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("case %d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestOddsTable(t *testing.T) {
	tab := rules.Table{Corner: "Stands", Columns: []string{"Hit", "Kill"}, Rows: []rules.Row{
		{Label: "1", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 5)), rules.Prob(big.NewRat(1, 100000))}},
		{Label: "2", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 1))}},
	}}
	want := "| Stands | Hit | Kill |\n|:--|--:|--:|\n| 1 | 20% | \\<1% |\n| 2 | 100% | – |\n"
	if got := OddsTable(tab); got != want {
		t.Errorf("OddsTable:\n%s\nwant:\n%s", got, want)
	}
}

// TestRow: a row laid out in one call prints what a call for each cell
// prints: an engine table's blank cells blank, its empty text a dash,
// a data table's words escaped.
func TestRow(t *testing.T) {
	cells := []rules.Cell{rules.Prob(big.NewRat(1, 5)), rules.Impossible, {Text: " "}, {Text: "*Strong*"}}
	const each = `{{ range . }} {{ cell . }} |{{ end }}`
	for _, c := range []struct {
		name, text string
		data       any
		want       string
	}{
		{"engine cells", `| {{ row . }} |`, cells, "| 20% |  | – | \\*Strong\\* |\n"},
		{"engine cells, each", "|" + each, cells, "| 20% |  | – | \\*Strong\\* |\n"},
		{"words", `| {{ row . }} |`, []string{"6\"", "", "a|b"}, "| 6″ |  | a\\|b |\n"},
		{"one", `| {{ row . }} |`, []string{"x"}, "| x |\n"},
	} {
		md, _, err := ExecuteLines([]Source{{Name: "x.md", Text: c.text}}, nil, c.data, nil)
		if err != nil || string(md) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, md, err, c.want)
		}
	}
	if _, _, err := ExecuteLines([]Source{{Name: "x.md", Text: `{{ row 3 }}`}}, nil, nil, nil); err == nil || !strings.Contains(err.Error(), "row: want the cells of a table's row") {
		t.Errorf("row of a number: %v; want an error naming what it wants", err)
	}
}

func TestNotes(t *testing.T) {
	var n Notes
	a := catalog.Note{ID: "a", Text: "The rules print *01*.", Ruling: "Agree 0 or 1 before play.", Mark: "R1"}
	b := catalog.Note{ID: "b", Text: "Only the organiser needs this."}
	c := catalog.Note{ID: "c", Text: "x", Ruling: "Roll again on a tie.", Mark: "R3"}
	refs := n.Sources([]catalog.Note{a, b}) + n.Source(b) + n.Source(c) + n.Source(a)
	// A run of marks names each reading once (OneMarkEach).
	if refs := string(resolve([]byte(refs))); refs != "[^R1][^R3]" {
		t.Errorf("refs %q: want the rulings only, each note once", refs)
	}
	if n.Len() != 2 {
		t.Errorf("%d footnotes, want 2", n.Len())
	}
	// A reference survives escaping: Execute makes it Markdown's.
	md, _, err := ExecuteLines([]Source{{Name: "t.md", Text: "Body{{ esc .Refs }}\n", From: "t.md"}}, nil, struct{ Refs string }{n.Source(a) + n.Source(c)}, &n)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Body[^R1][^R3]\n\n[^R1]: Ruling: Agree 0 or 1 before play.\n[^R3]: Ruling: Roll again on a tie.\n"; string(md) != want {
		t.Errorf("Markdown:\n%q\nwant\n%q", md, want)
	}
}

// TestTemplateErrors: every error in a template, from parsing or from
// executing it, is a diag.Diag at the file as the user named it, with a
// line and a column.
func TestTemplateErrors(t *testing.T) {
	funcs := map[string]any{"fail": func() (string, error) { return "", errors.New("no such table") }}
	tests := []struct{ name, text, want string }{
		{"unknown function", "a\n  {{ foo }}", "club/x.md:2:6: function \"foo\" not defined"},
		{"unclosed action", "a\nb {{ if }}", "club/x.md:2:3: missing value for if"},
		{"unknown field", "a\n {{ .Nope }}", "club/x.md:2:5: <.Nope>: there is no field Nope here"},
		{"function error", "{{ fail }}", "club/x.md:1:4: <fail>: no such table"},
		{"included", "{{ template \"y.md\" . }}", "club/y.md:3:5: <.Nope>: there is no field Nope here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcs := []Source{{Name: "x.md", Text: tt.text, From: "club/x.md"}, {Name: "y.md", Text: "\n\nab{{.Nope}}", From: "club/y.md"}}
			_, _, err := ExecuteLines(srcs, funcs, struct{}{}, nil)
			var d diag.Diag
			if !errors.As(err, &d) || d.Line < 1 || d.Col < 1 {
				t.Fatalf("error %v is not placed at a line and column", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n%s\nwant\n%s", err, tt.want)
			}
		})
	}
}

func TestRender(t *testing.T) {
	if _, err := Render([]byte("# x\n"), "docx", markdownOptions()); err == nil || err.Error() != `unknown format "docx"; expected one of: pdf, html, md` {
		t.Errorf("unknown format: %v", err)
	}
	for _, f := range Formats() {
		out, err := Render([]byte("# Title\n\nText.\n"), f, markdownOptions())
		if err != nil || len(out) == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestOddsQuotingNotes: an engine table that quotes a source note among
// its notes prints the note's ruling as a footnote on its corner, never
// the note's words; with no notes given, `odds` prints every note.
func TestOddsQuotingNotes(t *testing.T) {
	src := catalog.Note{ID: "ladder", Text: "The seed does not  say so.", Ruling: "Pay from the 300 points.", Mark: "R4"}
	silent := catalog.Note{ID: "quiet", Text: "The odds count no lucky hits."}
	tab := &rules.Table{Corner: "Round", Columns: []string{"Ends"}, Rows: []rules.Row{{Label: "8", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 3))}}},
		Notes: []string{"Expected length: 9 rounds.", "The seed does not say so.", "The odds count no lucky hits."}}
	run := func(notes *Notes) string {
		md, _, err := ExecuteLines([]Source{{Name: "t.md", Text: "{{ odds . }}", From: "t.md"}}, nil, tab, notes)
		if err != nil {
			t.Fatal(err)
		}
		return string(md)
	}
	var n Notes
	n.Know(src, silent)
	got := run(&n)
	want := "| Round[^R4] | Ends |\n|:--|--:|\n| 8 | 33% |\n\n*Expected length: 9 rounds.*\n\n[^R4]: Ruling: Pay from the 300 points.\n"
	if got != want {
		t.Errorf("with notes:\n%q\nwant\n%q", got, want)
	}
	if got := run(nil); !strings.Contains(got, "*The seed does not say so.*") || !strings.Contains(got, "*The odds count no lucky hits.*") {
		t.Errorf("without notes every note is printed:\n%s", got)
	}
}

// TestOddsTableAlignsWords: columns of words (a folded table's labels)
// read from the left; numbers, chances and scores stay right-aligned.
func TestOddsTableAlignsWords(t *testing.T) {
	tab := rules.Table{Corner: "Type", Columns: []string{"Hit", "Type", "Score", "Armour"}, Rows: []rules.Row{
		{Label: "Light", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 2)), {Text: "Heavy (9/9), +2"}, {Text: "8: 65%"}, {Text: "Strong"}}},
		{Label: "Heavy", Cells: []rules.Cell{rules.Prob(big.NewRat(1, 4)), {Text: ""}, {Text: "3/8"}, {Text: "–"}}},
	}}
	if got := strings.Split(OddsTable(tab), "\n")[1]; got != "|:--|--:|:--|--:|:--|" {
		t.Errorf("alignment row %q", got)
	}
}

// TestMinusSign: minusSign makes the hyphens the regexp it replaces
// matched minus signs, and no others.
func TestMinusSign(t *testing.T) {
	minus := regexp.MustCompile(`(^|[\s(/])-(\d)`)
	for _, s := range []string{
		"", "-", "-1", "a-1", " -1", "(-2/-3)", "--1", " -1-2", "x -1 -2 -", "-x", "\t-4\n-5\r-6\f-7",
		"3-4", "é -1", "−1", "-1-", "a - 1", "-0.5 and -.5", "range 6-12″", "/-9", "( -1)",
	} {
		if got, want := minusSign(s), minus.ReplaceAllString(s, "$1−$2"); got != want {
			t.Errorf("minusSign(%q) = %q; want %q", s, got, want)
		}
	}
}

// strings made of up to n of the words, every one: for holding a plain
// scan to the regexp it replaces.
func everyString(words []string, n int) []string {
	out := []string{""}
	for prev := out; n > 0; n-- {
		var next []string
		for _, p := range prev {
			for _, w := range words {
				next = append(next, p+w)
			}
		}
		out, prev = append(out, next...), next
	}
	return out
}

// refRun is a run of footnote references, as OneMarkEach finds them.
var refRun = regexp.MustCompile(`(?:\[\^[^\]\s]+\])+`)

// oneMarkEachRE is OneMarkEach as a regexp says it.
func oneMarkEachRE(md []byte) []byte {
	return refRun.ReplaceAllFunc(md, func(run []byte) []byte {
		var out []byte
		seen := map[string]bool{}
		for _, r := range bytes.SplitAfter(run, []byte("]")) {
			if len(r) > 0 && !seen[string(r)] {
				seen[string(r)] = true
				out = append(out, r...)
			}
		}
		return out
	})
}

// TestOneMarkEach: the scan drops the marks the regexp's runs repeat, and
// nothing else.
func TestOneMarkEach(t *testing.T) {
	for _, s := range everyString([]string{"[^a]", "[^", "a", "]", " ", "[", "\t", "é"}, 5) {
		if got, want := OneMarkEach([]byte(s)), oneMarkEachRE([]byte(s)); !bytes.Equal(got, want) {
			t.Errorf("OneMarkEach(%q) = %q; want %q", s, got, want)
		}
	}
	for _, s := range []string{"x[^R4][^R4] y", "[^R1][^R2][^R1][^R3][^R2]", "[^a][^b] [^a][^a]\n[^c][^c]", "[^R1] [^R1]"} {
		if got, want := OneMarkEach([]byte(s)), oneMarkEachRE([]byte(s)); !bytes.Equal(got, want) {
			t.Errorf("OneMarkEach(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestResolve: the scan makes the tokens the regexp matched Markdown's
// references, and no others.
func TestResolve(t *testing.T) {
	for _, s := range everyString([]string{refOpen + "a" + refClose, refOpen, refClose, "a", "[^", "]", "\n", "é"}, 5) {
		want := oneMarkEachRE(refTokens.ReplaceAll([]byte(s), []byte("[^$1]")))
		if got := resolve([]byte(s)); !bytes.Equal(got, want) {
			t.Errorf("resolve(%q) = %q; want %q", s, got, want)
		}
	}
}

// TestNumericWords: Numeric's quick answer for words is numberText's.
func TestNumericWords(t *testing.T) {
	for _, s := range everyString([]string{"1", "-", "−", "±", "A", " ", "?", "%", "\uE000", "\uE001", "x", `"`}, 4) {
		want := numberText.MatchString(strings.TrimSpace(Typo(stripRefs(placeMark.ReplaceAllString(s, "")))))
		if got := Numeric(s); got != want {
			t.Errorf("Numeric(%q) = %v; want %v", s, got, want)
		}
	}
}
