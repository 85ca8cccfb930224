package markers

import (
	"testing"
	"time"
)

// BenchmarkAllMarkers renders the full marker set of every rule set into
// one PDF; it must take under 30 ms.
func BenchmarkAllMarkers(b *testing.B) {
	cat := shipped(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Render(cat.Systems, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if per := b.Elapsed() / time.Duration(b.N); b.N > 1 && per > 30*time.Millisecond {
		b.Errorf("the full marker set took %v per render; want under 30 ms", per)
	}
}
