// Package version says which playaid this is, for a bug report: the
// program's version, the Go that built it, its commit where the build
// knows it, and each rule set's edition and data digest. 'playaid version'
// prints it; the web app shows it in its footer.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
)

// release is the version a release build sets:
//
//	go build -ldflags "-X github.com/playaid/playaid/version.release=v1.2.0"
//
// Without it the version is the module's, as the go command stamped it
// ('go install …@v1.2.0' stamps v1.2.0; a build from a checkout
// "(devel)", or a pseudo-version where the go command reads the
// checkout's history).
var release string

// Program is this build of playaid.
type Program struct {
	Version  string // "v1.2.0", "(devel)"
	Go       string // the Go release that built it: "go1.26.0"
	Platform string // operating system and architecture: "linux/arm"
	Commit   string // the commit built, 12 digits; "" when the build does not know it
	Modified bool   // built from a checkout with changes not committed
}

// Build returns this build's Program.
var Build = sync.OnceValue(func() Program {
	p := Program{Version: release, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		if p.Version == "" {
			p.Version = "(unknown)"
		}
		return p
	}
	if p.Version == "" {
		p.Version = bi.Main.Version
	}
	if p.Version == "" {
		p.Version = "(devel)" // a test binary has no main module version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			p.Commit = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			p.Modified = s.Value == "true"
		}
	}
	return p
})

// String is the program in one line: "playaid v1.2.0, built with
// go1.26.0 for linux/arm from commit 0123456789ab".
func (p Program) String() string {
	s := fmt.Sprintf("playaid %s, built with %s for %s", p.Version, p.Go, p.Platform)
	if p.Commit != "" {
		s += " from commit " + p.Commit
		if p.Modified {
			s += " with changes not committed"
		}
	}
	return s
}

// RuleSet is one rule set's data as a run loaded it.
type RuleSet struct {
	ID      string // "aqotmf"
	Name    string // "All Quiet on the Martian Front"
	Edition string // "rules edition 2026-12", "club rules: …"; "" when the data gives none
	Digest  string // a hash of its data files (catalog.System.Digest)
}

// RuleSets lists the catalogue's rule sets, in its order.
func RuleSets(cat *catalog.Catalog) []RuleSet {
	out := make([]RuleSet, len(cat.Systems))
	for i, s := range cat.Systems {
		out[i] = RuleSet{ID: s.ID, Name: s.About.Name, Edition: s.Edition(), Digest: s.Digest()}
	}
	return out
}

// String is the rule set in one line: "All Quiet on the Martian Front
// (aqotmf): rules edition 2026-12, data 0123456789ab".
func (r RuleSet) String() string {
	name := r.ID
	if r.Name != "" && r.Name != r.ID {
		name = r.Name + " (" + r.ID + ")"
	}
	edition := r.Edition
	if edition == "" {
		edition = "no edition given"
	}
	return fmt.Sprintf("%s: %s, data %s", name, edition, r.Digest)
}

// Text is what 'playaid version' prints: the program, then each rule set
// and the data as a whole, a line each.
func Text(cat *catalog.Catalog) string {
	var b strings.Builder
	fmt.Fprintln(&b, Build())
	for _, r := range RuleSets(cat) {
		fmt.Fprintln(&b, r)
	}
	fmt.Fprintf(&b, "data version %s (all the rule sets)\n", cat.Version())
	return b.String()
}
