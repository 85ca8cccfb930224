package markdown

// A look is how a kind of document sets its Markdown: a sheet's (the
// default: briefings, rosters, the rules notes) or a card's. The walker
// and the table layout read every colour, space and size from it, so a
// card is the same typesetter on a small page, not a second one.
type look struct {
	text, accent, muted rgb
	rule                rgb // thin rules (a heading's underline but h1's)
	lead                float64
	paraGap, itemGap    float64 // em between blocks, and between a tight list's items
	// whole keeps a paragraph's lines together: on a card it is read
	// whole, never a sentence split between two cards.
	whole    bool
	headings [7]headingLook
	list     listLook
	table    tableLook
}

type headingLook struct {
	size, before, after float64 // × the body size; em before and after
	rule                float64 // width of the rule under it, 0 for none
	ruleColor           rgb
	ruleBox, ruleAt     float64 // the rule's box under the heading, and the rule's place in it (mm)
	accent              bool    // in the accent colour
}

type listLook struct {
	bullet, bulletX   float64 // a bulleted list's indent, and the bullet's place in it (mm)
	number, numberPad float64 // a numbered list's least indent, and the room after its widest number (mm)
	numberGap         float64 // from a number's end to the item's text (mm)
	bold, accent      bool    // numbers bold, in the accent colour
}

type tableLook struct {
	padX, padY, lead float64
	// size is the type of a table against the body size; floor the
	// least a table shrinks to, to fit its column, before it must be
	// fitted (see fitTable).
	size       func(base float64) float64
	floor      func(base float64) float64
	head       rgb  // the header row's fill
	fill       bool // the header row is filled
	headAccent bool // the header's text is in the accent colour
	zebra      rgb
	// last rules the last row off, as the header is.
	last bool
	// groups sets a row whose cells after the first are empty as a
	// group's name across the table (a card's "Rifled" over its rows),
	// and leaves out a header row with no text.
	groups bool
	// wordy gives a table's spare width to its left-aligned column with
	// the most text (a chart's results), not to every column by its
	// width.
	wordy bool
}

// sheetLook is the look of sheets, briefings, rosters and notes.
var sheetLook = &look{
	text: colText, accent: colAccent, muted: colMuted, rule: colRule,
	lead: lead, paraGap: paraGap, itemGap: itemGap,
	headings: [7]headingLook{
		1: {size: 1.9, before: 0.4, after: 0.9, rule: 0.45, ruleColor: colAccent, ruleBox: 1.2, ruleAt: 0.5, accent: true},
		2: {size: 1.35, before: 1.3, after: 0.5, rule: 0.2, ruleColor: colRule, ruleBox: 1.2, ruleAt: 0.5, accent: true},
		3: {size: 1.12, before: 1.1, after: 0.35, accent: true},
		4: {size: 1.0, before: 0.9, after: 0.25},
		5: {size: 1.0, before: 0.9, after: 0.25},
		6: {size: 1.0, before: 0.9, after: 0.25},
	},
	list:  listLook{bullet: 4, bulletX: 0.8, number: 4.2, numberPad: 1.8, numberGap: 1.3},
	table: tableLook{padX: cellPadX, padY: cellPadY, lead: tableLead, size: func(b float64) float64 { return b }, floor: tableFloor, head: colHead, fill: true, zebra: colZebra, last: true},
}

// Card type: the body at CardOptions.Size, tables half a point smaller,
// never under minText.
const cardTableStep = 0.5

// cardLook is the look of a card's body: one type size, headings bold
// at that size in the deck's colour over a hairline, tight spaces, tables
// with a coloured header and no fill, group rows, and their spare width to
// the column with the words.
func cardLook(accent rgb) *look {
	hl := headingLook{size: 1, before: 0.65, after: 0.15, rule: 0.2, ruleColor: accent.tint(0.5), ruleBox: 0.8, ruleAt: 0.2, accent: true}
	return &look{
		text: rgb{24, 27, 33}, accent: accent, muted: rgb{88, 94, 104}, rule: accent.tint(0.5),
		lead: 1.2, paraGap: 0.5, itemGap: 0.2, whole: true,
		headings: [7]headingLook{1: hl, 2: hl, 3: hl, 4: hl, 5: hl, 6: hl},
		list:     listLook{bullet: 2.6, bulletX: 0.3, number: 2.6, numberPad: 1.2, numberGap: 0.9, bold: true, accent: true},
		table: tableLook{padX: 0.7, padY: 0.25, lead: 1.2,
			size:       func(b float64) float64 { return max(b-cardTableStep, minText) },
			floor:      func(b float64) float64 { return max(b-cardTableStep, minText) },
			headAccent: true, zebra: rgb{240, 242, 245}, groups: true, wordy: true},
	}
}

// tint mixes c with white: share 0–1 of c.
func (c rgb) tint(share float64) rgb {
	mix := func(v uint8) uint8 { return uint8(float64(v)*share + 255*(1-share) + 0.5) }
	return rgb{mix(c.r), mix(c.g), mix(c.b)}
}
