package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
)

// TestShippedWords: every shipped rule set has the words each of its
// engine's tables reads, and no others; and each table made from them
// names no {name} left unfilled.
func TestShippedWords(t *testing.T) {
	cat := shipped.Catalog(t)
	if l := CheckWords(cat); len(l) > 0 {
		t.Fatalf("the shipped words:\n%v", l)
	}
	for _, sys := range RuleSets(cat) {
		for _, ot := range OddsTables(sys) {
			tb, err := ot.Build(sys)
			if err != nil {
				t.Errorf("%s %s: %v", sys.ID, ot.ID, err)
				continue
			}
			texts := append([]string{tb.Title, tb.Corner}, tb.Columns...)
			texts = append(texts, tb.Notes...)
			for _, r := range tb.Rows {
				texts = append(texts, r.Label)
			}
			for _, s := range texts {
				if varRE.MatchString(s) {
					t.Errorf("%s %s: %q keeps a {name}", sys.ID, ot.ID, s)
				}
			}
		}
	}
}

// clubWords loads the shipped data with a club's aqotmf/odds.toml laid
// over the book's: the shipped file, edited.
func clubWords(t *testing.T, edit func(string) string) (*catalog.Catalog, error) {
	t.Helper()
	b, err := fs.ReadFile(data.FS, "aqotmf/odds.toml")
	if err != nil {
		t.Fatal(err)
	}
	club := fstest.MapFS{"aqotmf/odds.toml": {Data: []byte(edit(string(b)))}}
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	if err := l.Err(); err != nil {
		return nil, err
	}
	return cat, nil
}

