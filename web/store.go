package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/playaid/playaid/internal/plain"
)

// ext is the extension of a list file; a list's name is its file name
// without it.
const ext = ".toml"

// checkName says what is wrong with a list name, or nil. A name maps to
// exactly one file directly inside --lists: no separators, no "..", no
// leading dot (temporary files and copies start with one), nothing a
// shell or another system would trip on.
func checkName(name string) error {
	switch {
	case name == "":
		return errors.New("the list has no file name; give it one")
	case len(name) > maxNameBytes:
		return fmt.Errorf("the file name %q is longer than %d bytes; shorten it", clip(name, maxNameBytes), maxNameBytes)
	case !utf8.ValidString(name):
		return errors.New("the file name is not valid text; use letters, digits, spaces, '-', '_' and '.'")
	case strings.Contains(name, ".."):
		return fmt.Errorf("the file name %q contains \"..\"; use letters, digits, spaces, '-', '_' and '.'", name)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -_.", r) {
			return fmt.Errorf("the file name %q contains %q; use letters, digits, spaces, '-', '_' and '.'", name, r)
		}
	}
	if first, _ := utf8.DecodeRuneInString(name); first == '.' || first == ' ' || first == '-' {
		return fmt.Errorf("the file name %q starts with %q; start it with a letter or a digit", name, first)
	}
	if last, _ := utf8.DecodeLastRuneInString(name); last == '.' || last == ' ' {
		return fmt.Errorf("the file name %q ends with %q; end it with a letter or a digit", name, last)
	}
	return nil
}

// clip shortens s to at most n bytes on a rune boundary, for messages.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// slug turns an army's name into a file name: lower case, words joined by
// hyphens ("Boys of Company C" → "boys-of-company-c").
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			if b.Len()+utf8.RuneLen(r) > maxNameBytes-4 { // room for "-99"
				break
			}
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "my-army"
	}
	return b.String()
}

// hashOf is the identity of a file's bytes a save compares against.
func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// store is the --lists folder. Every access goes through an os.Root, so no
// name and no symbolic link reaches outside it; saves are serialised so
// that the check for a change on disk and the write are one step.
type store struct {
	dir  string // as given, for messages
	root *os.Root
	mu   sync.Mutex
}

func openStore(dir string) (*store, error) {
	if _, err := os.Stat(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("--lists %s: %s; expected a folder for the army lists", dir, plain.Why(dir, err))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--lists %s: %s; expected a folder for the army lists (it is made when missing)", dir, plain.Why(dir, err))
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("--lists %s: %s; expected a folder for the army lists", dir, plain.Why(dir, err))
	}
	return &store{dir: dir, root: root}, nil
}

func (s *store) close() error { return s.root.Close() }

