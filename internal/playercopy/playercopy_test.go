package playercopy

import "testing"

func TestFind(t *testing.T) {
	tests := []struct {
		text string
		n    int
	}{
		{"Rifles 15″, 1 die. Agree the Mk II Baldwin's Speed before play.", 0},
		{"playaid · data ead2afcabed2", 0}, // the short data version is allowed
		{"The seed prints “Amour”. The Seed's weapons column.", 2},
		{"Composition (catalogue)", 1},
		{"Force, As Printed", 1},
		{"List x.toml · sha256 f02ee776160f", 1},
		{"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 1},
		{"Stealth. No rule text in the data.", 1},
	}
	for _, tt := range tests {
		if got := Find(tt.text); len(got) != tt.n {
			t.Errorf("Find(%q) = %q, want %d", tt.text, got, tt.n)
		}
	}
}

func TestWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"The seed prints Amour.", "seed"},
		{"Seeds of doubt", ""},
		{"Points from the catalogue", "catalogue"},
		{"Force, as printed", "as printed"},
		{"Stealth. No rule text in the data.", "no rule text in the data"},
		{"Roll again on a tie.", ""},
	}
	for _, tt := range tests {
		if got := Word(tt.in); got != tt.want {
			t.Errorf("Word(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
