package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// sitePage is a page of the site as a player reaches it: an address, and
// what to do there first.
type sitePage struct {
	name, path string
	then       []chromedp.Action[chromedp.Void]
}

// sitePages are the pages every browser check goes through: each kind of
// page playaid serve shows, in its usual states. dir is the lists folder.
func sitePages(t *testing.T, dir string) []sitePage {
	t.Helper()
	examples(t, dir)
	writeFile(t, filepath.Join(dir, "broken.toml"), "system = \"aqotmf\"\nname = \"Broken\n\n[[unit]]\nid = \"infantry-company\"\n")
	playFixtures(t, dir)
	writeFile(t, filepath.Join(dir, "greedy.toml"), "system = \"aqotmf\"\nname = \"Greedy\"\nscenario = \"boys-of-company-c\"\nside = \"Boys of Company C\"\npoints = 145\n\n[[unit]]\nid = \"infantry-company\"\n\n[[unit]]\nid = \"hmg-unit\"\ncount = 2\n\n[[unit]]\nid = \"asault-tripod\"\n")
	pages := []sitePage{
		{"home", "/", nil},
		{"start", "/new?system=aqotmf", nil},
		{"start-imperial", "/new?system=imperial-mars", nil},
		{"new", "/new?system=aqotmf&scenario=boys-of-company-c&side=0", nil},
		{"new-filled", "/new?system=aqotmf&scenario=boys-of-company-c&side=0", []chromedp.Action[chromedp.Void]{
			chromedp.Click(css(`button[name=add-force][value="0.0"]`)), until(`document.querySelectorAll('article.unit').length === 1`),
			chromedp.Click(css(`button[name=add-force][value="0.1"]`)), until(`document.querySelectorAll('article.unit').length === 2`),
		}},
		{"saved", "/lists/boys-of-company-c-humans", nil},
		{"invalid", "/lists/greedy", nil},
		{"evacuation", "/lists/evacuation-mars", nil},
		{"imperial", "/lists/imperial-mars", nil},
		{"broken", "/lists/broken", nil},
		{"odds", "/odds", nil},
		{"odds-attack", "/odds/attack?dice=9&defense=9&armor=10&tripod=1", nil},
		{"odds-refused", "/odds/attack?dice=abc&defense=9", nil},
		{"odds-shoot", "/odds/im-shoot?factor=10&trays=6", nil},
		{"game-night", "/game/aqotmf/boys-of-company-c?players=3", nil},
		{"notfound", "/lists/nothing-here", nil},
	}
	return append(pages, playPages...)
}

// clubPages are the pages that change where a club's rule set runs on
// the same engine as the book's: the odds pages, with their chooser of
// rule set (served by clubServer).
var clubPages = []sitePage{
	{"odds-club", "/odds", nil},
	{"odds-chooser", "/odds/attack?system=aqotmf-club&" + hardCover, nil},
	{"odds-chooser-refused", "/odds/attack?system=nope&dice=abc", nil},
}

// readingPages are the documents the site shows to read (as HTML) in its
// frame: a reference sheet with wide tables, rules notes, a briefing.
var readingPages = []sitePage{
	{"reference", "/docs/reference/aqotmf.html", nil},
	{"reference-imperial", "/docs/reference/imperial-mars.html", nil},
	{"notes", "/docs/notes/aqotmf.html", nil},
	{"briefing", "/docs/briefing/aqotmf/boys-of-company-c.html", nil},
}

