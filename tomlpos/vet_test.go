package tomlpos

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/toml"
)

func TestVet(t *testing.T) {
	deep := func(open, close string, n int) string {
		return "x = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + "\n"
	}
	dotted := func(n int) string { return strings.TrimPrefix(strings.Repeat(".a", n), ".") }
	tests := []struct {
		name string
		src  string
		want string // "" when the text may be parsed
	}{
		{"shallow arrays", deep("[", "]", limits.MaxDepth), ""},
		{"deep arrays", deep("[", "]", limits.MaxDepth+1), "f.toml:1:37: values nested more than 32 deep; expected at most 32 levels of [ ] and { }"},
		{"deep inline tables", "x = " + strings.Repeat("{a = ", 40) + "1" + strings.Repeat("}", 40), "f.toml:1:165: values nested more than 32 deep; expected at most 32 levels of [ ] and { }"},
		{"deep inside an array on a later line", "a = 1\nx = [\n  " + strings.Repeat("[", 33) + "\n]\n", "f.toml:3:34: values nested more than 32 deep; expected at most 32 levels of [ ] and { }"},
		{"unclosed arrays", "x = " + strings.Repeat("[", 1000), "f.toml:1:37: values nested more than 32 deep; expected at most 32 levels of [ ] and { }"},
		{"dotted key", dotted(limits.MaxDepth) + " = 1\n", ""},
		{"long dotted key", dotted(limits.MaxDepth+1) + " = 1\n", "f.toml:1:64: a key of more than 32 dotted parts; expected at most 32"},
		{"long table header", "[" + dotted(100) + "]\n", "f.toml:1:65: a key of more than 32 dotted parts; expected at most 32"},
		{"long array header", "[[" + dotted(100) + "]]\n", "f.toml:1:66: a key of more than 32 dotted parts; expected at most 32"},
		{"long key in an inline table", "x = {b = 1, " + dotted(40) + " = 2}\n", "f.toml:1:76: a key of more than 32 dotted parts; expected at most 32"},
		{"quoted dotted key", `"a".b."c" = 1`, ""},
		// What only looks deep: brackets and dots in strings, comments,
		// numbers and dates.
		{"brackets in strings", `x = "` + strings.Repeat("[", 100) + `"` + "\ny = '" + strings.Repeat("{", 100) + "'\n", ""},
		{"brackets in a multi-line string", "x = \"\"\"\n" + strings.Repeat("[", 100) + "\\\"\"\" ]]\n\"\"\"\ny = '''\n" + strings.Repeat("[", 100) + "\n'''\n", ""},
		{"brackets in a comment", "# " + strings.Repeat("[", 100) + "\nx = 1 # " + strings.Repeat("{", 100) + "\n", ""},
		{"dots in values", "x = [" + strings.Repeat("1.5, ", 100) + "2.5]\nd = 1979-05-27T07:32:00.999Z\nv = \"a.b.c.d.e\"\n", ""},
		{"many shallow tables", strings.Repeat("[[unit]]\nid = \"a\"\nx = [[1, 2], [3, 4]]\n", 1000), ""},
		{"escaped quote ends nothing", `x = "a\"[[[[" ` + "\ny = 1\n", ""},
		{"too big", strings.Repeat("#", limits.MaxFileSize+1), "f.toml: the file is 262145 bytes; expected at most 262144 (256 KiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if err := Vet("f.toml", []byte(tt.src)); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Vet = %q\n want %q", got, tt.want)
			}
		})
	}
}

// Decode refuses what Vet refuses, before the parser sees it.
func TestDecodeVets(t *testing.T) {
	src := "name = \"x\"\ntags = " + strings.Repeat("[", 100000) + "\n"
	var v rich
	_, l, ok := Decode("f.toml", []byte(src), &v)
	if ok || len(l) != 1 || l[0].Line != 2 || !strings.Contains(l[0].Msg, "nested more than 32 deep") {
		t.Errorf("Decode of deeply nested text: ok %v, %v", ok, l)
	}
}

// FuzzVet: Vet never fails on text the parser reads as nested within the
// bounds, and whatever it lets through parses to a tree no deeper than
// its bounds allow (a header's parts, a key's parts, and inside each level
// of brackets a key's parts again).
func FuzzVet(f *testing.F) {
	for _, s := range []string{sample, "a.b.c = [[1, {d.e = 2}]]\n", "[[a.b]]\nc = {d = [{e = 1}]}\n", `x = "[[[" # ]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		vetErr := Vet("f.toml", []byte(src))
		var tree any
		if _, err := toml.Decode(src, &tree); err != nil {
			return
		}
		d := depth(tree)
		if vetErr == nil && d > 2*limits.MaxDepth+limits.MaxDepth*(limits.MaxDepth+1) {
			t.Errorf("Vet let through text %d deep:\n%s", d, src)
		}
		if vetErr != nil && d <= limits.MaxDepth/2 && len(src) <= limits.MaxFileSize {
			t.Errorf("Vet refused text only %d deep: %v\n%s", d, vetErr, src)
		}
	})
}

// depth is how deep a parsed TOML value nests.
func depth(v any) int {
	most := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			most = max(most, depth(e))
		}
	case []map[string]any:
		for _, e := range v {
			most = max(most, depth(e))
		}
	case []any:
		for _, e := range v {
			most = max(most, depth(e))
		}
	default:
		return 0
	}
	return most + 1
}
