package army

import (
	"github.com/playaid/playaid/catalog"
)

// Example is one of the ready-made lists of the data's armies/ folders
// (catalog.Catalog.Lists): the shipped data/armies, a club's own beside
// its rule sets. The print pack (package pack) prints each as a roster
// with its unit cards.
type Example struct {
	Name   string  // the file's name without .toml: "morale-wagon-humans"
	Report *Report // the list, checked
}

// Examples reads and checks every example list, in path order. A list
// with an error is an error (every one, at its place): the pack prints an
// example ready to play, or the data is wrong.
func Examples(cat *catalog.Catalog) ([]Example, error) {
	var out []Example
	for _, f := range cat.Lists() {
		src, err := f.Read()
		if err != nil {
			return nil, err
		}
		r, dl := Validate(f.Path, src, cat)
		if r == nil || !r.Valid() {
			return nil, dl.Errors()
		}
		out = append(out, Example{Name: f.Name, Report: r})
	}
	return out, nil
}
