package pdftest

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
)

// readPNM reads the binary grey (P5) or colour (P6) picture pdftoppm
// writes without -png, 8 bits a channel. The raster tests ask for it
// rather than PNG: pdftoppm spends ten times as long compressing a PNG as
// drawing the page, and the pixels are the same.
func readPNM(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var magic string
	var w, h, maxval int
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxval); err != nil {
		return nil, fmt.Errorf("not a PNM picture: %w", err)
	}
	if _, err := r.ReadByte(); err != nil { // the one white space after the header
		return nil, err
	}
	if maxval != 255 || w <= 0 || h <= 0 {
		return nil, fmt.Errorf("a %d × %d picture of %d levels; want 255", w, h, maxval)
	}
	switch magic {
	case "P5":
		g := image.NewGray(image.Rect(0, 0, w, h))
		if _, err := io.ReadFull(r, g.Pix); err != nil {
			return nil, fmt.Errorf("a %d × %d picture cut short: %w", w, h, err)
		}
		return g, nil
	case "P6":
		rgb := make([]byte, 3*w*h)
		if _, err := io.ReadFull(r, rgb); err != nil {
			return nil, fmt.Errorf("a %d × %d picture cut short: %w", w, h, err)
		}
		c := image.NewRGBA(image.Rect(0, 0, w, h))
		for i, j := 0, 0; i < len(rgb); i, j = i+3, j+4 {
			copy(c.Pix[j:j+3], rgb[i:i+3])
			c.Pix[j+3] = 0xff
		}
		return c, nil
	}
	return nil, errors.New("not a binary PGM or PPM picture (" + magic + ")")
}
