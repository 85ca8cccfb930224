package tomlpos

import (
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/toml"
)

// TestParseIsDecode: toml.Parse, which Decode here uses, gives the tree
// and the errors that the library's Decode into an any gives, on the
// shipped data and on texts that redefine keys, tables and arrays (what
// Parse's parser keeps of the keys' types decides those).
func TestParseIsDecode(t *testing.T) {
	texts := map[string]string{
		"array then dotted":       "a = [1]\na.x = 1\n",
		"array then dotted twice": "a = [1]\na.x = 1\na.y = 2\n",
		"array then table":        "a = [1]\n[a]\n",
		"array then array table":  "a = [{b = 1}]\n[[a]]\n",
		"implicit then explicit":  "[a.b]\n[a]\nx = 1\n",
		"dotted then table":       "a.b = 1\n[a]\nc = 2\n",
		"table arrays":            "[[a]]\n[a.b]\n[[a]]\n[a.b]\n",
		"key twice":               "x = 1\nx = 2\n",
		"inline then dotted":      "t = {a = [1], b = 2}\nt.c = 3\n",
		"array redefined":         "a = [1,\n2]\na = []\n",
		"empty key":               "\"\" = 1\n[\"\"]\n",
		"nested arrays":           "a = [[1], [{b = [2]}]]\n[c]\nd = [3]\nd.e = 4\n",
		"unterminated":            "k = \"unterminated\n",
		"not toml":                "[[unit]\nid = 1\n",
		"array, then not":         "[[t]]\na = []\n[[t]]\na = 1\na.b = {x = 1}\n",
		"array, then not, quoted": "[[\"\"]]\na = []\n[[\"\"]]\n\"a\" = 1\na.b = {x = 1}\n",
	}
	shipped := 0
	err := fs.WalkDir(os.DirFS("../data"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		b, err := fs.ReadFile(os.DirFS("../data"), p)
		texts[p] = string(b)
		shipped++
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if shipped < 30 {
		t.Fatalf("%d files: the shipped data was not found", shipped)
	}
	for name, text := range texts {
		var want any
		_, wantErr := toml.Decode(text, &want)
		got, gotErr := toml.Parse(text)
		switch {
		case (wantErr == nil) != (gotErr == nil):
			t.Errorf("%s: Parse's error %v, Decode's %v", name, gotErr, wantErr)
		case wantErr != nil:
			if gotErr.Error() != wantErr.Error() {
				t.Errorf("%s: Parse's error %q, Decode's %q", name, gotErr, wantErr)
			}
		case !reflect.DeepEqual(any(got), want):
			t.Errorf("%s: Parse's tree\n%v\nDecode's\n%v", name, got, want)
		}
	}
}
