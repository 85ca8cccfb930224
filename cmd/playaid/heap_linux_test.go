package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestPrefaultHeap checks that prefaultHeap saves the page faults it is
// for: a fresh process writes 8 MB of new objects, once as it starts and
// once after prefaultHeap, and counts its minor faults. Each run is a
// process of its own (this test binary again), so that neither finds
// pages an earlier test left in the heap.
func TestPrefaultHeap(t *testing.T) {
	if mode := os.Getenv("PLAYAID_PREFAULT_CHILD"); mode != "" {
		prefaultChild(mode)
		return
	}
	faults := func(mode string) int {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestPrefaultHeap$")
		cmd.Env = append(os.Environ(), "PLAYAID_PREFAULT_CHILD="+mode)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s run: %v\n%s", mode, err, out)
		}
		line, _, _ := strings.Cut(string(out), "\n")
		if line == "unsupported" {
			t.Skip("this kernel has no MADV_POPULATE_WRITE (Linux 5.14 and later have it): prefaultHeap does nothing here")
		}
		n, err := strconv.Atoi(line)
		if err != nil {
			t.Fatalf("%s run printed %q, want a count of faults", mode, out)
		}
		return n
	}
	const pages = 8 << 20 / 4096
	without, with := faults("plain"), faults("prefault")
	t.Logf("faults writing %d pages of new objects: %d as the process starts, %d after prefaultHeap", pages, without, with)
	if without < pages/2 {
		t.Fatalf("writing %d fresh pages took only %d faults: the measurement cannot show prefaulting", pages, without)
	}
	if with > without/4 {
		t.Errorf("after prefaultHeap, writing %d pages took %d faults, want at most a quarter of the %d without it", pages, with, without)
	}
}

// prefaultChild is one run of TestPrefaultHeap: it prints the minor
// faults that writing 8 MB of 64 KB objects takes.
func prefaultChild(mode string) {
	debug.SetGCPercent(400) // as a build runs
	if mode == "prefault" {
		page, err := unix.Mmap(-1, 0, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil || populate(page) != nil {
			fmt.Println("unsupported")
			return
		}
		prefaultHeap(16 << 20)
	}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	keep := make([][]byte, 0, 128)
	for range 128 {
		b := make([]byte, 64<<10)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		keep = append(keep, b)
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	fmt.Println(after.Minflt - before.Minflt)
	_ = keep
}
