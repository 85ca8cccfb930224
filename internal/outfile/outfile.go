// Package outfile writes playaid's output files as a careful Unix tool
// does (gofmt -w, rsync): each file goes to a temporary file beside it and
// is renamed into place, so that a reader never sees half a file; only a
// regular file (or nothing) is ever replaced — never a device, a named
// pipe, a socket, a folder or a symbolic link; and a set of files is
// written all or nothing: every temporary file is written before the
// first rename, and a rename that fails puts back what the earlier ones
// replaced.
//
// Like gofmt -w and rsync, WriteAll and Batch leave flushing to the disk
// to the system: what they write is made from the rule data, and made
// again by running the command again. Forcing it out (one syncfs(2) for
// the print pack) would flush whatever else waits on the file system too,
// at 3 to 30 ms of a build's wall time on a busy machine. WriteIn,
// which keeps what a person made in the browser, syncs.
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
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

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
func WriteAll(ctx context.Context, files []File) error {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	b, err := Begin(ctx, paths)
	if err != nil {
		return err
	}
	for i, f := range files {
		b.Put(i, f.Data)
	}
	return b.Commit()
}

// Batch is WriteAll for a program that makes its files one by one: Begin
// checks the targets, Put hands over each file's data as soon as it is
// made, and Commit replaces them all, or none (Abort, or any failure).
// A file handed over is written to its temporary file at once, by the
// batch's own goroutine, so that writing overlaps the program's work.
//
// System calls are costly here (each one is kernel work on every build),
// so each folder is read once for all the files going into it, and
// nothing is asked twice where one answer holds — except the check right
// before each rename.
type Batch struct {
	ctx     context.Context
	ps      []*pending
	work    chan *pending // to the writer
	written chan struct{} // closed when the writer has finished
	err     error         // the writer's first error, read after written
	ended   bool
}

// Begin starts a batch writing the files at paths: it refuses a path
// written twice or that must not be replaced (Check), makes the folders
// that are missing, and removes what killed runs left behind there.
func Begin(ctx context.Context, paths []string) (*Batch, error) {
	b := &Batch{ctx: ctx, work: make(chan *pending, len(paths)), written: make(chan struct{})}
	seen := map[string]bool{}
	byDir := map[string]*folder{}
	var dirs []*folder
	for _, path := range paths {
		clean := filepath.Clean(path)
		if seen[clean] {
			return nil, fmt.Errorf("%s: written twice in one run", path)
		}
		seen[clean] = true
		if err := Check(path); err != nil {
			return nil, err
		}
		dir := filepath.Dir(clean)
		d := byDir[dir]
		if d == nil {
			d = &folder{path: dir, first: path, bases: map[string]bool{}}
			byDir[dir] = d
			dirs = append(dirs, d)
		}
		d.bases[filepath.Base(clean)] = true
		b.ps = append(b.ps, &pending{File: File{Path: path}})
	}
	// What killed runs left behind goes before this run makes its own.
	for _, d := range dirs {
		if err := d.clean(); err != nil {
			return nil, err
		}
	}
	go b.write()
	return b, nil
}

// Put hands over the data of the file at paths[i], once; the batch lets
// go of it once written to the temporary file, so that a program handing
// over many files holds only those not yet written. It may be called
// from any goroutine.
func (b *Batch) Put(i int, data []byte) {
	p := b.ps[i]
	p.Data = data
	b.work <- p
}

// write writes each file handed over, until the first failure or a done
// ctx; after that it only drains what is handed over.
func (b *Batch) write() {
	defer close(b.written)
	for p := range b.work {
		if b.err == nil {
			b.err = b.ctx.Err()
		}
		if b.err != nil {
			continue
		}
		b.err = prepare(p)
	}
}

// Abort ends the batch replacing nothing: the temporary files go.
func (b *Batch) Abort() {
	if !b.ended {
		b.finish(errors.New("aborted"))
	}
}

// Commit waits for every file to be written, then renames them into
// place. On any failure (or a done ctx) it
// replaces nothing, or puts back what it replaced, and says why. Every
// file must have been handed over.
func (b *Batch) Commit() error {
	if b.ended {
		return errors.New("outfile: batch already ended")
	}
	close(b.work)
	<-b.written
	err := b.err
	for _, p := range b.ps {
		if err == nil && p.Data == nil && p.tmp == "" {
			err = fmt.Errorf("%s: no data was given to write", p.Path)
		}
	}
	if err == nil {
		err = b.ctx.Err()
	}
	if err == nil {
		err = b.rename()
	}
	b.finish(err)
	return err
}

// rename puts every temporary file in place.
func (b *Batch) rename() error {
	for i, p := range b.ps {
		beforeRename(i)
		if err := Check(p.Path); err != nil { // changed since Begin?
			return err
		}
		if err := os.Rename(p.tmp, p.Path); err != nil {
			return plain.Cannot("write", p.Path, err)
		}
		p.tmp, p.done = "", true
	}
	return nil
}

