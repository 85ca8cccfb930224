package army

import (
	"io/fs"
	"path"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// Example is one of the ready-made lists shipped in data/armies: a
// scenario side's force. The print pack (package pack) prints each as a
// roster with its unit cards.
type Example struct {
	Name   string  // the file's name without .toml: "morale-wagon-humans"
	Report *Report // the list, checked
}

// Examples reads and checks every shipped example list, in file order.
// A list the catalogue refuses outright is an error: the pack would miss
// a file.
func Examples(cat *catalog.Catalog) ([]Example, error) {
	files, err := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	if err != nil {
		return nil, err
	}
	var out []Example
	for _, f := range files {
		src, err := fs.ReadFile(data.FS, f)
		if err != nil {
			return nil, err
		}
		r, dl := Validate(path.Join("data", f), src, cat)
		if r == nil {
			return nil, dl
		}
		out = append(out, Example{Name: strings.TrimSuffix(path.Base(f), ".toml"), Report: r})
	}
	return out, nil
}