// axeRun runs axe-core (web/testdata/axe, from npm) on the page and lists
// its violations of serious or critical impact against WCAG 2.1 A and AA.
// A rule that carries an impact gives it to every violation it finds
// (axe-core's results take the rule's impact over its checks'), so a
// rule whose impact is minor or moderate can find nothing this lists:
// it is not run. That is about a quarter of the rules, and the run's
// cost.
const axeRun = `(async () => {
  const serious = ['serious', 'critical'], rules = {};
  for (const r of axe._audit.rules) if (r.impact && !serious.includes(r.impact)) rules[r.id] = {enabled: false};
  const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}, rules, resultTypes: ['violations']});
  return r.violations.filter(v => serious.includes(v.impact))
    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' — ' + v.nodes.slice(0, 4).map(n => n.target.join(' ') + (n.failureSummary ? ' (' + n.failureSummary.split('\n').slice(1, 2).join('') + ')' : '')).join('; '));
})()`

// withAxe has every page the window opens from now on come with axe-core
// (web/testdata/axe): Chromium holds the script, where sending it again
// with each check repeated the work of reading it.
func withAxe(t *testing.T, ctx context.Context) {
	t.Helper()
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatalf("the axe-core fixture: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(axe)}); err != nil {
		t.Fatalf("axe-core: %v", err)
	}
}

