// Package templates embeds the Markdown templates of the sheets, briefings
// and rosters. A template is Markdown with Go text/template actions; a club's
// --templates folder overrides a shipped template of the same name (package
// document reads it).
package templates

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"
)

//go:embed *.md
var FS embed.FS

// Shipped returns the shipped template called name ("aqotmf.md").
func Shipped(name string) (string, error) {
	if text, ok := texts.Load(name); ok {
		return text.(string), nil
	}
	b, err := fs.ReadFile(FS, name)
	if err != nil || !IsTemplate(name) {
		return "", fmt.Errorf("no template %q", name)
	}
	text, _ := texts.LoadOrStore(name, string(b))
	return text.(string), nil
}

// texts are the shipped templates' texts, each read once in a process:
// the print pack reads its templates for every document it makes, and
// every read of one template gives the same string.
var texts sync.Map // name → string

// Names lists the names of the shipped templates: those a club's
// --templates folder may replace.
func Names() []string {
	var out []string
	entries, _ := fs.ReadDir(FS, ".")
	for _, e := range entries {
		if IsTemplate(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

// IsTemplate reports whether name is a template's (the README is the
// folder's documentation, not a template).
func IsTemplate(name string) bool {
	return strings.HasSuffix(name, ".md") && name != "README.md"
}
