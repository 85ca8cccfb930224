package catalog

import (
	"reflect"
	"testing"
	"testing/fstest"
)

// TestPlayRows: a ruled cell prints its value with its mark, a row the
// book prints twice under one ruling prints once, the book's rows stay.
func TestPlayRows(t *testing.T) {
	zero := 0
	tb := Table{
		Columns: []string{"Action", "Cost"},
		Rows:    [][]string{{"Wheel", "4"}, {"Wheel", "3"}, {"Column", "01"}, {"+?", "Strength"}, {"Shoot", "2"}},
		Ruled: []Ruled{
			{Row: "Wheel", Value: "4 or 3", Ruling: "Agree which."},
			{Row: "Column", Value: "0 or 1", Ruling: "0 or 1."},
			{Row: "+?", Column: &zero, Value: "+CS", Ruling: "Combat Strength."},
		},
	}
	want := [][]string{{"Wheel", "4 or 3†"}, {"Column", "0 or 1‡"}, {"+CS§", "Strength"}, {"Shoot", "2"}}
	if got := tb.PlayRows(); !reflect.DeepEqual(got, want) {
		t.Errorf("PlayRows() = %q, want %q", got, want)
	}
	if got := tb.Rulings(); !reflect.DeepEqual(got, []string{"† Agree which.", "‡ 0 or 1.", "§ Combat Strength."}) {
		t.Errorf("Rulings() = %q", got)
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
