package glyphs

import (
	"encoding/binary"
	"strings"
	"testing"
	"unsafe"

	"github.com/playaid/playaid/internal/testfont"
)

// TestGoFont: the characters the sheets rely on print as themselves in
// the Go font, and so does the replacement mark.
func TestGoFont(t *testing.T) {
	f := Text()
	if f.Name != "" {
		t.Fatalf("the text font is %q, want the Go font", f.Name)
	}
	for _, r := range "≤≥×½″′–—…•◦“”‘’±·°−√□■►" + Mark {
		if !f.Has(r) {
			t.Errorf("the Go font lacks %q (%U)", r, r)
		}
	}
}

// TestFallbacks: each fallback is for a character the Go font lacks, and
// the Go font has every character of its replacement.
func TestFallbacks(t *testing.T) {
	f := Text()
	for r, sub := range fallbacks {
		if f.Has(r) {
			t.Errorf("the Go font has %q (%U): drop its fallback", r, r)
		}
		for _, s := range sub {
			if !f.Has(s) {
				t.Errorf("the Go font lacks %q, the fallback for %q", s, r)
			}
		}
	}
}

func TestReplace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Company C", "Company C"},
		{"3″–30+″ …", "3″–30+″ …"},
		{"✓ done ✗", "√ done ×"},
		{"⅓ of ⅔", "1/3 of 2/3"},
		{"a\tb\nc\u2028d", "a b c d"},
		{"thin\u2009space", "thin space"},
		{"Company שלום", "Company ����"},
		{"第一 Company", "�� Company"},
		{"Rockets 🚀!", "Rockets �!"},
		{"bad \xff\xfe byte", "bad �� byte"},
		{"kept \uFFFD", "kept \uFFFD"},
		{"bell\a", "bell�"},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Text that prints is returned as it is, not copied.
	s := strings.Repeat("Machine Guns ", 4)
	if got := Printable(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Error("Printable copied text that prints as it is")
	}
	// A font without the mark prints "?"; one without a tab a space.
	f, err := Parse("ascii.ttf", testfont.TTF("ASCII", "ab"))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Replace("aשb\tc"); got != "a?b ?" {
		t.Errorf("Replace without a mark = %q, want %q", got, "a?b ?")
	}
}

func TestMissing(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []rune
	}{
		{"Company C ✓ ⅓\t\n", nil},
		{"שלום שלום", []rune("שלו" + "ם")},
		{"🚀 a 中 🚀", []rune{0x1F680, '中'}},
		{"\x01", []rune{1}},
	} {
		if got := Missing(c.in); string(got) != string(c.want) {
			t.Errorf("Missing(%q) = %q, want %q", c.in, string(got), string(c.want))
		}
	}
}

