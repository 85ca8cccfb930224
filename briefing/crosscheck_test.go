package briefing_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/rules/aqotmf"
)

// TestMoraleWagonAgrees cross-checks Morale Wagon's papers: the HMG team
// "starts the scenario as a unit in Ambush", so the briefing says it
// starts in ambush, the secret deployment sheet has it write down its
// terrain and gives it no blip, and the sheet's blips are the roster's of
// data/armies/morale-wagon-humans.toml: 8 units (the company, six tanks,
// the Rough Riders) and up to 4 decoys (two for each of the two infantry
// blips), 12 numbered rows.
func TestMoraleWagonAgrees(t *testing.T) {
	cat := shipped.Catalog(t)
	b := build(t, cat, "morale-wagon")
	md, err := b.Markdown("")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\| 1 Unit of Machine Guns \(3 Stands of HMG Teams\) \*\(starts in ambush\)\* \|`).Match(md) {
		t.Error("the briefing's force list does not say the HMG team starts in ambush")
	}
	sh := b.Sheet
	if sh == nil {
		t.Fatal("no secret deployment sheet")
	}
	if len(sh.MustAmbush) != 1 || sh.MustAmbush[0].Unit.ID != "hmg-unit" || len(sh.MayAmbush) != 0 {
		t.Errorf("the sheet's ambush: must %v, may %v; want the HMG team, which must", sh.MustAmbush, sh.MayAmbush)
	}
	for _, u := range sh.Units {
		if strings.Contains(u, "Machine Guns") {
			t.Errorf("the HMG team, in ambush, is a blip unit on the sheet: %q", u)
		}
	}

	r := shippedList(t, cat, "morale-wagon-humans")
	blips, decoys := army.Blips(r.List, r.System)
	if blips != 8 || decoys != 4 {
		t.Errorf("the roster deploys %d blips and %d decoys, want 8 and 4", blips, decoys)
	}
	if sh.UnitCount != blips || sh.Decoys != decoys || len(sh.Blips) != blips+decoys {
		t.Errorf("the sheet has %d units, %d decoys, %d rows; the roster %d blips, %d decoys", sh.UnitCount, sh.Decoys, len(sh.Blips), blips, decoys)
	}
	// The roster's lines that deploy as blips are the sheet's units, and
	// the one in ambush is the sheet's ambusher.
	ro := army.NewRoster(r, cat)
	onTable, ambush := 0, 0
	for _, ln := range ro.Lines {
		x := ln.Extra.(*aqotmf.LineValues) // what the AQotMF roster says of a unit
		switch x.Deploy {
		case "blip":
			onTable += ln.Count
		case "ambush":
			ambush++
			if x.Entry != "Unit of Machine Guns" {
				t.Errorf("the roster's ambusher is %q, want the Unit of Machine Guns", x.Entry)
			}
		}
	}
	if onTable != sh.UnitCount || ambush != len(sh.MustAmbush) {
		t.Errorf("the roster has %d units deploying as blips and %d in ambush; the sheet %d and %d", onTable, ambush, sh.UnitCount, len(sh.MustAmbush))
	}
	rmd, err := army.Markdown(r, cat, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rmd), "**Hidden deployment:** 8 blips, and up to 4 decoys") {
		t.Error("the roster does not print 8 blips and up to 4 decoys")
	}
}

// TestAgreeBeforePlay: the first page asks the players to agree what the
// quick-start leaves out — the Mk II Baldwin's stats, Massive, the
// Gripper Claw (Stealth has its line, from the hidden-unit rules), and
// the pack's reading of the tripods' Tentacles — each with the reading
// the pack takes of it, and a club's data that gives the Baldwin its
// stats takes it off the list.
func TestAgreeBeforePlay(t *testing.T) {
	b := build(t, shipped.Catalog(t), "morale-wagon")
	want := []string{"the Mk II Baldwin's Speed, Defense, Armor and weapons (baldwin-stats)", "what Massive does (massive)", "what the tripods' Gripper Claw does (tripod-weapons)", "which weapon the tripods' Tentacles are (tripod-tentacles)"}
	agreed := func(b *briefing.Briefing) string {
		var s []string
		for _, a := range b.Agree {
			s = append(s, a.Text+" ("+a.Reading+")")
		}
		return strings.Join(s, "|")
	}
	if agreed(b) != strings.Join(want, "|") {
		t.Errorf("agree %q, want %q", agreed(b), want)
	}
	texts, _ := renderText(t, b, layout.A4)
	var page1 []string
	for _, tx := range texts {
		if tx.Page == 1 {
			page1 = append(page1, tx.S)
		}
	}
	if p := strings.Join(page1, " "); !strings.Contains(p, "Agree before play") || !strings.Contains(p, "Gripper Claw does") {
		t.Error("page 1 does not ask the players to agree what the rules leave out")
	}

	b = build(t, clubCatalog(t), "morale-wagon")
	want = want[1:]
	if agreed(b) != strings.Join(want, "|") {
		t.Errorf("with the club's Baldwin stats: agree %q, want %q", agreed(b), want)
	}
}

// clubCatalog is the shipped data with a club's profiles.toml that gives
// the Mk II Baldwin the stats the quick-start leaves out (the club's
// own numbers).
func clubCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	src, err := fs.ReadFile(data.FS, "aqotmf/profiles.toml")
	if err != nil {
		t.Fatal(err)
	}
	club := strings.Replace(string(src), `id = "mk2-baldwin"
name = "Mk II Baldwin"
type = "Tank"
`, `id = "mk2-baldwin"
name = "Mk II Baldwin"
type = "Tank"
speed = '6"'
defense = 6
armor = 7
weapons = ["tank-gun"]
`, 1)
	if club == string(src) {
		t.Fatal("the shipped Mk II Baldwin profile has changed: update the club's copy")
	}
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: fstest.MapFS{"aqotmf/profiles.toml": {Data: []byte(club)}}})
	if err := l.Err(); err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestBoysBlipsAgree: one count for one thing. In Scenario 1 "ONE UNIT
// of Humans may be placed IN AMBUSH", so the briefing counts the most the
// side may deploy (both infantry units as blips, 2 blips and up to 4
// decoys) and says a unit in ambush has neither; the shipped list, its
// machine guns in ambush, deploys 1 blip and up to 2 decoys, within it.
func TestBoysBlipsAgree(t *testing.T) {
	cat := shipped.Catalog(t)
	b := build(t, cat, "boys-of-company-c")
	sh := b.Sheet
	if sh == nil || sh.UnitCount != 2 || sh.Decoys != 4 {
		t.Fatalf("the secret sheet counts %+v, want 2 units and 4 decoys", sh)
	}
	var note string
	for _, m := range b.Markers {
		if m.ID == b.MarkerSet.Blips {
			note = m.Note
		}
	}
	for _, want := range []string{"the 2 units that may deploy as blips and up to 4 decoys", "a unit placed in ambush has no blip and no decoys"} {
		if !strings.Contains(note, want) {
			t.Errorf("the briefing's blips note %q lacks %q", note, want)
		}
	}
	r := shippedList(t, cat, "boys-of-company-c-humans")
	if blips, decoys := army.Blips(r.List, r.System); blips != 1 || decoys != 2 {
		t.Errorf("the roster deploys %d blips and %d decoys, want 1 and 2 (its machine guns in ambush)", blips, decoys)
	}
}

// shippedList is the shipped army list name, validated: the briefing's
// counts are checked against what the list itself deploys.
func shippedList(t *testing.T, cat *catalog.Catalog, name string) *army.Report {
	t.Helper()
	src, err := fs.ReadFile(data.FS, catalog.ArmiesDir+"/"+name+".toml")
	if err != nil {
		t.Fatal(err)
	}
	r, dl := army.Validate("data/armies/"+name+".toml", src, cat)
	if r == nil || len(dl) > 0 {
		t.Fatalf("the shipped list %s does not validate: %v", name, dl)
	}
	return r
}
