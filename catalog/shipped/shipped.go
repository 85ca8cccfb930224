// Package shipped gives tests the rule data embedded in playaid, loaded as
// the command loads it.
package shipped

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// Source is the embedded data as a catalogue source: the rule sets whose
// engines the test registered. A test that registers every engine (as
// the program does) gets all of it; an engine's own tests, which register
// that engine (and the one its rule sets add to), get its rule sets
// alone, so that a new engine's folder needs no line in another's tests.
func Source() catalog.Source { return catalog.Source{Name: "data", FS: registered()} }

var (
	engineLine  = regexp.MustCompile(`(?m)^engine\s*=\s*"([^"]*)"`)
	filteredMu  sync.Mutex
	filteredFor = map[string]fs.FS{}
)

// registered is the embedded data without the folders of rule sets whose
// engine is not registered.
func registered() fs.FS {
	known := catalog.Engines()
	key := strings.Join(known, ",")
	filteredMu.Lock()
	defer filteredMu.Unlock()
	if f, ok := filteredFor[key]; ok {
		return f
	}
	dirs, err := fs.ReadDir(data.FS, ".")
	if err != nil {
		return data.FS
	}
	var keep []string
	all := true
	for _, d := range dirs {
		b, err := fs.ReadFile(data.FS, path.Join(d.Name(), "system.toml"))
		m := engineLine.FindSubmatch(b)
		if err == nil && m != nil && !slices.Contains(known, string(m[1])) {
			all = false
			continue
		}
		keep = append(keep, d.Name())
	}
	var out fs.FS = data.FS
	if !all {
		m := fstest.MapFS{}
		for _, dir := range keep {
			_ = fs.WalkDir(data.FS, dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := fs.ReadFile(data.FS, p)
				if err == nil {
					m[p] = &fstest.MapFile{Data: b}
				}
				return err
			})
		}
		out = m
	}
	filteredFor[key] = out
	return out
}

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
