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

// TestBoundHeap: after a collection that finds most of the bound live,
// the collector runs as often as Go's default; once that is let go, half
// as often again.
func TestBoundHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	stop := boundHeap()
	defer stop()
	gogc := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	settles := func(want uint64) {
		t.Helper()
		for range 500 { // the finalizer runs soon after a collection
			runtime.GC()
			time.Sleep(time.Millisecond)
			if metrics.Read(gogc); gogc[0].Value.Uint64() == want {
				return
			}
		}
		t.Fatalf("GOGC %d after collections, want %d", gogc[0].Value.Uint64(), want)
	}
	func() {
		held := make([]byte, heapBound)
		settles(100)
		runtime.KeepAlive(held)
	}()
	settles(200)
}
