// Package templates embeds the Markdown templates of the sheets, briefings
// and rosters. A template is Markdown with Go text/template actions; a club's
// --templates folder overrides a shipped template of the same name.
package templates

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

//go:embed *.md
var FS embed.FS

// Read returns the template called name ("aqotmf.md"): from dir when it
// holds a file of that name, else the shipped one. It also says where the
// text came from, for error messages.
func Read(dir, name string) (text, from string, err error) {
	if dir != "" {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err == nil {
			return string(b), p, nil
		}
		if !os.IsNotExist(err) {
			return "", p, err
		}
	}
	b, err := fs.ReadFile(FS, name)
	if err != nil {
		return "", "templates/" + name, fmt.Errorf("no template %q", name)
	}
	return string(b), "templates/" + name, nil
}
