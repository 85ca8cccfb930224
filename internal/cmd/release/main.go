// Command release builds playaid's release archives: one for each system
// a club may run it on, each holding the program, a short README and the
// licence notices of everything the program embeds, and SHA256SUMS beside
// them.
//
//	go run ./internal/cmd/release -o DIR [-version v1.2.0] [-targets linux/amd64,…]
//
// The same source gives the same bytes: the programs are built with
// -trimpath and no build id, every file in an archive has the same fixed
// time (SOURCE_DATE_EPOCH, else 2000-01-01) and owner, and the entries are
// in a fixed order. Without -version the archives are named "dev" and the
// program says the version the go command stamps.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	var c config
	flag.StringVar(&c.out, "o", "", "the folder to write the archives and SHA256SUMS to (created; must be empty)")
	flag.StringVar(&c.version, "version", "", `the release's version, "v1.2.0"; the program prints it`)
	targets := flag.String("targets", "", "only these targets, os/arch comma-separated (linux/arm is ARMv7)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: go run ./internal/cmd/release -o DIR [-version v1.2.0] [-targets linux/amd64,…]\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if c.out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	c.targets = allTargets
	if *targets != "" {
		c.targets = nil
		for _, t := range strings.Split(*targets, ",") {
			tg, ok := findTarget(t)
			if !ok {
				fmt.Fprintf(os.Stderr, "release: -targets: no target %q; expected some of %s\n", t, targetNames())
				os.Exit(2)
			}
			c.targets = append(c.targets, tg)
		}
	}
	if err := release(c, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}
