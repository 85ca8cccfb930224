package army

import (
	"io/fs"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
)

// exampleSources reads the shipped example lists.
func exampleSources(b *testing.B) [][]byte {
	files, _ := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	var srcs [][]byte
	for _, f := range files {
		src, err := fs.ReadFile(data.FS, f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	if len(srcs) == 0 {
		b.Fatal("no example lists")
	}
	return srcs
}

// BenchmarkValidateAndPrint100 validates and prints the roster PDF of 100
// lists (the shipped examples in turn), one after the other. The bar is
// under 2 s an operation.
func BenchmarkValidateAndPrint100(b *testing.B) {
	benchPrint(b, PrintOptions{})
}

// BenchmarkValidateAndPrint100Cards is the same with unit cards.
func BenchmarkValidateAndPrint100Cards(b *testing.B) {
	benchPrint(b, PrintOptions{Cards: true})
}

func benchPrint(b *testing.B, opt PrintOptions) {
	cat := shipped.Catalog(b)
	srcs := exampleSources(b)
	b.ResetTimer()
	for b.Loop() {
		for i := 0; i < 100; i++ {
			r, _ := Validate("list.toml", srcs[i%len(srcs)], cat)
			if _, err := Print(r, cat, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
}
