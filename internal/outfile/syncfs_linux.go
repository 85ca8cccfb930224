package outfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// On Linux the temporary files are synced together, by one syncfs(2) of
// their file system before the renames: one flush of the disk for all of
// them, where an fsync(2) of each made one per file — for the print pack,
// 27 flushes and most of the time writing took.
const syncEach = false

// syncFS writes out everything waiting for the disk on f's file system.
func syncFS(f *os.File) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := c.Control(func(fd uintptr) { serr = unix.Syncfs(int(fd)) }); err != nil {
		return err
	}
	return serr
}
