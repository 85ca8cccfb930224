package markers

import (
	"fmt"
	"html"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// inset is how far inside its cut outline every character of a marker
// sits at least: its ring, its edge, the template's outline.
const inset = 1.0

// inkBoxes gives the box of each character's ink, read from the Go
// font's own glyph boxes (inkFont): fpdf sets glyph after glyph by their
// advances, unkerned.
type inkBoxes map[string]*inkFont

func newInkBoxes(t *testing.T) inkBoxes {
	ib := inkBoxes{}
	for style, ttf := range map[string][]byte{"": goregular.TTF, "B": gobold.TTF} {
		f, err := readInk(ttf)
		if err != nil {
			t.Fatal(err)
		}
		ib[style] = f
	}
	return ib
}

// boxes are the characters' ink boxes of s in font (pdftest's BaseFont
// name: utf8go, utf8goB) at size pt, in mm from the baseline's start,
// y down.
func (ib inkBoxes) boxes(t *testing.T, font string, size float64, s string) []rect {
	f := ib[""]
	if strings.HasSuffix(strings.ToLower(font), "b") {
		f = ib["B"]
	}
	scale := size / ptPerMM / f.upem // font units to mm
	var out []rect
	x := 0.0
	for _, r := range s {
		g := f.cmap(r)
		if g == 0 {
			t.Fatalf("%q: no glyph for %q in the Go font", s, r)
		}
		if b := f.box(g); b[2] > b[0] && b[3] > b[1] {
			out = append(out, rect{X: x + float64(b[0])*scale, Y: -float64(b[3]) * scale,
				W: float64(b[2]-b[0]) * scale, H: float64(b[3]-b[1]) * scale})
		}
		x += float64(f.advance(g)) * scale
	}
	return out
}

// outline is a piece's cut outline in its own upright frame (origin at
// its box's top-left, as drawn): margin reports how far inside it a box
// lies at least (negative: it crosses).
func outline(p *piece, flipped bool) func(b rect) float64 {
	switch p.shape {
	case "circle":
		r := p.w / 2
		return func(b rect) float64 {
			far := 0.0
			for _, c := range corners(b) {
				far = math.Max(far, math.Hypot(c.X-r, c.Y-r))
			}
			return r - far
		}
	case "template":
		t := p.tmpl
		return func(b rect) float64 {
			if flipped {
				b.Y = t.h - b.Y - b.H
			}
			cx, cy := t.w/2, t.radius // the arcs' centre
			far, angle := 0.0, math.Inf(1)
			for _, c := range corners(b) {
				d := math.Hypot(c.X-cx, c.Y-cy)
				far = math.Max(far, d)
				// Distance to the band's straight ends, radial lines at ±half.
				th := math.Abs(math.Atan2(c.X-cx, cy-c.Y))
				angle = math.Min(angle, d*math.Sin(t.half-th))
			}
			// The nearest point of the box to the centre, for the inner arc.
			nx, ny := math.Max(b.X, math.Min(cx, b.X+b.W)), math.Max(b.Y, math.Min(cy, b.Y+b.H))
			near := math.Hypot(nx-cx, ny-cy)
			return math.Min(math.Min(t.radius-far, near-(t.radius-t.width)), angle)
		}
	default: // square, rect, track, ruler segments
		return func(b rect) float64 {
			return math.Min(math.Min(b.X, b.Y), math.Min(p.w-b.X-b.W, p.h-b.Y-b.H))
		}
	}
}

func corners(b rect) []pt {
	return []pt{{b.X, b.Y}, {b.X + b.W, b.Y}, {b.X, b.Y + b.H}, {b.X + b.W, b.Y + b.H}}
}

// local maps a point on the page into the upright frame of a piece placed
// at pl (see place): turned, its top edge runs up the box's left side.
func local(pl placement, x, y float64) pt {
	if !pl.rot {
		return pt{x - pl.r.X, y - pl.r.Y}
	}
	return pt{pl.r.Y + pl.r.H - y, x - pl.r.X}
}

// TestTextInsideOutline renders every marker kind of every shipped rule
// set on A4 and Letter — fronts alone, with backs for a long- and a
// short-edge flip and folded, each rule set's sheet and the blip sheet as
// the print pack prints them — reads every
// string back from the PDF with its place, size and direction, and holds
// the ink box of each of its characters (from the Go font's outlines) at
// least 1 mm inside the cut outline of the piece it is printed on: a
// circle's ring, a rectangle's edge, the Heat Ray template's band, on
// fronts and backs. Every string in the pieces' area must lie on a piece.
func TestTextInsideOutline(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	ib := newInkBoxes(t)
	kinds := map[string]bool{}
	for _, s := range cat.Systems {
		for _, m := range s.Markers {
			kinds[s.ID+"/"+m.ID+" front"] = false
			if m.Back != "" {
				kinds[s.ID+"/"+m.ID+" back"] = false
			}
		}
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		type sheetCase struct {
			name    string
			systems []*catalog.System
			opt     Options
		}
		cases := []sheetCase{{"blips", cat.Systems, blipPack(paper)}}
		for _, f := range []Flip{NoBacks, LongEdge, ShortEdge, Fold} {
			cases = append(cases, sheetCase{"full set, backs " + f.String(), cat.Systems, Options{Paper: paper, Backs: f}})
		}
		// Each rule set's sheet as the print pack prints it: one rule set,
		// one-sided, its blips apart.
		for _, s := range cat.Systems {
			var only []string
			for _, m := range s.Markers {
				if m.ID != "blips" {
					only = append(only, m.ID)
				}
			}
			if len(only) > 0 {
				cases = append(cases, sheetCase{"the pack's " + s.ID + " sheet", []*catalog.System{s}, Options{Paper: paper, Only: only}})
			}
		}
		for _, c := range cases {
			sh, texts := drawnTexts(t, c.systems, c.opt)
			where := paper.Name + ", " + c.name
			checkInset(t, where, sh, texts, ib, kinds)
		}
	}
	for k, seen := range kinds {
		if !seen {
			t.Errorf("%s: no text of it measured", k)
		}
	}

	// Faces that fill their box to the corners, where the layout must
	// set them smaller to clear the ring or edge: wide words on small
	// discs, two-line labels, long second lines, descenders at the foot.
	hard := testSystem(
		catalog.Marker{ID: "small", Name: "Small", Shape: "circle", Size: mm(16), Labels: []string{"WWW", "Immobile", "Weapons Disabled"}, Sub: "dummy", Back: "Tripod"},
		catalog.Marker{ID: "disc", Name: "Disc", Shape: "circle", Size: mm(20), Labels: []string{"MMMMMM", "Jolly good", "Ág"}, Sub: "gyp", Back: "Weapons Disabled"},
		catalog.Marker{ID: "strip", Name: "Strip", Shape: "rect", Width: mm(25), Height: mm(12), Labels: []string{"Jammed gjp", "WWWWW"}, Sub: "unjam at end of turn", Back: "Jammed"},
		catalog.Marker{ID: "tile", Name: "Tile", Shape: "square", Size: mm(18), Labels: []string{"Rough Ground", "Qgjy"}, Sub: "rough terrain · cover", Back: "Rubble"},
		catalog.Marker{ID: "band", Name: "Gouts of fire", Shape: "template", Length: mm(70), Width: mm(6.5), Radius: mm(40), Back: "Flame thrower"},
	)
	for _, kind := range hard.Markers {
		kinds[hard.ID+"/"+kind.ID+" front"], kinds[hard.ID+"/"+kind.ID+" back"] = false, false
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		opt := Options{Paper: paper, Backs: LongEdge}
		if paper == layout.Letter {
			opt.Backs = ShortEdge // the template's back bows down
		}
		sh, texts := drawnTexts(t, []*catalog.System{hard}, opt)
		checkInset(t, paper.Name+", crowded faces", sh, texts, ib, kinds)
		for _, tx := range texts {
			if tx.Size < subMin-1e-6 {
				t.Errorf("%s, crowded faces: %q at %.2f pt; want at least %.1f", paper.Name, tx.S, tx.Size, subMin)
			}
		}
	}
	for _, kind := range hard.Markers {
		for _, side := range []string{" front", " back"} {
			if !kinds[hard.ID+"/"+kind.ID+side] {
				t.Errorf("crowded faces: %s%s: no text of it measured", kind.ID, side)
			}
		}
	}
}

func checkInset(t *testing.T, where string, sh *sheet, texts []pdftest.Text, ib inkBoxes, kinds map[string]bool) {
	t.Helper()
	type on struct {
		pl   placement
		back bool
	}
	worst := map[string]float64{}
	for _, tx := range texts {
		if strings.TrimSpace(tx.S) == "" {
			continue
		}
		pg := sh.pages[tx.Page-1]
		var all []on
		for _, pl := range pg.items {
			all = append(all, on{pl, pg.back})
		}
		for _, pl := range pg.backs {
			all = append(all, on{pl, true})
		}
		found := false
		for _, o := range all {
			r := o.pl.r
			if tx.X < r.X-eps || tx.X > r.X+r.W+eps || tx.Y < r.Y-eps || tx.Y > r.Y+r.H+eps {
				continue
			}
			found = true
			want := [2]float64{1, 0}
			if o.pl.rot {
				want = [2]float64{0, -1}
			}
			p := o.pl.p
			name := fmt.Sprintf("%s/%s", p.sys.ID, p.kind.ID)
			if tx.Dir != want {
				t.Errorf("%s page %d: %s %q: %q runs %v; want %v", where, tx.Page, name, p.label, tx.S, tx.Dir, want)
				break
			}
			flipped := false
			if o.back {
				// As drawn (drawBackPage, drawFrontPage's fold backs).
				flipped = o.pl.rot
				if sh.opt.Backs == ShortEdge {
					flipped = !o.pl.rot
				}
			}
			in := outline(p, flipped)
			at := local(o.pl, tx.X, tx.Y)
			side := " front"
			if o.back {
				side = " back"
			}
			kinds[name+side] = true
			for _, c := range ib.boxes(t, tx.Font, tx.Size, tx.S) {
				c.X += at.X
				c.Y += at.Y
				if m := in(c); m < inset-1e-6 {
					t.Errorf("%s page %d: %s%s %q: %q (%.2f pt) comes %.2f mm inside the outline; want at least %.1f mm",
						where, tx.Page, name, side, p.label, tx.S, tx.Size, m, inset)
					break
				} else if w, ok := worst[name+side]; !ok || m < w {
					worst[name+side] = m
				}
			}
			break
		}
		// Anything else is the header (top, or bottom on a short-edge
		// back) or the fold line's word: outside the pieces' area.
		top, bottom := areaTop, sh.paper.Height-areaBottom
		if pg.back && sh.opt.Backs == ShortEdge {
			top, bottom = areaBottom, sh.paper.Height-areaTop
		}
		for _, c := range pg.captions {
			if tx.S == c.text && math.Abs(tx.Y-c.y) < 0.01 {
				found = true // a rule set's caption, in the strip between two rule sets' pieces
			}
		}
		if !found && tx.Y > top && tx.Y < bottom {
			t.Errorf("%s page %d: %q at (%.1f, %.1f) lies on no piece", where, tx.Page, tx.S, tx.X, tx.Y)
		}
	}
	if testing.Verbose() {
		for k, v := range worst {
			t.Logf("%s: %s nearest %.2f mm", where, k, v)
		}
	}
}

// TestInkReadByPoppler checks the measure of TestTextInsideOutline against
// poppler's own reading of the same PDF (pdftotext -bbox): every word
// poppler finds on an upright piece starts where pdftest read its string
// to start, and ends where the font's advances (inkFont) put its end, to
// 0.05 mm. So the strings' places and the glyph boxes laid from them are
// the PDF's, not only the layout's.
func TestInkReadByPoppler(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: apt-get install -y poppler-utils")
	}
	cat := shipped.Catalog(t)
	ib := newInkBoxes(t)
	b, err := Render(cat.Systems, Options{Paper: layout.A4, Backs: LongEdge})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "m.pdf")
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-bbox", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	type word struct {
		page           int
		x0, y0, x1, y1 float64
		s              string
	}
	var words []word
	page := 0
	re := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "<page ") {
			page++
		}
		if m := re.FindStringSubmatch(line); m != nil {
			v := func(i int) float64 { f, _ := strconv.ParseFloat(m[i], 64); return f / ptPerMM }
			words = append(words, word{page, v(1), v(2), v(3), v(4), html.UnescapeString(m[5])})
		}
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	matched, upright := 0, 0
	for _, tx := range texts {
		first := strings.Fields(tx.S)
		if tx.Dir != [2]float64{1, 0} || len(first) == 0 || tx.Y < areaTop {
			continue
		}
		upright++
		// The first word's end by the font's advances: its boxes' last
		// advance is not kept, so measure the word plus a space.
		adv := advance(ib, tx.Font, tx.Size, first[0])
		for _, w := range words {
			if w.page == tx.Page && w.s == first[0] && math.Abs(w.x0-tx.X) < 0.05 && w.y0 < tx.Y && tx.Y < w.y1 {
				if math.Abs(w.x1-(tx.X+adv)) > 0.05 {
					t.Errorf("page %d: %q ends at %.2f mm by poppler, %.2f mm by the font's advances", tx.Page, w.s, w.x1, tx.X+adv)
				}
				matched++
				break
			}
		}
	}
	t.Logf("%d of %d upright strings matched", matched, upright)
	if upright < 100 || matched < upright*9/10 {
		t.Errorf("poppler found %d of %d upright strings where pdftest read them", matched, upright)
	}
}

// advance is the width of s in font at size pt by the font's advances, mm.
func advance(ib inkBoxes, font string, size float64, s string) float64 {
	f := ib[""]
	if strings.HasSuffix(strings.ToLower(font), "b") {
		f = ib["B"]
	}
	w := 0.0
	for _, r := range s {
		w += float64(f.advance(f.cmap(r)))
	}
	return w * size / ptPerMM / f.upem
}

// drawnTexts lays out and draws the systems' sheets as Render does and
// reads back every string printed, with its font and place.
func drawnTexts(t *testing.T, systems []*catalog.System, opt Options) (*sheet, []pdftest.Text) {
	t.Helper()
	pdf := newDoc(opt.Paper, "inset")
	sh, err := plan(pdf, systems, opt)
	if err != nil {
		t.Fatal(err)
	}
	sh.draw(pdf)
	_, texts := readBoth(t, pdf)
	return sh, texts
}
