package web

import (
	"html"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/version"
)

// TestFooterSaysWhichPlayaid: every page's footer names the program and,
// folded under it, each rule set's edition and data digest, as 'playaid
// version' prints them.
func TestFooterSaysWhichPlayaid(t *testing.T) {
	s, _ := newServer(t, "")
	lines := strings.Split(strings.TrimSuffix(version.Text(shipped.Catalog(t)), "\n"), "\n")
	for _, path := range []string{"/", "/odds", "/new", "/no-such-page"} {
		body := get(t, s.Handler(), path).Body.String()
		foot := body[strings.Index(body, `<footer`):]
		if !strings.Contains(foot, "<summary>"+html.EscapeString(lines[0])+"</summary>") {
			t.Errorf("%s: the footer does not name the program (%q): %s", path, lines[0], foot)
		}
		for _, l := range lines[1:] {
			if !strings.Contains(foot, "<div>"+html.EscapeString(l)+"</div>") {
				t.Errorf("%s: the footer lacks %q", path, l)
			}
		}
	}
}
