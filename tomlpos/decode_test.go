package tomlpos

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/diag"
)

// upper decodes itself from text, as catalog.Length does.
type upper string

func (u *upper) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		return fmt.Errorf("empty text; expected a word")
	}
	*u = upper(strings.ToUpper(string(b)))
	return nil
}

type rich struct {
	Name   string     `toml:"name"`
	Count  *int       `toml:"count"`
	Ratio  float64    `toml:"ratio"`
	On     bool       `toml:"on"`
	Tags   []string   `toml:"tags"`
	Rows   [][]string `toml:"rows"`
	Word   upper      `toml:"word"`
	Inner  *rich      `toml:"inner"`
	Parts  []part     `toml:"part"`
	Extra  map[string]int
	Hidden string `toml:"-"`
}

type part struct {
	ID     string    `toml:"id"`
	Points int       `toml:"points"`
	At     []float64 `toml:"at"`
}

// A bare number where a type reads text is handed to it as text, so the
// type's own message says what was expected.
func TestDecodeNumberAsText(t *testing.T) {
	var v rich
	_, l := DecodeTOML("f.toml", []byte("word = 6\n"), &v)
	if len(l) > 0 || v.Word != "6" {
		t.Errorf("word = 6 gave %q, %v; want \"6\" and no error", v.Word, l)
	}
}

func TestDecodeFills(t *testing.T) {
	src := `name = "n"
count = 3
ratio = 2
on = true
tags = ["a", "b"]
rows = [["1", "2"], ["3"]]
word = "hi"
Extra = {x = 1}

[inner]
name = "deep"

[[part]]
id = "p"
points = 5
at = [1, 2.5]
`
	var v rich
	_, l := DecodeTOML("f.toml", []byte(src), &v)
	if len(l) > 0 {
		t.Fatalf("unexpected diagnostics:\n%v", l)
	}
	got := fmt.Sprintf("%s %d %g %v %v %v %s %s %v %v", v.Name, *v.Count, v.Ratio, v.On, v.Tags, v.Rows, v.Word, v.Inner.Name, v.Parts, v.Extra)
	want := "n 3 2 true [a b] [[1 2] [3]] HI deep [{p 5 [1 2.5]}] map[x:1]"
	if got != want {
		t.Errorf("decoded %s\n   want %s", got, want)
	}
}

// Every value of the wrong type is reported, each at its own value, and
// the walk goes on past it.
func TestDecodeAllWrongValues(t *testing.T) {
	src := `name = 1
tags = ["a", 2]
word = ""

[[part]]
id = "p"
points = 1

[[part]]
id = "q"
points = 2.5
at = "far"
`
	var v rich
	_, l, ok := Decode("f.toml", []byte(src), &v)
	if ok {
		t.Error("Decode reported the value filled despite values of the wrong type")
	}
	want := `f.toml:1:8: name: found an integer, expected a string
f.toml:2:14: tags: found an integer, expected a string
f.toml:3:8: word: empty text; expected a word
f.toml:11:10: part.points: found a number, expected an integer
f.toml:12:6: part.at: found a string, expected an array`
	if got := l.Error(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// An int holds what a 32-bit int holds, on every machine: a file gets
// the same answer on a 32-bit one (arm, 386), where a larger number
// would not fit, as on a 64-bit one.
func TestDecodeIntsAre32Bits(t *testing.T) {
	src := "[[part]]\npoints = 2147483647\n[[part]]\npoints = -2147483648\n[[part]]\npoints = 2147483648\n[[part]]\npoints = -9223372036854775808\n"
	var v rich
	_, l, _ := Decode("f.toml", []byte(src), &v)
	want := `f.toml:6:10: part.points: 2147483648 is too large; expected at most 2147483647
f.toml:8:10: part.points: -9223372036854775808 is too small; expected at least -2147483648`
	if got := l.Error(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(v.Parts) != 4 || v.Parts[0].Points != 2147483647 || v.Parts[1].Points != -2147483648 {
		t.Errorf("the bounds themselves were not kept: %+v", v.Parts)
	}
}

// Plans are made once per type, by whichever walk meets the type first;
// walks running at the same time must never see half a plan.
func TestDecodeConcurrentFirstUse(t *testing.T) {
	type fresh struct {
		A, B, C string
		Inner   []struct{ X, Y, Z int }
	}
	src := []byte("A = \"a\"\nB = \"b\"\nC = \"c\"\n[[Inner]]\nX = 1\nY = 2\nZ = 3\n")
	var wg sync.WaitGroup
	errs := make([]diag.List, 8)
	for i := range errs {
		wg.Go(func() {
			var v fresh
			_, errs[i] = DecodeTOML("f.toml", src, &v)
		})
	}
	wg.Wait()
	for _, l := range errs {
		if len(l) > 0 {
			t.Fatalf("a walk saw an unfinished plan:\n%v", l)
		}
	}
}

// FuzzDecode: whatever the text, decoding never panics, and a value is
// only called filled when no diagnostic says otherwise.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{sample, "name = 1\ntags = [1, [2]]\n", "[[part]]\nat = [1, \"x\"]\n[inner.inner]\ncount = 99999999999999999999\n", "when = 1979-05-27\nname = 1979-05-27T07:32:00Z\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var v rich
		_, l, ok := Decode("f.toml", []byte(src), &v)
		if !ok && len(l.Errors()) == 0 {
			t.Errorf("not filled, yet no error:\n%s", src)
		}
	})
}

type common struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
}

type Extra struct {
	Note string `toml:"note"`
}

type hidden struct {
	Secret string `toml:"secret"`
}

type withEmbedded struct {
	common
	*Extra
	*hidden        // out of reflection's reach: its keys are unknown
	Name    string `toml:"name"` // hides common.Name
	Points  int    `toml:"points"`
}

// Fields of embedded structs are the outer struct's, as BurntSushi/toml
// (and encoding/json) have them.
func TestDecodeEmbedded(t *testing.T) {
	var v withEmbedded
	_, l := DecodeTOML("f.toml", []byte("id = \"a\"\nname = \"outer\"\nnote = \"n\"\npoints = 3\n"), &v)
	if len(l) > 0 {
		t.Fatalf("unexpected diagnostics:\n%v", l)
	}
	if v.ID != "a" || v.Name != "outer" || v.common.Name != "" || v.Extra == nil || v.Note != "n" || v.Points != 3 {
		t.Errorf("decoded %+v (extra %+v)", v, v.Extra)
	}
	_, l = DecodeTOML("f.toml", []byte("secret = \"s\"\n"), &v)
	if len(l) != 1 || !strings.Contains(l[0].Msg, `unknown key "secret"`) {
		t.Errorf("a key behind an embedded pointer to an unexported struct: %v", l)
	}
}
