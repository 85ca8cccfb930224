// Package outfile writes playaid's output files as a careful Unix tool
// does (gofmt -w, rsync): each file goes to a temporary file beside it and
// is renamed into place, so that a reader never sees half a file; only a
// regular file (or nothing) is ever replaced — never a device, a named
// pipe, a socket, a folder or a symbolic link; and a set of files is
// written all or nothing: every temporary file is written and synced
// before the first rename, and a rename that fails puts back what the
// earlier ones replaced.
//
// Temporary files are named ".NAME.tmpDIGITS" and the copies kept of the
// files being replaced ".NAME.oldDIGITS", beside NAME. A run killed
// outright can leave them behind: the next run that writes NAME removes
// them. (Two runs writing the same file at the same moment may remove
// each other's; one then fails, and the files stay whole.)
package outfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/playaid/playaid/internal/plain"
)

// File is one file to write.
type File struct {
	Path string
	Data []byte
}

// Check refuses a path that output must not replace: anything but a
// regular file or a path that does not exist yet.
func Check(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return plain.Cannot("write", path, err)
	case fi.Mode().IsRegular():
		return nil
	}
	return fmt.Errorf("%s is %s; playaid writes only regular files and never replaces anything else", path, plain.Kind(fi.Mode()))
}

// pending is one file on its way: its temporary file, and the copy kept
// of the file it replaces (none when there was no file).
type pending struct {
	File
	tmp, old string
	existed  bool // there was a file to replace
	done     bool // renamed into place
}

// WriteAll writes files all or nothing. Each target must be a regular file
// or missing; its folder is made when missing. When ctx is done before
// the first rename, nothing is replaced and ctx's error is returned.
func WriteAll(ctx context.Context, files []File) (err error) {
	ps := make([]*pending, 0, len(files))
	defer func() {
		// Whatever happened, no temporary file stays; on failure the
		// files replaced are put back, and on success their copies go.
		for _, p := range ps {
			if p.tmp != "" {
				os.Remove(p.tmp)
			}
		}
		if err != nil {
			rollBack(ps)
		}
		for _, p := range ps {
			if p.old != "" {
				os.Remove(p.old)
			}
		}
	}()
	seen := map[string]bool{}
	for _, f := range files {
		clean := filepath.Clean(f.Path)
		if seen[clean] {
			return fmt.Errorf("%s: written twice in one run", f.Path)
		}
		seen[clean] = true
		if err := Check(f.Path); err != nil {
			return err
		}
	}
	// What killed runs left behind goes before this run makes its own.
	for _, f := range files {
		dir, base := filepath.Split(f.Path)
		removeStale(dir, base)
	}
	for _, f := range files {
		p := &pending{File: f}
		ps = append(ps, p)
		if err := prepare(p); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, p := range ps {
		beforeRename(i)
		if err := Check(p.Path); err != nil { // changed since prepare?
			return err
		}
		if err := os.Rename(p.tmp, p.Path); err != nil {
			return plain.Cannot("write", p.Path, err)
		}
		p.tmp, p.done = "", true
	}
	syncDirs(ps)
	return nil
}

// beforeRename lets tests change the world between the writing and the
// renames.
var beforeRename = func(i int) {}

// prepare writes the temporary file and keeps a copy (a hard link) of
// the file it will replace.
func prepare(p *pending) error {
	dir, base := filepath.Split(p.Path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return plain.Cannot("write", p.Path, err)
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return plain.Cannot("write", p.Path, err)
	}
	p.tmp = f.Name()
	_, err = f.Write(p.Data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(p.tmp, 0o644)
	}
	if err != nil {
		return plain.Cannot("write", p.Path, err)
	}
	if _, err := os.Lstat(p.Path); err == nil {
		p.existed = true
		// A hard link costs nothing and lets a failed rename put the old
		// file back. Where links are not supported the file is replaced
		// without a copy: the renames that follow almost never fail.
		old, err := os.CreateTemp(dir, "."+base+".old*")
		if err == nil {
			name := old.Name()
			old.Close()
			os.Remove(name)
			if os.Link(p.Path, name) == nil {
				p.old = name
			}
		}
	}
	return nil
}

// rollBack puts back the files the renames done so far replaced, and
// removes those that did not exist before.
func rollBack(ps []*pending) {
	for _, p := range ps {
		if !p.done {
			continue
		}
		switch {
		case p.old != "":
			if os.Rename(p.old, p.Path) == nil {
				p.old = ""
			}
		case !p.existed:
			os.Remove(p.Path)
		}
	}
}

// removeStale removes the temporary files and copies an earlier run left
// beside base in dir: regular files named .base.tmpDIGITS or
// .base.oldDIGITS.
func removeStale(dir, base string) {
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && stale(e.Name(), base) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// stale reports whether name is a temporary file or copy of base.
func stale(name, base string) bool {
	for _, mid := range []string{".tmp", ".old"} {
		if rest, ok := strings.CutPrefix(name, "."+base+mid); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// syncDirs makes the renames durable: each folder written to is synced.
func syncDirs(ps []*pending) {
	seen := map[string]bool{}
	for _, p := range ps {
		dir := filepath.Dir(p.Path)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		if d, err := os.Open(dir); err == nil {
			d.Sync()
			d.Close()
		}
	}
}
