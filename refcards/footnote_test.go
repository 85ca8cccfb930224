package refcards

import (
	"bytes"
	"maps"
	"slices"
	"testing"
)

// TestFootnoteDefs: taking the definitions out line by line leaves what
// footDef, tried at every place of the Markdown, leaves, and finds the
// same definitions.
func TestFootnoteDefs(t *testing.T) {
	for _, md := range []string{
		"",
		"# Card\n\nText[^R1].\n\n[^R1]: Ruling: one.\n",
		"[^R1]: first line\n[^R2]: second\r\n[^R1]: again\n# Card",
		"a [^R1]: not at a line's start\n [^R2]: indented\n[^]: no label\n[^a b]: a space\n[^R3]:no space\n[^R4]: last, no newline",
		"\n\n[^x]: \n\n",
	} {
		want := map[string][]byte{}
		wantOut := footDef.ReplaceAllFunc([]byte(md), func(line []byte) []byte {
			want[string(footDef.FindSubmatch(line)[1])] = slices.Clone(line)
			return nil
		})
		out, defs := footnoteDefs([]byte(md))
		if len(want) == 0 {
			wantOut = []byte(md)
		}
		if !bytes.Equal(out, wantOut) || !maps.EqualFunc(defs, want, bytes.Equal) && len(want)+len(defs) > 0 {
			t.Errorf("%q: got %q %q, want %q %q", md, out, defs, wantOut, want)
		}
	}
}
