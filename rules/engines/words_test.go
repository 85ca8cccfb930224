package engines

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/rulestest"
)

// TestShippedWords: every shipped rule set has the words each of its
// engine's tables reads, and no others; and each table made from them
// names no {name} left unfilled.
func TestShippedWords(t *testing.T) {
	cat := shipped.Catalog(t)
	if l := rules.CheckWords(cat); len(l) > 0 {
		t.Fatalf("the shipped words:\n%v", l)
	}
	for _, sys := range rules.RuleSets(cat) {
		for _, ot := range rules.OddsTables(sys) {
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
				if rules.VarRE.MatchString(s) {
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
	tb, err := aqotmf.MoraleTable(cat.System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "House rule: roll a D10, -1 for each element lost to shooting that turn: 5 or greater passes."; len(tb.Notes) != 1 || tb.Notes[0] != want {
		t.Errorf("notes %q, want %q", tb.Notes, want)
	}
	book, err := aqotmf.MoraleTable(shipped.Catalog(t).System("aqotmf"))
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
	if l := rules.CheckWords(cat); len(l) > 0 {
		t.Fatalf("the reworded words:\n%v", l)
	}
	ex, err := aqotmf.ShotExampleFromData(cat.System("aqotmf"))
	if err != nil {
		t.Fatal(err)
	}
	text := rulestest.ExampleText(ex)
	rulestest.WantIn(t, "the club's example", text, "Roll to hit: Defense 5, soft cover +1: 6+ on a D10 (50%)",
		"To damage: Armor 4, dug in (tripod beyond 6″) +2: 6 or more on a D10 + Power +3, so a D10 of 3 or more, 80%")
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
		t.Run(tc.name, func(t *testing.T) { wantWordsMessage(t, tc.edit, tc.want) })
	}
}

// TestTablesKeepNoWords reads this package's Go: no odds table's title,
// corner, column head, note or row label is a string written in Go with
// a word in it; they are the data's ([odds.<table>]). Symbols ("+", "–",
// ", ") may be.
func TestTablesKeepNoWords(t *testing.T) {
	fset := token.NewFileSet()
	// The engines' folders and the core beside them (rules/).
	dirs, err := filepath.Glob(filepath.Join("..", "*"))
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, "..")
	var files []string
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() || filepath.Base(d) == "rulestest" {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(d, "*.go"))
		for _, n := range names {
			if !strings.HasSuffix(n, "_test.go") {
				files = append(files, n)
			}
		}
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
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		{
			if wordless[filepath.Base(name)] {
				checked += keepsNoWords(t, fset, f)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					id, ok := n.Type.(*ast.Ident)
					if sel, isSel := n.Type.(*ast.SelectorExpr); isSel {
						id, ok = sel.Sel, true
					}
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
var wordKeys = []string{"Word", "WordsOf", "queryWordsOf", "Set", "Step", "StepAs", "NewExample", "aqNotes", "imNotes", "Plural",
	// A question, its parameters and their values (queries.go).
	"Ask", "DiceParam", "ScoreParam", "StatParam", "Switch", "Choices", "ChoicesFrom", "Int", "Bool", "NewDist"}

// wordless are the files of each engine (and of the core) that write no
// word a player reads at all, not only in a table's fields: every string
// in them with a letter is a name (see wordKeys), an id compared or
// passed on (a case, ==, !=, an ID or Cover field), or an error message.
var wordless = map[string]bool{"examples.go": true, "queries.go": true, "query.go": true}

// keepsNoWords fails for each string with a letter in f that is none of
// those, and returns how many strings it looked at.
func keepsNoWords(t *testing.T, fset *token.FileSet, f *ast.File) int {
	t.Helper()
	n := 0
	var visit func(ast.Node) bool
	// inspect visits the nodes given, not the one whose children they are.
	inspect := func(nodes ...ast.Node) bool {
		for _, n := range nodes {
			if n != nil {
				ast.Inspect(n, visit)
			}
		}
		return false
	}
	isString := func(e ast.Expr) bool { lit, ok := e.(*ast.BasicLit); return ok && lit.Kind == token.STRING }
	visit = func(n0 ast.Node) bool {
		switch x := n0.(type) {
		case *ast.ImportSpec, *ast.CaseClause:
			return false
		case *ast.BinaryExpr:
			return x.Op != token.EQL && x.Op != token.NEQ
		case *ast.KeyValueExpr:
			if k, ok := x.Key.(*ast.Ident); ok && (k.Name == "ID" || k.Name == "Cover" || k.Name == "Words" || k.Name == "Vars") {
				return false
			}
			if isString(x.Key) {
				// A map's key: a JSON field's name.
				return inspect(x.Value)
			}
		case *ast.IndexExpr:
			if isString(x.Index) {
				// A key into a map: a parameter's or a JSON field's name.
				return inspect(x.X)
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
			if slices.Contains(wordKeys, name) {
				// Its arguments are names and values; a function or
				// a list among them (a question's answer, its
				// parameters) is looked at.
				var rest []ast.Node
				for _, a := range x.Args {
					switch a.(type) {
					case *ast.FuncLit, *ast.CompositeLit:
						rest = append(rest, a)
					}
				}
				return inspect(rest...)
			}
		case *ast.BasicLit:
			if x.Kind != token.STRING {
				return false
			}
			n++
			if s, err := strconv.Unquote(x.Value); err == nil && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
				t.Errorf("%s: a word written in Go: %q (the data's [odds.<table>] or [query.<name>] words)", fset.Position(x.Pos()), s)
			}
		}
		return true
	}
	ast.Inspect(f, visit)
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
	got := rules.CheckWords(cat)
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), "club/aqotmf-club/system.toml:") ||
		!strings.Contains(got[0].Msg, `system aqotmf-club has no [odds.<table>] blocks: the words its odds tables print (the words of aqotmf are in its odds.toml: copy it beside this system.toml and write system = "aqotmf-club" in it)`) {
		t.Errorf("got %d messages:\n%v", len(got), got)
	}
}

// TestQueryReworded: a club's copy of a question's words changes its
// title, its parameters' words and its answer's, and only those; the
// book's question keeps the book's words.
func TestQueryReworded(t *testing.T) {
	cat, err := clubWords(t, func(s string) string {
		s = replace(t, `title = "Attack"`, `title = "Shooting"`)(s)
		s = replace(t, `param.cover.choices.hard = "hard"`, `param.cover.choices.hard = "stone walls"`)(s)
		s = replace(t, `param.dice.label = "Dice"`, `param.dice.label = "Dice rolled"`)(s)
		return replace(t, `words.hit = "At least one hit"`, `words.hit = "One hit or more"`)(s)
	})
	if err != nil {
		t.Fatal(err)
	}
	if l := rules.CheckWords(cat); len(l) > 0 {
		t.Fatalf("the reworded words:\n%v", l)
	}
	q, _ := rules.LookupQuery("attack")
	club, book := cat.System("aqotmf"), shipped.Catalog(t).System("aqotmf")
	if q.Title(club) != "Shooting" || q.Title(book) != "Attack" {
		t.Errorf("titles %q (club), %q (book)", q.Title(club), q.Title(book))
	}
	if cs := q.Params[4].Choices(club); len(cs) != 3 || cs[0].Label != "none" || cs[2] != (rules.Choice{Value: "hard", Label: "stone walls"}) {
		t.Errorf("the club's cover choices: %v", cs)
	}
	_, errs := q.Parse(club, get(map[string]string{"dice": "x"}))
	if len(errs) != 1 || errs[0].Error() != `Dice rolled: "x" is not a whole number from 0 to 100.` {
		t.Errorf("the club's refusal: %v", errs)
	}
	labels := func(sys *catalog.System) string {
		a, _ := q.Parse(sys, get(nil))
		ans, err := q.Answer(sys, a)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range ans.Rows {
			out = append(out, r.Label+" "+r.Detail)
		}
		return strings.Join(out, "|")
	}
	if got, want := labels(club), "A die hits on 5+|A hit damages on 4+|One hit or more |At least one damage point "; got != want {
		t.Errorf("the club's rows %q, want %q", got, want)
	}
	if got := labels(book); !strings.Contains(got, "At least one hit") {
		t.Errorf("the book's rows changed: %q", got)
	}
}

// TestQueryWordsChecked: a question's block, parameter, choice, word or
// {name} missing or unknown is an error at its place in the club's file,
// saying what was expected.
func TestQueryWordsChecked(t *testing.T) {
	all := func(old, new string) func(string) string {
		return func(s string) string { return strings.ReplaceAll(replace(t, old, new)(s), old, new) }
	}
	for _, tc := range []struct {
		name string
		edit func(string) string
		want []string
	}{
		{"no title", replace(t, "title = \"Attack\"\n", ""),
			[]string{"club/aqotmf/odds.toml:", "[query.attack]: no title; expected title = …"}},
		{"a word too many", replace(t, `words.hit = "At least one hit"`, "words.hit = \"At least one hit\"\nwords.hits = \"x\""),
			[]string{"club/aqotmf/odds.toml:", `[query.attack]: unknown word "hits" (did you mean "hit"?)`}},
		{"a word missing", replace(t, "words.on_any_roll = \"on any roll\"\n", ""),
			[]string{"[query.attack]: no words.on_any_roll"}},
		{"a name it does not fill", replace(t, `words.on = "on {score}+"`, `words.on = "on {roll}+"`),
			[]string{"club/aqotmf/odds.toml:", `[query.attack]: unknown {name} in words.on "roll"; expected one of: score`}},
		{"a name in a label", replace(t, `param.dice.label = "Dice"`, `param.dice.label = "Dice ({n})"`),
			[]string{"club/aqotmf/odds.toml:", `[query.attack]: unknown {name} in param.dice.label "n"`}},
		{"a parameter it has not", all("param.dice.", "param.die."),
			[]string{"club/aqotmf/odds.toml:", `[query.attack]: unknown parameter "die" (did you mean "dice"?)`, "[query.attack]: no param.dice.label"}},
		{"a choice it has not", replace(t, "param.cover.choices.hard", "param.cover.choices.heavy"),
			[]string{"club/aqotmf/odds.toml:", `[query.attack]: unknown choice of param.cover "heavy"`, "no param.cover.choices.hard"}},
		{"no label for none", replace(t, "param.cover.none = \"none\"\n", ""),
			[]string{"[query.attack]: no param.cover.none"}},
		{"a question it has not", replace(t, "[query.attack]", "[query.atack]"),
			[]string{"club/aqotmf/odds.toml:", `unknown odds question "atack" (did you mean "attack"?)`, "system aqotmf: no [query.attack] block"}},
		{"a key it does not read", replace(t, `param.dice.label = "Dice"`, "param.dice.label = \"Dice\"\nparam.dice.hint = \"x\""),
			[]string{"club/aqotmf/odds.toml:", "hint"}},
	} {
		t.Run(tc.name, func(t *testing.T) { wantWordsMessage(t, tc.edit, tc.want) })
	}
}

// TestQueryWordsMissingAltogether: a club's rule set copied before the
// questions' words were data (its tables' words there, no [query.<name>]
// block) gets one message saying where they are.
func TestQueryWordsMissingAltogether(t *testing.T) {
	club := shipped.Copy(t, "aqotmf", "aqotmf-club",
		shipped.Edit{RE: `(?m)^system = "aqotmf"$`, To: `system = "aqotmf-club"`},
		shipped.Edit{RE: `"(boys-of-company-c|morale-wagon)"`, To: `"club-$1"`},
		shipped.Edit{RE: `(?s)\n# The odds questions.*`, To: "\n"})
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	got := rules.CheckWords(cat)
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), "club/aqotmf-club/system.toml:") ||
		!strings.Contains(got[0].Msg, `system aqotmf-club has no [query.<name>] blocks: the words of its odds questions (the words of aqotmf are in its odds.toml: copy its [query.…] blocks into this rule set's odds.toml)`) {
		t.Errorf("got %d messages:\n%v", len(got), got)
	}
}

// wantWordsMessage loads the club's copy of AQotMF with edit made to its
// odds.toml and checks what loading or CheckWords says: every one of
// want, and each line about the club's file placed at a line and column.
func wantWordsMessage(t *testing.T, edit func(string) string, want []string) {
	t.Helper()
	cat, err := clubWords(t, edit)
	var msg string
	switch {
	case err != nil:
		msg = err.Error()
	default:
		msg = rules.CheckWords(cat).Error()
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("the message does not say %q:\n%s", w, msg)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(msg), "\n") {
		if strings.HasPrefix(line, "club/") && strings.Count(strings.SplitN(line, " ", 2)[0], ":") < 3 {
			t.Errorf("not placed at a line and column: %s", line)
		}
	}
}

// TestWordsBounded: a club's words are bounded as they are filled, not
// after. A word repeating a {name} 2,000 times (the hostile probe that took
// validate to 1.8 GB), a word repeating one made of other words, and the
// same in other tables and in an odds question's answer are each refused
// at their place in the club's file, and checking them costs a few
// megabytes.
func TestWordsBounded(t *testing.T) {
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	for _, tc := range []struct {
		name string
		edit func(string) string
		want []string
	}{
		{"a {name} 2,000 times", replace(t, `words.column = "{armor_label}, Power {power}"`, `words.column = "`+rep("{armor_label}", 2000)+`"`),
			[]string{"club/aqotmf/odds.toml:19:", "[odds.hit-damage-grid]: words.column is 26000 bytes long; expected at most 2000"}},
		{"words made of words, each under the bound", func(s string) string {
			s = replace(t, `words.column = "{armor_label}, Power {power}"`, `words.column = "`+rep("{armor_label}", 150)+`"`)(s)
			return replace(t, `words.armor = "Armor {armor}"`, `words.armor = "`+rep("A{armor}", 150)+`"`)(s)
		}, []string{"club/aqotmf/odds.toml:19:", "[odds.hit-damage-grid] words.column: filled in, it runs to more than 2000 bytes"}},
		{"a note holding a word of words", func(s string) string {
			s = replace(t, `words.of_arrivals = ", {share} of arrivals"`, `words.of_arrivals = "`+rep(", {share} of arrivals", 80)+`"`)(s)
			return replace(t, `({can_attack} of all rolls{of_arrivals})`, `({can_attack} of all rolls`+rep("{of_arrivals}", 100)+`)`)(s)
		}, []string{"club/aqotmf/odds.toml:45:", "[odds.reinforcements] notes.0: filled in, it runs to more than 2000 bytes"}},
		{"a title", replace(t, `title = "Morale check"`, `title = "`+rep("{pass}", 1000)+`"`),
			[]string{"club/aqotmf/odds.toml:", "[odds.morale]: title is 6000 bytes long; expected at most 2000"}},
		{"an example's step", replace(t, `words.hit_step = "To hit"`, `words.hit_step = "`+rep("x", 2001)+`"`),
			[]string{"club/aqotmf/odds.toml:", "[odds.example]: words.hit_step is 2001 bytes long"}},
		{"a question's answer", replace(t, `words.on = "on {score}+"`, `words.on = "`+rep("{score}", 500)+`"`),
			[]string{"club/aqotmf/odds.toml:150:", "[query.attack]: words.on is 3500 bytes long"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			wantWordsMessage(t, tc.edit, tc.want)
			runtime.ReadMemStats(&after)
			// Loading the shipped data and the club's file, checking and
			// building every table: some 10 MB. The probe took 1.8 GB.
			if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 100 {
				t.Errorf("checking the words allocated %d MB; expected a few", mb)
			}
		})
	}
}
