package web

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestHomeOnAPhone opens the home page in Chromium at a small phone's,
// a common phone's and a laptop's width: nothing is wider than the
// screen (no sideways scrolling), and every link of the print pack and
// the menu is a target a thumb can hit, at least 44 × 40 px.
func TestHomeOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, dir := newServer(t, "")
	examples(t, dir)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, width := range []int{320, 390, 1280} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 800), chromedp.Navigate(srv.URL+"/?paper=letter"),
			until(`document.querySelector('#print .docs a') !== null`)); err != nil {
			t.Fatalf("%d px: %v", width, err)
		}
		wide, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('body *')]
			.filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
			.map(e => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 40))
			.concat(document.documentElement.scrollWidth > window.innerWidth ? ['the page scrolls sideways'] : [])`))
		if err != nil {
			t.Fatal(err)
		}
		if len(wide) > 0 {
			t.Errorf("at %d px, wider than the screen:\n%s", width, strings.Join(wide, "\n"))
		}
		small, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#print a, .topbar nav a')]
			.map(a => [a, a.getBoundingClientRect()])
			.filter(([a, r]) => r.width < 44 || r.height < 40)
			.map(([a, r]) => a.getAttribute('href') + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`))
		if err != nil {
			t.Fatal(err)
		}
		if len(small) > 0 {
			t.Errorf("at %d px, too small to tap:\n%s", width, strings.Join(small, "\n"))
		}
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#print .docs a').length`))
		if err != nil || n < 27 {
			t.Errorf("at %d px, %d links in the print pack (%v)", width, n, err)
		}
	}
}

// TestReadingPages opens the reading pages (reference sheets, notes, a
// briefing) at a phone's width and a laptop's: they carry the site's
// header and a way back to the print pack; the page never scrolls
// sideways; every table's box is a named region the keyboard reaches;
// and on a phone a table wider than the screen scrolls in its box with
// the arrow keys.
func TestReadingPages(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, _ := newServer(t, "")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	step := stepper(t, ctx)
	scrolled := 0
	for _, width := range []int64{390, 1366} {
		for _, p := range readingPages {
			step(p.name, chromedp.EmulateViewport(width, 844), chromedp.Navigate(srv.URL+p.path), until(`document.readyState === 'complete'`))
			problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways (' + document.documentElement.scrollWidth + ' px)');
  if (!document.querySelector('header.topbar nav[aria-label=Site] a[href="/"]')) out.push('no site header with a link home');
  if (!document.querySelector('header.topbar a.brand[href="/"] img')) out.push('no brand link home');
  if (!document.querySelector('footer a[href="/#print"]')) out.push('no way back to the print pack after the text');
  const boxes = document.querySelectorAll('main .table');
  for (const b of boxes) {
    if (b.tabIndex !== 0 || b.getAttribute('role') !== 'region' || !(b.getAttribute('aria-label') || '').trim()) out.push('a table box not a named, focusable region: ' + b.outerHTML.slice(0, 80));
    if (getComputedStyle(b).overflowX !== 'auto') out.push('a table box that does not scroll: ' + b.getAttribute('aria-label'));
  }
  return out;
})()`))
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) > 0 {
				t.Errorf("%s at %d px:\n  %s", p.name, width, strings.Join(problems, "\n  "))
			}
			if width != 390 {
				continue
			}
			wide, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll('main .table')].findIndex(b => b.scrollWidth > b.clientWidth + 1)`))
			if err != nil {
				t.Fatal(err)
			}
			if wide < 0 {
				continue
			}
			box := `document.querySelectorAll('main .table')[` + itoa(wide) + `]`
			step("focus the wide table", chromedp.Evaluate[chromedp.Void](box+`.focus()`),
				chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
			var left float64
			for range 100 { // the browser scrolls smoothly: give it up to 5 s (a loaded machine is slow)
				if left, err = chromedp.Run(ctx, chromedp.Evaluate[float64](box+`.scrollLeft`)); err != nil {
					t.Fatal(err)
				}
				if left > 0 {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if left <= 0 {
				why, _ := chromedp.Run(ctx, chromedp.Evaluate[string](box+`.scrollWidth + ' in ' + `+box+`.clientWidth + ', focus on ' + document.activeElement.outerHTML.slice(0, 80)`))
				t.Errorf("%s at 390 px: the arrow keys do not scroll the wide table %d (%s)", p.name, wide, why)
			} else {
				scrolled++
			}
		}
	}
	if scrolled == 0 {
		t.Error("no reading page has a table wider than a phone's screen to scroll: the check above checked nothing")
	}
}
