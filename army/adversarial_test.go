package army

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// adversarialLists are lists of about 200 KB built to make checking slow,
// hungry or wrong: a list of 100,000 nested "[" would take the TOML
// parser seventeen seconds and ten gigabytes without Vet, and absurd
// numbers would wrap round into a valid total without their bounds.
var adversarialLists = []struct {
	name string
	src  func(n int) string // about n bytes
}{
	{"nested arrays", func(n int) string {
		return "system = \"aqotmf\"\nfaction = \"Humans\"\nx = " + strings.Repeat("[", n/2) + strings.Repeat("]", n/2)
	}},
	{"nested inline tables", func(n int) string {
		return "system = \"aqotmf\"\nfaction = \"Humans\"\nx = " + strings.Repeat("{a = ", n/6) + "1" + strings.Repeat("}", n/6)
	}},
	{"dotted key", func(n int) string {
		return "system = \"aqotmf\"\nfaction = \"Humans\"\na" + strings.Repeat(".a", n/2) + " = 1"
	}},
	{"unclosed arrays", func(n int) string { return "system = \"aqotmf\"\nfaction = \"Humans\"\nx = " + strings.Repeat("[", n) }},
	{"many units", func(n int) string {
		return "system = \"evacuation-mars\"\n" + strings.Repeat("[[unit]]\ntype = \"infantry\"\npoints = 4611686018427387904\n", n/55)
	}},
	{"many labelled units", func(n int) string {
		var b strings.Builder
		b.WriteString("system = \"imperial-mars\"\nfaction = \"Earthmen\"\n")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "[[unit]]\nlabel = \"Company %d\"\ntype = \"infantry\"\nfigures = 9223372036854775807\n", i%3)
		}
		return b.String()
	}},
}

// TestAdversarialLists: each is refused with an error at its place, and
// checking it allocates less than 100 MB. (BenchmarkAdversarialLists
// shows the time: well under a second each.)
func TestAdversarialLists(t *testing.T) {
	cat := testCatalog(t)
	const size, budget = 200 << 10, 100 << 20
	for _, a := range adversarialLists {
		t.Run(a.name, func(t *testing.T) {
			src := []byte(a.src(size))
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r, dl := Validate("club.toml", src, cat)
			runtime.ReadMemStats(&after)
			if len(dl.Errors()) == 0 || r != nil && r.Valid() {
				t.Errorf("a %d KB adversarial list checked without an error", len(src)>>10)
			}
			for _, d := range dl {
				if d.File != "club.toml" || d.Line < 1 || d.Col < 1 {
					t.Fatalf("a message without its place: %v", d)
				}
			}
			if used := after.TotalAlloc - before.TotalAlloc; used > budget {
				t.Errorf("checking a %d KB list allocated %d MB; want under %d MB", len(src)>>10, used>>20, budget>>20)
			}
		})
	}
}

func BenchmarkAdversarialLists(b *testing.B) {
	cat := testCatalog(b)
	for _, a := range adversarialLists {
		src := []byte(a.src(200 << 10))
		b.Run(strings.ReplaceAll(a.name, " ", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate("club.toml", src, cat)
			}
		})
	}
}
