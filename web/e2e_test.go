package web

import (
	"context"
	"flag"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
)

var readmeShot = flag.String("readme-shot", "", "write the web app's picture of the builder (docs/serve.png) to this file (TestBrowserEndToEnd)")

// TestBrowserEndToEnd drives a real, headless Chromium through a player's
// evening: open the home page, start a Boys of Company C human list, add
// the Infantry Company, the machine guns and the Rough Riders and watch
// the total reach 145, go over the limit and see the message on the unit,
// fix it, save, find the list on the home page, and download its roster.
func TestBrowserEndToEnd(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	dialogs := acceptDialogs(ctx)
	s, dir := newServer(t, "")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	cat := shipped.Catalog(t)

	step := stepper(t, ctx)
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+jsString(sel)+`).textContent`))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return strings.Join(strings.Fields(s), " ")
	}
	units := func(n int) chromedp.Action[chromedp.Void] {
		return until(`document.querySelectorAll('article.unit').length === ` + itoa(n))
	}
	points := func(want string) chromedp.Action[chromedp.Void] {
		return until(`document.getElementById('points').textContent.trim() === ` + jsString(want))
	}

	step("open the home page", chromedp.EmulateViewport(1180, 760), chromedp.Navigate(srv.URL+"/"),
		until(`document.querySelector('[data-new="aqotmf/boys-of-company-c/0"]') !== null`))
	step("start a Boys of Company C human list", chromedp.Click(css(`a[data-new="aqotmf/boys-of-company-c/0"]`)),
		until(`location.pathname === '/new' && document.getElementById('builder') !== null`), points("0 / 145 pts"))

	step("add the Infantry Company", chromedp.Click(css(`button[name=add-force][value="0.0"]`)), units(1), points("60 / 145 pts"))
	step("add the machine guns", chromedp.Click(css(`button[name=add-force][value="0.1"]`)), units(2), points("100 / 145 pts"))
	step("add the Rough Riders", chromedp.Click(css(`button[name=add-force][value="0.2"]`)), units(3), points("145 / 145 pts"))
	if v := text("#verdict"); v != "VALID" {
		t.Fatalf("at 145 of 145 the verdict is %q", v)
	}
	step("label the company", chromedp.SendKeys(css(`input[name="u.0.label"]`), "Company C"),
		until(`document.querySelector('#uhead-0 h3').textContent === 'Company C'`))

	// Two units of Rough Riders: 190 of 145, over the limit at them.
	step("go over the limit", chromedp.SendKeys(css(`input[name="u.2.count"]`), "2"),
		points("190 / 145 pts"), until(`document.getElementById('verdict').textContent === 'INVALID'`))
	over := text("#msgs-2")
	want := expectedMessages(t, "boys-of-company-c.toml", "system = \"aqotmf\"\nname = \"Boys of Company C\"\nscenario = \"boys-of-company-c\"\nside = \"Boys of Company C\"\npoints = 145\nhidden = true\n"+
		"[[unit]]\nid = \"infantry-company\"\n[[unit]]\nid = \"hmg-unit\"\n[[unit]]\nid = \"rough-riders\"\ncount = 2\n")
	if len(want) != 2 || !strings.Contains(over, want[0]) || !strings.Contains(over, want[1]) || !strings.Contains(text("#uhead-2"), "INVALID") {
		t.Fatalf("the Rough Riders show %q, want the checker's %q and INVALID", over, want)
	}
	if strings.Contains(text("#uhead-0"), "INVALID") || strings.Contains(text("#uhead-1"), "INVALID") {
		t.Errorf("other units are marked INVALID")
	}

	step("fix it", chromedp.SendKeys(css(`input[name="u.2.count"]`), "\b"), points("145 / 145 pts"),
		until(`document.getElementById('verdict').textContent === 'VALID'`), until(`document.getElementById('msgs-2').textContent.trim() === ''`))
	if *readmeShot != "" {
		step("scroll to the top", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); window.scrollTo(0, 0)`), chromedp.Sleep(200*time.Millisecond))
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*readmeShot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	step("save", chromedp.Click(css(`#totalbar button[value=save]`)),
		until(`location.pathname === '/lists/boys-of-company-c' && location.search === '?saved=1'`))
	saved, err := os.ReadFile(filepath.Join(dir, "boys-of-company-c.toml"))
	if err != nil {
		t.Fatal(err)
	}
	r, dl := army.Validate("boys-of-company-c.toml", saved, cat)
	if r == nil || !r.Valid() || r.Used != 145 || len(r.List.Units) != 3 || r.List.Units[0].Label != "Company C" {
		t.Fatalf("the saved list does not check as built (%v):\n%s", dl, saved)
	}

	step("reload and find it", chromedp.Navigate(srv.URL+"/"),
		until(`document.querySelector('a[href="/lists/boys-of-company-c"]') !== null`))
	if row := text(`#lists`); !strings.Contains(row, "Boys of Company C VALID") || !strings.Contains(row, "145 / 145 pts") {
		t.Errorf("the home page shows %q", row)
	}

	// Download the roster as a player does: the link on the list's page.
	downloads := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: new(true),
		BrowserContextID: chromedp.FromContext(ctx).BrowserContextID}); err != nil {
		t.Fatal(err)
	}
	progress := chromedp.BrowserEvents(ctx, cdpbrowser.DownloadProgress)
	step("open the list", chromedp.Click(css(`a[href="/lists/boys-of-company-c"]`)), until(`document.getElementById('builder') !== null`),
		chromedp.Click(css(`a[href^="/lists/boys-of-company-c/roster.pdf"]`)))
	pdf := ""
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for ev, err := range progress {
		if err != nil || dctx.Err() != nil {
			t.Fatalf("waiting for the download: %v %v", err, dctx.Err())
		}
		if ev.State == cdpbrowser.DownloadProgressStateCompleted {
			pdf = filepath.Join(downloads, ev.GUID)
			break
		}
		if ev.State == cdpbrowser.DownloadProgressStateCanceled {
			t.Fatal("the download was cancelled")
		}
	}
	b, err := os.ReadFile(pdf)
	if err != nil || !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("the roster download is not a PDF: %v", err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("no pdftotext (apt-get install -y poppler-utils): the roster's text is not checked")
	}
	out, err := exec.Command("pdftotext", "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, unit := range []string{"Company C", "Unit of Machine Guns", "Unit of Rough Riders", "145", "VALID"} {
		if !strings.Contains(string(out), unit) {
			t.Errorf("the roster does not name %q:\n%s", unit, out)
		}
	}
	if n := dialogs.Load(); n != 0 {
		t.Errorf("%d dialogs asked the player to confirm leaving after a save", n)
	}
}

// expectedMessages are the checker's messages about a list, as its text.
func expectedMessages(t *testing.T, file, src string) []string {
	t.Helper()
	_, dl := army.Validate(file, []byte(src), shipped.Catalog(t))
	var out []string
	for _, d := range dl {
		out = append(out, msgOf(d).Text)
	}
	return out
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}
