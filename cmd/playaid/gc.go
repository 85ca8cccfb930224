package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// batchGC makes the garbage collector of every verb but serve run only
// when the Go runtime's memory nears memLimit (GOGC off, a memory limit),
// and reports whether it did: a one-shot run lives a fraction of a second
// and its heap dies with it, so it collects as seldom as the bound allows,
// while the web app runs for hours and keeps Go's default. A GOGC or
// GOMEMLIMIT set by the user wins: the runtime is left as they set it.
func batchGC(verb string) bool {
	_, gogc := os.LookupEnv("GOGC")
	_, limit := os.LookupEnv("GOMEMLIMIT")
	if gogc || limit || verb == "serve" {
		return false
	}
	debug.SetMemoryLimit(baseLimit(runtime.GOMAXPROCS(0)))
	debug.SetGCPercent(-1)
	return true
}

// memLimit is the memory a one-shot run's Go runtime holds itself to (the
// heap with its free and unused pages, and the runtime's own) while
// little is live: the lowest limit that costs a build no time, measured
// side by side (docs/performance.md); each MiB less adds collections.
// GOGC instead bounds the heap by what the last collection counted live,
// and a collection running beside the documents counts all they make
// meanwhile (a build holding 4 to 5 MB is counted 5 to 9): GOGC=200 lets
// the heap reach 18 to 25 MB, and collects early, at 8 MB, while the data
// loads. The limit holds at every collection, whatever was counted. It
// was measured with two Ps; baseLimit adds to it for more.
const memLimit = 23 << 20

// memLimitPerP is what each P past two adds to the limit. A P keeps a
// span of its own of every size class it allocates from, about 1 MiB a
// build, and the limit counts them: held to memLimit, a build with 8 Ps
// collected 10 times where 2 Ps collect 4 (GOGC=off; at 30 MiB, 4), so a
// club's laptop of many cores would collect more the more cores it has.
const memLimitPerP = 1 << 20

// baseLimit is the memory limit of a one-shot run with procs Ps.
func baseLimit(procs int) int64 {
	return memLimit + memLimitPerP*int64(max(0, procs-2))
}

// memLimitFor is the limit after a collection that found live bytes live:
// base, or, where that leaves the heap little room beyond what is live (a
// club's larger data), twice the live heap and a third of base for the
// rest, so that the heap is collected about as often as Go's default
// would, never without end as under a fixed limit.
func memLimitFor(base int64, live uint64) int64 {
	return max(base, int64(2*live)+base/3)
}

// gcTick is an object made to be collected: its finalizer runs after
// each collection. (Not a tiny one: those share a block, and their
// finalizers may never run.)
type gcTick struct {
	_ *int
	_ [2]int
}

// boundHeap sets the memory limit after each collection from what it
// found live (memLimitFor), until stop is called.
func boundHeap() (stop func()) {
	base := baseLimit(runtime.GOMAXPROCS(0))
	var stopped atomic.Bool
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
			if stopped.Load() {
				return
			}
			metrics.Read(live)
			debug.SetMemoryLimit(memLimitFor(base, live[0].Value.Uint64()))
			arm()
		})
	}
	arm()
	return func() { stopped.Store(true) }
}
