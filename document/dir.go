package document

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/internal/suggest"
	"github.com/playaid/playaid/templates"
)

// CheckDir warns about every file in a club's --templates folder that no
// generator reads: a name that is not a template's (Roster.md, a typo), a
// folder (templates are read from the top of the folder only). Without
// the warning such a file is silently not used. Hidden files (an editor's
// backups, .git) are left alone.
func CheckDir(dir string, own ...string) diag.List {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return diag.List{{File: dir, Msg: "cannot read the templates folder: " + plain.Why(dir, err)}}
	}
	names := append(templates.Names(), own...)
	var out diag.List
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || slices.Contains(names, name) && !e.IsDir() {
			continue
		}
		near := suggest.Closest(name, names)
		msg := "not a template playaid reads, so it is not used"
		switch {
		case e.IsDir():
			msg = "a folder: templates are read from the top of the templates folder only"
		case near != "":
			msg += fmt.Sprintf("; did you mean %s? (template names are lower case)", near)
			if !strings.EqualFold(near, name) {
				msg = strings.TrimSuffix(msg, " (template names are lower case)")
			}
		default:
			msg += "; the templates are " + strings.Join(names, ", ")
		}
		out = append(out, diag.Diag{File: filepath.Join(dir, name), Warning: true, Msg: msg})
	}
	return out
}
