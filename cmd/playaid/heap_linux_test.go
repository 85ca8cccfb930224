package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestPrefaultHeap checks that prefaultHeap saves the page faults it is
// for: a fresh process writes 8 MB of new objects, once as it starts and
// once after prefaultHeap, and counts its minor faults and its memory in
// huge pages. Each run is a process of its own (this test binary again),
// so that neither finds pages an earlier test left in the heap.
func TestPrefaultHeap(t *testing.T) {
	if mode := os.Getenv("PLAYAID_PREFAULT_CHILD"); mode != "" {
		prefaultChild(mode)
		return
	}
	faults := func(mode string) (n, hugeKB int) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestPrefaultHeap$")
		cmd.Env = append(os.Environ(), "PLAYAID_PREFAULT_CHILD="+mode)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s run: %v\n%s", mode, err, out)
		}
		if strings.HasPrefix(string(out), "unsupported") {
			t.Skip("this kernel has no MADV_POPULATE_WRITE (Linux 5.14 and later have it): prefaultHeap does nothing here")
		}
		if _, err := fmt.Sscan(string(out), &n, &hugeKB); err != nil {
			t.Fatalf("%s run printed %q, want a count of faults and of kB in huge pages", mode, out)
		}
		return n, hugeKB
	}
	const pages = 8 << 20 / 4096
	without, plainHuge := faults("plain")
	with, huge := faults("prefault")
	t.Logf("faults writing %d pages of new objects: %d as the process starts, %d after prefaultHeap; memory in huge pages: %d kB, %d kB", pages, without, with, plainHuge, huge)
	if without < pages/2 {
		// The kernel already backs fresh memory in bulk (transparent
		// huge pages set to always): there is nothing to save.
		t.Skipf("writing %d fresh pages took only %d faults here: nothing for prefaulting to save", pages, without)
	}
	// Counted as faults saved, not as a share: under the race detector
	// both runs also fault in its shadow memory, which no prefault backs.
	// Most runs save nearly all; a quarter is the bar, as the heap may
	// place some of the objects in fresh memory below the block.
	const bar = pages / 4
	if saved := without - with; saved < bar {
		t.Errorf("after prefaultHeap, writing %d pages took %d faults, %d without it: want at least %d saved", pages, with, without, bar)
	}
	// Where the kernel gives no huge pages, the block's 4 KB pages, all
	// backed at once, are what saves them.
	if small, _ := faults("populate"); without-small < bar {
		t.Errorf("after backing a block in 4 KB pages, writing %d pages took %d faults, %d without it: want at least %d saved", pages, small, without, bar)
	}
	thp, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(thp), "[never]") {
		t.Logf("transparent huge pages are off here (%q): the heap's pages stay 4 KB", strings.TrimSpace(string(thp)))
		return
	}
	if huge < 2048 || (huge <= plainHuge && !strings.Contains(string(thp), "[always]")) {
		t.Errorf("after prefaultHeap the process has %d kB in huge pages (%d kB without it), want at least a 2 MB page more", huge, plainHuge)
	}
}

// prefaultChild is one run of TestPrefaultHeap (mode plain, prefault or
// populate): it prints the minor
// faults that writing 8 MB of 64 KB objects takes, and then the kB of the
// process's memory in transparent huge pages.
func prefaultChild(mode string) {
	debug.SetGCPercent(400) // as a build runs
	if mode != "plain" {
		page, err := unix.Mmap(-1, 0, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil || populate(page) != nil {
			fmt.Println("unsupported")
			return
		}
	}
	switch mode {
	case "prefault": // as build does
		prefaultHeap(16 << 20)
	case "populate": // without asking for huge pages
		populate(make([]byte, 16<<20))
		runtime.GC()
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
	fmt.Println(after.Minflt-before.Minflt, hugeKB())
	runtime.KeepAlive(keep)
}

// hugeKB is the process's anonymous memory in transparent huge pages, in
// kB (0 where the kernel does not say).
func hugeKB() int {
	b, _ := os.ReadFile("/proc/self/smaps_rollup")
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "AnonHugePages:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}
