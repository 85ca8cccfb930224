// Package testfont makes small TrueType fonts for tests: a font that has
// exactly the characters a test names, each drawn as a box. Tests of a
// club's --font need a font with Hebrew or Chinese; a made one is a few
// hundred bytes, has no licence to track and needs nothing installed.
package testfont

import (
	"bytes"
	"encoding/binary"
	"slices"
	"sort"
)

// UnitsPerEm of the fonts made here; every glyph is Advance units wide.
const (
	UnitsPerEm = 1000
	Advance    = 600
)

// TTF returns a TrueType font named name with a glyph for every
// character of chars below U+FFFF (and .notdef), each a box Advance wide.
func TTF(name, chars string) []byte {
	var runes []rune
	for _, r := range chars {
		if r > 0 && r < 0xFFFF && !slices.Contains(runes, r) {
			runes = append(runes, r)
		}
	}
	slices.Sort(runes)
	n := len(runes) + 1 // glyph 0 is .notdef

	// Every glyph is the same box: one contour of four points.
	var box bytes.Buffer
	put(&box, int16(1), int16(50), int16(0), int16(550), int16(700)) // contours, bbox
	put(&box, uint16(3), uint16(0))                                  // last point, no instructions
	box.Write([]byte{1, 1, 1, 1})                                    // on-curve, 16-bit coordinates
	put(&box, int16(50), int16(500), int16(0), int16(-500))          // x deltas
	put(&box, int16(0), int16(0), int16(700), int16(0))              // y deltas
	var glyf, loca bytes.Buffer
	for range n {
		put(&loca, uint32(glyf.Len()))
		glyf.Write(box.Bytes())
	}
	put(&loca, uint32(glyf.Len()))

	var hmtx bytes.Buffer
	for range n {
		put(&hmtx, uint16(Advance), int16(50))
	}

	// Character map: one format 4 segment per character, then the end.
	segs := len(runes) + 1
	var sub bytes.Buffer
	put(&sub, uint16(4), uint16(16+8*segs), uint16(0), uint16(2*segs), uint16(0), uint16(0), uint16(0))
	for _, r := range runes {
		put(&sub, uint16(r))
	}
	put(&sub, uint16(0xFFFF), uint16(0))
	for _, r := range runes {
		put(&sub, uint16(r))
	}
	put(&sub, uint16(0xFFFF))
	for i, r := range runes {
		put(&sub, uint16(i+1-int(r))) // glyph = char + delta, mod 65536
	}
	put(&sub, uint16(1))
	for range segs {
		put(&sub, uint16(0))
	}
	var cmap bytes.Buffer
	put(&cmap, uint16(0), uint16(1), uint16(3), uint16(1), uint32(12))
	cmap.Write(sub.Bytes())

	var head bytes.Buffer
	put(&head, uint32(0x00010000), uint32(0x00010000), uint32(0), uint32(0x5F0F3CF5))
	put(&head, uint16(0), uint16(UnitsPerEm), uint64(0), uint64(0))
	put(&head, int16(0), int16(0), int16(Advance), int16(700))
	put(&head, uint16(0), uint16(8), int16(2), int16(1), int16(0)) // style, lowest ppem, direction, long loca, glyph format

	var hhea bytes.Buffer
	put(&hhea, uint32(0x00010000), int16(800), int16(-200), int16(0), uint16(Advance))
	put(&hhea, int16(0), int16(0), int16(Advance), int16(1), int16(0), int16(0))
	put(&hhea, [4]int16{}, int16(0), uint16(n))

	var maxp bytes.Buffer
	put(&maxp, uint32(0x00010000), uint16(n), uint16(4), uint16(1), [11]uint16{})

	var os2 bytes.Buffer
	put(&os2, uint16(4), int16(Advance), uint16(400), uint16(5), uint16(0)) // version, avg width, weight, width, fsType: installable
	put(&os2, [10]int16{}, int16(0), [10]byte{}, [4]uint32{}, [4]byte{'N', 'O', 'N', 'E'})
	put(&os2, uint16(0x40), uint16(runes0(runes)), uint16(0xFFFF))
	put(&os2, int16(800), int16(-200), int16(0), uint16(800), uint16(200))
	put(&os2, [2]uint32{}, int16(500), int16(700), uint16(0), uint16(32), uint16(0))

	var post bytes.Buffer
	put(&post, uint32(0x00030000), uint32(0), int16(-100), int16(50), uint32(0), [4]uint32{})

	var names bytes.Buffer
	var strs bytes.Buffer
	ids := []uint16{1, 2, 3, 4, 6}
	put(&names, uint16(0), uint16(len(ids)), uint16(6+12*len(ids)))
	for _, id := range ids {
		s := name
		if id == 2 {
			s = "Regular"
		}
		var u bytes.Buffer
		for _, r := range s {
			put(&u, uint16(r))
		}
		put(&names, uint16(3), uint16(1), uint16(0x409), id, uint16(u.Len()), uint16(strs.Len()))
		strs.Write(u.Bytes())
	}
	names.Write(strs.Bytes())

	return assemble(map[string][]byte{
		"OS/2": os2.Bytes(), "cmap": cmap.Bytes(), "glyf": glyf.Bytes(), "head": head.Bytes(),
		"hhea": hhea.Bytes(), "hmtx": hmtx.Bytes(), "loca": loca.Bytes(), "maxp": maxp.Bytes(),
		"name": names.Bytes(), "post": post.Bytes(),
	})
}

// runes0 is the first character of the font, for OS/2.
func runes0(runes []rune) rune {
	if len(runes) == 0 {
		return 0x20
	}
	return runes[0]
}

// put writes values big-endian.
func put(b *bytes.Buffer, vs ...any) {
	for _, v := range vs {
		binary.Write(b, binary.BigEndian, v)
	}
}

// assemble writes the table directory and the tables, each padded to four
// bytes, with their checksums.
func assemble(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	var out bytes.Buffer
	put(&out, uint32(0x00010000), uint16(len(tags)), uint16(64), uint16(2), uint16(len(tags)*16-64))
	off := 12 + 16*len(tags)
	for _, t := range tags {
		data := tables[t]
		out.WriteString(t)
		put(&out, checksum(data), uint32(off), uint32(len(data)))
		off += (len(data) + 3) &^ 3
	}
	for _, t := range tags {
		out.Write(tables[t])
		for out.Len()%4 != 0 {
			out.WriteByte(0)
		}
	}
	return out.Bytes()
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
