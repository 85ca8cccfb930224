package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/playaid/playaid/internal/plain"
)

// WriteIn writes data as the file name directly inside root, as the
// server writes into its folders: through a temporary file beside it
// (".NAME.tmp-HEX"), synced, then renamed over it, so that a reader sees
// the old file or the new one, never half of either. Only a regular file
// (or nothing) is replaced. Temporary files a write killed halfway left
// beside name are removed first: callers serialise their writes of one
// name. The error names the file, never the temporary one.
func WriteIn(root *os.Root, name string, data []byte) error {
	removeStaleIn(root, name)
	var rnd [6]byte
	rand.Read(rnd[:]) // never fails (crypto/rand)
	tmp := "." + name + ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("could not save %s: %s", name, plain.Why("", err))
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if fi, lerr := root.Lstat(name); lerr == nil && !fi.Mode().IsRegular() {
			root.Remove(tmp)
			return fmt.Errorf("%s is %s, not a file playaid wrote: it is left as it is", name, plain.Kind(fi.Mode()))
		}
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return fmt.Errorf("could not save %s: %s", name, plain.Why("", err))
	}
	// Make the rename itself durable.
	if d, err := root.Open("."); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// removeStaleIn removes the temporary files of name a killed write left.
func removeStaleIn(root *os.Root, name string) {
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "."+name+".tmp-")
		if ok && e.Type().IsRegular() && rest != "" && strings.Trim(rest, "0123456789abcdef") == "" {
			root.Remove(e.Name())
		}
	}
}