// replace is strings.Replace of one old text the shipped file must have.
func replace(t *testing.T, old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("the shipped aqotmf/odds.toml has no %q: update the test", old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// TestWordsReworded: a club's copy of the words changes what the table
// prints, and only that.
func TestWordsReworded(t *testing.T) {
	cat, err := clubWords(t, replace(t, `notes = ["Roll a D{die}, -{per_loss} for each element`, `notes = ["House rule: roll a D{die}, -{per_loss} for each element`))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := AQMoraleTable(cat.System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "House rule: roll a D10, -1 for each element lost to shooting that turn: 5 or greater passes."; len(tb.Notes) != 1 || tb.Notes[0] != want {
		t.Errorf("notes %q, want %q", tb.Notes, want)
	}
	book, err := AQMoraleTable(shipped.Catalog(t).System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Title != book.Title || strings.Join(tb.Columns, "|") != strings.Join(book.Columns, "|") || len(tb.Rows) != len(book.Rows) {
		t.Errorf("more than the note changed: %q %q", tb.Title, tb.Columns)
	}
}

// TestExampleReworded: a club's copy of the worked example's words
// rewords its steps; the numbers are the engine's as before.
func TestExampleReworded(t *testing.T) {
	cat, err := clubWords(t, func(s string) string {
		s = replace(t, `words.hit_step = "To hit"`, `words.hit_step = "Roll to hit"`)(s)
		return replace(t, `words.hit = "{terms}: a D{die} of {score} or more, {chance}"`, `words.hit = "{terms}: {score}+ on a D{die} ({chance})"`)(s)
	})
	if err != nil {
		t.Fatal(err)
	}
	if l := CheckWords(cat); len(l) > 0 {
		t.Fatalf("the reworded words:\n%v", l)
	}
	ex, err := aqShotExampleFromData(cat.System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	text := exampleText(ex)
	wantIn(t, "the club's example", text, "Roll to hit: Defense 5, soft cover +1: 6+ on a D10 (50%)",
		"To damage: Armor 4, dug in (tripod beyond 6″) +2, Power −3: a D10 of 3 or more, 80%")
	if strings.Contains(text, "To hit") {
		t.Errorf("the book's words are still there:\n%s", text)
	}
}

// TestWordsChecked: a block, key, word or {name} missing or unknown is
// an error at its place in the club's file (file:line:col), saying what
// was expected.
func TestWordsChecked(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(string) string
		want []string
	}{
		{"no title", replace(t, "title = \"Morale check\"\n", ""),
			[]string{"club/aqotmf/odds.toml:", "[odds.morale]: no title; expected title = …"}},
		{"a word too many", replace(t, `words.destroyed = "Destroyed"`, "words.destroyed = \"Destroyed\"\nwords.survived = \"Survived\""),
			[]string{"club/aqotmf/odds.toml:", `[odds.tripod-damage]: unknown word "survived"`}},
		{"a word missing", replace(t, "words.sweep = \"Sweep: others under it\"\n", ""),
			[]string{"[odds.tripod-weapons]: no words.sweep"}},
		{"a name it does not fill", replace(t, `title = "Morale check"`, `title = "Morale check ({pass}+, {passes})"`),
			[]string{"club/aqotmf/odds.toml:", `unknown {name} in title "passes"`}},
		{"a column too many", replace(t, `columns = ["Passes", "Routs"]`, `columns = ["Passes", "Routs", "Shaken"]`),
			[]string{"club/aqotmf/odds.toml:", "[odds.morale]: 3 columns; expected 2"}},
		{"a table it has not", replace(t, "[odds.morale]", "[odds.moral]"),
			[]string{`club/aqotmf/odds.toml:`, `unknown odds table "moral" (did you mean "morale"?)`, `system aqotmf: no [odds.morale] block`}},
		{"an example step missing", replace(t, "words.each_die_step = \"Each die\"\n", ""),
			[]string{"club/aqotmf/odds.toml:", "[odds.example]: no words.each_die_step"}},
		{"an example name it does not fill", replace(t, `words.hit_step = "To hit"`, `words.hit_step = "To hit ({range})"`),
			[]string{"club/aqotmf/odds.toml:", `[odds.example]: unknown {name} in words.hit_step "range"`}},
		{"an example word too many", replace(t, `words.each_stand_step = "Each stand"`, "words.each_stand_step = \"Each stand\"\nwords.each_trays = \"x\""),
			[]string{"club/aqotmf/odds.toml:", `[odds.example]: unknown word "each_trays" (did you mean "each_stand"?)`}},
		{"a key it does not read", replace(t, `title = "Morale check"`, "title = \"Morale check\"\ncaption = \"x\""),
			[]string{"club/aqotmf/odds.toml:", "caption"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := clubWords(t, tc.edit)
			var msg string
			switch {
			case err != nil:
				msg = err.Error()
			default:
				msg = CheckWords(cat).Error()
			}
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("the message does not say %q:\n%s", w, msg)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(msg), "\n") {
				if strings.HasPrefix(line, "club/") && strings.Count(strings.SplitN(line, " ", 2)[0], ":") < 3 {
					t.Errorf("not placed at a line and column: %s", line)
				}
			}
		})
	}
}

// TestTablesKeepNoWords reads this package's Go: no odds table's title,
// corner, column head, note or row label is a string written in Go with
// a word in it; they are the data's ([odds.<table>]). Symbols ("+", "–",
// ", ") may be.
func TestTablesKeepNoWords(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]bool{"Title": true, "Corner": true, "Columns": true, "Notes": true, "Label": true}
	word := func(n ast.Node) string {
		found := ""
		ast.Inspect(n, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				// The names of words, notes and topics the data keys
				// its words by: not words themselves.
				name := ""
				switch f := call.Fun.(type) {
				case *ast.Ident:
					name = f.Name
				case *ast.SelectorExpr:
					name = f.Sel.Name
				}
				if slices.Contains(wordKeys, name) {
					return false
				}
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && found == "" {
				if s, err := strconv.Unquote(lit.Value); err == nil && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
					found = s
				}
			}
			return found == ""
		})
		return found
	}
	checked := 0
	for _, p := range pkgs {
		for name, f := range p.Files {
			if wordless[name] {
				checked += keepsNoWords(t, fset, f)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					id, ok := n.Type.(*ast.Ident)
					if !ok || (id.Name != "Table" && id.Name != "Row") {
						return true
					}
					for _, e := range n.Elts {
						kv, ok := e.(*ast.KeyValueExpr)
						if k, isID := kv.Key.(*ast.Ident); ok && isID && fields[k.Name] {
							checked++
							if w := word(kv.Value); w != "" {
								t.Errorf("%s: %s.%s is written in Go: %q", fset.Position(kv.Pos()), id.Name, k.Name, w)
							}
						}
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && fields[sel.Sel.Name] && i < len(n.Rhs) {
							checked++
							if w := word(n.Rhs[i]); w != "" {
								t.Errorf("%s: %s is written in Go: %q", fset.Position(n.Pos()), sel.Sel.Name, w)
							}
						}
					}
				}
				return true
			})
		}
	}
	if checked < 50 {
		t.Errorf("only %d titles, heads, notes and labels found: is the test reading the tables?", checked)
	}
}