func TestProblem(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Machine Guns ✓", ""},
		{"Company שלום", `"Company שלום" has characters the font cannot print (U+05E9 U+05DC U+05D5 U+05DD); they print as �; pass --font FILE.ttf with a font that has them`},
		{"Rockets 🚀", `"Rockets 🚀" has characters the font cannot print (U+1F680); they print as �; characters past U+FFFF (emoji) cannot print in a PDF, whatever the font`},
		{"中 🚀", `"中 🚀" has characters the font cannot print (U+4E2D U+1F680); they print as �; pass --font FILE.ttf with a font that has them; characters past U+FFFF (emoji) cannot print in a PDF, whatever the font`},
		{"abcdefghijklmnopqrstuvwxyz" + "\n  abcdefghijklmnopqrstuvwxyz ש abcdefghijklmnopqrstuvwxyz",
			`"…pqrstuvwxyz ש abcdefghijklmnopqrstuvwxyz" has characters the font cannot print (U+05E9); they print as �; pass --font FILE.ttf with a font that has them`},
		{"אבגדהוזחטיכלמנסעפצקרשת", `"אבגדהוזחטיכלמנסעפצקרשת" has characters the font cannot print (U+05D0 U+05D1 U+05D2 U+05D3 U+05D4 U+05D5 U+05D6 U+05D7 …); they print as �; pass --font FILE.ttf with a font that has them`},
	} {
		if got := Problem(c.in); got != c.want {
			t.Errorf("Problem(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// TestUse: a club's font is the text font until put back; what it lacks
// is named with it.
func TestUse(t *testing.T) {
	f, err := Parse("club.ttf", testfont.TTF("Club", "abc שלום"+Mark))
	if err != nil {
		t.Fatal(err)
	}
	Use(f)
	defer Use(nil)
	if Text() != f {
		t.Fatal("Use did not set the text font")
	}
	if got := Problem("שלום"); got != "" {
		t.Errorf("the club's font has Hebrew, yet: %s", got)
	}
	want := `"abc 中" has characters the font cannot print (U+4E2D); they print as �; --font club.ttf lacks them too`
	if got := Problem("abc 中"); got != want {
		t.Errorf("Problem = %s\nwant %s", got, want)
	}
	if got := Printable("abc ✓"); got != "abc �" { // the club's font has no √ either
		t.Errorf("Printable = %q", got)
	}
	Use(nil)
	if Text().Name != "" {
		t.Error("Use(nil) did not go back to the Go font")
	}
}

// TestParseRefuses: what the PDF writer cannot read is refused, with why.
func TestParseRefuses(t *testing.T) {
	good := testfont.TTF("Good", "abc")
	if _, err := Parse("good.ttf", good); err != nil {
		t.Fatalf("a good font: %v", err)
	}
	table := func(b []byte, tag string) int { // offset of a table record
		for i := 12; i+16 <= len(b); i += 16 {
			if string(b[i:i+4]) == tag {
				return i
			}
		}
		t.Fatalf("no %s table", tag)
		return 0
	}
	at := func(b []byte, tag string) int { return int(binary.BigEndian.Uint32(b[table(b, tag)+8:])) }
	edit := func(f func(b []byte)) []byte {
		b := append([]byte(nil), good...)
		f(b)
		return b
	}
	for _, c := range []struct {
		name string
		ttf  []byte
		want string
	}{
		{"empty", nil, "not a TrueType font"},
		{"text", []byte("this is not a font at all"), `not a TrueType font (it starts "this")`},
		{"CFF", edit(func(b []byte) { copy(b, "OTTO") }), "PostScript (CFF) outlines"},
		{"collection", edit(func(b []byte) { copy(b, "ttcf") }), "a font collection (.ttc)"},
		{"cut short", good[:len(good)/2], "cut short"},
		{"no cmap", edit(func(b []byte) { copy(b[table(b, "cmap"):], "xxxx") }), "no cmap table"},
		{"restricted", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "OS/2")+8:], 2) }), "licence does not allow embedding"},
		{"no subsetting", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "OS/2")+8:], 0x100) }), "licence does not allow embedding"},
		{"name format", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "name"):], 1) }), "naming table has format 1"},
		{"loca format", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "head")+50:], 2) }), "glyph index (loca) has unknown format 2"},
		{"units per em", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "head")+18:], 0) }), "0 units per em"},
		{"loca past glyf", edit(func(b []byte) { binary.BigEndian.PutUint32(b[at(b, "loca")+4:], 1<<30) }), "cut short"},
		{"no Unicode map", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "cmap")+4:], 1) }), "no Unicode character map"},
		{"no metrics", edit(func(b []byte) { binary.BigEndian.PutUint16(b[at(b, "hhea")+34:], 0) }), "no horizontal metrics"},
		{"made of itself", edit(func(b []byte) { composite(b[at(b, "glyf")+glyphSize:], 1) }), "glyph 1 is made of itself"},
		{"made of a missing glyph", edit(func(b []byte) { composite(b[at(b, "glyf")+glyphSize:], 99) }), "glyph 1 is made of glyph 99, which it does not have"},
	} {
		_, err := Parse("f.ttf", c.ttf)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// glyphSize is the size of each glyph of a testfont font: a box.
const glyphSize = 34

// composite turns the glyph at the start of b into one made of glyph c.
func composite(b []byte, c uint16) {
	binary.BigEndian.PutUint16(b, 0xFFFF) // -1 contours: a composite
	binary.BigEndian.PutUint16(b[10:], 0) // the only component, byte offsets
	binary.BigEndian.PutUint16(b[12:], c)
}

// FuzzParse: no bytes make Parse panic, and a font it accepts has widths
// for exactly the characters it says it has.
func FuzzParse(f *testing.F) {
	f.Add(testfont.TTF("Seed", "abc שלום 中"))
	f.Add(goFont().TTF)
	f.Fuzz(func(t *testing.T, ttf []byte) {
		g, err := Parse("fuzz.ttf", ttf)
		if err != nil {
			return
		}
		for r := rune(-1); r <= 0x10000; r++ { // past both ends too
			if w := g.Width(r); g.Has(r) != (w != 0) || (r < 0 || r > 0xFFFF) && w != 0 {
				t.Fatalf("%U: has %v, width %d", r, g.Has(r), w)
			}
		}
	})
}

func TestVisual(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Company C (2)", "Company C (2)"},
		{"שלום", "םולש"},
		{"Company שלום", "Company םולש"},
		{"שלום Company", "Company םולש"},
		{"שלב 2", "2 בלש"},
		{"שלב 12 ו-34", "34-ו 12 בלש"},
		{"Unit 12 שלום", "Unit 12 םולש"},
		{"שלום (ג׳)", "(׳ג) םולש"},
		{"גדוד שלום", "םולש דודג"},
		{"Heat Ray: קרן 3", "Heat Ray: 3 ןרק"},
		{"מרגמה M2 גדולה", "הלודג M2 המגרמ"},
	} {
		if got := Visual(c.in); got != c.want {
			t.Errorf("Visual(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// BenchmarkProblem: the check every string of the data and lists goes
// through as it is read, on a typical line of rules text that prints.
func BenchmarkProblem(b *testing.B) {
	s := "When a unit with Tow Cables makes an assault, each element in base–to–base contact makes a standard to hit roll (3″–30+″, ½ a move)."
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if Problem(s) != "" {
			b.Fatal("the line does not print")
		}
	}
}
