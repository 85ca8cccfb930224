package glyphs

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/gofont/goregular"
)

// The text font of the process: the Go font, or the club's --font. It is
// chosen once, at start-up, before any text is read (Use); everything
// printed in a text face is drawn in it. (All five Go faces, the
// monospaced one included, cover the same characters.)
var (
	club   atomic.Pointer[Font]
	goFont = sync.OnceValue(func() *Font {
		f, err := Parse("", goregular.TTF)
		if err != nil {
			panic("glyphs: the embedded Go font is unreadable: " + err.Error())
		}
		return f
	})
)

// Use makes f the text font of the process; nil goes back to the Go
// font. The command line calls it once, before reading any text.
func Use(f *Font) { club.Store(f) }

// Text returns the text font: the club's, else the Go font.
func Text() *Font {
	if f := club.Load(); f != nil {
		return f
	}
	return goFont()
}

// fallbacks are characters the Go font lacks, each with the nearest
// thing it has (a test checks both). Anything else missing prints as the
// replacement mark.
var fallbacks = map[rune]string{
	'✓':      "√", // check marks
	'✔':      "√",
	'✗':      "×", // ballot crosses
	'✘':      "×",
	'✕':      "×",
	'⅓':      "1/3",
	'⅔':      "2/3",
	'∼':      "~",
	'▸':      "►",
	'☐':      "□",
	'☑':      "■",
	'⚠':      "!",
	'\u2011': "-",      // non-breaking hyphen (we never break at hyphens anyway)
	'\u2009': " ",      // thin space
	'\u202F': "\u00A0", // narrow no-break space
}

// Mark is what prints for a character the font cannot draw: the Unicode
// replacement character, which the Go font has and no reader takes for
// a letter, a box to tick or a question.
const Mark = "\uFFFD"

// printable reports whether r prints in a font that has what has: as
// itself, through its fallback, or as a space (a line break or a tab is
// laid out, never drawn).
func printable(r rune, has func(rune) bool) bool {
	return has(r) || fallback(r, has) || unicode.IsSpace(r)
}

// fallback reports whether r has a fallback the font has.
func fallback(r rune, has func(rune) bool) bool {
	sub, ok := fallbacks[r]
	if !ok {
		return false
	}
	for _, s := range sub {
		if !has(s) && s != ' ' {
			return false
		}
	}
	return true
}

// Replace returns s with every character the font cannot draw replaced:
// by its fallback when the font has that, a space for other spacing
// (tabs, line breaks), else by Mark (or "?" in a font without one). It
// returns s itself when every character prints as it is, which is the
// common case.
func (f *Font) Replace(s string) string {
	i := 0
	for i < len(s) {
		if i += f.asIsLen(s[i:]); i == len(s) { // the common case, first
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !f.Has(r) && r != ' ' {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	mark := Mark
	if !f.Has('\uFFFD') {
		mark = "?"
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for len(s[i:]) > 0 {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(mark) // a byte that is not UTF-8
		case f.Has(r) || r == ' ':
			b.WriteRune(r)
		case fallback(r, f.Has):
			b.WriteString(fallbacks[r])
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		default:
			b.WriteString(mark)
		}
	}
	return b.String()
}

// asIsLen returns how many bytes s starts with that print as themselves:
// a loop of its own, as tight as a loop over bytes gets.
func (f *Font) asIsLen(s string) int {
	for i := 0; i < len(s); i++ {
		if !f.asIs[s[i]] {
			return i
		}
	}
	return len(s)
}

// Printable is Replace in the text font.
func Printable(s string) string { return Text().Replace(s) }

// Missing returns the characters of s the text font cannot print, even
// through a fallback, each once, in the order they come.
func Missing(s string) []rune { return missing(s, Text()) }

func missing(s string, f *Font) []rune {
	var out []rune
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf && f.ascii[c] {
			i++ // the common case, first
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !printable(r, f.Has) && !containsRune(out, r) {
			out = append(out, r)
		}
	}
	return out
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// Problem returns what a warning about text s says when the text font
// cannot print some of it — the text, the characters, what prints
// instead and what to do — or "" when all of it prints:
//
//	"Company שלום" has characters the font cannot print (U+05E9 U+05DC U+05D5 U+05DD); they print as �; pass --font FILE.ttf with a font that has them
func Problem(s string) string {
	f := Text()
	miss := missing(s, f)
	if len(miss) == 0 {
		return ""
	}
	var codes []string
	bmp, astral := false, false
	for i, r := range miss {
		if i == maxListed {
			codes = append(codes, "…")
			break
		}
		codes = append(codes, fmt.Sprintf("U+%04X", r))
	}
	for _, r := range miss {
		if r > 0xFFFF {
			astral = true
		} else {
			bmp = true
		}
	}
	mark := Mark
	if !f.Has('\uFFFD') {
		mark = "?"
	}
	msg := fmt.Sprintf("%q has characters the font cannot print (%s); they print as %s", excerpt(s, miss[0]), strings.Join(codes, " "), mark)
	switch {
	case bmp && f.Name == "":
		msg += "; pass --font FILE.ttf with a font that has them"
	case bmp:
		msg += "; --font " + f.Name + " lacks them too"
	}
	if astral {
		msg += "; characters past U+FFFF (emoji) cannot print in a PDF, whatever the font"
	}
	return msg
}

// maxListed is how many missing characters a warning names.
const maxListed = 8

// excerpt is s, or the part of it around the first missing character r
// when s is long: a warning quotes enough to find the text, not a page.
func excerpt(s string, r rune) string {
	const before, most = 12, 40
	rs := []rune(strings.Join(strings.Fields(s), " "))
	if len(rs) <= most {
		return string(rs)
	}
	at := 0
	for i, x := range rs {
		if x == r {
			at = i
			break
		}
	}
	start := max(0, at-before)
	end := min(len(rs), start+most)
	out := string(rs[start:end])
	if start > 0 {
		out = "…" + out
	}
	if end < len(rs) {
		out += "…"
	}
	return out
}
