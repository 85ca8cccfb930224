//go:build !linux

package main

const packHeap = 0

// prefaultHeap does nothing: prefaulting is Linux's MADV_POPULATE_WRITE
// (see heap_linux.go).
func prefaultHeap(int) {}
