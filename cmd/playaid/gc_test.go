package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestGCPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 200},
		{1 << 20, 200},
		{heapBound / 3, 200},
		{heapBound * 2 / 5, 150},
		{heapBound / 2, 100},
		{heapBound, 100},
		{1 << 30, 100}, // a club's data far past the bound: Go's default, no more
	} {
		got := gcPercent(c.live)
		if got != c.want {
			t.Errorf("gcPercent(%d) = %d, want %d", c.live, got, c.want)
		}
		if c.live > 0 && c.live < heapBound/2 && c.live*uint64(100+got)/100 > heapBound {
			t.Errorf("gcPercent(%d) = %d lets the heap past the bound", c.live, got)
		}
	}
}

// TestBoundHeap: after each collection GOGC is what gcPercent makes of
// what the collection found live: Go's default while most of the bound is
// held, higher again once it is let go (as high as the test's own heap
// allows).
func TestBoundHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	stop := boundHeap()
	defer stop()
	m := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/heap/live:bytes"}}
	settled := func() (gogc, live uint64) {
		t.Helper()
		for range 500 { // the finalizer runs soon after a collection
			runtime.GC()
			time.Sleep(time.Millisecond)
			if metrics.Read(m); m[0].Value.Uint64() == uint64(gcPercent(m[1].Value.Uint64())) {
				return m[0].Value.Uint64(), m[1].Value.Uint64()
			}
		}
		t.Fatalf("GOGC %d after collections that found %d bytes live, want %d", m[0].Value.Uint64(), m[1].Value.Uint64(), gcPercent(m[1].Value.Uint64()))
		return 0, 0
	}
	func() {
		held := make([]byte, heapBound)
		if gogc, _ := settled(); gogc != 100 {
			t.Errorf("GOGC %d with the whole bound held, want 100", gogc)
		}
		runtime.KeepAlive(held)
	}()
	if gogc, live := settled(); live < heapBound/2 && gogc <= 100 {
		t.Errorf("GOGC %d once the bound was let go (%d bytes live), want more than 100", gogc, live)
	}
}
