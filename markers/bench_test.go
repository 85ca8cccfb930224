package markers

import (
	"sort"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog/shipped"
)

// BenchmarkAllMarkers renders the full marker set of every rule set into
// one PDF. The bar is 30 ms (see docs/performance.md); the median is reported
// beside the mean, so that other work on a shared machine weighs less. A
// benchmark reports: it does not fail on time, which a loaded machine
// would decide.
func BenchmarkAllMarkers(b *testing.B) {
	cat := shipped.Catalog(b)
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := Render(cat.Systems, Options{}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	median := times[len(times)/2]
	b.ReportMetric(float64(median.Microseconds())/1000, "ms-median")
}
