package web

import (
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
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/playaid/playaid/internal/outfile"
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
		if blank(r) {
			return fmt.Errorf("the file name contains %U, a letter that shows as nothing; use letters you can see, digits, spaces, '-', '_' and '.'", r)
		}
	}
	if reserved(name) {
		stem, _, _ := strings.Cut(name, ".")
		return fmt.Errorf("the file name %q is one Windows keeps for a device (%s), so the list would not unpack on a Windows laptop; choose another name", name, strings.ToUpper(strings.TrimSpace(stem)))
	}
	if first, _ := utf8.DecodeRuneInString(name); first == '.' || first == ' ' || first == '-' {
		return fmt.Errorf("the file name %q starts with %q; start it with a letter or a digit", name, first)
	}
	if last, _ := utf8.DecodeLastRuneInString(name); last == '.' || last == ' ' {
		return fmt.Errorf("the file name %q ends with %q; end it with a letter or a digit", name, last)
	}
	return nil
}

// blank reports a letter that prints as nothing (the Hangul fillers, a
// list name of U+3164 shows as a blank row): Unicode's default-ignorable
// letters.
func blank(r rune) bool { return unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) }

// windowsDevices are the names Windows keeps for devices, whatever
// extension follows them ("CON.toml", "nul.orig.toml").
var windowsDevices = []string{"CON", "PRN", "AUX", "NUL",
	"COM0", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "COM¹", "COM²", "COM³",
	"LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9", "LPT¹", "LPT²", "LPT³"}