// names lists the lists: the regular *.toml files directly in the folder
// whose names are valid, sorted, at most maxLists; more counts the rest.
func (s *store) names() (names []string, more int, err error) {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return nil, 0, fmt.Errorf("could not read the lists folder: %s", plain.Why("", err))
	}
	for _, e := range entries {
		n, ok := strings.CutSuffix(e.Name(), ext)
		if !ok || !e.Type().IsRegular() || checkName(n) != nil {
			continue
		}
		if len(names) == maxLists {
			more++
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	return names, more, nil
}

// errNoList is a list that is not in the folder.
var errNoList = errors.New("no such list")

// notRegular is a list's name taken by something that is not a regular
// file (a symbolic link, a named pipe, a folder): the file's problem, told
// in plain words and without the server's paths, which a LAN reads.
type notRegular struct {
	file, kind string
}

func (e *notRegular) Error() string {
	return fmt.Sprintf("The file %s in the lists folder is %s, not a list file: playaid reads and saves only ordinary files there, so it is left as it is", e.file, e.kind)
}

// failed is a file operation the store could not do, in plain words: the
// list's file name and why, never the folder's path, a temporary file's
// name or a system call's.
func failed(verb, file string, err error) error {
	return fmt.Errorf("could not %s %s: %s", verb, file, plain.Why("", err))
}

// read returns a list file's bytes. Only a regular file is read: a
// symbolic link, a folder or a device under a list's name is refused.
func (s *store) read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	file := name + ext
	fi, err := s.root.Lstat(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoList
	}
	if err != nil {
		return nil, failed("read", file, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &notRegular{file, plain.Kind(fi.Mode())}
	}
	if fi.Size() > maxListBytes {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d a list may have", file, fi.Size(), maxListBytes)
	}
	f, err := s.root.Open(file)
	if err != nil {
		return nil, failed("read", file, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxListBytes+1))
	if err != nil {
		return nil, failed("read", file, err)
	}
	if len(b) > maxListBytes {
		return nil, fmt.Errorf("%s is more than the %d bytes a list may have", file, maxListBytes)
	}
	return b, nil
}

// conflict is a save refused because the folder is not as the page that
// saves last saw it.
type conflict struct {
	name string
	why  string
}

func (c *conflict) Error() string { return c.why }

// saveOpts say what a save expects to find and what to do with it.
type saveOpts struct {
	// base is the hash of the file as the page loaded it; "" when the page
	// makes a new list, which must not exist yet.
	base string
	// prior checks the file being replaced: an error refuses the save (a
	// file that does not read as a list), keep asks for a copy of it first
	// (a file written by hand, whose comments the save drops).
	prior func(src []byte) (keep bool, err error)
}

// save writes data as the list name, atomically, unless the file changed
// since the page loaded it. It returns the name of the copy it kept of the
// file it replaced, if it kept one.
func (s *store) save(name string, data []byte, o saveOpts) (kept string, err error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	if len(data) > maxListBytes {
		return "", fmt.Errorf("the list is %d bytes, more than the %d a list may have", len(data), maxListBytes)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, err := s.read(name)
	var nr *notRegular
	switch {
	case errors.As(err, &nr):
		return "", &conflict{name, nr.Error() + "."}
	case errors.Is(err, errNoList):
		if o.base != "" {
			return "", &conflict{name, fmt.Sprintf("%s%s was deleted after you opened it, so your edits are not saved over it.", name, ext)}
		}
	case err != nil:
		return "", err
	case o.base == "":
		return "", &conflict{name, fmt.Sprintf("There is already a list called %s%s; your new list is not saved over it.", name, ext)}
	case hashOf(cur) != o.base:
		return "", &conflict{name, fmt.Sprintf("%s%s was changed on disk after you opened it (by another player, or in an editor), so your edits are not saved over it.", name, ext)}
	}
	if cur != nil && o.prior != nil {
		keep, err := o.prior(cur)
		if err != nil {
			return "", &conflict{name, err.Error()}
		}
		if keep {
			kept, err = s.free(name + ".orig")
			if err != nil {
				return "", err
			}
			if err := s.write(kept, cur); err != nil {
				return "", err
			}
		}
	}
	return kept, s.write(name, data)
}

// free returns base, or base-2, base-3 … : the first name no file has.
func (s *store) free(base string) (string, error) {
	for i := 1; i <= 100; i++ {
		n := base
		if i > 1 {
			n = fmt.Sprintf("%s-%d", clip(base, maxNameBytes-4), i)
		}
		if checkName(n) != nil {
			continue
		}
		if _, err := s.root.Lstat(n + ext); errors.Is(err, fs.ErrNotExist) {
			return n, nil
		}
	}
	return "", fmt.Errorf("there is no free file name like %s in the lists folder; choose another name", clip(base, maxNameBytes))
}

// removeStale removes the temporary files a save killed halfway left
// beside file (".FILE.tmp-HEX", regular files), as the CLI's writes do:
// saves are serialised, so none of them is another save's.
func (s *store) removeStale(file string) {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "."+file+".tmp-")
		if ok && e.Type().IsRegular() && rest != "" && strings.Trim(rest, "0123456789abcdef") == "" {
			s.root.Remove(e.Name())
		}
	}
}

// write puts data in name's file through a temporary file and a rename, so
// that a reader sees the old list or the new one, never half of either.
// It replaces only a regular file.
func (s *store) write(name string, data []byte) error {
	file := name + ext
	s.removeStale(file)
	var rnd [6]byte
	rand.Read(rnd[:]) // never fails (crypto/rand)
	tmp := "." + file + ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return failed("save", file, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if fi, lerr := s.root.Lstat(file); lerr == nil && !fi.Mode().IsRegular() {
			s.root.Remove(tmp)
			nr := &notRegular{file, plain.Kind(fi.Mode())}
			return &conflict{name, nr.Error() + "."}
		}
	}
	if err == nil {
		err = s.root.Rename(tmp, file)
	}
	if err != nil {
		s.root.Remove(tmp)
		return failed("save", file, err)
	}
	// Make the rename itself durable.
	if d, err := s.root.Open("."); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
