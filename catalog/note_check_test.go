package catalog

import (
	"strings"
	"testing"
)

// TestNoteChecks: a ruling is printed on player documents, so it must be
// one short line in game words; the full story goes in the note's text.
func TestNoteChecks(t *testing.T) {
	tests := []struct{ name, note, want string }{
		{"fine", "[[note]]\nid = \"n\"\ntext = \"The rules print 01.\"\nruling = \"Agree 0 or 1 before play.\"\n", ""},
		{"no ruling", "[[note]]\nid = \"n\"\ntext = \"The rules print 01.\"\n", ""},
		{"no text", "[[note]]\nid = \"n\"\ntext = \" \"\n", `note "n" has no text`},
		{"blank ruling", "[[note]]\nid = \"n\"\ntext = \"x\"\nruling = \"  \"\n", `t/system.toml:29:10: note "n": the ruling is blank`},
		{"two lines", "[[note]]\nid = \"n\"\ntext = \"x\"\nruling = '''\nA\nB'''\n", `note "n": the ruling runs over more than one line`},
		{"too long", "[[note]]\nid = \"n\"\ntext = \"x\"\nruling = \"" + strings.Repeat("a", MaxRuling+1) + "\"\n", `note "n": the ruling has 141 characters; expected at most 140`},
		{"editorial", "[[note]]\nid = \"n\"\ntext = \"x\"\nruling = \"Kept as printed.\"\n", `note "n": the ruling says "as printed"`},
		{"seed word", "[[note]]\nid = \"n\"\ntext = \"x\"\nruling = \"The Seed is silent.\"\n", `the ruling says "seed"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs, _ := load(t, map[string]string{"t/system.toml": base + "\n" + tt.note})
			if tt.want == "" {
				if len(errs) > 0 {
					t.Fatalf("unexpected errors:\n%s", strings.Join(errs, "\n"))
				}
				return
			}
			if len(errs) != 1 || !strings.Contains(errs[0], tt.want) {
				t.Errorf("errors:\n%s\nwant one containing %q", strings.Join(errs, "\n"), tt.want)
			}
		})
	}
}
