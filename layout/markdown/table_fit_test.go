package markdown

import "testing"

// cellOf is a cell of words of the widths, a space of 1 between them.
func cellOf(widths ...float64) inlines {
	var c inlines
	for i, w := range widths {
		if i > 0 {
			c = append(c, tok{kind: tGlue, w: 1})
		}
		c = append(c, tok{kind: tWord, w: w})
	}
	return c
}

// TestTwoFirst: a header stacked over three lines is given the width for
// two before any column gets its whole name; one already on two lines, or
// wanting more than is spare, is left as it is.
func TestTwoFirst(t *testing.T) {
	on := cellOf(2, 3, 4) // "On the spot": 4 wide a word a line, 6 for "On the" / "spot"
	if n := lineCount(on, 1, 4); n != 3 {
		t.Fatalf("lineCount at 4 = %d, want 3", n)
	}
	if w := twoLines(on, 1); w != 6 {
		t.Fatalf("twoLines = %g, want 6", w)
	}
	if n := lineCount(on, 1, 6); n != 2 {
		t.Fatalf("lineCount at twoLines = %d, want 2", n)
	}
	rows := []tableRow{{header: true, cells: []inlines{cellOf(7, 2), on}}}
	w := []float64{7, 4}
	if left := twoFirst(rows, w, 1, 3); w[0] != 7 || w[1] != 6 || left != 1 {
		t.Errorf("twoFirst: widths %v, %g left; want [7 6], 1 left", w, left)
	}
	w = []float64{7, 4}
	if left := twoFirst(rows, w, 1, 1); w[1] != 4 || left != 1 {
		t.Errorf("twoFirst with too little spare: widths %v, %g left; want [7 4], 1 left", w, left)
	}
}
