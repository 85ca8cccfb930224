package playercopy

import "testing"

func TestFind(t *testing.T) {
	tests := []struct {
		text string
		n    int
	}{
		{"Rifles 15″, 1 die. Agree the Mk II Baldwin's Speed before play.", 0},
		{"VALID · 145 of 145 points · checked against All Quiet on the Martian Front (quick-start), rules edition 2026-12", 0},
		{"Print at 100 % / actual size, flipping on the long edge – 3″–30+″, -4 Defense, D10 + Power", 0},
		{"cafe, faded, 1234567, ADDED", 0}, // hex-looking words and numbers are not hashes
		{"playaid · data ead2afcabed2", 3},
		{"The seed prints “Amour”. The Seed's weapons column.", 2},
		{"Composition (catalogue)", 1},
		{"Force, As Printed", 1},
		{"List x.toml · sha256 f02ee776160f", 4},
		{"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 1},
		{"Stealth. No rule text in the data.", 2},
		{"The other markers are in markers-aqotmf.pdf.", 1},
		{"make them with --backs short", 1},
		{"rules edition 80c79e6", 1},
		{"TOML rule files", 1},
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
		{"Not in the rules data", "data"},
		{"Printed by playaid", "playaid"},
	}
	for _, tt := range tests {
		if got := Word(tt.in); got != tt.want {
			t.Errorf("Word(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
