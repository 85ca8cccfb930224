package catalog

import (
	"reflect"
	"testing"
	"testing/fstest"
)

// TestPlayRows: a ruled cell prints its value with its reading's mark, a row the
// book prints twice under one ruling prints once, the book's rows stay.
func TestPlayRows(t *testing.T) {
	zero := 0
	tb := Table{
		Columns: []string{"Action", "Cost"},
		Rows:    [][]string{{"Wheel", "4"}, {"Wheel", "3"}, {"Column", "01"}, {"+?", "Strength"}, {"Shoot", "2"}},
		Ruled: []Ruled{
			{Row: "Wheel", Value: "4 or 3", Ruling: "Agree which.", Mark: "R2"},
			{Row: "Column", Value: "0 or 1", Ruling: "0 or 1.", Mark: "R3"},
			{Row: "+?", Column: &zero, Value: "+CS", Ruling: "Combat Strength.", Mark: "R7"},
		},
	}
	want := [][]string{{"Wheel", "4 or 3R2"}, {"Column", "0 or 1R3"}, {"+CSR7", "Strength"}, {"Shoot", "2"}}
	if got := tb.PlayRowsMarked(func(u Ruled) string { return u.Mark }); !reflect.DeepEqual(got, want) {
		t.Errorf("PlayRowsMarked() = %q, want %q", got, want)
	}
	if tb.Rows[0][1] != "4" || len(tb.Rows) != 5 {
		t.Errorf("the book's rows changed: %q", tb.Rows)
	}
}

// TestRuledChecked: a ruled cell must name a row and a note with a ruling.
func TestRuledChecked(t *testing.T) {
	src := "system = \"t\"\n[about]\nname = \"T\"\ndie = 10\n" +
		"[[note]]\nid = \"n\"\ntext = \"x\"\n" +
		"[[table]]\nid = \"t\"\nname = \"T\"\ncolumns = [\"A\", \"B\"]\nrows = [[\"a\", \"1\"]]\n" +
		"ruled = [{ row = \"b\", value = \"2\", ruling = \"n\" }]\n"
	_, l := Load(Source{"data", mapFS("t/system.toml", src)})
	var msgs []string
	for _, d := range l {
		msgs = append(msgs, d.Msg)
	}
	want := []string{`table "t", ruled cell 1: no row starts with "b"`, `table "t", ruled cell 1: note "n" is not a source note with a ruling`}
	if !reflect.DeepEqual(msgs, want) {
		t.Errorf("messages %q, want %q", msgs, want)
	}
}

func mapFS(name, src string) fstest.MapFS {
	return fstest.MapFS{name: {Data: []byte(src)}}
}

// TestReadingMarks: every reading of a rule set has its own mark, in the
// order of the data; a note without a ruling has none; an add-on's
// readings count on from its base's, and its ruled cells carry them.
func TestReadingMarks(t *testing.T) {
	base := "system = \"b\"\n[about]\nname = \"B\"\ndie = 10\n" +
		"[[note]]\nid = \"one\"\ntext = \"x\"\nruling = \"Do one.\"\n" +
		"[[note]]\nid = \"gap\"\ntext = \"x\"\n" +
		"[[note]]\nid = \"two\"\ntext = \"x\"\nruling = \"Do two.\"\n"
	add := "system = \"a\"\n[about]\nname = \"A\"\ndie = 10\nadd_on_to = \"b\"\n" +
		"[[note]]\nid = \"three\"\ntext = \"x\"\nruling = \"Do three.\"\n" +
		"[[table]]\nid = \"t\"\nname = \"T\"\ncolumns = [\"A\", \"B\"]\nrows = [[\"a\", \"1\"]]\n" +
		"ruled = [{ row = \"a\", value = \"2\", ruling = \"three\" }]\n"
	cat, l := Load(Source{"data", fstest.MapFS{"b/system.toml": {Data: []byte(base)}, "a/system.toml": {Data: []byte(add)}}})
	for _, d := range l {
		if !d.Warning {
			t.Fatalf("load: %v", l)
		}
	}
	marks := map[string]string{}
	for _, s := range cat.Systems {
		for _, n := range s.Notes {
			marks[n.System+"/"+n.ID] = n.Mark
		}
	}
	want := map[string]string{"b/one": "R1", "b/gap": "", "b/two": "R2", "a/three": "R3"}
	if !reflect.DeepEqual(marks, want) {
		t.Errorf("marks %v, want %v", marks, want)
	}
	a := cat.System("a")
	if got := a.Tables[0].PlayRowsMarked(func(u Ruled) string { return u.Mark }); got[0][1] != "2R3" {
		t.Errorf("ruled cell prints %q, want 2R3", got[0][1])
	}
	if n := a.ReadingByMark("R2"); n == nil || n.ID != "two" {
		t.Errorf("ReadingByMark(R2) = %v, want the base's reading two", n)
	}
}

func TestGroupHead(t *testing.T) {
	for _, tt := range []struct {
		cell, want string
		ok         bool
	}{
		{"Artillery:-", "Artillery:", true},
		{"Formation Changes:–", "Formation Changes:", true},
		{"Artillery:", "Artillery:", false}, // no dash: the book's own colon
		{"Limbering-", "Limbering", false},  // a dash with no colon
		{"-", "", false},
		{"Artillery: -", "Artillery: ", false},
	} {
		g, ok := GroupHead(tt.cell)
		if ok != tt.ok || (ok && g != tt.want) {
			t.Errorf("GroupHead(%q) = %q, %v; want %q, %v", tt.cell, g, ok, tt.want, tt.ok)
		}
	}
}
