package tomlpos

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/diag"
)

const sample = `system = "x" # comment
narrative = """
a [[fake]] header
inside a string"""

[about]
name = 'Test'

[[unit]]
id = "a"
composition = [{profile = "inf", count = 5}, {profile = "hmg", count = 3}]

[[unit]]
id = "b"
  [unit.extra]
  deep = 1

[[unit.part]]
n = 2
`

func TestIndex(t *testing.T) {
	ix := NewIndex("f.toml", []byte(sample))
	tests := []struct {
		path      string
		key       bool
		line, col int
	}{
		{"system", true, 1, 1},
		{"system", false, 1, 10},
		{"narrative", true, 2, 1},
		{"about.name", false, 7, 8},
		{"unit.0", true, 9, 3},
		{"unit.0.id", false, 10, 6},
		{"unit.0.composition.1.count", false, 11, 72},
		{"unit.0.composition.1", true, 11, 46},
		{"unit.1.id", true, 14, 1},
		{"unit.1.extra.deep", true, 16, 3},
		{"unit.1.part.0.n", false, 19, 5},
		{"unit.1.nothing.here", true, 13, 3}, // falls back to the enclosing table
	}
	for _, tt := range tests {
		var p diag.Pos
		if tt.key {
			p = ix.Key(tt.path)
		} else {
			p = ix.Value(tt.path)
		}
		if p.Line != tt.line || p.Col != tt.col {
			t.Errorf("%s (key=%v) at %d:%d, want %d:%d", tt.path, tt.key, p.Line, p.Col, tt.line, tt.col)
		}
	}
	lazy := NewIndex("f.toml", []byte(sample))
	for _, tt := range tests {
		p := lazy.Later(tt.path)
		if lazy.t != nil {
			t.Fatalf("Later(%q) scanned the source; it should wait until the place is needed", tt.path)
		}
		if got, want := p.Resolve(), ix.Key(tt.path); got != want {
			t.Errorf("Later(%q).Resolve() = %v, want %v", tt.path, got, want)
		}
		if got, want := p.String(), ix.Key(tt.path).String(); got != want {
			t.Errorf("Later(%q).String() = %q, want %q", tt.path, got, want)
		}
		lazy = NewIndex("f.toml", []byte(sample))
	}
	var l diag.List
	l.Add(NewIndex("f.toml", []byte(sample)).Later("unit.1.id"), "bad")
	if l[0].Line != 14 || l[0].Col != 1 {
		t.Errorf("diag.List.Add placed a lazy position at %d:%d, want 14:1", l[0].Line, l[0].Col)
	}
	if ix.Has("fake") {
		t.Error("a header inside a multi-line string was taken for a table")
	}
	// Forgotten keys are found again by reading the text anew.
	ix.Forget()
	if ix.t != nil {
		t.Fatal("Forget kept the tree of keys")
	}
	for _, tt := range tests {
		if p := ix.Key(tt.path); tt.key && (p.Line != tt.line || p.Col != tt.col) {
			t.Errorf("after Forget, %s at %d:%d, want %d:%d", tt.path, p.Line, p.Col, tt.line, tt.col)
		}
	}
}

type target struct {
	Name  string `toml:"name"`
	Units []struct {
		ID     string `toml:"id"`
		Points int    `toml:"points"`
	} `toml:"unit"`
}

func TestDecodeTOML(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"name = \"x\"\nnmae = 3\n", `f.toml:2:1: unknown key "nmae"; expected one of: name, unit (did you mean "name"?)`},
		{"[[unit]]\nid = \"a\"\npoints = 1\n[[unit]]\nid = \"b\"\npionts = 2\n", `f.toml:6:1: unknown key "pionts" in unit; expected one of: id, points (did you mean "points"?)`},
		{"[[unit]]\nid = \"a\"\npoints = \"many\"\n", `f.toml:3:10: unit.points: found a string, expected an integer`},
		{"Name = \"x\"\n[[unit]]\nID = \"a\"\n", `f.toml:1:1: key "Name" is written "name": keys are lower case
f.toml:3:1: key "ID" is written "id": keys are lower case`},
		{"name = \n", `f.toml:1:8: name: expected value but found '\n' instead`},
	}
	for _, tt := range tests {
		var v target
		_, l := DecodeTOML("f.toml", []byte(tt.src), &v)
		if got := l.Error(); !strings.HasPrefix(got, tt.want) {
			t.Errorf("DecodeTOML(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// FuzzIndex: the position scanner must never panic, whatever the text.
func FuzzIndex(f *testing.F) {
	for _, s := range []string{sample, `a = "x\`, "a = '''\n", `000000."0000\`, "[[a]]\nb = [{c = 1}, {d = \"\\\"\"}]\n", "x = \"\"\"a\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		ix := NewIndex("f.toml", []byte(src))
		ix.Key("a.b.0.c")
		var v target
		DecodeTOML("f.toml", []byte(src), &v)
	})
}

func TestUnknownTablesOnce(t *testing.T) {
	src := "name = \"x\"\n[extra]\na = 1\nb = 2\n[[unit]]\nid = \"u\"\nmore.deep = 3\n"
	var v target
	_, l := DecodeTOML("f.toml", []byte(src), &v)
	want := "f.toml:2:2: unknown key \"extra\"; expected one of: name, unit\n" +
		"f.toml:7:1: unknown key \"more\" in unit; expected one of: id, points"
	if got := l.Error(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
