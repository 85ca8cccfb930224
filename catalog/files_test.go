package catalog

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// diagLines loads the sources and returns every message, one a line.
func diagLines(t *testing.T, sources ...Source) string {
	t.Helper()
	done := make(chan diag.List)
	go func() {
		_, l := Load(sources...)
		done <- l
	}()
	select {
	case l := <-done:
		return l.Error()
	case <-time.After(20 * time.Second):
		t.Fatal("Load has not returned after 20 s")
	}
	return ""
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A named pipe, a link to one, or a link to a folder named like a data
// file is refused or skipped with a message, never opened: opening a pipe
// waits for a writer that never comes.
func TestLoadSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"t/system.toml": base, "t/elsewhere/x.txt": "x"})
	if err := syscall.Mkfifo(filepath.Join(dir, "t", "pipe.toml"), 0o644); err != nil {
		t.Skipf("cannot make a named pipe here: %v", err)
	}
	for link, target := range map[string]string{"t/to-pipe.toml": "pipe.toml", "t/folder.toml": "elsewhere", "t/same.toml": "system.toml"} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	got := diagLines(t, Source{Name: "club", FS: os.DirFS(dir)})
	for _, want := range []string{
		"club/t/pipe.toml: not a regular file (a named pipe); expected a TOML file",
		"club/t/to-pipe.toml: not a regular file (a named pipe); expected a TOML file",
		"club/t/folder.toml: warning: not read: a link to a folder; links to folders are not followed",
		// A link to a data file is read: here it repeats the file it links to.
		`club/t/system.toml:7:6: duplicate weapon id "rifle" in system t; first defined at club/t/same.toml:6:3`,
		"club/t/elsewhere/x.txt: warning: not read: only .toml files hold rule data",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// Files the loader does not read are named, never passed over in silence;
// hidden files and folders are skipped as every tool skips them.
func TestLoadUnreadFiles(t *testing.T) {
	shipped := fstest.MapFS{"t/system.toml": {Data: []byte(base)}, "armies/x.toml": {Data: []byte("system = \"t\"\n")}}
	club := fstest.MapFS{
		"t/Units.TOML":         {Data: []byte("system = \"t\"\n")},
		"t/notes.md":           {Data: []byte("# notes\n")},
		"armies/mine.toml":     {Data: []byte("system = \"t\"\n")},
		".git/config":          {Data: []byte("[core]\n")},
		"t/.draft.toml":        {Data: []byte("not toml at all")},
		"other/weapons.toml":   {Data: []byte("system = \"t\"\n[[weapon]]\nid = \"pistol\"\nname = \"Pistol\"\n")},
		"t/scenarios/s.toml":   {Data: []byte("system = \"t\"\n")},
		"t/big.toml":           {Data: []byte("system = \"t\"\n" + strings.Repeat("#", limits.MaxFileSize))},
		"t/armies/inside.toml": {Data: []byte("system = \"t\"\n")},
	}
	got := diagLines(t, Source{Name: "data", FS: shipped}, Source{Name: "club", FS: club})
	want := strings.Join([]string{
		`club/other/weapons.toml:1:10: warning: a file of system "t" in the folder other/: it is read as t data all the same; expected it in t/`,
		"club/t/Units.TOML: warning: not read: data files end in .toml, in lower case",
		"club/t/big.toml: the file is 262157 bytes; expected at most 262144 (256 KiB)",
		"club/t/notes.md: warning: not read: only .toml files hold rule data",
	}, "\n")
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The lists of each source's armies/ folder are the data's example lists,
// not rule data: a club's beside the shipped ones, one of the same path
// in its place; what is not a list there is named.
func TestLoadLists(t *testing.T) {
	shipped := fstest.MapFS{"t/system.toml": {Data: []byte(base)}, "armies/a.toml": {Data: []byte("system = \"t\"\n")},
		"armies/b.toml": {Data: []byte("system = \"t\"\n")}}
	club := fstest.MapFS{"armies/b.toml": {Data: []byte("system = \"t\"\nname = \"Ours\"\n")}, "armies/c.toml": {Data: []byte("system = \"t\"\n")},
		"armies/notes.md": {Data: []byte("# notes\n")}}
	cat, l := Load(Source{Name: "data", FS: shipped}, Source{Name: "club", FS: club})
	var got []string
	for _, f := range cat.Lists() {
		src, err := f.Read()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f.Name+" "+f.Path+" "+strconv.Itoa(len(src)))
	}
	want := []string{"a data/armies/a.toml 13", "b club/armies/b.toml 27", "c club/armies/c.toml 13"}
	if !slices.Equal(got, want) {
		t.Errorf("lists %q, want %q", got, want)
	}
	if len(l) != 1 || l[0].Error() != "club/armies/notes.md: warning: not read: the example army lists are the .toml files of armies/" {
		t.Errorf("diagnostics %v, want the one warning about notes.md", l)
	}
}

// A duplicate id is blamed on the file laid over the base, and the base's
// entry stays: nothing that refers to it breaks.
func TestDuplicateBlamesTheClub(t *testing.T) {
	scenario := base + oneSide(60, "points = 60\n")
	shipped := fstest.MapFS{"t/system.toml": {Data: []byte(scenario)}}
	club := fstest.MapFS{"t/extra.toml": {Data: []byte("system = \"t\"\n[[unit]]\nid = \"company\"\nname = \"Company\"\npoints = 65\n")}}
	got := diagLines(t, Source{Name: "data", FS: shipped}, Source{Name: "club", FS: club})
	want := `club/t/extra.toml:3:6: duplicate unit id "company" in system t; first defined at data/t/system.toml:20:3; to replace that entry, copy data/t/system.toml to t/system.toml in your folder and edit the copy`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A value of the wrong type is reported once, where it is: it hides none
// of the file's other errors, and the checks that would read it are not
// run on the zero left in its place.
func TestTypeErrorsDoNotHideOrCascade(t *testing.T) {
	files := map[string]string{
		"t/system.toml": strings.Replace(base, "points = 60", `points = "sixty"`, 1) + `
[[unit]]
id = 7
name = "Nameless"

[[unit]]
id = "mob"
composition = [{profile = "nobody", count = 1}]
` + oneSide(60, "points = 60\n"),
	}
	errs, _ := load(t, files)
	want := []string{
		`data/t/system.toml:23:10: unit.points: found a string, expected an integer`,
		`data/t/system.toml:27:6: unit.id: found an integer, expected a string`,
		`data/t/system.toml:30:3: unit "mob" has no name`,
		`data/t/system.toml:32:27: unknown profile "nobody"; expected one of: inf`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}

// A file that is not TOML stops only itself: the other files are checked,
// but ids it may hold are not reported missing.
func TestSyntaxErrorStopsOneFile(t *testing.T) {
	files := map[string]string{
		"t/system.toml": base,
		"t/units.toml":  "system = \"t\"\n[[unit]]\nid = \"mob\"\nname = \"Mob\"\npoints = [\n",
		"t/scenarios.toml": "system = \"t\"\n[[scenario]]\nid = \"s\"\nname = \"S\"\n[[scenario.side]]\nname = \"A\"\n[[scenario.side.force]]\nunit = \"mob\"\npoints = 5\n" +
			"[[scenario.marker]]\nkind = \"x\"\ncount = -1\n",
	}
	errs, _ := load(t, files)
	want := []string{
		`data/t/scenarios.toml:12:9: scenario "s": marker.count is -1; expected 0–10000`,
		`data/t/units.toml:5:10: unit.points: unexpected EOF; expected value`,
	}
	if got := strings.Join(errs, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant the scenario's own error, the syntax error and no unknown ids:\n%s", got, strings.Join(want, "\n"))
	}
}

// failingDir is a file system one folder of which cannot be read.
type failingDir struct {
	fs.FS
	bad string
}

func (f failingDir) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.bad {
		return nil, errors.New("permission denied")
	}
	return fs.ReadDir(f.FS, name)
}

// A folder that cannot be read is an error; the rest is still read.
func TestUnreadableFolder(t *testing.T) {
	fsys := failingDir{fstest.MapFS{"t/system.toml": {Data: []byte(base)}, "u/x.toml": {Data: []byte("system = \"t\"\n")}}, "u"}
	got := diagLines(t, Source{Name: "club", FS: fsys})
	if want := "club/u: permission denied"; got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
