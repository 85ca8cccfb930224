package web

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHomeOnAPhone opens the home page in Chromium at a small phone's,
// a common phone's and a laptop's width: nothing is wider than the
// screen (no sideways scrolling), and every link of the print pack and
// the menu is a target a thumb can hit, at least 44 × 40 px.
func TestHomeOnAPhone(t *testing.T) {
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
