package dicegame

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/toml"
)

// docSections are the format page's sections on the [dice] block, each
// with the types whose keys it describes.
var docSections = []struct {
	head  string
	types []any
}{
	{"`[[dice.stat]]`", []any{Stat{}}},
	{"`[[dice.param]]`", []any{Param{}}},
	{"`[[dice.modifier]]`", []any{Modifier{}}},
	{"`[[dice.step]]`", []any{Step{}, Lookup{}}},
	{"`[[dice.chain]]`", []any{Chain{}}},
	{"`[[dice.table]]`", []any{Table{}, Axis{}, Measure{}}},
	{"`[[dice.question]]`", []any{Question{}}},
	{"`[dice.army]`", []any{Army{}}},
}

// readDoc is docs/dice-engine.md split at its "## " headings.
func readDoc(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "dice-engine.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, sec := range strings.Split("\n"+string(b), "\n## ")[1:] {
		head, body, _ := strings.Cut(sec, "\n")
		out[head] = body
	}
	return out
}

// section is the text of the doc's section whose heading holds head.
func section(t *testing.T, doc map[string]string, head string) string {
	t.Helper()
	for h, body := range doc {
		if strings.Contains(h, head) {
			return body
		}
	}
	t.Fatalf("docs/dice-engine.md has no section on %s", head)
	return ""
}

// tags are the TOML keys of a struct.
func tags(v any) []string {
	var out []string
	ty := reflect.TypeOf(v)
	for i := range ty.NumField() {
		if k, _, _ := strings.Cut(ty.Field(i).Tag.Get("toml"), ","); k != "" && k != "-" {
			out = append(out, k)
		}
	}
	return out
}

var (
	// placeholder makes an axis or measure the page writes with letters
	// for numbers a value.
	placeholder = strings.NewReplacer("values = […]", "values = [1]", "measures = […]", "measures = [{ step = \"s\" }]", "= a", "= 1", "= b", "= 2", "= k", "= 1")
	keyRow      = regexp.MustCompile("(?m)^\\| ((?:`[a-z_]+`(?:, )?)+) \\|")
	keyName     = regexp.MustCompile("`([a-z_]+)`")
	tomlFen     = regexp.MustCompile("(?s)```toml\n(.*?)```")
)

// TestDocKeys: the format page names every key of the [dice] block, and
// every key it names in its tables is one the engine reads.
func TestDocKeys(t *testing.T) {
	doc := readDoc(t)
	for _, s := range docSections {
		body := section(t, doc, s.head)
		known := map[string]bool{}
		for _, v := range s.types {
			for _, k := range tags(v) {
				known[k] = true
				if !strings.Contains(body, "`"+k+"`") && !regexp.MustCompile(`(?m)(^|[{,] *)`+k+` =`).MatchString(body) {
					t.Errorf("%s: the key %s (%T) is not described", s.head, k, v)
				}
			}
		}
		for _, m := range keyRow.FindAllStringSubmatch(body, -1) {
			for _, k := range keyName.FindAllStringSubmatch(m[1], -1) {
				if !known[k[1]] {
					t.Errorf("%s: the table names a key %q the engine does not read", s.head, k[1])
				}
			}
		}
	}
}

// docFile is what a block of the page may hold: a rule set's [dice]
// block, its tables and charts.
type docFile struct {
	System string          `toml:"system"`
	Dice   Rules           `toml:"dice"`
	Table  []catalog.Table `toml:"table"`
	Chart  []catalog.Chart `toml:"chart"`
}

// decodeStrict decodes TOML, every key known.
func decodeStrict(t *testing.T, what, src string, v any) bool {
	t.Helper()
	md, err := toml.Decode(src, v)
	if err != nil {
		t.Errorf("%s: %v\n%s", what, err, src)
		return false
	}
	if u := md.Undecoded(); len(u) > 0 {
		t.Errorf("%s: keys the engine does not read: %v\n%s", what, u, src)
		return false
	}
	return true
}

