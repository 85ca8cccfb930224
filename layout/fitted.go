package layout

import (
	"sync"

	"github.com/playaid/playaid/diag"
)

// What a document had to fit beyond its look — a table set with narrower
// margins or smaller type (never under 6.5 pt), a card's title set
// smaller — because the text font (a club's --font) has wider letters
// than the Go font, is told to the person at the terminal. The documents
// note it here as they are made, each at its place in the file a club
// wrote; the command prints it once it has made its documents. Like the
// text font it is the process's: the same text in the same font is
// fitted the same way in every document and on every paper, and is said
// once.
var fitted struct {
	sync.Mutex
	seen map[string]bool
	list diag.List
}

// maxFitted bounds what is kept: a server that lays out the lists of a
// whole club with a wide font says the first hundred things only.
const maxFitted = 100

// NoteFitted notes what was fitted, as warnings.
func NoteFitted(l diag.List) {
	if len(l) == 0 {
		return
	}
	fitted.Lock()
	defer fitted.Unlock()
	if fitted.seen == nil {
		fitted.seen = map[string]bool{}
	}
	for _, d := range l {
		d.Warning = true
		key := d.Error()
		if fitted.seen[key] || len(fitted.list) >= maxFitted {
			continue
		}
		fitted.seen[key] = true
		fitted.list = append(fitted.list, d)
	}
}

// Fitted returns what was noted since it was last asked, sorted, once
// each, and forgets it.
func Fitted() diag.List {
	fitted.Lock()
	defer fitted.Unlock()
	l := fitted.list
	fitted.list, fitted.seen = nil, nil
	l.Sort()
	return l
}
