package army

import (
	"math/big"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// What a list's rule engine says its roster and cards print is the
// engine's (rules.Army: Roster, Card, ExtraCards; rules.Play: Units, Objective); army writes it
// with the documents' words (printer) and lays it out.

// Kind names the engine of s's army lists (the roster's Kind): "" when
// army lists cannot be written for s.
func Kind(s *catalog.System) string {
	if rules.ArmyOf(s) != nil {
		return rules.EngineOf(s).Name
	}
	return ""
}

// printer writes an engine's card and roster values as the documents
// do (rules.Printer).
type printer struct{}

func (printer) Inch(l catalog.Length) string { return document.Inch(l) }
func (printer) Pct(p *big.Rat) string        { return document.Pct(p) }
func (printer) Intp(p *int) string           { return document.Intp(p) }
func (printer) Sentence(s string) string     { return document.Sentence(s) }
func (printer) OneLine(s string) string      { return document.OneLine(s) }
func (printer) Ruling(n catalog.Note) string {
	return document.RulingPrefix + strings.TrimSpace(n.Ruling)
}

// cardFrom is an engine's card as the card engine draws it.
func cardFrom(rc rules.Card) card {
	c := card{title: rc.Title, corner: rc.Corner, sub: rc.Sub, readings: rc.Readings}
	for _, p := range rc.Parts {
		c.parts = append(c.parts, part{head: p.Head, rows: p.Rows, text: p.Text, bold: p.Bold, writeOn: p.WriteOn, writeLabels: p.WriteLabels, odds: p.Odds, legend: p.Legend, withOdds: p.WithOdds})
	}
	for _, t := range rc.Tracks {
		c.tracks = append(c.tracks, track{label: t.Label, boxes: t.Boxes, group: t.Group})
	}
	return c
}
