package web

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/playaid/playaid/catalog/shipped"
)

// byID is a CSS selector for an element id (a game's ids hold "/").
func byID(id string) string { return `[id="` + id + `"]` }

// seen waits up to d for a JavaScript expression to be true in a page.
func seen(ctx context.Context, expr string, d time.Duration) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(d), chromedp.WithPollingInterval(20*time.Millisecond)))
	return err
}

// TestPlayTwoPhones opens one game on two phones — two browser contexts
// of one Chromium: the Martians' page and the table's. A mark tapped on
// one shows on the other within 2 s, both ways; the focus stays on the
// button tapped; a reload and a restart of the server keep every mark.
func TestPlayTwoPhones(t *testing.T) {
	t.Parallel()
	phoneA := browser(t)
	phoneB, cancel := chromedp.NewContext(phoneA, chromedp.WithNewBrowserContext())
	defer cancel()
	s, dir := newServer(t, "")
	playFixtures(t, dir)
	srv := httptest.NewServer(s.Handler())
	stepA, stepB := stepper(t, phoneA), stepper(t, phoneB)
	stepA("open the Martians' page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+fixtureMars), until(`document.getElementById('playroot') !== null`))
	stepB("open the table's page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+fixtureTable), until(`document.getElementById('playroot') !== null`))
	time.Sleep(300 * time.Millisecond) // both pages waiting on the server

	mark := "s1u0-1/weapons-disabled-mark"
	start := time.Now()
	stepA("tap Weapons disabled", chromedp.Click(chromedp.CSS(byID(mark))))
	if err := seen(phoneB, `document.getElementById('`+mark+`').getAttribute('aria-pressed') === 'true'`, 2*time.Second); err != nil {
		t.Fatalf("the table's phone did not show the Martians' tap within 2 s: %v", err)
	}
	t.Logf("A → B: %v", time.Since(start).Round(time.Millisecond))
	stepA("the tap shows where it was made", until(`document.getElementById('`+mark+`').getAttribute('aria-pressed') === 'true'`))
	if id, _ := chromedp.Run(phoneA, chromedp.Evaluate[string](`document.activeElement.id`)); id != mark {
		t.Errorf("after the tap the focus is on %q, not the button tapped", id)
	}

	plus := "s1u0-1/tow-cables-plus"
	start = time.Now()
	stepB("tap a tow cable on the table's phone", chromedp.Click(chromedp.CSS(byID(plus))))
	if err := seen(phoneA, `document.getElementById('s1u0-1/tow-cables-v').textContent === '1'`, 2*time.Second); err != nil {
		t.Fatalf("the Martians' phone did not show the table's tap within 2 s: %v", err)
	}
	t.Logf("B → A: %v", time.Since(start).Round(time.Millisecond))

	// Two taps of one mark at once: the last wins, and both see it.
	// Each tap is a click in the page itself: the other phone's tap
	// may redraw the card between finding a button and pressing it.
	tap := `document.getElementById('s1u0-1/crippled-mark').click()`
	stepA("both tap Crippled off", chromedp.Evaluate[chromedp.Void](tap))
	stepB("…at once", chromedp.Evaluate[chromedp.Void](tap))
	for _, ctx := range []context.Context{phoneA, phoneB} {
		if err := seen(ctx, `document.getElementById('s1u0-1/crippled-mark').getAttribute('aria-pressed') === 'false'`, 2*time.Second); err != nil {
			t.Errorf("after two taps at once a phone does not show Crippled off: %v", err)
		}
	}

	stepA("reload", chromedp.Reload(), until(`document.getElementById('playroot') !== null`))
	state := `document.getElementById('` + mark + `').getAttribute('aria-pressed') === 'true' && document.getElementById('s1u0-1/tow-cables-v').textContent === '1'`
	if err := seen(phoneA, state, 2*time.Second); err != nil {
		t.Fatalf("after a reload the marks are gone: %v", err)
	}

	// The server stops and starts again on the same folders.
	s.Close() // the pages waiting on the game are answered
	srv.Close()
	s2, err := New(Config{Catalog: shipped.Catalog(t), Lists: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	srv2 := httptest.NewServer(s2.Handler())
	defer func() { s2.Close(); srv2.Close() }()
	stepA("open the game on the restarted server", chromedp.Navigate(srv2.URL+fixtureMars), until(`document.getElementById('playroot') !== null`))
	if err := seen(phoneA, state, 2*time.Second); err != nil {
		t.Fatalf("after a restart the marks are gone: %v", err)
	}
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "games", fixtureGame+".json"))
	if err != nil || !strings.Contains(string(raw), `"s1u0-1/weapons-disabled": 1`) {
		t.Errorf("the game's file does not keep the mark (%v)", err)
	}
}

// TestPlayFocusAndAxe takes every kind of action on the humans' and the
// Martians' pages at a phone's width, by keyboard: after each the focus
// is where the action was (the button, or where it stood when it went),
// and axe-core finds nothing serious or critical on the page.
func TestPlayFocusAndAxe(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, dir := newServer(t, "")
	playFixtures(t, dir)
	srv := httptest.NewServer(s.Handler())
	defer func() { s.Close(); srv.Close() }() // the page waiting on the game is answered first
	withAxe(t, ctx)
	step := stepper(t, ctx)
	check := func(what, wantFocus string) {
		t.Helper()
		if err := seen(ctx, `document.getElementById('playroot') && !document.getElementById('playroot').hasAttribute('aria-busy') && document.activeElement.id === '`+wantFocus+`'`, 3*time.Second); err != nil {
			id, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id || document.activeElement.tagName`))
			t.Errorf("%s: the focus is on %q, want %q", what, id, wantFocus)
		}
		found, err := axeFindings(ctx)
		if err != nil {
			t.Fatalf("%s: axe-core: %v", what, err)
		}
		if len(found) > 0 {
			t.Errorf("%s: axe-core finds:\n  %s", what, strings.Join(found, "\n  "))
		}
	}
	step("the humans' page", chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+fixtureHuman), until(`document.getElementById('playroot') !== null`))
	check("the page as it opens", "")
	for _, a := range []struct {
		what, page, press, focus string
	}{
		{"a count tapped", "", "s0u0-1/elements-lost-plus", "s0u0-1/elements-lost-plus"},
		{"a choice tapped", "", "s0u0-1/morale-1", "s0u0-1/morale-1"},
		{"a mark tapped", "", "s0u0-1/dug-in-mark", "s0u0-1/dug-in-mark"},
		{"a unit brought onto the table (its button goes)", "", "s0u1-1-done", "s0u1-1-h"},
		{"an undo from the toast (its button goes)", "", "toast-undo", "toast-body"},
		{"the clock moved", "", "clock-next", "clock-next"},
		{"an undo from the log (its button goes)", "", "undo-9", "log-9"},
		{"a secret saved", "", "save-s0/ambush/s0u1-1", "save-s0/ambush/s0u1-1"},
		{"a count at its end (its button is off)", fixtureMars, "s1u0-1/elements-lost-plus", "s1u0-1/elements-lost-minus"},
		{"a building put on the table", "", "place-add", "place-add"},
		{"the game ended (its button goes)", "", "end-game", "summary-pdf"},
	} {
		if a.page != "" {
			step("open "+a.page, chromedp.Navigate(srv.URL+a.page), until(`document.getElementById('playroot') !== null`))
		}
		// As a keyboard does: the control focused, then pressed.
		step(a.what, chromedp.Evaluate[chromedp.Void](`(() => { const b = document.getElementById('`+a.press+`'); b.focus(); b.click(); })()`))
		check(a.what, a.focus)
	}
}

// TestPlayPagesOnAPhone: every play page at 390 × 844 fits the screen
// (no sideways scrolling) and every control is a target of 44 × 44 px or
// more.
func TestPlayPagesOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, dir := newServer(t, "")
	examples(t, dir)
	playFixtures(t, dir)
	srv := httptest.NewServer(s.Handler())
	defer func() { s.Close(); srv.Close() }()
	for _, p := range playPages {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+p.path)); err != nil {
			t.Fatal(err)
		}
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
  for (const e of document.querySelectorAll('main button, main a.btn, main summary, main select, main textarea, main input:not([type=hidden])')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.width < 44 || r.height < 44) out.push((e.id || e.textContent.trim().slice(0, 30)) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
  }
  return out;
})()`))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("%s at 390 px:\n  %s", p.name, strings.Join(problems, "\n  "))
		}
	}
}