// tested are the rule sets the tests work through: the two examples and
// the proving ground, as generic TOML, every file of each.
func tested(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	add := func(src string) {
		m := map[string]any{}
		if _, err := toml.Decode(src, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	add(proving)
	for _, dir := range []string{"canal-raiders", "martian-shooting"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "examples", dir, dir, "*.toml"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			add(string(b))
		}
	}
	return out
}

// within says whether every key doc sets, it sets to the same value in
// got (tables of arrays: entry by entry).
func within(doc, got any) bool {
	switch d := doc.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range d {
			if !within(v, g[k]) {
				return false
			}
		}
		return true
	case []map[string]any:
		g, ok := got.([]map[string]any)
		if !ok || len(g) != len(d) {
			return false
		}
		for i := range d {
			if !within(d[i], g[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(doc, got)
}

// entries are a decoded file's entries by kind ("dice.step", "chart"):
// each array of tables, and [dice.army] as one.
func entries(m map[string]any) map[string][]map[string]any {
	out := map[string][]map[string]any{}
	for k, v := range m {
		switch v := v.(type) {
		case []map[string]any:
			out[k] = v
		case map[string]any:
			if k == "dice" {
				for kk, e := range entries(v) {
					out["dice."+kk] = e
				}
				if a, ok := v["army"].(map[string]any); ok {
					out["dice.army"] = []map[string]any{a}
				}
			}
		}
	}
	return out
}

// TestDocExamples: every TOML example of the format page reads with no
// key the engine ignores, and every entry it shows is, key for key, one of
// a rule set the tests work through (the examples' odds are the fractions
// worked by hand and the dedicated engines' tables; the proving ground's
// are worked by hand) — so what the page shows is what is tested.
func TestDocExamples(t *testing.T) {
	doc := readDoc(t)
	var all strings.Builder
	for _, body := range doc {
		all.WriteString(body)
	}
	known := tested(t)
	n := 0
	for _, m := range tomlFen.FindAllStringSubmatch(all.String(), -1) {
		src := m[1]
		if !strings.Contains(src, "[dice.") && !strings.Contains(src, "[[dice.") && !strings.Contains(src, "[[chart]]") && !strings.Contains(src, "[[table]]") {
			continue // system.toml's head and odds.toml's words: the examples' own, checked by their packs
		}
		n++
		var f docFile
		if !decodeStrict(t, "a block of docs/dice-engine.md", src, &f) {
			continue
		}
		generic := map[string]any{}
		if _, err := toml.Decode(src, &generic); err != nil {
			t.Fatal(err)
		}
		for kind, es := range entries(generic) {
			for _, e := range es {
				found := false
				for _, k := range known {
					for _, g := range entries(k)[kind] {
						if (kind == "dice.army" || e["id"] == g["id"] || e["name"] == g["name"] && e["id"] == nil) && within(e, g) {
							found = true
						}
					}
				}
				if !found {
					t.Errorf("docs/dice-engine.md: the %s example %v is not one of a tested rule set (canal-raiders, martian-shooting, the proving ground): make it one, or make it so", kind, e)
				}
			}
		}
	}
	if n < 8 {
		t.Errorf("%d examples of the [dice] block in docs/dice-engine.md, want one for each kind", n)
	}
	// The tables' examples: each `key = …` of a key table reads as its
	// type's; each axis and measure as one.
	for _, s := range docSections {
		body := section(t, doc, s.head)
		for _, line := range strings.Split(body, "\n") {
			cells := strings.Split(line, " | ")
			if !strings.HasPrefix(line, "| `") || len(cells) < 2 {
				continue
			}
			first := strings.Trim(strings.TrimPrefix(cells[0], "| "), "`")
			last := strings.Trim(strings.TrimSuffix(cells[len(cells)-1], " |"), "`")
			switch {
			case strings.HasPrefix(first, "{"):
				src := "x = " + placeholder.Replace(first)
				if strings.Contains(first, "param") || strings.Contains(first, "measures") {
					decodeStrict(t, "axis "+first, src, &struct{ X Axis }{})
				} else {
					decodeStrict(t, "measure "+first, src, &struct{ X Measure }{})
				}
			case strings.HasPrefix(last, "{") && !strings.Contains(last, "…"):
				v := reflect.New(reflect.TypeOf(s.types[0])).Interface()
				decodeStrict(t, s.head+" example "+last, first+" = "+last, v)
			case strings.Contains(last, " = ") && !strings.Contains(last, "…"):
				v := reflect.New(reflect.TypeOf(s.types[0])).Interface()
				decodeStrict(t, s.head+" example "+last, last, v)
			}
		}
	}
}
