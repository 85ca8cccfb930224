package version_test

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/version"

	// The shipped rule sets' blocks of numbers are the engines'.
	_ "github.com/playaid/playaid/rules/engines"
)

func TestProgramString(t *testing.T) {
	for _, c := range []struct {
		p    version.Program
		want string
	}{
		{version.Program{Version: "v1.2.0", Go: "go1.26.0", Platform: "linux/arm"}, "playaid v1.2.0, built with go1.26.0 for linux/arm"},
		{version.Program{Version: "(devel)", Go: "go1.26.0", Platform: "windows/amd64", Commit: "0123456789ab"}, "playaid (devel), built with go1.26.0 for windows/amd64 from commit 0123456789ab"},
		{version.Program{Version: "(devel)", Go: "go1.26.0", Platform: "darwin/arm64", Commit: "0123456789ab", Modified: true}, "playaid (devel), built with go1.26.0 for darwin/arm64 from commit 0123456789ab with changes not committed"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

// TestBuild: this build's Go and platform are the running ones, and it has
// a version, set or stamped.
func TestBuild(t *testing.T) {
	p := version.Build()
	if p.Go != runtime.Version() || p.Platform != runtime.GOOS+"/"+runtime.GOARCH || p.Version == "" {
		t.Errorf("Build() = %+v", p)
	}
}

// TestText: a line for the program, one for each shipped rule set with its
// edition and a 12-digit digest of its own, and the data version.
func TestText(t *testing.T) {
	cat := shipped.Catalog(t)
	lines := strings.Split(strings.TrimSuffix(version.Text(cat), "\n"), "\n")
	if len(lines) != len(cat.Systems)+2 || lines[0] != version.Build().String() {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(cat.Systems)+2, strings.Join(lines, "\n"))
	}
	digests := map[string]bool{}
	for i, s := range cat.Systems {
		re := regexp.MustCompile(`^` + regexp.QuoteMeta(s.About.Name+" ("+s.ID+"): rules edition ") + `\d{4}-\d{2}, data ([0-9a-f]{12})$`)
		m := re.FindStringSubmatch(lines[i+1])
		if m == nil {
			t.Errorf("line %q; want %s", lines[i+1], re)
			continue
		}
		digests[m[1]] = true
	}
	if len(digests) != len(cat.Systems) {
		t.Errorf("%d digests for %d rule sets", len(digests), len(cat.Systems))
	}
	if want := "data version " + cat.Version() + " (all the rule sets)"; lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
}
