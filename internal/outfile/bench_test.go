package outfile

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkWriteAll writes 27 files of 64 kB into one folder, again and
// again (every run after the first replaces files), as playaid build
// does; it reports the kernel CPU time per run too.
func BenchmarkWriteAll(b *testing.B) {
	dir := b.TempDir()
	data := make([]byte, 64<<10)
	var files []File
	for i := range 27 {
		files = append(files, File{filepath.Join(dir, fmt.Sprintf("file-%02d.pdf", i)), data})
	}
	if err := WriteAll(context.Background(), files); err != nil {
		b.Fatal(err)
	}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ResetTimer()
	for b.Loop() {
		if err := WriteAll(context.Background(), files); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	sys := time.Duration(after.Stime.Nano() - before.Stime.Nano())
	b.ReportMetric(float64(sys.Microseconds())/float64(b.N), "sys-µs/op")
}
