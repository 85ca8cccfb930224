package markdown

import (
	"fmt"
	"strings"
	"testing"
)

// fourPages is a table-heavy reference sheet that fills four A4 pages in
// two columns.
func fourPages() string {
	var b strings.Builder
	b.WriteString("# Benchmark sheet\n\nA table-heavy document of the size of a reference sheet.\n\n<!-- columns: 2 -->\n\n")
	for s := 1; s <= 14; s++ {
		fmt.Fprintf(&b, "## Section %d\n\nSome text before the table, *with emphasis* and **bold**, long enough to wrap over two lines in a column.[^n%d]\n\n", s, s)
		b.WriteString("| Roll | Result | Chance | Notes |\n|:--:|:--|--:|:--|\n")
		for r := 1; r <= 14; r++ {
			fmt.Fprintf(&b, "| %d–%d | Result %d of section %d | %d.%d%% | %s |\n", r, r+1, r, s, (r*7)%100, r%10, strings.Repeat("note ", r%4+1))
		}
		b.WriteString("\n")
	}
	for s := 1; s <= 14; s++ {
		fmt.Fprintf(&b, "[^n%d]: Source note %d.\n", s, s)
	}
	return b.String()
}

func TestFourPages(t *testing.T) {
	if n := record(t, fourPages(), Options{Columns: 1, BaseSize: 8.5}).pages; n != 4 {
		t.Errorf("the benchmark document fills %d pages; adjust it to 4", n)
	}
}

func BenchmarkRender4Pages(b *testing.B) {
	md := []byte(fourPages())
	opt := Options{Title: "Benchmark", Stamp: "abc1234", BaseSize: 8.5}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PDF(md, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/4, "ms/page")
}
