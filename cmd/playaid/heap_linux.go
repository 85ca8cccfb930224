package main

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// packHeap is about as much heap as `playaid build` touches making the
// whole pack from the shipped data, on either paper (measured: 32 MB
// leaves ~2,000 faults of ~9,500, more saves no more).
const packHeap = 32 << 20

// prefaultHeap gives the Go heap n bytes of memory the kernel has
// already backed with pages. Fresh memory costs a page fault on each
// page's first touch: a build took ~9,500 of them, a third of its CPU
// time in a virtual machine, where a fault is dear. One madvise with
// MADV_POPULATE_WRITE backs a block's pages in one call, without a fault
// each; the block is then garbage, and a collection now, while the heap
// is all but empty, frees it at next to no cost. Its pages then serve
// the objects the build allocates. On a kernel without
// MADV_POPULATE_WRITE (before Linux 5.14) the block is freed untouched
// and nothing changes.
func prefaultHeap(n int) {
	populate(make([]byte, n))
	runtime.GC()
}

// populate asks the kernel to back b's pages now.
func populate(b []byte) error { return unix.Madvise(b, unix.MADV_POPULATE_WRITE) }
