package plain

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestWhy: each kind of file system error reads as what is wrong, naming
// the part of the path at fault, never the system call or a temporary
// name the error carries.
func TestWhy(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("afile", nil, 0o644)
	os.Symlink("loopB", "loopA")
	os.Symlink("loopA", "loopB")
	os.Symlink("gone", "dangling")
	tmp := func(op string, e error) error {
		return &fs.PathError{Op: op, Path: "sub/.x.pdf.tmp4242318404", Err: e}
	}
	for _, tc := range []struct {
		path string
		err  error
		want string
	}{
		{"afile/x.pdf", tmp("lstat", syscall.ENOTDIR), "afile is a file, not a folder"},
		{"loopA/x.pdf", tmp("stat", syscall.ELOOP), "loopA is a symbolic link that leads round in a circle (or through too many links)"},
		{"loopA", tmp("stat", syscall.ELOOP), "it is a symbolic link that leads round in a circle (or through too many links)"},
		{"sub/x.pdf", tmp("open", syscall.EACCES), "permission denied: this user may not do that there; check the folder's and the file's permissions"},
		{"nodir/deeper/x.pdf", tmp("open", syscall.ENOENT), "there is no folder nodir"},
		{"dangling", tmp("open", syscall.ENOENT), "it is a symbolic link to a file that does not exist"},
		{"x.pdf", &os.LinkError{Op: "rename", Old: ".x.pdf.tmp123", New: "x.pdf", Err: syscall.ENOSPC}, "the disk is full"},
		{"x.pdf", tmp("write", syscall.EROFS), "the disk is read-only"},
		{"x.pdf", tmp("open", syscall.ENXIO), "no such device or address"},
		{"", tmp("open", syscall.ENOTDIR), "part of the path is a file, not a folder"},
	} {
		got := Why(tc.path, tc.err)
		if got != tc.want {
			t.Errorf("%s, %v: %q, want %q", tc.path, tc.err, got, tc.want)
		}
		if strings.Contains(got, "tmp") || strings.Contains(got, "open ") || strings.Contains(got, "stat ") {
			t.Errorf("%q names the call or the temporary file", got)
		}
	}
	err := Cannot("write", "afile/x.pdf", tmp("lstat", syscall.ENOTDIR))
	if err.Error() != "cannot write afile/x.pdf: afile is a file, not a folder" || !errors.Is(err, syscall.ENOTDIR) {
		t.Errorf("Cannot: %v", err)
	}
}

// TestShorten: a long quoted value is cut short; a short message is
// left as it is.
func TestShorten(t *testing.T) {
	long := strings.Repeat("x", 5000)
	got := Shorten(`--cover "` + long + `": expected soft or hard`)
	if len(got) > 200 || !strings.HasSuffix(got, `…": expected soft or hard`) {
		t.Errorf("%s", got)
	}
	if s := `unknown unit "hmg" (did you mean "hmg-unit"?)`; Shorten(s) != s {
		t.Errorf("a short message changed: %s", Shorten(s))
	}
	if q := Quote(long); len(q) > 130 || !strings.HasSuffix(q, "(5000 characters)") {
		t.Errorf("Quote: %s", q)
	}
}
