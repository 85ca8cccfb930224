package main

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// packHeap is about as much heap as `playaid build` touches making the
// whole pack from the shipped data, on either paper (measured: 32 MB
// leaves ~2,000 page faults of ~9,500; more saves no more), and 2 MB
// over, so that the block holds 32 MB of whole huge pages wherever it
// starts.
const packHeap = 34 << 20

// prefaultHeap gives the Go heap n bytes of memory the kernel has
// already backed, in huge pages where it can. Fresh memory otherwise
// costs a page fault on each 4 KB page's first touch: a build took
// ~9,500 of them, a third of its CPU time in a virtual machine, where a
// fault, and a page's first touch, are dear. The block asks for
// transparent huge pages (MADV_HUGEPAGE: a 2 MB page is one fault and
// one entry in the page tables instead of 512) and has its pages backed
// in one call (MADV_POPULATE_WRITE); it is then garbage, and a
// collection now, while the heap is all but empty, frees it at next to
// no cost. Its pages then serve the objects the build allocates. Where
// the kernel has no huge pages to give, the pages are 4 KB; before
// Linux 5.14 (no MADV_POPULATE_WRITE) they are faulted in as the build
// touches them, as without this.
func prefaultHeap(n int) {
	block := make([]byte, n)
	unix.Madvise(block, unix.MADV_HUGEPAGE) // advice: where refused, nothing changes
	populate(block)
	runtime.GC() // block is dead here: the collection frees it
}

// populate asks the kernel to back b's pages now.
func populate(b []byte) error { return unix.Madvise(b, unix.MADV_POPULATE_WRITE) }
