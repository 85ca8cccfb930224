// Copyright ©2026 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"encoding/binary"
	"maps"
	"slices"
	"sync"
)

// UTF8Font is a TrueType font parsed once for any number of documents.
//
// AddUTF8FontFromBytes parses its font, reads its character map and
// computes its font id (a hash of its 65,536 character widths) anew for
// every document. A program that makes many documents with the same fonts
// can instead parse each font once with ParseUTF8Font and register it with
// AddUTF8FontFromParsed: the documents are the same, byte for byte.
//
// A UTF8Font is safe for use by several goroutines at once, and never
// writes to the font bytes it was given; they must not change while the
// font is in use.
type UTF8Font struct {
	def fontDefType // Name, i, usedRunes and utf8File are set per document
	ttf []byte
	cut *cutTables

	base    []int    // runes every document's subset holds (WithRunes)
	baseSet []uint64 // base as a set of the BMP, one bit a rune, or nil

	mu      sync.Mutex
	runes   [2]map[int]int         // the runes a document starts with (newDef), without and with alias
	ids     map[string]string      // font id by font key: the id hashes the key too
	subsets map[string]*keptSubset // by the runes a document uses (runesKey)
	kept    int                    // the bytes of the subsets
}

// keptSubset is a subset of a UTF8Font, made by the first document that
// needs it: the others that need it meanwhile wait for it (done) rather
// than make it again beside it.
type keptSubset struct {
	done chan struct{} // closed once sub is made, or failed to be (nil)
	sub  *utf8Subset
}

// ParseUTF8Font parses a TrueType font for AddUTF8FontFromParsed.
func ParseUTF8Font(ttf []byte) (*UTF8Font, error) {
	utf8File := newUTF8Font(&fileReader{array: ttf})
	if err := utf8File.parseFile(); err != nil {
		return nil, err
	}
	return &UTF8Font{
		def: fontDefType{
			Tp: "UTF8",
			Desc: FontDescType{
				Ascent:       int(utf8File.Ascent),
				Descent:      int(utf8File.Descent),
				CapHeight:    utf8File.CapHeight,
				Flags:        utf8File.Flags,
				FontBBox:     utf8File.Bbox,
				ItalicAngle:  utf8File.ItalicAngle,
				StemV:        utf8File.StemV,
				MissingWidth: round(utf8File.DefaultWidth),
			},
			Up: int(round(utf8File.UnderlinePosition)),
			Ut: round(utf8File.UnderlineThickness),
			Cw: utf8File.CharWidths,
		},
		ttf:     ttf,
		cut:     utf8File.parseCutTables(),
		ids:     map[string]string{},
		subsets: map[string]*keptSubset{},
	}, nil
}

// WithRunes returns the font with runes put into every document's
// subset, used or not (those the font has no glyph for are left out).
// Documents that use no rune beyond them embed the same subset: it is
// made and compressed once, for the first, and shared by the others,
// at the cost of a few glyphs more in each.
func (font *UTF8Font) WithRunes(runes string) *UTF8Font {
	nf := &UTF8Font{def: font.def, ttf: font.ttf, cut: font.cut, base: slices.Clone(font.base),
		ids: map[string]string{}, subsets: map[string]*keptSubset{}}
	for _, r := range runes {
		if font.cut == nil || r > 0xFFFF {
			break
		}
		if _, ok := font.cut.charSymbolDictionary[int(r)]; ok && r > 0 && !slices.Contains(nf.base, int(r)) {
			nf.base = append(nf.base, int(r))
		}
	}
	if len(nf.base) > 0 {
		nf.baseSet = make([]uint64, 0x10000/64)
		for _, r := range nf.base {
			nf.baseSet[r/64] |= 1 << (r % 64)
		}
	}
	return nf
}

// inBase reports whether r is one of the font's base runes (WithRunes),
// which every document's baseRunes hold (newDef). A nil font has none.
func (font *UTF8Font) inBase(r rune) bool {
	if font == nil {
		return false
	}
	w := uint(r) / 64 // a negative r is past the set too
	return w < uint(len(font.baseSet)) && font.baseSet[w]&(1<<(uint(r)%64)) != 0
}

// AddUTF8FontFromParsed makes a parsed font available in the document
// under a family and style, as AddUTF8FontFromBytes does with font bytes.
func (f *Fpdf) AddUTF8FontFromParsed(familyStr, styleStr string, font *UTF8Font) {
	if f.err != nil {
		return
	}
	fontkey := getFontKey(fontFamilyEscape(familyStr), styleStr)
	if _, ok := f.fonts[fontkey]; ok {
		return
	}
	f.fonts[fontkey] = font.newDef(fontkey, f.aliasNbPagesStr == "")
}

