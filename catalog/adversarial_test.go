package catalog_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
)

// adversarial are club files of about 200 KB built to make loading slow
// or hungry: without the loader's bounds each would take minutes or
// gigabytes.
var adversarial = []struct {
	name string
	src  func(n int) string // about n bytes
}{
	{"nested arrays", func(n int) string { return "x = " + strings.Repeat("[", n/2) + strings.Repeat("]", n/2) }},
	{"nested inline tables", func(n int) string { return "x = " + strings.Repeat("{a = ", n/6) + "1" + strings.Repeat("}", n/6) }},
	{"dotted key", func(n int) string { return "a" + strings.Repeat(".a", n/2) + " = 1" }},
	{"table header", func(n int) string { return "[a" + strings.Repeat(".a", n/2) + "]" }},
	{"unclosed arrays", func(n int) string { return "x = " + strings.Repeat("[", n) }},
	{"overlapping chart rows", func(n int) string {
		return "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 10\n" + strings.Repeat("[[chart.row]]\nroll = \"1+\"\n", n/25)
	}},
	{"inline chart rows", func(n int) string {
		return "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 10\nrow = [" + strings.Repeat("{roll = \"1+\"}, ", n/16) + "]\n"
	}},
	{"huge die", func(int) string {
		return "[[chart]]\nid = \"c\"\nname = \"C\"\ndie = 1000000000000000000\nrow = [{roll = \"1+\"}]\n"
	}},
	{"unknown references", func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "[[profile]]\nid = \"p%d\"\nname = \"P\"\nweapons = [\"rifle-%d-%s\"]\n", i, i, strings.Repeat("x", 40))
		}
		return b.String()
	}},
	{"long keys in deep tables", func(n int) string {
		key := strings.Repeat("k", 1000)
		header := "[" + strings.TrimPrefix(strings.Repeat("."+key, 30), ".") + "]\n"
		return header + strings.Repeat("a = 1\n", (n-len(header))/6)
	}},
	{"many unknown keys", func(n int) string { return strings.Repeat("[[unit]]\nnope = 1\n", n/18) }},
	{"many overflowing numbers", func(n int) string {
		return strings.Repeat("[[unit]]\nid = \"u\"\npoints = 9223372036854775807\ncomposition = [{count = -9223372036854775808}]\n", n/90)
	}},
}

// loadClub lays one club file over the shipped data.
func loadClub(src string) (*catalog.Catalog, error) {
	club := catalog.Source{Name: "club", FS: fstest.MapFS{"aqotmf/club.toml": {Data: []byte("system = \"aqotmf\"\n" + src)}}}
	cat, l := catalog.Load(shipped.Source(), club)
	return cat, l.Err()
}

// TestAdversarialMemory: a 200 KB adversarial club file is refused with an
// error, and loading it with the shipped data allocates less than 100 MB.
// (BenchmarkAdversarial shows the time: well under a second each.)
func TestAdversarialMemory(t *testing.T) {
	const size, budget = 200 << 10, 100 << 20
	for _, a := range adversarial {
		t.Run(a.name, func(t *testing.T) {
			src := a.src(size)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := loadClub(src)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Errorf("a %d KB adversarial file loaded without an error", len(src)>>10)
			}
			if used := after.TotalAlloc - before.TotalAlloc; used > budget {
				t.Errorf("loading a %d KB file allocated %d MB; want under %d MB", len(src)>>10, used>>20, budget>>20)
			}
		})
	}
}

func BenchmarkAdversarial(b *testing.B) {
	for _, a := range adversarial {
		src := a.src(200 << 10)
		b.Run(strings.ReplaceAll(a.name, " ", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				loadClub(src)
			}
		})
	}
}

// TestWordBlocksOnce: a club file that writes a table's or a question's
// words again beside the shipped ones is told where the first block
// stands, at its own file:line.
func TestWordBlocksOnce(t *testing.T) {
	_, err := loadClub("[odds.morale]\ntitle = \"x\"\n\n[query.attack]\ntitle = \"y\"\n")
	if err == nil {
		t.Fatal("a second [odds.morale] and [query.attack] loaded without an error")
	}
	for _, want := range []string{
		"club/aqotmf/club.toml:2:2: second [odds.morale] for system aqotmf; first at data/aqotmf/odds.toml:35:2; expected each table's words once",
		"club/aqotmf/club.toml:5:2: second [query.attack] for system aqotmf; first at data/aqotmf/odds.toml:126:2; expected each question's words once",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks\n%s\ngot:\n%s", want, err)
		}
	}
}
