// Copyright ©2026 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	kzlib "github.com/klauspost/compress/zlib"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// sample uses every rune the Go fonts map below U+0500 and some typography.
var sample = func() string {
	var b strings.Builder
	for r := rune(0x20); r < 0x500; r++ {
		b.WriteRune(r)
	}
	return b.String() + "“–″…” ½ ≤ ≥ ×"
}()

// render makes a document in two faces; add registers them.
func render(t testing.TB, text string, add func(pdf *Fpdf)) []byte {
	t.Helper()
	pdf := New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(time.Unix(0, 0).UTC())
	pdf.SetModificationDate(time.Unix(0, 0).UTC())
	add(pdf)
	pdf.AddPage()
	for i, face := range []string{"", "B"} {
		pdf.SetFont("go", face, 9)
		for l := 0; l*60 < len(text); l++ {
			line := []rune(text)
			line = line[min(l*60, len(line)):min(l*60+60, len(line))]
			pdf.Text(10, 10+float64(i*150+l)*5, string(line))
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func fromBytes(regular, bold []byte) func(*Fpdf) {
	return func(pdf *Fpdf) {
		pdf.AddUTF8FontFromBytes("go", "", regular)
		pdf.AddUTF8FontFromBytes("go", "B", bold)
	}
}

func fromParsed(t testing.TB, regular, bold []byte) func(*Fpdf) {
	r, err := ParseUTF8Font(regular)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseUTF8Font(bold)
	if err != nil {
		t.Fatal(err)
	}
	return func(pdf *Fpdf) {
		pdf.AddUTF8FontFromParsed("go", "", r)
		pdf.AddUTF8FontFromParsed("go", "B", b)
	}
}

// TestUTF8FontFromParsed: a parsed font gives the bytes font bytes give,
// document after document, whatever the documents before used.
func TestUTF8FontFromParsed(t *testing.T) {
	// gomono has one horizontal metric for all its glyphs, goregular one
	// for all but the last: both ways of reading glyph metrics are used.
	regular, mono := bytes.Clone(goregular.TTF), bytes.Clone(gomono.TTF)
	const text = "Tripod – 2″ … "
	want := render(t, text, fromBytes(regular, mono))
	add := fromParsed(t, regular, mono)
	for i, text := range []string{text, sample, text} {
		got := render(t, text, add)
		if i != 1 && !bytes.Equal(got, want) {
			t.Errorf("document %d differs from the same made from font bytes", i)
		}
		if i == 1 && bytes.Equal(got, want) {
			t.Error("documents of different texts came out the same")
		}
	}
}

// TestFontBytesUnchanged: adding a font, from bytes or parsed, and
// printing with it does not write to the font bytes (subsetting once
// wrote glyph metrics into them), and the same text gives the same
// document again.
func TestFontBytesUnchanged(t *testing.T) {
	regular, mono := bytes.Clone(goregular.TTF), bytes.Clone(gomono.TTF)
	want := render(t, sample, fromBytes(regular, mono))
	if got := render(t, sample, fromBytes(regular, mono)); !bytes.Equal(got, want) {
		t.Error("the same text made from the same font bytes gave another document")
	}
	render(t, sample, fromParsed(t, regular, mono))
	if !bytes.Equal(regular, goregular.TTF) || !bytes.Equal(mono, gomono.TTF) {
		t.Error("rendering wrote to the font bytes")
	}
}

// TestUTF8FontConcurrent: documents sharing parsed fonts render at once
// (run with -race) and each is what it is alone.
func TestUTF8FontConcurrent(t *testing.T) {
	add := fromParsed(t, goregular.TTF, gomono.TTF)
	texts := []string{"one", sample, "three ½", "four ≤ ≥"}
	want := make([][]byte, len(texts))
	for i, text := range texts {
		want[i] = render(t, text, add)
	}
	var wg sync.WaitGroup
	for range 4 {
		for i, text := range texts {
			wg.Go(func() {
				if got := render(t, text, add); !bytes.Equal(got, want[i]) {
					t.Errorf("%q rendered concurrently differs", text)
				}
			})
		}
	}
	wg.Wait()
}

// TestAnyRune: text past U+FFFF (emoji, rare CJK), CJK the font lacks and
// invalid UTF-8 print as missing glyphs, measured as such, without panic.
func TestAnyRune(t *testing.T) {
	add := fromParsed(t, goregular.TTF, goregular.TTF)
	for _, s := range []string{"Tripod 🚀 ⚙", "火星の三脚", "𠀀𪚥", "\U0010FFFF", "\uFFFF", "bad \xe2\x82 \xff utf-8"} {
		t.Run(s, func(t *testing.T) {
			pdf := New("P", "mm", "A4", "")
			add(pdf)
			pdf.AddPage()
			pdf.SetFont("go", "", 10)
			pdf.SetTitle(s, true)
			pdf.Bookmark(s, 0, 0)
			missing := pdf.GetStringSymbolWidth("\U0001F680")
			if want := pdf.GetFontDesc("go", "").MissingWidth; missing != want {
				t.Errorf("a rune past U+FFFF measures %d, want the missing width %d", missing, want)
			}
			pdf.GetStringWidth(s)
			pdf.Text(10, 10, s)
			pdf.CellFormat(50, 10, s, "", 1, "L", false, 0, "")
			pdf.SetWordSpacing(1)
			pdf.CellFormat(50, 10, s+" "+s, "", 1, "J", false, 0, "")
			pdf.SetWordSpacing(0)
			pdf.Write(5, s)
			pdf.SplitText(s, 20)
			if err := pdf.Output(&bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			// MultiCell refuses runes past its widths with an error.
			pdf = New("P", "mm", "A4", "")
			add(pdf)
			pdf.AddPage()
			pdf.SetFont("go", "", 10)
			pdf.MultiCell(50, 5, s, "", "L", false)
			if err := pdf.Output(&bytes.Buffer{}); err != nil && !strings.Contains(err.Error(), "outside the supported range") {
				t.Fatal(err)
			}
		})
	}
}

// TestUTF16: glyph codes past U+FFFF are .notdef; text strings take
// surrogate pairs.
func TestUTF16(t *testing.T) {
	for _, c := range []struct {
		in       string
		bom      bool
		want     string
		wantName string
	}{
		{"A–", false, "\x00A\x20\x13", "BMP"},
		{"A🚀", false, "\x00A\x00\x00", "glyph code past U+FFFF"},
		{"A🚀", true, "\xfe\xff\x00A\xd8\x3d\xde\x80", "text string past U+FFFF"},
		{"\xe2\x82", false, "\xff\xfd\xff\xfd", "invalid UTF-8 (a rune per byte)"},
	} {
		if got := utf8toutf16(c.in, c.bom); got != c.want {
			t.Errorf("%s: utf8toutf16(%q, %v) = %q, want %q", c.wantName, c.in, c.bom, got, c.want)
		}
	}
}

// FuzzText: no string panics the UTF-8 text functions or the output.
func FuzzText(f *testing.F) {
	for _, s := range []string{"Tripod", "🚀", "火星", "\xe2\x82", "a b\nc"} {
		f.Add(s)
	}
	add := fromParsed(f, goregular.TTF, goregular.TTF)
	f.Fuzz(func(t *testing.T, s string) {
		pdf := New("P", "mm", "A4", "")
		add(pdf)
		pdf.AddPage()
		pdf.SetFont("go", "", 10)
		pdf.GetStringWidth(s)
		pdf.Text(10, 10, s)
		pdf.CellFormat(50, 10, s, "", 1, "L", false, 0, "")
		pdf.MultiCell(50, 5, s, "", "L", false)
		pdf.Write(5, s)
		pdf.SplitText(s, 20)
		pdf.Output(&bytes.Buffer{})
	})
}

// TestUntypedKeyMapPut: put(nil, v) gives the smallest unused int key, as
// the former quadratic search did, whatever puts, deletes, pops and merges
// came before.
func TestUntypedKeyMapPut(t *testing.T) {
	// want is the former search.
	want := func(pa *untypedKeyMap) int {
		for n := 0; ; n++ {
			if pa.getIndex(n) < 0 {
				return n
			}
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		pa, other := &untypedKeyMap{}, &untypedKeyMap{}
		for range 60 {
			switch rnd.IntN(6) {
			case 0:
				pa.put("interval", 1)
			case 1:
				pa.delete("interval")
			case 2:
				if len(pa.keySet) > 0 {
					pa.pop()
				}
			case 3:
				pa.put(rnd.IntN(8), 5) // an explicit key, maybe leaving a gap
			case 4:
				other.put(nil, 7)
				pa = arrayMerge(pa, other)
			default:
				n := want(pa)
				pa.put(nil, 9)
				if got := pa.keySet[len(pa.keySet)-1]; got != n {
					t.Fatalf("put(nil) used key %v, want %d (keys %v)", got, n, pa.keySet)
				}
			}
		}
	}
}

// TestGenerateFontID: the id hashes the JSON of the font definition, as
// json.Marshal writes it, whatever the widths and names.
func TestGenerateFontID(t *testing.T) {
	font, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	utf8 := font.newDef("go", true)
	for _, def := range []fontDefType{
		utf8,
		{Tp: "Core", Name: "Helvetica", Cw: charWidthsOf([]uint16{1, 2, 3}), File: "x.z"},
		{Tp: "TrueType", Name: `a"Cw":null,"Cw":[1]`, Cw: charWidthsOf([]uint16{0, 65535})},
		{Name: "no widths"},
		{Name: "empty widths", Cw: charWidthsOf([]uint16{})},
		{Name: "runs", Cw: charWidthsOf(slices.Concat(make([]uint16, 9000), slices.Repeat([]uint16{1234}, 5001), []uint16{7, 7, 3, 0}))},
		{Name: "pages", Cw: charWidthsOf(slices.Concat(make([]uint16, 512), []uint16{5}, make([]uint16, 300), []uint16{6}))},
	} {
		want := def
		want.File = ""
		b, err := json.Marshal(&want)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := generateFontID(def); got != fmt.Sprintf("%x", sha1.Sum(b)) {
			t.Errorf("%s: id %s is not the SHA-1 of its JSON", def.Name, got)
		}
	}
}

// TestCharWidths: widths held in pages read, and write as JSON, as the
// slice of them they are made from, whatever their length and zeros; a
// font's widths are what its hmtx table says, and its pages of zeros are
// not kept.
func TestCharWidths(t *testing.T) {
	font, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	ws := make([]uint16, font.def.Cw.Len())
	pages := map[int]bool{}
	for r := range ws {
		ws[r] = font.def.Cw.at(r)
		if ws[r] != 0 {
			pages[r>>8] = true
		}
	}
	kept := 0
	for _, p := range font.def.Cw.pages {
		if p != nil {
			kept++
		}
	}
	if len(ws) != 65536 || kept != len(pages) || kept > 20 {
		t.Errorf("%d widths in %d pages (%d not all zero)", len(ws), kept, len(pages))
	}
	// A width is the glyph's advance in thousandths of an em.
	ttf, cut, be := goregular.TTF, font.cut, binary.BigEndian
	unitsPerEm := float64(be.Uint16(ttf[cut.tableDescriptions["head"].position+18:]))
	for _, r := range "0M—" {
		g := cut.charSymbolDictionary[int(r)]
		advance := float64(be.Uint16(ttf[cut.tableDescriptions["hmtx"].position+4*g:]))
		if want := uint16(math.Round(advance * 1000 / unitsPerEm)); ws[r] != want {
			t.Errorf("%q is %d wide, want %d", r, ws[r], want)
		}
	}
	for _, ws := range [][]uint16{nil, {}, {0}, {7}, ws, make([]uint16, 300), slices.Concat(make([]uint16, 256), []uint16{3, 0, 0, 4}, make([]uint16, 252), []uint16{9})} {
		w := charWidthsOf(ws)
		want, _ := json.Marshal(ws)
		if got, _ := json.Marshal(w); !bytes.Equal(got, want) {
			t.Errorf("%d widths: JSON %.40s…, want %.40s…", len(ws), got, want)
		}
		var back charWidths
		if err := json.Unmarshal(want, &back); err != nil || back.Len() != len(ws) || (back.pages == nil) != (ws == nil) {
			t.Errorf("%d widths: read back %d (%v)", len(ws), back.Len(), err)
		}
		for r := -1; r <= len(ws); r++ {
			v := uint16(0)
			if r >= 0 && r < len(ws) {
				v = ws[r]
			}
			if w.at(r) != v || back.at(r) != v {
				t.Fatalf("%d widths: rune %d is %d (read back %d), want %d", len(ws), r, w.at(r), back.at(r), v)
			}
		}
	}
}

// BenchmarkAddUTF8Font: registering a parsed font against parsing it for
// every document.
func BenchmarkAddUTF8Font(b *testing.B) {
	b.Run("FromBytes", func(b *testing.B) {
		for b.Loop() {
			New("P", "mm", "A4", "").AddUTF8FontFromBytes("go", "", goregular.TTF)
		}
	})
	b.Run("FromParsed", func(b *testing.B) {
		font, err := ParseUTF8Font(goregular.TTF)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			New("P", "mm", "A4", "").AddUTF8FontFromParsed("go", "", font)
		}
	})
}

// BenchmarkGenerateFontID: a UTF-8 font's id, once per font and process.
func BenchmarkGenerateFontID(b *testing.B) {
	font, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		b.Fatal(err)
	}
	def := font.newDef("go", true)
	for b.Loop() {
		generateFontID(def)
	}
}

// TestCompressReuse: compress, with its reused zlib writers, writes what
// a new writer writes: text, a font, nothing, a CIDToGIDMap, runs of 0xFF.
func TestCompressReuse(t *testing.T) {
	cidMap := make([]byte, 2*(0x2265+1)) // up to ≥, the highest rune of sample
	for _, r := range sample {
		cidMap[2*r+1] = byte(r)
	}
	for _, data := range [][]byte{[]byte(sample), goregular.TTF, {}, []byte(sample), cidMap, bytes.Repeat([]byte{0xFF}, 70000)} {
		var want bytes.Buffer
		zw, _ := kzlib.NewWriterLevel(&want, kzlib.BestSpeed)
		zw.Write(data)
		zw.Close()
		mem := xmem.compress(data)
		if !bytes.Equal(mem.bytes(), want.Bytes()) {
			t.Errorf("compressing %d bytes differs from a new zlib writer", len(data))
		}
		if got, err := xmem.uncompress(mem.bytes()); err != nil || !bytes.Equal(got.bytes(), data) {
			t.Errorf("compressing %d bytes: zlib reads back something else (%v)", len(data), err)
		}
		mem.release()
	}
}

// TestCIDToGIDMapTrimmed: a font's CIDToGIDMap ends at the highest code
// its text uses, even one the font has no glyph for, and maps each code
// the font has to a glyph and every other code to none.
func TestCIDToGIDMapTrimmed(t *testing.T) {
	const text = "Tripod – 2″ … 火" // U+706B is not in the Go fonts
	maps := cidToGIDMaps(t, render(t, text, fromParsed(t, goregular.TTF, goregular.TTF)))
	if len(maps) != 2 {
		t.Fatalf("%d CIDToGIDMaps, want one for each of the 2 faces", len(maps))
	}
	for _, cidMap := range maps {
		if len(cidMap) != 2*(0x706B+1) {
			t.Errorf("CIDToGIDMap of %d bytes, want %d: up to U+706B", len(cidMap), 2*(0x706B+1))
		}
		for cid := 0; cid < len(cidMap)/2; cid++ {
			gid := int(cidMap[2*cid])<<8 | int(cidMap[2*cid+1])
			used := strings.ContainsRune(text, rune(cid)) && cid != 0x706B
			if used != (gid != 0) {
				t.Errorf("CID U+%04X maps to glyph %d", cid, gid)
			}
		}
	}
}

// cidToGIDMaps returns a document's CIDToGIDMaps, uncompressed.
func cidToGIDMaps(t *testing.T, doc []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for _, ref := range regexp.MustCompile(`/CIDToGIDMap (\d+) 0 R`).FindAllSubmatch(doc, -1) {
		obj := regexp.MustCompile(`\n` + string(ref[1]) + ` 0 obj\n<</Length (\d+)/Filter /FlateDecode>>\nstream\n`)
		m := obj.FindSubmatchIndex(doc)
		if m == nil {
			t.Fatalf("object %s, the CIDToGIDMap, not found", ref[1])
		}
		n, _ := strconv.Atoi(string(doc[m[2]:m[3]]))
		zr, err := zlib.NewReader(bytes.NewReader(doc[m[1] : m[1]+n]))
		if err != nil {
			t.Fatal(err)
		}
		cidMap, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, cidMap)
	}
	return out
}

// TestTableChecksum: a font table's checksum, read as padded with zeros,
// is what generateChecksum gave after padding the table itself.
func TestTableChecksum(t *testing.T) {
	// want is the former generateChecksum.
	want := func(data []byte) (int, int) {
		data = append([]byte(nil), data...)
		for len(data)%4 != 0 {
			data = append(data, 0)
		}
		a := []int{0, 0}
		for i := 0; i < len(data); i += 4 {
			a[0] += (int(data[i]) << 8) + int(data[i+1])
			a[1] += (int(data[i+2]) << 8) + int(data[i+3])
			a[0] += a[1] >> 16
			a[1] = a[1] & 0xFFFF
			a[0] = a[0] & 0xFFFF
		}
		return a[0], a[1]
	}
	for n := range 12 {
		for _, data := range [][]byte{goregular.TTF[:n], goregular.TTF[100 : 100+n], bytes.Repeat([]byte{0xFF}, n)} {
			hi, lo := tableChecksum(data)
			if wh, wl := want(data); hi != wh || lo != wl {
				t.Errorf("%x: %04x %04x, want %04x %04x", data, hi, lo, wh, wl)
			}
		}
	}
	hi, lo := tableChecksum(goregular.TTF)
	if wh, wl := want(goregular.TTF); hi != wh || lo != wl {
		t.Errorf("Go Regular: %04x %04x, want %04x %04x", hi, lo, wh, wl)
	}
}

// parsedPair registers two parsed fonts, regular and bold, and returns
// them.
func parsedPair(t testing.TB, regular, bold *UTF8Font) func(*Fpdf) {
	return func(pdf *Fpdf) {
		pdf.AddUTF8FontFromParsed("go", "", regular)
		pdf.AddUTF8FontFromParsed("go", "B", bold)
	}
}

// TestSubsetShared: documents that use the same runes of a parsed font
// share one subset of it, made once; each document is still what it
// would be made from font bytes. A document made from bytes, or an
// encrypted one (encryption writes over its streams), keeps its own.
func TestSubsetShared(t *testing.T) {
	r, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseUTF8Font(gomono.TTF)
	if err != nil {
		t.Fatal(err)
	}
	add := parsedPair(t, r, b)
	for _, text := range []string{"Tripod – 2″", "Tripod – 2″", "2″ – Tripod", "Walker ½", "Tripod – 2″"} {
		if got, want := render(t, text, add), render(t, text, fromBytes(goregular.TTF, gomono.TTF)); !bytes.Equal(got, want) {
			t.Errorf("%q: the document differs from the one made from font bytes", text)
		}
	}
	// "2″ – Tripod" uses the runes of "Tripod – 2″": 2 subsets, not 5.
	if len(r.subsets) != 2 || len(b.subsets) != 2 {
		t.Errorf("%d and %d subsets kept, want 2 of each", len(r.subsets), len(b.subsets))
	}
	pdf := New("P", "mm", "A4", "")
	pdf.SetProtection(0, "", "owner")
	pdf.AddUTF8FontFromParsed("go", "", r)
	pdf.SetFont("go", "", 9)
	pdf.AddPage()
	pdf.Text(10, 10, "Encrypted ≤")
	if err := pdf.Output(io.Discard); err != nil {
		t.Fatal(err)
	}
	if len(r.subsets) != 2 {
		t.Errorf("an encrypted document's subset was kept (%d subsets)", len(r.subsets))
	}
	if got, want := render(t, "Tripod – 2″", add), render(t, "Tripod – 2″", fromBytes(goregular.TTF, gomono.TTF)); !bytes.Equal(got, want) {
		t.Error("a shared subset changed after an encrypted document")
	}
}

// TestSubsetMadeOnce: a document that needs a subset another document is
// making waits for it and embeds that one, rather than make it again.
func TestSubsetMadeOnce(t *testing.T) {
	r, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	add := parsedPair(t, r, r) // both faces the same font: the same subset
	render(t, "Tripod", add)
	if len(r.subsets) != 1 {
		t.Fatalf("%d subsets of the font, want 1", len(r.subsets))
	}
	// The font's subset, as if a document were making it still;
	// once made, it carries a width no subset of "Tripod" has.
	var made *utf8Subset
	pending := &keptSubset{done: make(chan struct{})}
	for key, k := range r.subsets {
		made = k.sub
		r.subsets[key] = pending
	}
	doc := make(chan []byte)
	go func() { doc <- render(t, "Tripod", add) }()
	// A document that does not wait is done in a millisecond or two;
	// one that waits cannot be done before the subset is.
	select {
	case <-doc:
		t.Fatal("the document was made before the subset it needs")
	case <-time.After(200 * time.Millisecond):
	}
	marked := *made
	marked.widths += " 9999 [123]"
	pending.sub = &marked
	close(pending.done)
	if got := <-doc; !bytes.Contains(got, []byte(" 9999 [123]")) {
		t.Error("the document made its own subset instead of the one being made")
	}
	if len(r.subsets) != 1 {
		t.Errorf("%d subsets of the font, want 1", len(r.subsets))
	}
}

// TestSubsetsBounded: a font keeps subsets up to maxSubsetBytes; past
// that, documents make their own and are the same.
func TestSubsetsBounded(t *testing.T) {
	defer func(n int) { maxSubsetBytes = n }(maxSubsetBytes)
	maxSubsetBytes = 50_000 // two or three subsets of a few glyphs
	r, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	add := parsedPair(t, r, r)
	for i := range 8 {
		text := strings.Repeat(string(rune('a'+i)), 3)
		if got, want := render(t, text, add), render(t, text, fromBytes(goregular.TTF, goregular.TTF)); !bytes.Equal(got, want) {
			t.Errorf("%q: the document differs from the one made from font bytes", text)
		}
	}
	if n := len(r.subsets); n == 0 || n >= 8 || r.kept > maxSubsetBytes {
		t.Errorf("%d subsets of %d bytes kept; want at least one, fewer than 8, at most %d bytes", n, r.kept, maxSubsetBytes)
	}
}

// TestWithRunes: a font WithRunes puts its runes into every document's
// subset (those it has a glyph for), used or not: documents that use
// nothing more share one subset, and what they print is unchanged.
func TestWithRunes(t *testing.T) {
	plain, err := ParseUTF8Font(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	base := "abcdefghijklmnopqrstuvwxyz –″火" // U+706B is not in the Go fonts
	font := plain.WithRunes(base)
	if slices.Contains(font.base, '火') || len(font.base) != len([]rune(base))-1 {
		t.Errorf("base of %d runes %q; want the %d the font has", len(font.base), string(runes(font.base)), len([]rune(base))-1)
	}
	add := parsedPair(t, font, font)
	texts := []string{"tripod", "walker – ″", "tripod"}
	for _, text := range texts {
		doc := render(t, text, add)
		cidMap := cidToGIDMaps(t, doc)
		if len(cidMap) != 2 {
			t.Fatalf("%d CIDToGIDMaps, want 2", len(cidMap))
		}
		for _, r := range "abcxyz–″" {
			if c := 2 * int(r); c+1 >= len(cidMap[0]) || cidMap[0][c] == 0 && cidMap[0][c+1] == 0 {
				t.Errorf("%q: %q, unused, is not in the subset", text, r)
			}
		}
		if other := render(t, text, parsedPair(t, plain, plain)); bytes.Equal(doc, other) || len(doc) <= len(other) {
			t.Errorf("%q: the subset with the runes is no bigger than without (%d and %d bytes)", text, len(doc), len(other))
		}
	}
	if len(font.subsets) != 1 {
		t.Errorf("%d subsets; want 1: every text is within the runes", len(font.subsets))
	}
	if len(plain.base) != 0 || len(plain.subsets) != 2 {
		t.Errorf("the font WithRunes was made from changed: base %d, %d subsets", len(plain.base), len(plain.subsets))
	}
}

func runes(rs []int) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = rune(r)
	}
	return out
}

// TestAppendEscaped: Text's escaping in one pass writes what escape and
// utf8toutf16 wrote, for any text.
func TestAppendEscaped(t *testing.T) {
	f := New("P", "mm", "A4", "")
	for _, s := range []string{"", "plain", `a\b(c)d` + "\r\n", "火星 (Mars)", "🚀)", "\xe2\x82(", "\u5c28\u2829\u0d5c", "\u285c\u5c0d"} {
		if got, want := string(appendEscaped(nil, s)), f.escape(s); got != want {
			t.Errorf("appendEscaped(%q) = %q, want %q", s, got, want)
		}
		if got, want := string(appendEscapedUTF16(nil, s)), f.escape(utf8toutf16(s, false)); got != want {
			t.Errorf("appendEscapedUTF16(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestAppendFixed: appendFixed writes what strconv does, ties, near ties,
// signs, tiny and huge numbers included.
func TestAppendFixed(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 0.125, -0.125, 0.005, 0.015, 0.045, 1.005, 2.675, 12.125, -0.001,
		0.0049999999999999999, 0.995, 9.995, 99.995, 1e-300, 5e-324, 1e15, 1e16, 9007199254740.99, 4503599627370.495,
		math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 841.89, 595.28, 1 << 53, 1<<53/100 - 1}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		vals = append(vals,
			(rnd.Float64()-0.5)*2000,
			float64(rnd.IntN(1<<20)-1<<19)/8,                           // ties
			math.Nextafter(float64(rnd.IntN(200000))/200, math.Inf(1)), // near ties
			math.Nextafter(float64(rnd.IntN(200000))/200, math.Inf(-1)),
			math.Float64frombits(rnd.Uint64()),
			rnd.Float64()*math.Pow(10, float64(rnd.IntN(17)))) // every length
	}
	spare := make([]byte, 2, 64) // digits written in place after what is there
	spare[0], spare[1] = 'x', ' '
	for _, v := range vals {
		for prec := range 8 {
			want := strconv.FormatFloat(v, 'f', prec, 64)
			if got := string(appendFixed(nil, v, prec)); got != want {
				t.Fatalf("appendFixed(%v, %d) = %s, want %s", v, prec, got, want)
			}
			if got := string(appendFixed(spare, v, prec)); got != "x "+want {
				t.Fatalf("appendFixed(%q, %v, %d) = %q, want %q", spare, v, prec, got, "x "+want)
			}
		}
	}
}

// TestSetFontAgain: setting the current font again (SetFont's shortcut)
// leaves the state the full selection leaves.
func TestSetFontAgain(t *testing.T) {
	pdf := New("P", "mm", "A4", "")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "BU", 12)
	for _, c := range []struct {
		style string
		size  float64
		want  string
		pt    float64
	}{
		{"B", 0, "B", 12}, {"BU", 9, "BU", 9}, {"B", 8, "B", 8}, {"BS", 0, "BS", 8}, {"", 7, "", 7}, {"", 0, "", 7},
	} {
		pdf.SetFont("helvetica", c.style, c.size)
		if got, pt := pdf.GetFontStyle(), pdf.fontSizePt; got != c.want || pt != c.pt {
			t.Errorf("SetFont(helvetica, %q, %v): style %q size %v, want %q %v", c.style, c.size, got, pt, c.want, c.pt)
		}
	}
	if err := pdf.Error(); err != nil {
		t.Fatal(err)
	}
}

// TestOutputSizedOnce: a document's buffer is sized once, as it is
// closed, and an empty bytes.Buffer takes it as it is; the bytes are those
// written to any other writer, compressed or not.
func TestOutputSizedOnce(t *testing.T) {
	add := fromParsed(t, goregular.TTF, gomono.TTF)
	for _, compress := range []bool{true, false} {
		for _, pages := range []int{1, 2, 3, 5} {
			doc := func() *Fpdf {
				pdf := New("P", "mm", "A4", "")
				pdf.SetCompression(compress)
				pdf.SetCreationDate(time.Unix(0, 0).UTC())
				pdf.SetModificationDate(time.Unix(0, 0).UTC())
				pdf.SetCatalogSort(true)
				add(pdf)
				for p := range pages {
					pdf.AddPage()
					pdf.SetFont("go", []string{"", "B"}[p%2], 9)
					for l := range 50 {
						pdf.Text(10, 10+float64(l)*5, fmt.Sprintf("line %d of page %d: %s", l, p, sample[l*10:l*10+40]))
					}
				}
				return pdf
			}
			var other bytes.Buffer
			if err := doc().Output(struct{ io.Writer }{&other}); err != nil {
				t.Fatal(err)
			}
			// No buffer of a document before: this one grows its own.
			docBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}
			pdf := doc()
			pdf.Close()
			// Room for the bytes written, and the slack of sizing them
			// ahead (a page of the heap and a few objects' worth), not
			// the doubling of a buffer grown as it was written.
			made := pdf.buffer.Bytes()
			if len(made) != other.Len() || cap(made)-len(made) > 16<<10 {
				t.Errorf("compress %v, %d pages: %d bytes in a buffer of %d: not sized once for them", compress, pages, len(made), cap(made))
			}
			var buf bytes.Buffer
			if err := pdf.Output(&buf); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), other.Bytes()) {
				t.Errorf("compress %v, %d pages: the document handed over differs from the one written out", compress, pages)
			}
			if len(made) > 0 && &buf.Bytes()[0] != &made[0] {
				t.Errorf("compress %v, %d pages: the empty buffer got a copy of the document, not the document", compress, pages)
			}
		}
	}
}
