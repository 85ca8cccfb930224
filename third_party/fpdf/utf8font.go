// Copyright ©2026 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import "sync"

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

	mu  sync.Mutex
	ids map[string]string // font id by font key: the id hashes the key too
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
		ttf: ttf,
		cut: newUTF8Font(&fileReader{array: ttf}).parseCutTables(),
		ids: map[string]string{},
	}, nil
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
	if noAlias {
		def.usedRunes = makeSubsetRange(57)
	} else {
		def.usedRunes = makeSubsetRange(32)
	}
	def.utf8File = &utf8FontFile{fileReader: &fileReader{array: font.ttf}, cut: font.cut}
	font.mu.Lock()
	defer font.mu.Unlock()
	id, ok := font.ids[fontkey]
	if !ok {
		id, _ = generateFontID(def)
		font.ids[fontkey] = id
	}
	def.i = id
	return def
}
