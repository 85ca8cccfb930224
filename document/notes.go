package document

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Notes are a player document's footnotes: the rulings of the data's
// source notes that bear on what it prints, each once, numbered by the
// renderer in the order first referenced. A generator asks for a
// reference wherever a note touches what it prints; only a note with a
// ruling (catalog.Note.Ruling: what a player needs to play that rule, in
// game words) gets a footnote, and the footnote is the ruling. The rest
// of a note — misprints, gaps, how the odds read the rules — and the
// entries' own notes belong to the organiser's rules notes, never to a
// player's copy. The pipeline writes the definitions at the end of the
// Markdown (see Execute). The zero value is ready.
type Notes struct {
	labels   map[string]string // key → label
	list     []footnote
	known    map[string]catalog.Note // the source notes of the document's rule sets, by their words
	readings map[string]catalog.Note // the readings referenced, by their marks
}

type footnote struct{ label, text string }

// Ref returns the reference to the footnote with the key, adding it with
// the label and text the first time the key is seen. The reference is a
// token that escaping leaves alone, so it may stand in a table's cell or
// any text that is escaped after: Execute makes it "[^label]".
func (n *Notes) Ref(key, label, text string) string {
	if l, ok := n.labels[key]; ok {
		return refToken(l)
	}
	if n.labels == nil {
		n.labels = map[string]string{}
	}
	n.labels[key] = label
	n.list = append(n.list, footnote{label: label, text: text})
	return refToken(label)
}

// A footnote reference until the Markdown is whole: the label between two
// private-use characters, which no data or template holds.
const (
	refOpen  = "\uE002"
	refClose = "\uE003"
)

func refToken(label string) string { return refOpen + label + refClose }

var refTokens = regexp.MustCompile(refOpen + `([^` + refClose + `]*)` + refClose)

// resolve makes the footnote references in md Markdown's: each token
// (refTokens) made "[^label]", by a plain scan (every document passes
// here whole; TestResolve holds it to the regexp). It writes over md.
func resolve(md []byte) []byte {
	i := bytes.Index(md, []byte(refOpen))
	if i < 0 {
		return md
	}
	out := md[:0] // a token is longer than its reference: written behind it
	for i >= 0 {
		j := bytes.Index(md[i+len(refOpen):], []byte(refClose))
		if j < 0 {
			break // no token closes after here
		}
		label := md[i+len(refOpen) : i+len(refOpen)+j]
		out = append(append(append(append(out, md[:i]...), "[^"...), label...), ']')
		md = md[i+len(refOpen)+j+len(refClose):]
		i = bytes.Index(md, []byte(refOpen))
	}
	return OneMarkEach(append(out, md...))
}

// OneMarkEach prints a mark once where a run of footnote references
// ("[^" then a label without "]" or white space, then "]") names it twice ("[^R4][^R4]"): two things that print side by
// side asked for the same reading. md is returned as it is where no run
// names a mark twice. It scans for the runs (TestOneMarkEach holds it to
// the regexp): every document passes here whole.
func OneMarkEach(md []byte) []byte {
	if !bytes.Contains(md, []byte("][^")) {
		return md // no run of two
	}
	var out []byte
	done := 0 // md[:done] is in out (when out is not nil)
	for at := 0; ; {
		i := bytes.Index(md[at:], []byte("[^"))
		if i < 0 {
			break
		}
		start := at + i
		var refs [][]byte
		end := start
		for n := refLen(md[end:]); n > 0; n = refLen(md[end:]) {
			refs = append(refs, md[end:end+n])
			end += n
		}
		if len(refs) == 0 {
			at = start + 1
			continue
		}
		at = end
		kept := refs[:0:0]
		for _, r := range refs {
			if !slices.ContainsFunc(kept, func(k []byte) bool { return bytes.Equal(k, r) }) {
				kept = append(kept, r)
			}
		}
		if len(kept) == len(refs) {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(md))
		}
		out = append(out, md[done:start]...)
		for _, r := range kept {
			out = append(out, r...)
		}
		done = end
	}
	if out == nil {
		return md
	}
	return append(out, md[done:]...)
}

// refLen is the length of the footnote reference s starts with ("[^"
// then a label without "]" or white space, then "]"), or 0.
func refLen(s []byte) int {
	if !bytes.HasPrefix(s, []byte("[^")) {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case ']':
			if i == 2 {
				return 0
			}
			return i + 1
		case ' ', '\t', '\n', '\f', '\r':
			return 0
		}
	}
	return 0
}

// stripRefs is s without its footnote references.
func stripRefs(s string) string {
	if !strings.Contains(s, refOpen) {
		return s
	}
	return refTokens.ReplaceAllString(s, "")
}

// Source returns the reference to the ruling of a source note, or "" for
// a note without one: a reading, whose footnote's label is its mark
// ("R3"), so that it prints the same mark on every document. The
// footnote says it is a ruling ("Ruling: …"), so that it never reads as
// the book's words.
func (n *Notes) Source(note catalog.Note) string {
	ruling := strings.TrimSpace(note.Ruling)
	if ruling == "" || note.Mark == "" {
		return ""
	}
	if n.readings == nil {
		n.readings = map[string]catalog.Note{}
	}
	n.readings[note.Mark] = note
	return n.Ref("reading:"+note.Mark, note.Mark, RulingPrefix+ruling)
}

