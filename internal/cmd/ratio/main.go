//go:build unix

// Command ratio measures `playaid build` against the floor (package
// internal/floor) as whole processes: it runs them alternately, so that a
// shared machine's noise falls on both alike, and prints the median wall
// time, CPU time and peak RSS of each with their spread, and each
// program's ratio to the floor.
//
// The floor is built on fpdf as released (codeberg.org/go-pdf/fpdf at the
// version internal/fpdf patches), not on playaid's patched copy: the
// patch's own speed-ups belong to playaid's side of the ratio.
//
//	go run ./internal/cmd/ratio [-n 21] [-paper a4] [PLAYAID-BINARY ...]
//
// With no binary it builds ./cmd/playaid; given several (say the base
// commit's and yours) it alternates all of them with the floor.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/playaid/playaid/internal/floor"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "floor" { // the floor process itself
		data, err := floor.PDF()
		if err == nil {
			err = os.WriteFile(os.Args[2], data, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratio floor:", err)
			os.Exit(1)
		}
		return
	}
	n := flag.Int("n", 21, "runs of each program")
	paper := flag.String("paper", "a4", "the --paper of playaid build")
	flag.Parse()
	if err := run(*n, *paper, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "ratio:", err)
		os.Exit(1)
	}
}

// program is one command line to time and what its runs measured.
type program struct {
	name            string
	args            []string
	wall, cpu, rssK []float64
}

func run(n int, paper string, binaries []string) error {
	tmp, err := os.MkdirTemp("", "ratio")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if len(binaries) == 0 {
		bin := filepath.Join(tmp, "playaid")
		build := exec.Command("go", "build", "-o", bin, "./cmd/playaid")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build ./cmd/playaid (run ratio from the repository's root): %w", err)
		}
		binaries = []string{bin}
	}
	floor := &program{name: "raw-fpdf floor (fpdf as released)", args: []string{self, "floor", filepath.Join(tmp, "floor.pdf")}}
	progs := []*program{floor}
	for i, b := range binaries {
		out := filepath.Join(tmp, fmt.Sprint("pack", i))
		progs = append(progs, &program{name: b, args: []string{b, "build", "--paper", paper, "-o", out}})
	}
	for range n {
		for _, p := range progs {
			if err := p.measure(); err != nil {
				return err
			}
		}
	}
	fmt.Printf("%d runs each, alternating; median [min–max]\n", n)
	for _, p := range progs {
		fmt.Printf("%s\n  wall %s  cpu %s  peak RSS %s\n", p.name, spread(p.wall, "ms"), spread(p.cpu, "ms"), spread(p.rssK, "KB"))
		if p == floor {
			continue
		}
		fmt.Printf("  ÷ %s: wall %.2f×  cpu %.2f×  peak RSS %.2f×\n", floor.name,
			median(p.wall)/median(floor.wall), median(p.cpu)/median(floor.cpu), median(p.rssK)/median(floor.rssK))
	}
	return nil
}

// measure runs the program once.
func (p *program) measure() error {
	cmd := exec.Command(p.args[0], p.args[1:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", p.name, err)
	}
	p.wall = append(p.wall, ms(time.Since(start)))
	st := cmd.ProcessState
	p.cpu = append(p.cpu, ms(st.UserTime()+st.SystemTime()))
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		p.rssK = append(p.rssK, float64(ru.Maxrss)) // kilobytes on Linux
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(v))
	return s[len(s)/2]
}

func spread(v []float64, unit string) string {
	if len(v) == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.0f %s [%.0f–%.0f]", median(v), unit, slices.Min(v), slices.Max(v))
}
