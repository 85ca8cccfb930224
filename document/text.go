package document

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
)

// The helpers below turn the data's text and numbers into what every
// document prints: one way to escape, to set typography, to write inches,
// percentages, modifiers and plurals, so a reference sheet, a briefing, a
// roster and a unit card print the same value the same way.

// escaper escapes what Markdown would otherwise read as emphasis, code,
// links, HTML, headings or table cells.
var escaper = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"`", "\\`", "|", `\|`, "~", `\~`, "#", `\#`,
)

// Esc is text from the data or a list as Markdown: on one line (a line
// break in the data is a space, never the start of a list or a table),
// typeset by Typo, with Markdown's special characters escaped.
func Esc(s string) string { return escaper.Replace(Typo(OneLine(s))) }

// Cell is Esc for a table cell: a blank cell prints a dash.
func Cell(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return Esc(s)
}

// OneLine puts s on one line, its runs of white space made single spaces.
func OneLine(s string) string {
	if oneLine(s) {
		return s // most text from the data already is: no copy
	}
	return strings.Join(strings.Fields(s), " ")
}

// oneLine reports whether s is already on one line: no white space but
// single spaces between words. It looks at bytes, decoding only what is
// not ASCII: every escaped word of every document passes here.
func oneLine(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' {
				return false
			}
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				return false
			}
			i += n - 1
		case '\t' <= c && c <= '\r':
			return false
		}
	}
	return true
}

// Sentence ends s with a full stop unless it ends with . ! ? or …, for
// the data's phrases printed as sentences ("Destroy the Tripod.").
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if r, _ := utf8.DecodeLastRuneInString(s); s != "" && !strings.ContainsRune(".!?…", r) {
		s += "."
	}
	return s
}

// Slug is a name as an id: lower case, words joined by hyphens ("Hidden
// Movement", "hidden_movement" and "hidden-movement" are all
// "hidden-movement"). It is catalog.Slug, which the data's checks use.
func Slug(s string) string { return catalog.Slug(s) }

// minusSign makes a minus sign of every hyphen before a digit at the
// start or after white space, "(" or "/": the regexp (^|[\s(/])-(\d),
// each hyphen replaced by "−", by a plain scan (Typo runs on every word
// of every document; TestMinusSign holds it to the regexp).
func minusSign(s string) string {
	var b strings.Builder
	last := 0
	for i := strings.IndexByte(s, '-'); i >= 0; {
		if i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' && (i == 0 || strings.IndexByte("\t\n\f\r (/", s[i-1]) >= 0) {
			b.WriteString(s[last:i])
			b.WriteString("−")
			last = i + 1
		}
		j := strings.IndexByte(s[i+1:], '-')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// Typo sets the data's typewriter marks. A straight double quote after a
// digit is an inch mark (6" → 6″) unless it closes a quotation ("decoys 5
// to 12"); one inside a quotation followed by a dash is still an inch mark
// ("3"–30+"). Other double quotes become curly quotes, and a hyphen before
// a number after a space or bracket becomes a minus sign. It is for text
// drawn straight onto a page too (unit cards), where nothing escapes it.
func Typo(s string) string {
	if strings.Contains(s, `"`) {
		s = quotes(s)
	}
	s = minusSign(s)
	// A space before a comma ("in a turn , but") is a typing slip.
	return strings.ReplaceAll(s, " ,", ",")
}

// quotes sets Typo's inch marks and curly quotes. It copies the text
// between the quotes as it stands, but for a byte that is not UTF-8,
// which becomes U+FFFD (as it would through []rune).
func quotes(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	open := false
	from := 0     // s[from:] is not written yet
	var prev rune // the character before s[i], none at the start
	for i, r := range s {
		switch {
		case r == '"':
			b.WriteString(s[from:i])
			from = i + 1
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			afterDigit := unicode.IsDigit(prev)
			beforeDash := strings.ContainsRune("–-x×", next)
			switch {
			case afterDigit && (!open || beforeDash):
				b.WriteString("″")
			case open:
				b.WriteString("”")
				open = false
			default:
				b.WriteString("“")
				open = true
			}
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				b.WriteString(s[from:i])
				b.WriteRune(r)
				from = i + 1
			}
		}
		prev = r
	}
	b.WriteString(s[from:])
	return b.String()
}

// Number is a measure to a thousandth, without trailing zeros: 6, 2.5,
// 0.333.
func Number(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

// Inches is a length as a number of inches, to a thousandth: 6, 2.5, 48
// (not 5.999999999999999 from 152.4 mm).
func Inches(l catalog.Length) string { return Number(l.Inches()) }

// Inch is a length in inches with the inch mark: 6″, 2.5″.
func Inch(l catalog.Length) string { return Inches(l) + "″" }

// Pct is a probability as the documents print it, in whole percent
// (dice.Percent: never 0% or 100% for what may or may not happen); a dash
// where there is none.
func Pct(p *big.Rat) string {
	if p == nil {
		return "–"
	}
	return dice.Percent(p, 0)
}

// Intp is an optional stat: a dash where the data prints none.
func Intp(p *int) string {
	if p == nil {
		return "–"
	}
	return strconv.Itoa(*p)
}

// Plural is one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// And joins words as a sentence lists them: "a, b and c".
func And(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// Count is n with its noun: "1 blip", "3 blips".
func Count(n int, one, many string) string { return strconv.Itoa(n) + " " + Plural(n, one, many) }