// axeFindings runs axe-core (see withAxe) on the page: its violations of
// serious or critical impact (axeRun).
func axeFindings(ctx context.Context) ([]string, error) {
	if loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof axe === 'object'`)); err != nil || !loaded {
		return nil, fmt.Errorf("axe-core is not loaded (%v)", err)
	}
	return chromedp.Run(ctx, chromedp.Evaluate[[]string](axeRun, chromedp.EvalAwaitPromise))
}

// TestAxeOnEveryPage runs axe-core in headless Chromium on every page, at
// a phone's width and a laptop's: no violation of serious or critical
// impact.
func TestAxeOnEveryPage(t *testing.T) {
	t.Parallel()
	axeCheck(t, func(t *testing.T) (*Server, []sitePage) {
		s, dir := newServer(t, "")
		return s, sitePages(t, dir)
	}, nil)
}

// TestAxeOnClubPages is TestAxeOnEveryPage for the pages a club's rule
// set changes (the odds pages' chooser).
func TestAxeOnClubPages(t *testing.T) {
	t.Parallel()
	axeCheck(t, func(t *testing.T) (*Server, []sitePage) {
		s, _ := clubServer(t)
		return s, clubPages
	}, nil)
}

// TestAxeOnReadingPages is TestAxeOnEveryPage for the reading pages (they
// are long: a reference sheet has dozens of tables). Their
// Content-Security-Policy sandboxes them, scripts off, which would stop
// axe-core's own timers: the browser is told to look past it, as it is
// told to run axe-core.
func TestAxeOnReadingPages(t *testing.T) {
	t.Parallel()
	axeCheck(t, func(t *testing.T) (*Server, []sitePage) {
		s, _ := newServer(t, "")
		return s, readingPages
	}, func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.SetBypassCSP, page.SetBypassCSPParams{Enabled: true})
		return err
	})
}

// axeCheck runs axe-core on the pages of a site at 390 and 1366 px, in
// a browser context of its own (made ready by prepare, where given): each
// page is loaded once, checked at a phone's width, then made a laptop's
// width and checked again. The site's scripts do not ask the window's
// size, so a page widened is the page a laptop loads; loading it again
// cost more than checking it.
func axeCheck(t *testing.T, site func(t *testing.T) (*Server, []sitePage), prepare func(context.Context) error) {
	ctx := browser(t)
	if prepare != nil {
		if err := prepare(ctx); err != nil {
			t.Fatal(err)
		}
	}
	withAxe(t, ctx)
	acceptDialogs(ctx)
	s, pages := site(t)
	srv := httptest.NewServer(s.Handler())
	defer func() { s.Close(); srv.Close() }() // the page waiting on a game is answered first
	for _, p := range pages {
		steps := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL + p.path)}
		if err := chromedp.Do(ctx, append(steps, p.then...)...); err != nil {
			t.Fatalf("%s at 390 px: %v", p.name, err)
		}
		for _, width := range []int64{390, 1366} {
			if width != 390 {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
					t.Fatalf("%s at %d px: %v", p.name, width, err)
				}
			}
			found, err := axeFindings(ctx)
			if err != nil {
				t.Fatalf("%s at %d px: axe-core: %v", p.name, width, err)
			}
			if len(found) > 0 {
				t.Errorf("%s at %d px: axe-core finds:\n  %s", p.name, width, strings.Join(found, "\n  "))
			}
		}
	}
}

// TestPagesOnAPhone opens every page at 390 × 844: no sideways scrolling,
// every control a target of at least 24 × 24 px, one h1, a main landmark
// and a skip link to it; on the builder the first Add button is on the
// first screen (new list and a three-unit one), and the Save button does
// not move as the total changes.
func TestPagesOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	acceptDialogs(ctx)
	s, dir := newServer(t, "")
	pages := append(sitePages(t, dir), readingPages...)
	srv := httptest.NewServer(s.Handler())
	defer func() { s.Close(); srv.Close() }() // the page waiting on a game is answered first
	for _, p := range pages {
		steps := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL + p.path)}
		if err := chromedp.Do(ctx, append(steps, p.then...)...); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways (' + document.documentElement.scrollWidth + ' px)');
  for (const e of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || cs.display === 'none' || r.width === 0 || e.closest('.sr-only') || e.classList.contains('sr-only') || e.classList.contains('skip')) continue;
    if (e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio')) {
      const l = e.closest('label'); const lr = l ? l.getBoundingClientRect() : r;
      if (lr.width < 24 || lr.height < 24) out.push('small ' + e.name + ' ' + Math.round(lr.width) + '×' + Math.round(lr.height));
      continue;
    }
    if (e.tagName === 'A' && e.closest('p, li, td, th, sup.fn') && !e.classList.contains('btn') && getComputedStyle(e).display === 'inline') continue; // a link in a sentence or a table's cell: a footnote mark (WCAG 2.5.8's inline exception)
    if (r.width < 24 || r.height < 24) out.push('small ' + e.tagName + ' ' + (e.name || e.getAttribute('href') || e.textContent.trim().slice(0, 30)) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
  }
  if (document.querySelectorAll('h1').length !== 1) out.push(document.querySelectorAll('h1').length + ' h1');
  if (!document.querySelector('main#main')) out.push('no main landmark');
  const skip = document.querySelector('a.skip'); if (!skip || skip.getAttribute('href') !== '#main') out.push('no skip link');
  if (!document.querySelector('header nav[aria-label]')) out.push('no labelled site navigation');
  return out;
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("%s at 390 px:\n  %s", p.name, strings.Join(problems, "\n  "))
		}
	}
	// The builder: Add on the first screen, Save where it was.
	step := stepper(t, ctx)
	firstAdd := func(what string) {
		t.Helper()
		bottom, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector('#picker button.add').getBoundingClientRect().bottom + window.scrollY`))
		if err != nil || bottom > 844 {
			t.Errorf("%s: the first Add button ends %.0f px down (%v), below the first screen", what, bottom, err)
		}
	}
	saveAt := func() string {
		r, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const r = document.querySelector('#totalbar button[value=save]').getBoundingClientRect(); return Math.round(r.left) + ',' + Math.round(r.width); })()`))
		return r
	}
	step("a new list", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+"/new?system=aqotmf&scenario=boys-of-company-c&side=0"), until(`document.getElementById('builder') !== null`))
	firstAdd("a new list")
	at := saveAt()
	for i, v := range []string{"0.0", "0.1", "0.2"} {
		step("add", chromedp.Evaluate[chromedp.Void](`document.querySelector('button[name=add-force][value="`+v+`"]').click()`), until(`document.querySelectorAll('article.unit').length === `+itoa(i+1)))
		if got := saveAt(); got != at {
			t.Errorf("after Add %d the Save button moved from %s to %s", i+1, at, got)
		}
	}
	step("scroll to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	firstAdd("a three-unit list")
}
