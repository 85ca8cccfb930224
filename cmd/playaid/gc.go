package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// batchGC makes the garbage collector run half as often as Go's
// default (GOGC=200) for every verb but serve, and reports whether it
// did: a one-shot run lives a fraction of a second and its heap dies with
// it, so collecting less often saves time, while the web app runs for
// hours and keeps the default. Half, not less: the heap peaks at
// (1 + GOGC/100) times what it holds live, and each megabyte more is a
// fresh page the kernel faults in: a quarter as often (400) saved about
// 1 % of the CPU and took a fifth more memory (docs/performance.md). A
// GOGC set by the user wins.
func batchGC(verb string) bool {
	if _, set := os.LookupEnv("GOGC"); set || verb == "serve" {
		return false
	}
	debug.SetGCPercent(batchGOGC)
	return true
}

// batchGOGC is the GOGC of a one-shot run: half as many collections as
// Go's default.
const batchGOGC = 200

// heapBound is the heap a one-shot run keeps under while it can: what
// the 32 MB of peak memory a build is held to leaves once the program's
// own pages (some 14 MB) and the runtime's (3 MB) are counted.
const heapBound = 16 << 20

// gcPercent is the GOGC that lets the heap grow to heapBound from live
// bytes found live, between Go's default (100) and batchGC's 200. A
// collection counts as live all that was made while it ran, so a build
// that holds 7 MB may be found to hold 12: GOGC=200 would let its heap
// reach 36 MB. Never below 100, so more data than the bound was made for
// (a club's) costs at most Go's default collections, never collections
// without end as a fixed memory limit would.
func gcPercent(live uint64) int {
	if live == 0 {
		return batchGOGC
	}
	if live >= heapBound/2 {
		return 100
	}
	return int(min(batchGOGC, 100*(heapBound-live)/live))
}

// gcTick is an object made to be collected: its finalizer runs after
// each collection. (Not a tiny one: those share a block, and their
// finalizers may never run.)
type gcTick struct {
	_ *int
	_ [2]int
}

// boundHeap sets GOGC after each collection from what it found live
// (gcPercent), until stop is called.
func boundHeap() (stop func()) {
	var stopped atomic.Bool
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
			if stopped.Load() {
				return
			}
			metrics.Read(live)
			debug.SetGCPercent(gcPercent(live[0].Value.Uint64()))
			arm()
		})
	}
	arm()
	return func() { stopped.Store(true) }
}
