package pack

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// night gathers the game night of a shipped scenario.
func night(t testing.TB, scenario string, o NightOptions) *Night {
	t.Helper()
	cat := shipped.Catalog(t)
	for _, sys := range cat.Systems {
		if sc := sys.Scenario(scenario); sc != nil {
			n, err := New(cat, Options{}).Night(sys, sc, o)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no scenario %s", scenario)
	return nil
}

// TestNightBoysOfCompanyC: the game night holds the briefing, both
// sides' ready-made rosters, the reference sheet and markers to print
// single-sided, and the blips and reference cards double-sided; its
// bytes do not change from run to run, and the joined PDFs hold every
// page of their documents (read back by poppler where installed).
func TestNightBoysOfCompanyC(t *testing.T) {
	n := night(t, "boys-of-company-c", NightOptions{Players: 3})
	var single, double []string
	for _, d := range n.Single {
		single = append(single, d.Name)
	}
	for _, d := range n.Double {
		double = append(double, d.Name)
	}
	if got, want := strings.Join(single, " "), "briefing-boys-of-company-c.pdf army-boys-of-company-c-humans.pdf army-boys-of-company-c-martians.pdf reference-aqotmf.pdf markers-aqotmf.pdf"; got != want {
		t.Errorf("single-sided: %s, want %s", got, want)
	}
	if got, want := strings.Join(double, " "), "blips-boys-of-company-c.pdf reference-cards-aqotmf.pdf"; got != want {
		t.Errorf("double-sided: %s, want %s", got, want)
	}
	files, err := n.Render(context.Background(), layout.A4)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := n.Render(context.Background(), layout.A4)
	if len(files) != 2 || len(again) != 2 || !bytes.Equal(files[0].Data, again[0].Data) || !bytes.Equal(files[1].Data, again[1].Data) {
		t.Fatal("two renders differ")
	}
	// Pages: the first page, then each document's own; the double-sided
	// file pads a document of an odd page count with a blank back.
	want := [2]int{1, 0}
	for _, d := range n.Single {
		b, _ := d.Render(layout.A4)
		c, _ := pageCount(b)
		want[0] += c
	}
	for _, d := range n.Double {
		b, _ := d.Render(layout.A4)
		c, _ := pageCount(b)
		want[1] += c + c%2
	}
	for i, f := range files {
		if c, err := pageCount(f.Data); err != nil || c != want[i] {
			t.Errorf("%s: %d pages (%v), want %d", f.Name, c, err, want[i])
		}
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) not installed: the joined PDFs are not read back")
	}
	dir := t.TempDir()
	for i, f := range files {
		path := filepath.Join(dir, f.Name)
		os.WriteFile(path, f.Data, 0o644)
		out, err := exec.Command("pdftotext", "-layout", path, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext %s: %v %s", f.Name, err, out)
		}
		text := string(out)
		if strings.Count(text, "\f") != want[i] {
			t.Errorf("%s: poppler reads %d pages, want %d", f.Name, strings.Count(text, "\f"), want[i])
		}
		if i == 0 {
			first := text[:strings.Index(text, "\f")]
			for _, w := range []string{"Game night: Scenario 1: The Boys of Company C", "single-sided", "double-sided", "3 players", "Quick reference", "About"} {
				if !strings.Contains(first, w) {
					t.Errorf("the first page lacks %q:\n%s", w, first)
				}
			}
			for _, bad := range []string{".pdf", "playaid game", "playaid build", "--"} {
				if strings.Contains(first, bad) {
					t.Errorf("the first page says %q: a file name or command, not the game's words", bad)
				}
			}
		}
	}
}

// TestNightListsKnowTheirSide: each ready-made list is handed to the side
// it names, whatever order the pack keeps them in.
func TestNightListsKnowTheirSide(t *testing.T) {
	for _, id := range []string{"boys-of-company-c", "morale-wagon"} {
		n := night(t, id, NightOptions{})
		rosters := 0
		for _, d := range n.Single {
			if d.Kind != Army {
				continue
			}
			rosters++
			if d.List.Side == nil {
				t.Errorf("%s: %s names no side", id, d.List.List.Name)
				continue
			}
			// A list named as its side says the name once.
			want := "Roster and unit cards: " + d.List.Side.Name + ": "
			if strings.EqualFold(d.List.Side.Name, d.List.List.Name) {
				want = "Roster and unit cards: " + d.List.List.Name
				if d.Title != want {
					t.Errorf("%s: %q, want %q", id, d.Title, want)
				}
			} else if !strings.HasPrefix(d.Title, want) {
				t.Errorf("%s: %q, want it under %q", id, d.Title, want)
			}
		}
		if rosters != len(n.Scenario.Sides) {
			t.Errorf("%s: %d rosters for %d sides", id, rosters, len(n.Scenario.Sides))
		}
	}
}

// TestNightPlayers: fewer players than sides cannot play.
func TestNightPlayers(t *testing.T) {
	cat := shipped.Catalog(t)
	sys := cat.System("aqotmf")
	_, err := New(cat, Options{}).Night(sys, sys.Scenario("boys-of-company-c"), NightOptions{Players: 1})
	if err == nil || !strings.Contains(err.Error(), "1 player cannot play") {
		t.Errorf("one player for two sides: %v", err)
	}
}

// BenchmarkNight is a game night's two PDFs from scratch, every document
// rendered (the budget: 300 ms). It reports the process's CPU time per
// run too, which a busy machine inflates less than the wall clock.
func BenchmarkNight(b *testing.B) {
	n := night(b, "boys-of-company-c", NightOptions{})
	start := cpuTime()
	for b.Loop() {
		if _, err := n.Render(context.Background(), layout.A4); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestNightTrue: the first page is true of the files it describes,
// counted from the documents themselves — the unit cards each roster
// prints, the pieces the marker sheet holds, the briefing's secret sheet
// where it has one, the sides without a ready list — on both papers.
func TestNightTrue(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"boys-of-company-c", "morale-wagon", "evacuation-mars"} {
		n := night(t, id, NightOptions{})
		files, err := n.Render(context.Background(), layout.A4)
		if err != nil {
			t.Fatal(err)
		}
		texts, err := pdftest.Read(files[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		var first []string
		for _, x := range texts {
			if x.Page == 1 {
				first = append(first, x.S)
			}
		}
		cover := strings.Join(first, " ")
		for _, d := range n.Single {
			b, err := d.Render(layout.A4)
			if err != nil {
				t.Fatal(err)
			}
			ink, err := pdftest.Ink(b)
			if err != nil {
				t.Fatal(err)
			}
			switch d.Kind {
			case Army:
				// Unit cards have poker outlines on their fronts.
				cards := 0
				for _, s := range ink.Shapes {
					if s.Rect && s.Stroke && math.Abs(s.Path.W()-63) < 0.5 && math.Abs(s.Path.H()-88) < 0.5 {
						cards++
					}
				}
				if want := document.Count(cards, "unit card", "unit cards"); d.Cut != want || !strings.Contains(cover, want) {
					t.Errorf("%s: the first page says %q for %s, which prints %s", id, d.Cut, d.Title, want)
				}
			case Briefing:
				sheet := false
				for _, x := range ink.Texts {
					sheet = sheet || strings.HasPrefix(x.S, "Secret deployment")
				}
				if says := strings.Contains(d.Note, "secret") && strings.Contains(cover, d.Note); says != sheet {
					t.Errorf("%s: the first page says %q of the briefing; it has a secret sheet: %v", id, d.Note, sheet)
				}
			case Markers:
				for _, w := range strings.FieldsFunc(strings.TrimPrefix(d.Cut, "the "), func(r rune) bool { return r == ',' }) {
					for _, word := range strings.Split(w, " and ") {
						shape := map[string]string{"markers": "", "templates": "template", "range sticks": "ruler"}[strings.TrimSpace(word)]
						found := shape == ""
						for _, k := range d.Kinds {
							found = found || n.System.Marker(k).Shape == shape
						}
						if !found {
							t.Errorf("%s: the first page promises %q the marker sheet does not have (%v)", id, word, d.Kinds)
						}
					}
				}
			}
		}
		// What the briefing asks for is what the marker sheet prints, of
		// the kinds the data counts in sets (a Dug In marker; a tripod's
		// damage markers, one set per tripod): 1 tripod, 1 set. A kind of
		// several faces printed once (the pods) prints as the data has it.
		b, err := briefing.New(n.System, n.Scenario, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range n.Single {
			if d.Kind != Markers {
				continue
			}
			for _, ml := range b.Markers {
				if m := n.System.Marker(ml.ID); ml.ID == b.MarkerSet.Blips || !slices.Contains(d.Kinds, ml.ID) || len(m.Labels)+len(m.Faces) > 1 && !m.Count.Set {
					continue
				}
				// The sets printed: the night's own number, else the data's.
				got, ok := d.marks.Counts[ml.ID]
				if !ok {
					got, _ = n.System.Marker(ml.ID).Count.Value(n.System, 1)
				}
				if got != ml.Count {
					t.Errorf("%s: the briefing asks for %d %s, the marker sheet prints %d", id, ml.Count, ml.Name, got)
				}
			}
		}
		if id == "evacuation-mars" && !strings.Contains(cover, "No list is ready for Player 2, Player 3, Player 4 and Player 5") {
			t.Errorf("%s: the first page does not say which players bring their own lists:\n%s", id, cover)
		}
	}
}

// TestNightMarkerNote: a game night's marker sheet closes with its own
// scenario's counts and blip sheet, not the pack's "needing most" and
// every scenario's blips.
func TestNightMarkerNote(t *testing.T) {
	n := night(t, "boys-of-company-c", NightOptions{})
	found := false
	for _, d := range n.Single {
		if d.Kind != Markers || d.marks == nil {
			continue
		}
		found = true
		note := d.marks.Note
		if !strings.Contains(note, "“"+n.Scenario.Name+"” asks for") || strings.Contains(note, "needing most") {
			t.Errorf("marker note %q, want the counts of %q", note, n.Scenario.Name)
		}
		if strings.Contains(note, "Scenario 2") || !strings.Contains(note, "own sheet: “Blips for "+n.Scenario.Name) {
			t.Errorf("marker note %q, want this scenario's blip sheet alone", note)
		}
	}
	if !found {
		t.Fatal("no marker sheet in the game night")
	}
}

// TestNightCutCount: the cover counts a marker sheet's pieces as it
// prints them on each paper: the Morale Wagon's three tripods' damage
// chits, Dug In, tow cables and Routed (39 + 4 + 3 + 4), the sweep
// template, and the range stick cut into more pieces on Letter's
// shorter page.
func TestNightCutCount(t *testing.T) {
	n := night(t, "morale-wagon", NightOptions{})
	for _, tc := range []struct {
		paper layout.Paper
		want  string
	}{
		{layout.A4, "50 markers, 1 template and 3 range-stick pieces"},
		{layout.Letter, "50 markers, 1 template and 4 range-stick pieces"},
	} {
		found := false
		for _, d := range n.Single {
			if !d.countCut {
				continue
			}
			found = true
			got, err := cutCount(d.System, d.Doc, tc.paper)
			if err != nil || got != tc.want {
				t.Errorf("%s: to cut %q, %v; want %q", tc.paper.Name, got, err, tc.want)
			}
		}
		if !found {
			t.Fatal("no marker sheet counted on the cover")
		}
	}
}
