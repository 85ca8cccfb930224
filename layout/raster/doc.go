package raster

import (
	"errors"
	"fmt"
	"image"
	"math"

	"golang.org/x/image/font/sfnt"
)

// Doc is a PDF opened for drawing its pages.
//
// A Doc draws one page at a time: a program drawing pages side by side
// opens the PDF once for each.
type Doc struct {
	f     *file
	pages []dict
	fonts map[ref]*font
	nodes int // of the page tree, counted as it is walked
}

// Open reads a PDF fpdf wrote. It fails, saying what it met, on a PDF
// using what this package does not read.
func Open(pdf []byte) (*Doc, error) {
	f, err := parse(pdf)
	if err != nil {
		return nil, fmt.Errorf("reading the PDF: %v", err)
	}
	d := &Doc{f: f, fonts: map[ref]*font{}}
	root, err := f.dict(f.trailer["Root"])
	if err != nil {
		return nil, fmt.Errorf("reading the PDF: its catalogue: %v", err)
	}
	if err := d.collect(root["Pages"], nil, 0); err != nil {
		return nil, fmt.Errorf("reading the PDF: its pages: %v", err)
	}
	return d, nil
}

// collect walks the page tree, giving each page the MediaBox and
// Resources it inherits.
func (d *Doc) collect(v any, inherited dict, depth int) error {
	if depth > 32 {
		return errors.New("a page tree too deep")
	}
	if d.nodes++; d.nodes > 100000 {
		return errors.New("a page tree too large")
	}
	n, err := d.f.dict(v)
	if err != nil {
		return err
	}
	own := dict{}
	for _, k := range []name{"MediaBox", "Resources"} {
		if x, ok := n[k]; ok {
			own[k] = x
		} else if x, ok := inherited[k]; ok {
			own[k] = x
		}
	}
	if n["Type"] != name("Pages") {
		for k, x := range n {
			if _, ok := own[k]; !ok {
				own[k] = x
			}
		}
		d.pages = append(d.pages, own)
		if len(d.pages) > 100000 {
			return errors.New("too many pages")
		}
		return nil
	}
	kids, err := d.f.resolve(n["Kids"])
	if err != nil {
		return err
	}
	ks, _ := kids.([]any)
	for _, k := range ks {
		if err := d.collect(k, own, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// Pages is how many pages the PDF has.
func (d *Doc) Pages() int { return len(d.pages) }

// Size is the pixel size page i (from 0) is drawn at dpi: its MediaBox
// scaled and rounded to whole pixels.
func (d *Doc) Size(i int, dpi float64) (w, h int, err error) {
	box, err := d.mediaBox(i)
	if err != nil {
		return 0, 0, err
	}
	s := dpi / 72
	return int(math.Round((box[2] - box[0]) * s)), int(math.Round((box[3] - box[1]) * s)), nil
}

func (d *Doc) mediaBox(i int) ([4]float64, error) {
	var box [4]float64
	if i < 0 || i >= len(d.pages) {
		return box, fmt.Errorf("page %d: the PDF has %d", i+1, len(d.pages))
	}
	v, err := d.f.resolve(d.pages[i]["MediaBox"])
	a, _ := v.([]any)
	if err != nil || len(a) != 4 {
		return box, fmt.Errorf("page %d has no MediaBox", i+1)
	}
	for k := range box {
		x, ok := a[k].(float64)
		if !ok {
			return box, fmt.Errorf("page %d: a MediaBox that is not four numbers", i+1)
		}
		box[k] = x
	}
	if box[2]-box[0] <= 0 || box[3]-box[1] <= 0 || box[2]-box[0] > 14400 || box[3]-box[1] > 14400 {
		return box, fmt.Errorf("page %d: a MediaBox of no size or too large", i+1)
	}
	return box, nil
}

// maxPixels bounds a page's image: an A3 page at 600 dpi is 70 million.
const maxPixels = 80 << 20

// Render draws page i (from 0) at dpi on white paper.
func (d *Doc) Render(i int, dpi float64) (*image.RGBA, error) {
	if math.IsNaN(dpi) || dpi <= 0 || dpi > 2400 {
		return nil, fmt.Errorf("%g dpi: expected more than 0 and at most 2400", dpi)
	}
	box, err := d.mediaBox(i)
	if err != nil {
		return nil, err
	}
	w, h, _ := d.Size(i, dpi)
	if w < 1 || h < 1 || w*h > maxPixels {
		return nil, fmt.Errorf("page %d: %d × %d pixels is no size or too large", i+1, w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Pix[0] = 0xff
	for k := 1; k < len(img.Pix); k *= 2 {
		copy(img.Pix[k:], img.Pix[:k])
	}
	s := dpi / 72
	// The page's user space, y up from the MediaBox's corner, to pixels
	// down from the image's top left.
	ctm := matrix{s, 0, 0, -s, -box[0] * s, box[3] * s}
	content, err := d.content(d.pages[i]["Contents"])
	if err != nil {
		return nil, fmt.Errorf("page %d: %v", i+1, err)
	}
	res, err := d.f.dict(d.pages[i]["Resources"])
	if err != nil {
		res = dict{}
	}
	p := &painter{doc: d, img: img, res: res}
	if err := p.run(content, ctm); err != nil {
		return nil, fmt.Errorf("page %d: %v", i+1, err)
	}
	return img, nil
}

// content is a page's content: one stream or an array of them.
func (d *Doc) content(v any) ([]byte, error) {
	v, err := d.f.resolve(v)
	if err != nil {
		return nil, err
	}
	if a, ok := v.([]any); ok {
		var out []byte
		for _, s := range a {
			b, err := d.f.data(s)
			if err != nil {
				return nil, err
			}
			out = append(append(out, b...), '\n')
		}
		return out, nil
	}
	if v == nil {
		return nil, nil
	}
	return d.f.data(v)
}

// font is a Type0 font with Identity-H encoding and an embedded TrueType
// program: two-byte codes, each a CID, drawn as the glyph CIDToGIDMap
// gives it, advanced by its width in W (or DW).
type font struct {
	sfnt   *sfnt.Font
	upem   float64
	gids   []byte // the CIDToGIDMap, two bytes a CID; nil for Identity
	widths map[int]float64
	dw     float64
	glyphs map[uint16][]pathOp // outlines in em units, y up
	buf    sfnt.Buffer
}

func (d *Doc) font(v any) (*font, error) {
	r, isRef := v.(ref)
	if fo, ok := d.fonts[r]; isRef && ok {
		return fo, nil
	}
	fd, err := d.f.dict(v)
	if err != nil {
		return nil, err
	}
	if fd["Subtype"] != name("Type0") || fd["Encoding"] != name("Identity-H") {
		return nil, fmt.Errorf("font %v (%v, %v) is not a Type0 font with Identity-H encoding, the only kind read", fd["BaseFont"], fd["Subtype"], fd["Encoding"])
	}
	desc, err := d.f.resolve(fd["DescendantFonts"])
	da, _ := desc.([]any)
	if err != nil || len(da) != 1 {
		return nil, fmt.Errorf("font %v has no descendant font", fd["BaseFont"])
	}
	cid, err := d.f.dict(da[0])
	if err != nil {
		return nil, err
	}
	fdesc, err := d.f.dict(cid["FontDescriptor"])
	if err != nil {
		return nil, fmt.Errorf("font %v has no descriptor", fd["BaseFont"])
	}
	if _, ok := fdesc["FontFile2"]; !ok {
		return nil, fmt.Errorf("font %v is not embedded as TrueType", fd["BaseFont"])
	}
	prog, err := d.f.data(fdesc["FontFile2"])
	if err != nil {
		return nil, fmt.Errorf("font %v: %v", fd["BaseFont"], err)
	}
	sf, err := sfnt.Parse(prog)
	if err != nil {
		return nil, fmt.Errorf("font %v: its TrueType program does not read: %v", fd["BaseFont"], err)
	}
	fo := &font{sfnt: sf, upem: float64(sf.UnitsPerEm()), widths: map[int]float64{}, dw: 1000, glyphs: map[uint16][]pathOp{}}
	if dw, ok := cid["DW"].(float64); ok {
		fo.dw = dw
	}
	if m, err := d.f.resolve(cid["CIDToGIDMap"]); err == nil && m != nil && m != name("Identity") {
		if fo.gids, err = d.f.data(m); err != nil {
			return nil, fmt.Errorf("font %v: its CIDToGIDMap: %v", fd["BaseFont"], err)
		}
	}
	w, _ := d.f.resolve(cid["W"])
	wa, _ := w.([]any)
	// W: c [w1 w2 …] gives widths from c on; c1 c2 w gives c1 to c2 one.
	for k := 0; k < len(wa); {
		c, ok := wa[k].(float64)
		if !ok || k+1 >= len(wa) {
			break
		}
		if ws, ok := wa[k+1].([]any); ok {
			for j, x := range ws {
				if x, ok := x.(float64); ok {
					fo.widths[int(c)+j] = x
				}
			}
			k += 2
			continue
		}
		c2, ok1 := wa[k+1].(float64)
		if k+2 >= len(wa) {
			break
		}
		x, ok2 := wa[k+2].(float64)
		if !ok1 || !ok2 || c2-c > 65536 {
			break
		}
		for j := int(c); j <= int(c2); j++ {
			fo.widths[j] = x
		}
		k += 3
	}
	if isRef {
		d.fonts[r] = fo
	}
	return fo, nil
}

// gid is the glyph CID cid is drawn with.
func (fo *font) gid(cid int) uint16 {
	if fo.gids == nil {
		return uint16(cid)
	}
	if 2*cid+1 >= len(fo.gids) {
		return 0
	}
	return uint16(fo.gids[2*cid])<<8 | uint16(fo.gids[2*cid+1])
}

// width is a CID's advance in thousandths of an em.
func (fo *font) width(cid int) float64 {
	if w, ok := fo.widths[cid]; ok {
		return w
	}
	return fo.dw
}
