package raster

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"math"
)

// PNG encodes img as a PNG that says it is dpi dots to the inch (its pHYs
// chunk, which print shops read for the size), with fixed settings: the
// same image gives the same bytes.
func PNG(img image.Image, dpi float64) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	// The signature (8 bytes), then IHDR (8 + 13 + 4): pHYs goes after
	// it, before the image data.
	const at = 8 + 8 + 13 + 4
	ppm := uint32(math.Round(dpi / 0.0254))
	chunk := make([]byte, 0, 21)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // the unit is the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(b)+len(chunk))
	out = append(append(append(out, b[:at]...), chunk...), b[at:]...)
	return out, nil
}
