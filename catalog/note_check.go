package catalog

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/internal/playercopy"
)

// MaxRuling is the longest ruling a note may carry, in characters: about
// one line of a two-column sheet's footnotes, so the player's copy stays
// a quick reference.
const MaxRuling = 140

// checkNote checks a source note: it has text, and its ruling, printed on
// player documents, is one short line in game words.
func (c *checker) checkNote(n Note) {
	at := c.at("note", n.ID)
	if strings.TrimSpace(n.Text) == "" && !at.bad("text") {
		c.errf(at.pos(), "note %q has no text", n.ID)
	}
	for i, g := range n.Governs {
		switch {
		case strings.TrimSpace(g) == "":
			c.errf(at.value(fmt.Sprintf("governs.%d", i)), "note %q: governs %d is blank; expected the printed words its ruling decides", n.ID, i+1)
		case strings.TrimSpace(n.Ruling) == "":
			c.errf(at.value(fmt.Sprintf("governs.%d", i)), "note %q: governs %q, but the note has no ruling to mark it with; expected a ruling", n.ID, g)
		}
	}
	if n.Ruling == "" {
		return
	}
	r := strings.TrimSpace(n.Ruling)
	switch {
	case r == "":
		c.errf(at.value("ruling"), "note %q: the ruling is blank; leave it out for a note players do not need", n.ID)
	case strings.ContainsAny(r, "\n\r"):
		c.errf(at.value("ruling"), "note %q: the ruling runs over more than one line; expected one line a player reads at the table", n.ID)
	case utf8.RuneCountInString(r) > MaxRuling:
		c.errf(at.value("ruling"), "note %q: the ruling has %d characters; expected at most %d (the full story goes in text)", n.ID, utf8.RuneCountInString(r), MaxRuling)
	}
	if w := playercopy.Word(r); w != "" {
		c.errf(at.value("ruling"), "note %q: the ruling says %q; player documents speak game language (keep remarks about the rules text in text)", n.ID, w)
	}
}