// reserved reports a name Windows keeps for a device: an exported zip
// holding it would not unpack there.
func reserved(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.TrimRight(stem, " ")
	for _, d := range windowsDevices {
		if strings.EqualFold(stem, d) {
			return true
		}
	}
	return false
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
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !blank(r) {
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
	if reserved(b.String()) {
		b.WriteString("-list")
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

// listFile is a list in the folder as a listing sees it: its name, and
// its file's size and time of change, which say whether a verdict kept
// for it still holds (see judge.go).
type listFile struct {
	name string
	size int64
	mod  time.Time
}

// stampOf is the listing's view of a file.
func stampOf(name string, fi fs.FileInfo) listFile {
	return listFile{name: name, size: fi.Size(), mod: fi.ModTime()}
}

// files lists the lists: the regular *.toml files directly in the folder
// whose names are valid, sorted, at most maxLists; more counts the rest.
// A listing costs a look at each file, not a read.
func (s *store) files() (files []listFile, more int, err error) {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return nil, 0, fmt.Errorf("could not read the lists folder: %s", plain.Why("", err))
	}
	for _, e := range entries {
		n, ok := strings.CutSuffix(e.Name(), ext)
		if !ok || !e.Type().IsRegular() || checkName(n) != nil {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // gone since the folder was read
		}
		if len(files) == maxLists {
			more++
			continue
		}
		files = append(files, stampOf(n, fi))
	}
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, more, nil
}

// stamp is a list file's size and time of change.
func (s *store) stamp(name string) (listFile, error) {
	fi, err := s.root.Lstat(name + ext)
	if err != nil {
		return listFile{}, err
	}
	return stampOf(name, fi), nil
}

// names lists the lists' names, as files does.
func (s *store) names() (names []string, more int, err error) {
	files, more, err := s.files()
	for _, f := range files {
		names = append(names, f.name)
	}
	return names, more, err
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
	b, _, err := s.readStamped(name)
	return b, err
}

// readStamped is read, with the file's size and time of change as the
// open file had them: the stamp of the bytes read.
func (s *store) readStamped(name string) ([]byte, listFile, error) {
	if err := checkName(name); err != nil {
		return nil, listFile{}, err
	}
	file := name + ext
	fi, err := s.root.Lstat(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, listFile{}, errNoList
	}
	if err != nil {
		return nil, listFile{}, failed("read", file, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, listFile{}, &notRegular{file, plain.Kind(fi.Mode())}
	}
	if fi.Size() > maxListBytes {
		return nil, stampOf(name, fi), fmt.Errorf("%s is %d bytes, more than the %d a list may have", file, fi.Size(), maxListBytes)
	}
	f, err := s.root.Open(file)
	if err != nil {
		return nil, listFile{}, failed("read", file, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, listFile{}, failed("read", file, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, listFile{}, &notRegular{file, plain.Kind(fi.Mode())}
	}
	b, err := io.ReadAll(io.LimitReader(f, maxListBytes+1))
	if err != nil {
		return nil, listFile{}, failed("read", file, err)
	}
	if len(b) > maxListBytes {
		return nil, stampOf(name, fi), fmt.Errorf("%s is more than the %d bytes a list may have", file, maxListBytes)
	}
	return b, stampOf(name, fi), nil
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
		if twin := s.caseTwin(name); twin != "" {
			return "", &conflict{name, twinWhy(twin)}
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

// free returns base, or base-2, base-3 … : the first name no file has,
// in any capitals.
func (s *store) free(base string) (string, error) {
	taken := map[string]bool{}
	if entries, err := fs.ReadDir(s.root.FS(), "."); err == nil {
		for _, e := range entries {
			taken[strings.ToLower(e.Name())] = true
		}
	}
	for i := 1; i <= 100; i++ {
		n := base
		if i > 1 {
			n = fmt.Sprintf("%s-%d", clip(base, maxNameBytes-4), i)
		}
		if checkName(n) != nil || taken[strings.ToLower(n+ext)] {
			continue
		}
		if _, err := s.root.Lstat(n + ext); errors.Is(err, fs.ErrNotExist) {
			return n, nil
		}
	}
	return "", &noFreeName{clip(base, maxNameBytes)}
}

// caseTwin is the name of a list whose file name differs from name's in
// capitals alone ("" for none): on Windows and macOS the two are one
// file, so the club's export would not unpack there.
func (s *store) caseTwin(name string) string {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if e.Name() != name+ext && strings.EqualFold(e.Name(), name+ext) {
			return strings.TrimSuffix(e.Name(), e.Name()[len(e.Name())-len(ext):])
		}
	}
	return ""
}

// twinWhy refuses a name that differs from the list twin's in capitals
// alone.
func twinWhy(twin string) string {
	return fmt.Sprintf("There is already a list called %s%s: names that differ only in capitals are one file on Windows and macOS, so the club's export would not unpack there. Choose another name.", twin, ext)
}

// noFreeName is free's refusal: every name like base is taken. The
// folder is not at fault; the names ran out.
type noFreeName struct{ base string }

func (e *noFreeName) Error() string {
	return fmt.Sprintf("the names like %s ran out: %s%s and %s-2%s to %s-100%s are all taken in the lists folder; rename or delete some of them, or give the list another name", e.base, e.base, ext, e.base, ext, e.base, ext)
}

// full is a write refused because the lists folder is at its quota.
type full struct{ why string }

func (f *full) Error() string { return f.why }

// quota is the lists folder's quota in words, for every refusal.
var quota = fmt.Sprintf("a lists folder holds at most %d lists and %d MB in all", maxLists, maxFolderBytes>>20)

// room refuses a file of size bytes as name (a new list, or one replacing
// the list of that name) that would take the folder past its quota
// (maxLists, maxFolderBytes). The caller holds s.mu.
func (s *store) room(name string, size int) error {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return failed("save", name+ext, err)
	}
	lists, bytes, replaced := 0, int64(size), false
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		if e.Name() == name+ext {
			replaced = true
			continue
		}
		bytes += fi.Size()
		if n, ok := strings.CutSuffix(e.Name(), ext); ok && checkName(n) == nil {
			lists++
		}
	}
	switch {
	case !replaced && lists >= maxLists:
		return &full{fmt.Sprintf("The lists folder is full: it holds %d lists, and %s. Delete lists the club no longer needs (export them first, to keep a copy) to make room.", lists, quota)}
	case bytes > maxFolderBytes:
		return &full{fmt.Sprintf("The lists folder is full: with this list (%d KB) its files would come to %.1f MB, and %s. Delete lists the club no longer needs (export them first, to keep a copy) to make room.", (size+1023)>>10, float64(bytes)/(1<<20), quota)}
	}
	return nil
}

// write puts data in name's file through a temporary file and a rename, so
// that a reader sees the old list or the new one, never half of either.
// It replaces only a regular file, and keeps the folder within its quota.
// The caller holds s.mu.
func (s *store) write(name string, data []byte) error {
	file := name + ext
	if fi, err := s.root.Lstat(file); err == nil && !fi.Mode().IsRegular() {
		nr := &notRegular{file, plain.Kind(fi.Mode())}
		return &conflict{name, nr.Error() + "."}
	}
	if err := s.room(name, len(data)); err != nil {
		return err
	}
	return outfile.WriteIn(s.root, file, data)
}
