// Package army reads army-list files (TOML), prices them against the rule
// data of their rule set, checks them and prints rosters and unit cards.
//
// A list names its rule set (system = "aqotmf") and holds [[unit]] tables.
// What a list and a unit say beyond that is its rule engine's, and so is
// how it is priced and checked (rules.Army): a list is read and checked
// by package rules (ParseList, CheckList), and printed here. The README
// ("Army lists") documents the format for users.
package army

import (
	"os"
	"path/filepath"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// The list, its units and its check are package rules' (the engines
// check them): the names here are theirs.
type (
	List   = rules.List
	Unit   = rules.Unit
	Report = rules.Report
	Line   = rules.Line
)

// HashBytes is the list's own hash printed on rosters (rules.HashBytes).
func HashBytes(src []byte) string { return rules.HashBytes(src) }

// Parse reads an army list (rules.ParseList).
func Parse(file string, src []byte) (*List, diag.List) { return rules.ParseList(file, src) }

// ReadFile reads a list file for Validate: only a regular file (or a
// link to one) of at most limits.MaxFileSize bytes. A named pipe or a
// device is refused unopened: reading one would wait for ever or never
// end. The error is a diag.Diag at the file.
func ReadFile(path string) ([]byte, error) {
	b, err := infile.Read(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, limits.MaxFileSize, "an army list (a TOML file)")
	if err != nil {
		return nil, diag.Diag{File: path, Msg: err.Error()}
	}
	return b, nil
}
