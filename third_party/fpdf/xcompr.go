// Copyright ©2021 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"sync"
)

var xmem = xmempool{
	Pool: sync.Pool{
		New: func() any {
			var m membuffer
			return &m
		},
	},
}

type xmempool struct{ sync.Pool }

// cidMaps are zeroed CIDToGIDMaps, one entry of two bytes per rune of
// the BMP: a document writes its glyphs into one, compresses it and zeroes
// what it wrote, instead of allocating and clearing 128 KB for every font
// of every document.
var cidMaps = sync.Pool{
	New: func() any {
		b := make([]byte, 256*256*2)
		return &b
	},
}

// zwriters are reused: a deflate writer allocates its compressor's
// tables, more than most streams it compresses, and Reset makes it as new.
var zwriters = sync.Pool{
	New: func() any {
		zw, err := flate.NewWriter(nil, flate.BestSpeed)
		if err != nil {
			panic(fmt.Errorf("could not create zlib writer: %w", err))
		}
		return zw
	},
}

// compress writes data as zlib.NewWriterLevel(w, zlib.BestSpeed) does,
// byte for byte: the two-byte header, the deflate stream, the Adler-32
// checksum. The checksum is adler32Sum, which passes over runs of zeros
// a word at a time: a font's CIDToGIDMap is 128 KB, nearly all zeros.
func (pool *xmempool) compress(data []byte) *membuffer {
	mem := pool.Get().(*membuffer)
	buf := &mem.buf
	buf.Grow(len(data))

	zw := zwriters.Get().(*flate.Writer)
	defer zwriters.Put(zw)
	buf.Write([]byte{0x78, 0x01}) // deflate, 32 KB window, fastest, no dictionary
	zw.Reset(buf)
	_, err := zw.Write(data)
	if err != nil {
		panic(fmt.Errorf("could not zlib-compress slice: %w", err))
	}

	err = zw.Close()
	if err != nil {
		panic(fmt.Errorf("could not close zlib writer: %w", err))
	}
	buf.Write(binary.BigEndian.AppendUint32(nil, adler32Sum(data)))
	return mem
}

// adler32Sum is adler32.Checksum(p), a word of zeros at a time where p
// has them.
func adler32Sum(p []byte) uint32 {
	const (
		mod  = 65521
		nmax = 5552 // bytes summed before s2 could overflow, as hash/adler32
	)
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		for len(q) >= 8 {
			if binary.LittleEndian.Uint64(q) == 0 {
				s2 += 8 * s1
			} else {
				for _, x := range q[:8] {
					s1 += uint32(x)
					s2 += s1
				}
			}
			q = q[8:]
		}
		for _, x := range q {
			s1 += uint32(x)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}

func (pool *xmempool) uncompress(data []byte) (*membuffer, error) {
	zr, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}

	mem := pool.Get().(*membuffer)
	mem.buf.Reset()

	_, err = mem.buf.ReadFrom(zr)
	if err != nil {
		mem.release()
		return nil, err
	}

	return mem, nil
}

type membuffer struct {
	buf bytes.Buffer
}

func (mem *membuffer) bytes() []byte { return mem.buf.Bytes() }
func (mem *membuffer) release() {
	mem.buf.Reset()
	xmem.Put(mem)
}

func (mem *membuffer) copy() []byte {
	src := mem.bytes()
	dst := make([]byte, len(src))
	copy(dst, src)
	return dst
}
