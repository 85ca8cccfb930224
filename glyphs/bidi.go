package glyphs

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// Hebrew and Arabic are written right to left, and the PDF writer draws
// the characters of a string left to right as they are stored. Visual
// puts one line of text in the order it is read: a simple form of the
// Unicode bidirectional algorithm (UAX #9) for the one-line labels, names
// and table cells playaid prints. Letters are left-to-right or
// right-to-left, digits keep their order inside right-to-left text,
// spaces and punctuation between two runs of one direction take that
// direction and otherwise the line's, which is the direction of its
// first letter. Brackets in right-to-left text are mirrored. Explicit
// direction marks, embeddings and Arabic letter joining are beyond it.

// class is a character's direction class, as far as Visual needs it.
type class uint8

const (
	neutral class = iota // spaces, punctuation, symbols
	ltr                  // Latin, Greek, CJK … letters
	rtl                  // Hebrew, Arabic … letters
	digit                // European digits
)

// rtlScripts are the scripts written right to left (in the BMP: the PDF
// writer prints nothing beyond).
var rtlScripts = []*unicode.RangeTable{unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Samaritan, unicode.Mandaic}

func classOf(r rune) class {
	switch {
	case r >= '0' && r <= '9':
		return digit
	case r < 0x0590: // Latin, Greek, Cyrillic, Armenian: the common case
		if unicode.IsLetter(r) {
			return ltr
		}
		return neutral
	case unicode.In(r, rtlScripts...) && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)):
		return rtl // Arabic-Indic digits read with the letters
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		return ltr
	}
	return neutral
}

// mirrors are the characters that turn round in right-to-left text.
var mirrors = map[rune]rune{'(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«', '‹': '›', '›': '‹'}

// Visual returns the line s in the order it is drawn left to right. Text
// without right-to-left letters is returned as it is.
func Visual(s string) string {
	if !hasRTL(s) {
		return s // nearly always: look before allocating anything
	}
	rs := []rune(s)
	cls := make([]class, len(rs))
	base := neutral
	for i, r := range rs {
		cls[i] = classOf(r)
		if base == neutral && (cls[i] == ltr || cls[i] == rtl) {
			base = cls[i]
		}
	}
	// Digits after left-to-right letters (or at the start of a
	// left-to-right line) are just part of that text (UAX #9 W7).
	last := base
	for i, c := range cls {
		switch {
		case c == ltr || c == rtl:
			last = c
		case c == digit && last == ltr:
			cls[i] = ltr
		}
	}
	// Spaces and punctuation take the direction of the text on both
	// sides when it agrees, digits counting as right-to-left; else the
	// line's (N1, N2).
	strong := func(c class) class {
		if c == digit {
			return rtl
		}
		return c
	}
	for i := 0; i < len(rs); {
		if cls[i] != neutral {
			i++
			continue
		}
		j := i
		for j < len(rs) && cls[j] == neutral {
			j++
		}
		before, after := base, base
		if i > 0 {
			before = strong(cls[i-1])
		}
		if j < len(rs) {
			after = strong(cls[j])
		}
		dir := base
		if before == after {
			dir = before
		}
		for k := i; k < j; k++ {
			cls[k] = dir
		}
		i = j
	}
	// Levels (I1, I2): right-to-left text is odd; digits in it, and
	// left-to-right text in a right-to-left line, are two.
	levels := make([]int, len(rs))
	top := 0
	for i, c := range cls {
		switch {
		case c == digit:
			levels[i] = 2
		case c == rtl:
			levels[i] = 1
		case c == ltr && base == rtl:
			levels[i] = 2
		}
		top = max(top, levels[i])
	}
	for i := range rs {
		if levels[i]%2 == 1 {
			if m, ok := mirrors[rs[i]]; ok {
				rs[i] = m
			}
		}
	}
	// From the highest level down, reverse every run at that level or
	// above.
	for lv := top; lv >= 1; lv-- {
		for i := 0; i < len(rs); {
			if levels[i] < lv {
				i++
				continue
			}
			j := i
			for j < len(rs) && levels[j] >= lv {
				j++
			}
			slices.Reverse(rs[i:j])
			slices.Reverse(levels[i:j])
			i = j
		}
	}
	return string(rs)
}

// hasRTL reports whether s has a right-to-left letter. Every such script
// lies at U+0590 or above: ASCII and Latin text is passed over byte by
// byte.
func hasRTL(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < 0xD6 { // UTF-8 lead bytes below 0xD6 start characters below U+0580
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if classOf(r) == rtl {
			return true
		}
	}
	return false
}