// newDef returns the font's definition in one document: what the document
// changes (the runes it uses, the state of subsetting) is its own.
func (font *UTF8Font) newDef(fontkey string, noAlias bool) fontDefType {
	def := font.def
	def.Name = fontkey
	def.utf8File = &utf8FontFile{fileReader: &fileReader{array: font.ttf}, cut: font.cut}
	def.parsed = font
	font.mu.Lock()
	defer font.mu.Unlock()
	// A document's runes start as a map the font makes once, shared
	// (baseRunes): usedRunes holds only the runes the document adds, and
	// the two are joined only for a subset not made before (utf8Subset).
	// So a document copies, sorts and encodes no map of all its runes to
	// find its subset, for the few runes of its own it may have.
	start, end := 0, 32
	if noAlias {
		start, end = 1, 57
	}
	if font.runes[start] == nil {
		m := makeSubsetRange(end)
		for _, r := range font.base {
			m[r] = r
		}
		font.runes[start] = m
	}
	def.baseRunes, def.baseKey = font.runes[start], byte(start)
	def.usedRunes = map[int]int{}
	id, ok := font.ids[fontkey]
	if !ok {
		id, _ = generateFontID(def)
		font.ids[fontkey] = id
	}
	def.i = id
	return def
}

// utf8Subset is what a document embeds of a UTF-8 font for the runes it
// uses: its widths, its CIDToGIDMap and the subset font, both compressed.
// Made from the runes alone, it is the same for every document that uses
// the same runes of the same font; shared, it is read-only.
type utf8Subset struct {
	widths   string // the CIDFont's /W entry
	cidToGID []byte // the CIDToGIDMap, compressed
	file     []byte // the subset font, compressed
	length1  int    // the subset font's length before compression
}

// maxSubsetBytes bounds the subsets a font keeps for documents to come:
// a server that prints whatever its users type need not keep them all.
var maxSubsetBytes = 4 << 20

// utf8Subset returns the subset of the document's font: one a document
// before it made for the same runes when the font is shared (a font from
// ParseUTF8Font), else a new one.
func (f *Fpdf) utf8Subset(font *fontDefType) *utf8Subset {
	delete(font.usedRunes, 0)
	shared := font.parsed
	if shared == nil || f.protect.encrypted { // encryption writes over the streams it is given
		return newUTF8Subset(withBaseRunes(font))
	}
	// The runes past the base, with the base they are past, say which
	// runes the document uses.
	key := string(font.baseKey) + runesKey(font.usedRunes)
	shared.mu.Lock()
	k, ok := shared.subsets[key]
	if !ok {
		k = &keptSubset{done: make(chan struct{})}
		shared.subsets[key] = k
	}
	shared.mu.Unlock()
	if ok {
		<-k.done
		if k.sub != nil {
			return k.sub
		}
		return newUTF8Subset(withBaseRunes(font))
	}
	defer func() {
		close(k.done)
		shared.mu.Lock()
		defer shared.mu.Unlock()
		if k.sub == nil {
			delete(shared.subsets, key)
			return
		}
		if size := len(key) + len(k.sub.widths) + len(k.sub.cidToGID) + len(k.sub.file); shared.kept+size <= maxSubsetBytes {
			shared.kept += size
		} else {
			delete(shared.subsets, key)
		}
	}()
	k.sub = newUTF8Subset(withBaseRunes(font))
	return k.sub
}

// withBaseRunes joins a parsed font's base runes to the runes a document
// added (usedRunes), for making its subset, and returns the font.
func withBaseRunes(font *fontDefType) *fontDefType {
	if font.baseRunes == nil {
		return font
	}
	all := maps.Clone(font.baseRunes)
	maps.Copy(all, font.usedRunes)
	delete(all, 0)
	font.usedRunes, font.baseRunes = all, nil
	return font
}

// runesKey is the runes a document uses (usedRunes, keys and values) as
// a map key.
func runesKey(usedRunes map[int]int) string {
	keys := make([]int, 0, len(usedRunes))
	for r := range usedRunes {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	b := make([]byte, 0, 4*len(keys))
	for _, r := range keys {
		b = binary.AppendUvarint(b, uint64(r))
		b = binary.AppendVarint(b, int64(usedRunes[r]))
	}
	return string(b)
}

// newUTF8Subset makes the subset of the document's font for the runes it
// uses.
func newUTF8Subset(font *fontDefType) *utf8Subset {
	usedRunes := font.usedRunes
	stream := font.utf8File.GenerateCutFont(usedRunes)
	codes := font.utf8File.CodeSymbolDictionary
	delete(codes, 0)
	sub := &utf8Subset{
		widths:  generateCIDFontMap(font, font.utf8File.LastRune),
		length1: len(stream),
	}

	// Embed CIDToGIDMap up to the highest code the text uses (a rune, or
	// 0 past U+FFFF), instead of 128 KB for every rune of the BMP: no code
	// past its end is shown.
	maxCid := 0
	for cc := range usedRunes {
		if cc <= 0xFFFF {
			maxCid = max(maxCid, cc)
		}
	}
	for cc := range codes {
		maxCid = max(maxCid, cc)
	}
	cidToGidMap := make([]byte, 2*(maxCid+1))
	for cc, glyph := range codes {
		cidToGidMap[cc*2] = byte(glyph >> 8)
		cidToGidMap[cc*2+1] = byte(glyph & 0xFF)
	}
	mem := xmem.compress(cidToGidMap)
	sub.cidToGID = mem.copy()
	mem.release()
	mem = xmem.compress(stream)
	sub.file = mem.copy()
	mem.release()
	return sub
}
