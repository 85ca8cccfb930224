package catalog

import "github.com/playaid/playaid/diag"

// Marker is a kind of counter or template printed at exact size.
type Marker struct {
	ID     string   `toml:"id"`
	Name   string   `toml:"name"`
	Shape  string   `toml:"shape"` // circle, square, rect, template, track, ruler
	Size   Length   `toml:"size"`  // diameter or side
	Width  Length   `toml:"width"`
	Height Length   `toml:"height"`
	Count  int      `toml:"count"`
	Labels []string `toml:"labels"` // one per marker, or one for all
	Color  string   `toml:"color"`  // fill, "#rrggbb"
	Ink    string   `toml:"ink"`    // text colour
	Back   string   `toml:"back"`   // text on the back; identical for every marker of the kind
	Note   string   `toml:"note"`
	Pos    diag.Pos `toml:"-"`
}