// wordKeys are the functions whose string arguments are the names the
// data keys its words by (a table, a word, a {name}, a step), not words.
var wordKeys = []string{"word", "wordsOf", "set", "step", "newExample", "aqNotes", "imNotes", "plural"}

// wordless are the files of the package that write no word a player
// reads at all, not only in a table's fields: every string in them with
// a letter is a name (see wordKeys), an id compared or passed on (a case,
// ==, !=, an ID or Cover field), or an error message.
var wordless = map[string]bool{"examples.go": true}

// keepsNoWords fails for each string with a letter in f that is none of
// those, and returns how many strings it looked at.
func keepsNoWords(t *testing.T, fset *token.FileSet, f *ast.File) int {
	t.Helper()
	n := 0
	ast.Inspect(f, func(n0 ast.Node) bool {
		switch x := n0.(type) {
		case *ast.ImportSpec, *ast.CaseClause:
			return false
		case *ast.BinaryExpr:
			return x.Op != token.EQL && x.Op != token.NEQ
		case *ast.KeyValueExpr:
			if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "ID" || k.Name == "Cover") {
				return false
			}
		case *ast.CallExpr:
			name := ""
			switch f := x.Fun.(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
				if p, ok := f.X.(*ast.Ident); ok && p.Name == "fmt" && name == "Errorf" {
					return false
				}
			}
			return !slices.Contains(wordKeys, name)
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return false
			}
			n++
			if s, err := strconv.Unquote(x.Value); err == nil && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
				t.Errorf("%s: a word written in Go: %q (the data's [odds.<table>] words)", fset.Position(x.Pos()), s)
			}
		}
		return true
	})
	return n
}

// TestWordsMissingAltogether: a club's rule set with no words at all (a
// copy made before they were data) gets one message saying where they
// are, not one per table.
func TestWordsMissingAltogether(t *testing.T) {
	club := fstest.MapFS{}
	err := fs.WalkDir(data.FS, "aqotmf", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "odds.toml") || strings.Contains(p, "scenarios") {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		club["aqotmf-club/"+strings.TrimPrefix(p, "aqotmf/")] = &fstest.MapFile{Data: []byte(strings.ReplaceAll(string(b), `system = "aqotmf"`, `system = "aqotmf-club"`))}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	got := CheckWords(cat)
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), "club/aqotmf-club/system.toml:") ||
		!strings.Contains(got[0].Msg, `system aqotmf-club has no [odds.<table>] blocks: the words its odds tables print (the words of aqotmf are in its odds.toml: copy it beside this system.toml and write system = "aqotmf-club" in it)`) {
		t.Errorf("got %d messages:\n%v", len(got), got)
	}
}

// TestFillAsVarRE: fill's scan fills the {names} varRE matches, and
// leaves every other brace as it is.
func TestFillAsVarRE(t *testing.T) {
	vars := map[string]string{"a": "A", "b_2": "B", "range": "6″"}
	for _, text := range []string{
		"", "plain", "{a}", "x{a}y{b_2}z", "{{a}}", "{a", "a}", "{}", "{A}", "{2a}", "{a-b}",
		"{range} and {missing} and {a}", "{ a }", "{a}{a}{", "é{a}é", "{b_2", "{{{range}",
	} {
		tw := &tableWords{id: "t", w: &catalog.OddsWords{}, vars: vars}
		want := varRE.ReplaceAllStringFunc(text, func(m string) string { return vars[m[1:len(m)-1]] })
		if got := tw.fill("title", text); got != want {
			t.Errorf("fill(%q) = %q; want %q", text, got, want)
		}
		wantFail := false
		for _, m := range varRE.FindAllStringSubmatch(text, -1) {
			if _, ok := vars[m[1]]; !ok {
				wantFail = true
			}
		}
		if (tw.fail != nil) != wantFail {
			t.Errorf("fill(%q): error %v; want one: %v", text, tw.fail, wantFail)
		}
	}
}
