// Package plain puts what goes wrong in the user's words: a value quoted
// in a message is cut short, and a file system error names the file the
// user asked for and why it cannot be done — never a system call
// ("lstat", "open"), a temporary file's name or the operating system's
// error codes.
package plain

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"syscall"
	"unicode/utf8"
)

// MaxQuoted is how many bytes of a value a message quotes: enough to
// recognise a name, short enough that a pasted page does not flood the
// terminal.
const MaxQuoted = 100

// Clip shortens s to at most n bytes on a character boundary, ending it
// with "…" when it was cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Quote is %q of s cut to MaxQuoted bytes, saying how long it was when it
// was cut: "xxxx…" (10000 characters).
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s (%d characters)", strconv.Quote(Clip(s, MaxQuoted)), utf8.RuneCountInString(s))
}

// quotedRun is a Go-quoted string in a message (compiled when first
// needed: only a long message needs it).
var quotedRun = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"\\]|\\.)*"`) })

// Shorten cuts short, in a finished message, every quoted value longer
// than MaxQuoted and any unquoted run of one character repeated past it: a
// safety net where a message is printed, so that no value is printed
// whole however the message was made.
func Shorten(msg string) string {
	if len(msg) <= MaxQuoted {
		return msg
	}
	return quotedRun().ReplaceAllStringFunc(msg, func(q string) string {
		if len(q) <= MaxQuoted+2 {
			return q
		}
		return Clip(q[:len(q)-1], MaxQuoted) + `"`
	})
}

// Cannot is "cannot VERB PATH: WHY", with Why's reason.
func Cannot(verb, path string, err error) error {
	return &Error{Verb: verb, Path: path, Why: Why(path, err), Err: err}
}

// Error is a file system error put in the user's words. It unwraps to
// the original error, so errors.Is still sees fs.ErrNotExist and the like.
type Error struct {
	Verb, Path, Why string
	Err             error
}

func (e *Error) Error() string { return "cannot " + e.Verb + " " + e.Path + ": " + e.Why }

func (e *Error) Unwrap() error { return e.Err }

// Why says why an operation on path (a path the user gave, or one made
// from it) failed: the part of the path at fault and what is wrong with
// it; with path "", only what is wrong. The error's own text is used only as a last resort, without the
// operation and the file name it carries.
func Why(path string, err error) string {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Why
	}
	var errno syscall.Errno
	errors.As(err, &errno)
	switch {
	case errors.Is(err, syscall.ENOTDIR):
		if p, kind := notFolder(path); p != "" {
			return fmt.Sprintf("%s is %s, not a folder", p, kind)
		}
		return "part of the path is a file, not a folder"
	case errors.Is(err, syscall.ELOOP):
		if p := looping(path); p != "" && p != filepath.Clean(path) {
			return fmt.Sprintf("%s is a symbolic link that leads round in a circle (or through too many links)", p)
		}
		if p := looping(path); p != "" {
			return "it is a symbolic link that leads round in a circle (or through too many links)"
		}
		return "a symbolic link in the path leads round in a circle (or through too many links)"
	case errors.Is(err, fs.ErrNotExist):
		if p := missing(path); p != "" && p != filepath.Clean(path) && path != "" {
			return fmt.Sprintf("there is no folder %s", p)
		}
		if fi, err := os.Lstat(path); path != "" && err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return "it is a symbolic link to a file that does not exist"
		}
		return "there is no such file or folder"
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return "permission denied: this user may not do that there; check the folder's and the file's permissions"
	case errors.Is(err, syscall.EISDIR):
		return "it is a folder, not a file"
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "the disk is full"
	case errors.Is(err, syscall.EROFS):
		return "the disk is read-only"
	case errors.Is(err, syscall.ENAMETOOLONG):
		return "the name is longer than the system allows"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "too many files are open; close some programs and try again"
	case errors.Is(err, syscall.EIO):
		return "the disk reported a read or write error"
	case errors.Is(err, syscall.EBUSY), errors.Is(err, syscall.ETXTBSY):
		return "the file is in use by another program"
	case errors.Is(err, syscall.EXDEV):
		return "it is on another disk than its folder's temporary file"
	case errors.Is(err, syscall.EINVAL):
		return "the name is not one this system accepts"
	case errno != 0:
		return errno.Error()
	}
	var lerr *os.LinkError
	if errors.As(err, &lerr) {
		return lerr.Err.Error()
	}
	var perr *fs.PathError
	if errors.As(err, &perr) {
		return perr.Err.Error()
	}
	var serr *os.SyscallError
	if errors.As(err, &serr) {
		return serr.Err.Error()
	}
	return err.Error()
}

// notFolder finds the first part of path that exists and is not a folder.
func notFolder(path string) (string, string) {
	if path == "" {
		return "", ""
	}
	for _, p := range prefixes(path) {
		fi, err := os.Stat(p)
		if err != nil {
			return "", ""
		}
		if !fi.IsDir() {
			if fi.Mode().IsRegular() {
				return p, "a file"
			}
			return p, Kind(fi.Mode())
		}
	}
	return "", ""
}

// looping finds the first part of path that is a link that cannot be
// followed.
func looping(path string) string {
	if path == "" {
		return ""
	}
	for _, p := range prefixes(path) {
		if _, err := os.Stat(p); errors.Is(err, syscall.ELOOP) {
			return p
		}
	}
	return ""
}

// missing finds the first part of path that does not exist.
func missing(path string) string {
	if path == "" {
		return ""
	}
	for _, p := range prefixes(path) {
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			return p
		}
	}
	return ""
}

// prefixes are path's parts from the first: a/b/c → a, a/b, a/b/c.
func prefixes(path string) []string {
	path = filepath.Clean(path)
	var out []string
	for p := path; ; {
		out = append(out, p)
		d := filepath.Dir(p)
		if d == p || d == "." {
			break
		}
		p = d
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Kind names a file type that is not a regular file, for people: "a
// named pipe", "a folder" …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}
