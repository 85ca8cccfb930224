//go:build !linux

package main

const packHeap = 0

// prefaultHeap does nothing: backing the heap up front, in huge pages,
// is Linux's madvise (see heap_linux.go).
func prefaultHeap(int) {}
