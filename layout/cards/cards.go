// Package cards is playaid's one card engine: cards of one size, set on
// sheets of paper or on pages of their own, whatever they carry. A
// content — the reference cards of package refcards, the unit cards of
// package army — gives each card a front and a back (Face); the engine
// says where each face goes, draws the cut lines and crop marks, and
// mirrors the backs:
//
//   - Duplex (Backs LongEdge or ShortEdge): nine cards to an A4 or Letter
//     page sharing their cut lines (Grid), each page of fronts followed by
//     its page of backs, mirrored for the printer's flip; NoBacks prints
//     the fronts alone.
//   - Fold: fronts in a column left of a fold line down the middle of the
//     sheet, each back beside its front, mirrored across the line, so a
//     sheet printed one-sided and folded puts every back behind its front
//     at exact size.
//   - Print shop (Shop): one face to a page, the page the card's trim plus
//     a bleed on every side, TrimBox and BleedBox set, backs alternating
//     with fronts in deck order (or all fronts, then all backs).
//
// Every content is set in the live area (LiveW × LiveH), centred in the
// trim: on a poker card it keeps 3 mm clear of every edge, the safe zone a
// print shop asks for, so a card cut a little off its line loses nothing.
// Backgrounds and bands run to Frame.Bleed beyond the trim. A face is laid
// out the same whatever it carries (face.go): a title band, the body, a
// foot line.
//
// Type on a card is never under MinPt, body text never under BodyPt.
package cards

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"
)

// Size is a card's trim size in mm, and its safe zone: how far inside
// the trim everything readable stays.
type Size struct {
	Name string
	W, H float64
	Safe float64
}

// The card sizes: poker (63 × 88 mm, the default, the sleeves clubs use)
// and US poker (2.5 × 3.5 in), with the safe zones print shops give them
// (3 mm, 1/8 in).
var (
	Poker   = Size{Name: "poker", W: 63, H: 88, Safe: 3}
	USPoker = Size{Name: "us-poker", W: 63.5, H: 88.9, Safe: 25.4 / 8}
)

// Sizes lists the card sizes by name.
func Sizes() []Size { return []Size{Poker, USPoker} }

// ParseSize reads a --card-size value: poker (also when empty) or us-poker.
func ParseSize(s string) (Size, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "poker", "63x88":
		return Poker, nil
	case "us-poker", "us", "2.5x3.5in":
		return USPoker, nil
	}
	return Size{}, fmt.Errorf("card size %q: expected poker (63 × 88 mm) or us-poker (2.5 × 3.5 in)", s)
}

// The live area every content is set in, centred in the trim: a poker
// card less 3 mm all round.
const (
	LiveW = 57.0
	LiveH = 82.0
)

// Type on cards, in points: no character under MinPt (labels and feet
// included), body and table text at BodyPt or more.
const (
	MinPt  = 6.5
	BodyPt = 7.0
)

// Bleed is how far a print shop's page reaches beyond each edge of the
// trim: 3 mm by default, or 1/8 in.
const (
	Bleed3mm    = 3.0
	BleedEighth = 25.4 / 8
)

// ParseBleed reads a --bleed value: a length in mm or in ("3mm", "1/8in",
// "0.125in"), from 2 to 6 mm; empty is 3 mm.
func ParseBleed(s string) (float64, error) {
	t := strings.ToLower(strings.ReplaceAll(s, " ", ""))
	if t == "" {
		return Bleed3mm, nil
	}
	unit := 0.0
	switch {
	case strings.HasSuffix(t, "mm"):
		t, unit = strings.TrimSuffix(t, "mm"), 1
	case strings.HasSuffix(t, "in"):
		t, unit = strings.TrimSuffix(t, "in"), 25.4
	case strings.HasSuffix(t, "″"), strings.HasSuffix(t, `"`):
		t, unit = strings.TrimRight(t, `″"`), 25.4
	}
	bad := fmt.Errorf("--bleed %q: expected a length such as 3mm or 1/8in (2 to 6 mm)", s)
	if unit == 0 {
		return 0, bad
	}
	var v float64
	if a, b, ok := strings.Cut(t, "/"); ok {
		n, err1 := strconv.ParseFloat(a, 64)
		d, err2 := strconv.ParseFloat(b, 64)
		if err1 != nil || err2 != nil || d == 0 {
			return 0, bad
		}
		v = n / d
	} else {
		n, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return 0, bad
		}
		v = n
	}
	v *= unit
	if math.IsNaN(v) || v < 2-1e-9 || v > 6+1e-9 {
		return 0, bad
	}
	return v, nil
}

// Backs says how a card's back is put behind its front.
type Backs int

const (
	NoBacks   Backs = iota // fronts only
	LongEdge               // duplex, turned over on the long edge (book-like): backs mirrored left to right
	ShortEdge              // duplex, turned over on the short edge (notepad-like): backs mirrored top to bottom
	Fold                   // one-sided: each back beside its front, mirrored across a fold line
)

// OptionError is a mistake in how a document is asked for (an unknown
// marker kind, a negative count, a back offset that would print off the
// paper): the command line's fault, not the data's. The card engine and
// the contents above it (markers, reference cards) say it with this type,
// so the command can tell it apart.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// ParseBacks reads a --backs value: long, short or fold; empty is NoBacks.
func ParseBacks(s string) (Backs, error) {
	switch strings.ToLower(s) {
	case "":
		return NoBacks, nil
	case "long", "long-edge":
		return LongEdge, nil
	case "short", "short-edge":
		return ShortEdge, nil
	case "fold", "fold-over":
		return Fold, nil
	}
	return NoBacks, fmt.Errorf("--backs %q: expected long or short (the edge your printer flips the sheet on), or fold (one-sided, folded)", s)
}

func (b Backs) String() string {
	return [...]string{"none", "long edge", "short edge", "fold"}[b]
}

// Duplex reports whether backs go on a page of their own behind the fronts.
func (b Backs) Duplex() bool { return b == LongEdge || b == ShortEdge }

// Frame is where a face is drawn: its trim's top-left corner at X, Y, the
// trim W × H, and how far beyond the trim its background must run (0 on
// a sheet, the bleed on a print shop's page).
type Frame struct {
	X, Y, W, H float64
	Bleed      float64
}

// Live is the top-left corner of the live area, centred in the trim.
func (f Frame) Live() (x, y float64) { return f.X + (f.W-LiveW)/2, f.Y + (f.H-LiveH)/2 }

// Face draws one side of a card on pdf in the frame.
type Face func(pdf *fpdf.Fpdf, f Frame)

// Card is one printed card: its front and its back (nil: a blank back).
type Card struct {
	Front, Back Face
}