// finish ends the batch: whatever happened, no temporary file stays; on
// failure (err) the files replaced are put back, and on success their
// copies go.
func (b *Batch) finish(err error) {
	if !b.ended {
		b.ended = true
		if err != nil {
			// A Put after this is a mistake; the writer drains and stops.
			select {
			case <-b.written:
			default:
				close(b.work)
				<-b.written
			}
		}
	}
	for _, p := range b.ps {
		if p.tmp != "" {
			os.Remove(p.tmp)
		}
	}
	if err != nil {
		rollBack(b.ps)
	}
	// Removing a copy, the last link to the file it kept, frees the
	// file's blocks: the slowest step of a commit, and mostly waiting
	// (on a file system mounted to discard freed blocks, for the disk
	// to discard them), which the file system does for all the files at
	// once: each is removed by a goroutine of its own, up to
	// removeAtOnce at a time (a removal that waits holds a thread, and a
	// club's pack may have hundreds of files).
	var wg sync.WaitGroup
	slots := make(chan struct{}, removeAtOnce)
	for _, p := range b.ps {
		if p.old != "" {
			slots <- struct{}{}
			wg.Go(func() {
				removeCopy(p.old)
				<-slots
			})
		}
	}
	wg.Wait()
}

// removeAtOnce is how many copies a commit removes at a time: more than
// the print pack's files, so that the shipped pack's all wait together.
const removeAtOnce = 32

// removeCopy removes a copy once the renames are done (a variable, so
// that tests can count the removals waiting at once).
var removeCopy = os.Remove

// beforeRename lets tests change the world between the writing and the
// renames.
var beforeRename = func(i int) {}

// readingFolder lets tests count the folders read for stale files.
var readingFolder = func(path string) {}

// folder is a folder files are written to: the first file going into
// it (named when the folder cannot be made), and the names of all of
// them.
type folder struct {
	path, first string
	bases       map[string]bool
}

// clean makes the folder when missing, and removes the temporary files
// and copies an earlier run left beside the files going into it: regular
// files named .NAME.tmpDIGITS or .NAME.oldDIGITS. The folder is read once
// for all. A folder that exists but cannot be read is no error: files can
// still be written into it, only not cleaned.
func (d *folder) clean() error {
	entries, err := os.ReadDir(d.path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(d.path, 0o755); err != nil {
			return plain.Cannot("write", d.first, err)
		}
		return nil
	}
	readingFolder(d.path)
	for _, e := range entries {
		if base, ok := staleOf(e.Name()); ok && d.bases[base] && e.Type().IsRegular() {
			os.Remove(filepath.Join(d.path, e.Name()))
		}
	}
	return nil
}

// staleOf reports whether name is a temporary file or copy
// (.NAME.tmpDIGITS or .NAME.oldDIGITS) and of which NAME.
func staleOf(name string) (string, bool) {
	rest := strings.TrimRight(name, "0123456789")
	if len(rest) == len(name) || !strings.HasPrefix(rest, ".") {
		return "", false
	}
	for _, mid := range []string{".tmp", ".old"} {
		if base, ok := strings.CutSuffix(rest[1:], mid); ok && base != "" {
			return base, true
		}
	}
	return "", false
}

// prepare writes the temporary file and keeps a copy (a hard link) of
// the file it will replace.
func prepare(p *pending) error {
	dir, base := filepath.Split(p.Path)
	tmp, err := writeTemp(dir, base, p.Data)
	if err != nil {
		return plain.Cannot("write", p.Path, err)
	}
	p.tmp = tmp
	p.Data = nil // written: the temporary file holds it
	p.old, p.existed = keepOld(dir, base, p.Path)
	return nil
}

// writeTemp writes data to a new file .base.tmpDIGITS in dir, with mode
// 0644 whatever the umask, and returns its name.
func writeTemp(dir, base string, data []byte) (string, error) {
	name, f, err := "", (*os.File)(nil), error(nil)
	for try := 0; ; try++ {
		name = filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if !errors.Is(err, fs.ErrExist) || try == 10000 {
			break
		}
	}
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644) // through the open file: no path to look up
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// keepOld keeps a copy of the file at path, a hard link under a fresh
// name .base.oldDIGITS in dir, and reports whether there was a file. A
// hard link costs nothing and lets a failed rename put the old file back.
// Where links are not supported the file is replaced without a copy: the
// renames that follow almost never fail.
func keepOld(dir, base, path string) (old string, existed bool) {
	for try := 0; try <= 10000; try++ {
		name := filepath.Join(dir, "."+base+".old"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		err := os.Link(path, name)
		switch {
		case err == nil:
			return name, true
		case errors.Is(err, fs.ErrExist): // the name is taken: another
		case errors.Is(err, fs.ErrNotExist):
			return "", false
		default:
			_, err := os.Lstat(path)
			return "", err == nil
		}
	}
	_, err := os.Lstat(path)
	return "", err == nil
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
