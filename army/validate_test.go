package army

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/playaid/playaid/internal/golden"
)

// validationCase is a list and every message it must give, in order, with
// its exact position: testdata/validate/*.txtar, each a comment naming the
// case, the list as army.toml and the messages as want, one a line.
type validationCase struct {
	name string
	src  string
	want []string
}

var (
	casesOnce sync.Once
	cases     []validationCase
	casesErr  error
)

// validationCases reads the cases once.
func validationCases(t testing.TB) []validationCase {
	t.Helper()
	casesOnce.Do(func() {
		files, err := filepath.Glob(filepath.Join("testdata", "validate", "*.txtar"))
		if err != nil || len(files) == 0 {
			casesErr = err
			return
		}
		for _, f := range files {
			a, err := txtar.ParseFile(f)
			if err != nil {
				casesErr = err
				return
			}
			c := validationCase{name: strings.TrimSpace(strings.TrimPrefix(string(a.Comment), "#"))}
			for _, file := range a.Files {
				switch file.Name {
				case "army.toml":
					c.src = string(file.Data)
				case "want":
					for _, l := range strings.Split(strings.TrimRight(string(file.Data), "\n"), "\n") {
						if l != "" {
							c.want = append(c.want, l)
						}
					}
				}
			}
			cases = append(cases, c)
		}
	})
	if casesErr != nil || len(cases) == 0 {
		t.Fatalf("testdata/validate: %v (%d cases)", casesErr, len(cases))
	}
	return cases
}

// validationCase0 is the list of the named case.
func validationCase0(t testing.TB, name string) string {
	t.Helper()
	for _, c := range validationCases(t) {
		if c.name == name {
			return c.src
		}
	}
	t.Fatalf("no case %q in testdata/validate", name)
	return ""
}

func TestValidate(t *testing.T) {
	cat := testCatalog(t)
	for _, c := range validationCases(t) {
		t.Run(c.name, func(t *testing.T) {
			r, dl := Validate("army.toml", []byte(c.src), cat)
			if r == nil {
				t.Fatalf("the list was taken for unreadable: %v", dl)
			}
			var got []string
			for _, d := range dl {
				got = append(got, d.Error())
			}
			if golden.Updating() {
				rewriteWant(t, c.name, got)
				return
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if r.Valid() != (len(r.Diags.Errors()) == 0) {
				t.Error("Valid disagrees with the errors")
			}
		})
	}
}

// rewriteWant writes got as the want section of the named case (go test
// -update), for a change meant to alter the messages.
func rewriteWant(t *testing.T, name string, got []string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "validate", "*.txtar"))
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil || strings.TrimSpace(strings.TrimPrefix(string(a.Comment), "#")) != name {
			continue
		}
		for i := range a.Files {
			if a.Files[i].Name == "want" {
				a.Files[i].Data = nil
				if len(got) > 0 {
					a.Files[i].Data = []byte(strings.Join(got, "\n") + "\n")
				}
			}
		}
		if err := os.WriteFile(f, txtar.Format(a), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