// RulingPrefix starts every ruling a player document prints.
const RulingPrefix = "Ruling: "

// Sources returns the references to the rulings of the notes, side by
// side: the renderer prints a run of them as one list ("3,5").
func (n *Notes) Sources(notes []catalog.Note) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, note := range notes {
		// A table quoting one reading twice (in its notes and its
		// rows' sources) marks it once: one mark, one reading.
		if key := note.System + "/" + note.ID; !seen[key] {
			seen[key] = true
			b.WriteString(n.Source(note))
		}
	}
	return b.String()
}

// Know tells the notes which source notes the document's rule sets have,
// so that an engine table quoting one among its notes (the rules engine
// states there what its odds assume) prints that note's ruling as a
// footnote, never its words: see Quoted, and `odds` in Execute.
func (n *Notes) Know(notes ...catalog.Note) {
	if n.known == nil {
		n.known = map[string]catalog.Note{}
	}
	for _, note := range notes {
		n.known[OneLine(note.Text)] = note
	}
}

// Quoted returns the known source note whose words text is.
func (n *Notes) Quoted(text string) (catalog.Note, bool) {
	if n == nil {
		return catalog.Note{}, false
	}
	note, ok := n.known[OneLine(text)]
	return note, ok
}

// Split separates an engine table's notes into its own (what the odds
// assume, printed under the table) and the known source notes it quotes.
func (n *Notes) Split(notes []string) (own []string, quoted []catalog.Note) {
	for _, t := range notes {
		if q, ok := n.Quoted(t); ok {
			quoted = append(quoted, q)
			continue
		}
		own = append(own, t)
	}
	return own, quoted
}

// odds is `odds` for a document with notes: an engine table as a GFM
// table, the rulings of the source notes it quotes as footnotes on its
// corner, its own notes in italics under it.
func (n *Notes) odds(t *rules.Table) string {
	if t == nil {
		return ""
	}
	own, quoted := n.Split(t.Notes)
	shown := *t
	shown.Notes = own
	return oddsTable(shown, Esc(t.Corner)+n.Sources(quoted))
}

// OddsTable is an engine table as a GFM table (OddsTable), the marks of
// the readings among the source notes it quotes on its corner; its own
// notes are the caller's to print or not.
func (n *Notes) OddsTable(t rules.Table) string {
	_, quoted := n.Split(t.Notes)
	return oddsTableCorner(t, Esc(t.Corner)+n.Sources(quoted))
}

// Len is the number of footnotes referenced.
func (n *Notes) Len() int { return len(n.list) }

// write appends to md the definition of every footnote referenced,
// after a blank line, each text on one line and escaped.
func (n *Notes) write(md []byte) []byte {
	if n == nil || len(n.list) == 0 {
		return md
	}
	if !bytes.HasSuffix(md, []byte("\n\n")) {
		if !bytes.HasSuffix(md, []byte("\n")) {
			md = append(md, '\n')
		}
		md = append(md, '\n')
	}
	for _, f := range n.list {
		md = append(append(append(append(append(md, "[^"...), f.label...), "]: "...), Esc(f.text)...), '\n')
	}
	return md
}

// Marked is the book's text, escaped, with the mark of each of the
// readings it governs (catalog.System.Governed) right after the words the
// reading governs, where a reader meets what it rules; sources makes a
// run of marks. It returns the readings it found no words of the text
// for, which the caller marks as it marks a whole text (after it).
func Marked(text string, governed []catalog.Note, sources func([]catalog.Note) string) (string, []catalog.Note) {
	esc := Esc(text)
	ats, rest := marksIn(esc, governed, Esc)
	var b strings.Builder
	from := 0
	for _, a := range ats {
		b.WriteString(esc[from:a.End])
		b.WriteString(sources(a.Notes))
		from = a.End
	}
	b.WriteString(esc[from:])
	return b.String(), rest
}

// MarkAt is where in a text a run of readings' marks goes: right after
// the byte End.
type MarkAt struct {
	End   int
	Notes []catalog.Note
}

// MarksAt is Marked for a text drawn as it is (a marker sheet's note):
// where each governed reading's mark goes, in order, and the readings
// whose words the text does not hold.
func MarksAt(text string, governed []catalog.Note) ([]MarkAt, []catalog.Note) {
	return marksIn(text, governed, func(s string) string { return s })
}

// marksIn finds the governed words of each reading in text (as esc
// writes words). A mark goes after the word the governed words end in:
// "Numbered 1–" marks "Numbered 1–12", never splitting the number.
func marksIn(text string, governed []catalog.Note, esc func(string) string) ([]MarkAt, []catalog.Note) {
	var ats []MarkAt
	var rest []catalog.Note
	for _, n := range governed {
		end := -1
		for _, g := range n.Governs {
			if i := strings.Index(text, esc(g)); i >= 0 {
				end = i + len(esc(g))
				break
			}
		}
		if end < 0 {
			rest = append(rest, n)
			continue
		}
		for end < len(text) {
			r, size := utf8.DecodeRuneInString(text[end:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			end += size
		}
		k := slices.IndexFunc(ats, func(a MarkAt) bool { return a.End == end })
		if k < 0 {
			ats = append(ats, MarkAt{End: end})
			k = len(ats) - 1
		}
		ats[k].Notes = append(ats[k].Notes, n)
	}
	slices.SortFunc(ats, func(a, b MarkAt) int { return a.End - b.End })
	return ats, rest
}
