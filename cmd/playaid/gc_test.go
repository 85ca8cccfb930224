package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestMemLimitFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, memLimit},
		{memLimit / 3, memLimit},
		{memLimit / 2, memLimit + memLimit/3}, // a club's data: room for its live heap again
		{1 << 30, 2<<30 + memLimit/3},
	} {
		got := memLimitFor(memLimit, c.live)
		if got != c.want {
			t.Errorf("memLimitFor(%d) = %d, want %d", c.live, got, c.want)
		}
		if got < int64(2*c.live) {
			t.Errorf("memLimitFor(%d) = %d leaves the heap no room beyond what is live", c.live, got)
		}
	}
}

// TestBaseLimit: a P past two gets memLimitPerP more (each keeps spans
// of its own, which the limit counts); fewer than two get no less than
// memLimit.
func TestBaseLimit(t *testing.T) {
	for _, c := range []struct {
		procs int
		want  int64
	}{{1, memLimit}, {2, memLimit}, {3, memLimit + memLimitPerP}, {8, memLimit + 6*memLimitPerP}} {
		if got := baseLimit(c.procs); got != c.want {
			t.Errorf("baseLimit(%d) = %d, want %d", c.procs, got, c.want)
		}
	}
}

// TestBoundHeap: after each collection the memory limit is what
// memLimitFor makes of what the collection found live: room for twice the
// live heap while more than the limit is held (a fixed limit would collect
// without end), memLimit again once it is let go.
func TestBoundHeap(t *testing.T) {
	base := baseLimit(runtime.GOMAXPROCS(0))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(base))
	stop := boundHeap()
	defer stop()
	m := []metrics.Sample{{Name: "/gc/gomemlimit:bytes"}, {Name: "/gc/heap/live:bytes"}}
	settled := func() (limit int64, live uint64) {
		t.Helper()
		for range 500 { // the finalizer runs soon after a collection
			runtime.GC()
			time.Sleep(time.Millisecond)
			metrics.Read(m)
			if limit, live := int64(m[0].Value.Uint64()), m[1].Value.Uint64(); limit == memLimitFor(base, live) {
				return limit, live
			}
		}
		t.Fatalf("memory limit %d after collections that found %d bytes live, want %d", m[0].Value.Uint64(), m[1].Value.Uint64(), memLimitFor(base, m[1].Value.Uint64()))
		return 0, 0
	}
	func() {
		held := make([]byte, base)
		if limit, live := settled(); live < uint64(base) || limit < int64(2*live) {
			t.Errorf("memory limit %d with %d bytes live (%d held), want room for twice them", limit, live, len(held))
		}
		runtime.KeepAlive(held)
	}()
	switch limit, live := settled(); {
	case live >= uint64(base/3):
		t.Logf("the test's own heap holds %d bytes live: the limit's return to %d once the block is let go is not checked", live, base)
	case limit != base:
		t.Errorf("memory limit %d once the block was let go (%d bytes live), want %d", limit, live, base)
	}
}
