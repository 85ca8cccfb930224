package markdown

import (
	"runtime"
	"strings"
	"testing"

	"github.com/playaid/playaid/diag"
)

// TestParseBounded: Markdown shaped to make the parser or the renderer
// work far beyond its size (quotes a thousand deep, lists indented as
// deep, a line of unfinished links) is refused at its line, before the
// work, by every path that reads Markdown (PDF, HTML, Measure); the same
// shapes within the bounds are read.
func TestParseBounded(t *testing.T) {
	indented := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat("  ", i) + "- item\n")
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		md   string
		want string // "" for read
	}{
		{"quotes a thousand deep", "Intro.\n\n" + strings.Repeat(">", 1000) + " x\n", "3: the line is indented 1001 columns"},
		{"quotes 200,000 deep", strings.Repeat(">", 200000) + " x\n", "1: the line is indented 200001 columns"},
		{"quotes five deep", "Intro.\n\n> > > > > x\n", "3: quotes and lists stand 5 deep here, one within another; expected at most 4"},
		{"lists on one line", "- - - - - - - - - - x\n", "1: quotes and lists stand 5 deep"},
		{"quotes and lists mixed", "> - > - > x\n", "1: quotes and lists stand 5 deep"},
		{"lists indented a thousand deep", indented(1000), "34: the line is indented 66 columns"},
		{"tabs", "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t- x\n", "1: the line is indented 68 columns"},
		{"unfinished links on a line", "Before.\n\n" + strings.Repeat("[a](", 20000) + "\n", "3: the paragraph holds 20000 closing brackets (]: links and footnote marks); expected at most 64"},
		{"unfinished links on many lines", "Before.\n\n" + strings.Repeat("[a](\n", 20000), "3: the paragraph holds 20000 closing brackets"},
		{"references", strings.Repeat("[a]\n", 65), "1: the paragraph holds 65 closing brackets"},
		{"footnote marks", "x" + strings.Repeat("[^a]", 100) + "\n\n[^a]: note\n", "1: the paragraph holds 100 closing brackets"},
		{"in a list's item", "- one\n- two " + strings.Repeat("[a](", 65) + "\n", "2: the paragraph holds 65 closing brackets"},
		{"in a quote", "> " + strings.Repeat("![a](", 70) + "\n", "1: the paragraph holds 70 closing brackets"},

		{"quotes four deep", "> > > > x\n", ""},
		{"lists indented four deep", indented(4), ""},
		{"an indent of 64", strings.Repeat(" ", 64) + "x\n", ""},
		{"64 links in a paragraph", strings.Repeat("[a](b) ", 64) + "\n", ""},
		{"a table's cells", "| a | b |\n|---|---|\n" + strings.Repeat("| [a](b) | [c] |\n", 1000), ""},
		{"paragraphs of 64 each", strings.Repeat(strings.Repeat("[a]", 64)+"\n\n", 100), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, errPDF := PDF([]byte(tc.md), Options{File: "doc.md"})
			_, errHTML := HTML([]byte(tc.md), Options{File: "doc.md"})
			_, errMeasure := Measure([]byte(tc.md), Options{File: "doc.md"})
			runtime.ReadMemStats(&after)
			for _, err := range []error{errPDF, errHTML, errMeasure} {
				switch {
				case tc.want == "" && err != nil:
					t.Errorf("refused: %v", err)
				case tc.want != "" && (err == nil || !strings.Contains(err.Error(), "doc.md:"+tc.want)):
					t.Errorf("got %v; want doc.md:%s", err, tc.want)
				case tc.want != "":
					if _, ok := diag.AsList(err); !ok {
						t.Errorf("not placed: %v", err)
					}
				}
			}
			if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 64 {
				t.Errorf("allocated %d MB", mb)
			}
		})
	}
}
