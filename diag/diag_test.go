package diag

import "testing"

func TestListErr(t *testing.T) {
	l := List{{File: "b", Line: 2, Msg: "late"}, {File: "a", Line: 9, Col: 3, Warning: true, Msg: "careful"}, {File: "a", Line: 1, Col: 1, Msg: "early"}}
	l.Sort()
	if got := l.Error(); got != "a:1:1: early\na:9:3: warning: careful\nb:2: late" {
		t.Errorf("sorted list:\n%s", got)
	}
	if got := l.Err().Error(); got != "a:1:1: early\nb:2: late" {
		t.Errorf("Err keeps warnings:\n%s", got)
	}
	if (List{{Warning: true}}).Err() != nil {
		t.Error("warnings alone must not be an error")
	}
}

func TestTrim(t *testing.T) {
	var l List
	for i := 1; i <= 5; i++ {
		l = append(l, Diag{File: "a", Line: i, Msg: "e"})
	}
	l = append(l, Diag{File: "a", Line: 9, Warning: true, Msg: "w"}, Diag{File: "b", Line: 1, Msg: "e"})
	got := l.Trim(2).Error()
	want := "a:1: e\na:2: e\na:2: 3 more errors in this file not shown; mend these first\na:9: warning: w\nb:1: e"
	if got != want {
		t.Errorf("Trim(2):\n%s\nwant:\n%s", got, want)
	}
	if got := l.Trim(5).Error(); got != l.Error() {
		t.Errorf("Trim(5) of 5 errors changed the list:\n%s", got)
	}
}

// TestOneLine: a message quoting a newline still prints on one line.
func TestOneLine(t *testing.T) {
	d := Diag{File: "x.md", Line: 3, Col: 8, Msg: "1: not a binary number: '0b\n'"}
	if got, want := d.Error(), `x.md:3:8: 1: not a binary number: '0b\n'`; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
