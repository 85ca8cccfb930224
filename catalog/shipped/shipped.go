// Package shipped gives tests the rule data embedded in playaid, loaded as
// the command loads it.
package shipped

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// Source is the embedded data as a catalogue source.
func Source() catalog.Source { return catalog.Source{Name: "data", FS: data.FS} }

// Catalog loads the embedded data; any error in it fails the test.
func Catalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, l := catalog.Load(Source())
	if err := l.Err(); err != nil {
		t.Fatalf("shipped data does not load:\n%v", err)
	}
	return cat
}

// Edit is a change a test makes to a copy of the shipped data: every
// match of the regular expression RE becomes To.
type Edit struct{ RE, To string }

// Copy copies the shipped folder from to the folder to, as a club copies
// a rule set to make its own, with edits made in every file. An edit that
// matches nothing fails the test: the shipped data changed under it.
func Copy(t testing.TB, from, to string, edits ...Edit) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	done := make([]bool, len(edits))
	err := fs.WalkDir(data.FS, from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		for i, e := range edits {
			if re := regexp.MustCompile(e.RE); re.Match(b) {
				b, done[i] = re.ReplaceAll(b, []byte(e.To)), true
			}
		}
		out[path.Join(to, strings.TrimPrefix(p, from+"/"))] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, ok := range done {
		if !ok {
			t.Fatalf("the shipped data has no %s to change: update the test", edits[i].RE)
		}
	}
	return out
}
