package markdown

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/suggest"
)

type dirKind int

const (
	dirNone dirKind = iota // not a directive: an ordinary comment or other HTML
	dirPageBreak
	dirColumnBreak
	dirColumns
	dirKeep
	dirSplit
)

type directive struct {
	kind dirKind
	n    int // columns
}

var directiveNames = []string{"pagebreak", "columnbreak", "columns", "keep", "split"}

// bareDirectives are the directives that take no value, by name.
var bareDirectives = map[string]dirKind{
	"pagebreak": dirPageBreak, "columnbreak": dirColumnBreak, "keep": dirKeep, "split": dirSplit,
}

// A comment is a directive when it is exactly one of them:
// "<!-- pagebreak -->", "<!-- columnbreak -->", "<!-- columns: 2 -->",
// "<!-- keep -->" (the next paragraph is never split across columns or
// pages: where its column has no room for all of it, all of it moves on),
// "<!-- split -->" (a short section, kept whole on one page where it
// can be, may go over a page here, between two blocks each read alone:
// it is not moved whole to the next page for a break at this point).
// Other comments are notes for the sheet's authors and are ignored —
// unless they look like a misspelt directive ("page break", "colums: 2"),
// which is an error, so a typo does not pass silently.
var commentRE = regexp.MustCompile(`^<!--([^:]*?)(:(.*))?-->$`)

// parseDirective reads an HTML block.
func parseDirective(block string) (directive, error) {
	m := commentRE.FindStringSubmatch(strings.TrimSpace(block))
	if m == nil {
		return directive{}, nil
	}
	word, hasArg, arg := strings.TrimSpace(m[1]), m[2] != "", strings.TrimSpace(m[3])
	switch word {
	case "pagebreak", "columnbreak", "keep", "split":
		if hasArg {
			return directive{}, fmt.Errorf("directive %s takes no value", word)
		}
		return directive{kind: bareDirectives[word]}, nil
	case "columns":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 2 {
			return directive{}, fmt.Errorf("directive columns: %q; expected 1 or 2", arg)
		}
		return directive{kind: dirColumns, n: n}, nil
	}
	squashed := strings.ToLower(squash.Replace(word))
	if len(squashed) > 20 {
		return directive{}, nil
	}
	s := suggest.Closest(squashed, directiveNames)
	if s == "" {
		return directive{}, nil
	}
	if s == "columns" {
		s = "columns: N"
	}
	// The comment is quoted on one line: a message is one line.
	quoted := strings.ReplaceAll(m[1]+m[2], "\n", " ")
	return directive{}, fmt.Errorf("<!--%s--> is no directive; did you mean <!-- %s -->? (the directives are pagebreak, columnbreak, columns: N, keep and split)", quoted, s)
}

// squash drops the spaces, hyphens and underscores of a word, to compare
// a misspelt directive.
var squash = strings.NewReplacer(" ", "", "-", "", "_", "")
