package army

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
)

// Example is one of the ready-made lists shipped in data/armies: a
// scenario side's force, as the print pack prints it (roster and unit
// cards). 'playaid build' and the web app both print them through here.
type Example struct {
	File   string  // the print pack's name: "army-morale-wagon-humans.pdf"
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
		out = append(out, Example{File: "army-" + strings.TrimSuffix(path.Base(f), ".toml") + ".pdf", Report: r})
	}
	return out, nil
}

// Print renders the example's roster with its unit cards (o.Cards is
// set whatever it says).
func (e Example) Print(cat *catalog.Catalog, o PrintOptions) ([]byte, error) {
	o.Cards = true
	pdf, err := Print(e.Report, cat, o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.Report.List.File, err)
	}
	return pdf, nil
}
