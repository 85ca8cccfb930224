package pack

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog/shipped"
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
			if want := "Roster and unit cards: " + d.List.Side.Name + ": "; !strings.HasPrefix(d.Title, want) {
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
