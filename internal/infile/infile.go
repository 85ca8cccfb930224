// Package infile reads the files a user gives playaid (data, lists,
// templates, fonts) safely: only a regular file, of bounded size. Its
// errors say what is wrong in the user's words and leave the file's name
// to the caller, which places them at the file (diag.Diag{File: …}).
package infile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/playaid/playaid/internal/plain"
)

// Read reads the file named name of fsys, which the user knows as
// display: only a regular file (or a link to one), and no more than max
// bytes of it; what says what the file should be ("a TOML file"). A named
// pipe or a device is refused unopened: reading one would wait for ever
// or never end. A file system error says why in plain words (plain.Why).
func Read(fsys fs.FS, name, display string, max int64, what string) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, errors.New(plain.Why(display, err))
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s); expected %s", plain.Kind(info.Mode()), what)
	}
	if info.Size() > max {
		return nil, fmt.Errorf("the file is %d bytes; expected at most %d (%d KiB)", info.Size(), max, max>>10)
	}
	r, err := fsys.Open(name)
	if err != nil {
		return nil, errors.New(plain.Why(display, err))
	}
	defer r.Close()
	// Read what the size promised, and one byte more to see that the file
	// has not grown past the limit since.
	var b bytes.Buffer
	b.Grow(int(info.Size()) + bytes.MinRead)
	if _, err := b.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, errors.New(plain.Why(display, err))
	}
	if int64(b.Len()) > max {
		return nil, fmt.Errorf("the file is more than %d bytes; expected at most %d KiB", max, max>>10)
	}
	return b.Bytes(), nil
}
