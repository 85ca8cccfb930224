package document

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Notes are a document's footnotes: the source notes of the data it
// prints and the entries' own notes, each once, numbered by the renderer
// in the order first referenced. A generator asks for a reference where a
// note bears on what it prints; the pipeline writes the definitions at the
// end of the Markdown (see Template.Execute). The zero value is ready.
type Notes struct {
	labels map[string]string // key → label
	list   []footnote
}

type footnote struct{ label, text string }

// Ref returns the reference to the footnote with the key, adding it with
// the label and text the first time the key is seen.
func (n *Notes) Ref(key, label, text string) string {
	if l, ok := n.labels[key]; ok {
		return "[^" + l + "]"
	}
	if n.labels == nil {
		n.labels = map[string]string{}
	}
	n.labels[key] = label
	n.list = append(n.list, footnote{label: label, text: text})
	return "[^" + label + "]"
}

// Source returns the reference to a source note of the data; its label
// is the note's id.
func (n *Notes) Source(note catalog.Note) string {
	return n.Ref("note:"+note.ID, note.ID, note.Text)
}

// Sources returns the references to the notes, side by side: the
// renderer prints a run of them as one list ("3,5").
func (n *Notes) Sources(notes []catalog.Note) string {
	var b strings.Builder
	for _, note := range notes {
		b.WriteString(n.Source(note))
	}
	return b.String()
}

// Text returns the reference to a footnote of an entry's own words (a
// unit's or a table's note): the same words get the same footnote. Blank
// text has none.
func (n *Notes) Text(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return ""
	}
	return n.Ref("text:"+text, fmt.Sprintf("n%d", len(n.list)+1), text)
}

// Len is the number of footnotes referenced.
func (n *Notes) Len() int { return len(n.list) }

// write appends the definition of every footnote referenced, after a
// blank line, each text on one line and escaped.
func (n *Notes) write(buf *bytes.Buffer) {
	if n == nil || len(n.list) == 0 {
		return
	}
	if !bytes.HasSuffix(buf.Bytes(), []byte("\n\n")) {
		if !bytes.HasSuffix(buf.Bytes(), []byte("\n")) {
			buf.WriteString("\n")
		}
		buf.WriteString("\n")
	}
	for _, f := range n.list {
		fmt.Fprintf(buf, "[^%s]: %s\n", f.label, Esc(f.text))
	}
}
