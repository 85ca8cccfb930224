package infile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRead: a regular file is read whole; a folder, a named pipe, a file
// past the bound and a missing file are refused in plain words that do
// not name the file (the caller places the message at it).
func TestRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ok.toml"), []byte("a = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.toml"), make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	pipe := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644) == nil
	fsys := os.DirFS(dir)
	if b, err := Read(fsys, "ok.toml", filepath.Join(dir, "ok.toml"), 99, "a TOML file"); err != nil || string(b) != "a = 1\n" {
		t.Errorf("ok.toml: %q, %v", b, err)
	}
	for _, tc := range []struct{ name, want string }{
		{"big.toml", "the file is 100 bytes; expected at most 99 (0 KiB)"},
		{"sub", "not a regular file (a folder); expected a TOML file"},
		{"pipe", "not a regular file (a named pipe); expected a TOML file"},
		{"missing.toml", "there is no such file or folder"},
	} {
		if tc.name == "pipe" && !pipe {
			continue
		}
		_, err := Read(fsys, tc.name, filepath.Join(dir, tc.name), 99, "a TOML file")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), dir) {
			t.Errorf("%s: the message names the path: %v", tc.name, err)
		}
	}
}
