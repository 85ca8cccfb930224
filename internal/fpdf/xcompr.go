// Copyright ©2021 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"sync"

	kzlib "github.com/klauspost/compress/zlib"
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

// pageBuffers and docBuffers keep the page and document buffers of
// documents written out (Output) for the documents that follow: each
// document grew its own from nothing, by doubling, the most memory a
// program that makes many documents allocated in fpdf. A buffer goes back
// only when nothing reads it any more. Documents are larger than their
// pages, hence two pools.
var (
	pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	docBuffers  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

// putBuffer empties b and keeps it in pool for another document.
func putBuffer(pool *sync.Pool, b *bytes.Buffer) {
	b.Reset()
	pool.Put(b)
}

// zwriter is reused: a zlib writer allocates its compressor's tables,
// more than most streams it compresses, and Reset makes it as new. It is
// github.com/klauspost/compress's, which compresses at BestSpeed in about
// half the time compress/zlib takes. One writer, taken in turn, not a
// pool of them: its tables and window are some 0.8 MB, a pool keeps one
// for each thread that compressed and makes them afresh after each
// garbage collection, while compressing is a small part of making a
// document, so documents made side by side seldom wait for it.
var zwriter struct {
	sync.Mutex
	w *kzlib.Writer
}

func (pool *xmempool) compress(data []byte) *membuffer {
	mem := pool.Get().(*membuffer)
	mem.buf.Grow(len(data))
	compressTo(&mem.buf, data)
	return mem
}

// compressTo appends data, zlib-compressed, to buf.
func compressTo(buf *bytes.Buffer, data []byte) {
	zwriter.Lock()
	defer zwriter.Unlock()
	if zwriter.w == nil {
		zw, err := kzlib.NewWriterLevel(nil, kzlib.BestSpeed)
		if err != nil {
			panic(fmt.Errorf("could not create zlib writer: %w", err))
		}
		zwriter.w = zw
	}
	zw := zwriter.w
	zw.Reset(buf)
	_, err := zw.Write(data)
	if err != nil {
		panic(fmt.Errorf("could not zlib-compress slice: %w", err))
	}

	err = zw.Close()
	if err != nil {
		panic(fmt.Errorf("could not close zlib writer: %w", err))
	}
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
