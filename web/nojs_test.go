package web

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserWithoutJavaScript builds and saves a list in Chromium with
// scripts turned off: every button is a form the server answers with the
// whole page.
func TestBrowserWithoutJavaScript(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, dir := newServer(t, "")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	step := stepper(t, ctx)
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(css(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return strings.Join(strings.Fields(s), " ")
	}
	step("start a list", chromedp.Navigate(srv.URL+"/new?system=aqotmf&scenario=boys-of-company-c&side=0"))
	if !strings.Contains(text(`.nojs-only`), "Update the total") {
		t.Fatal("no Update button without JavaScript")
	}
	// The side's force list, line by line (a scenario side fields it and
	// nothing else).
	for i, line := range []string{"0.0", "0.1", "0.2"} {
		step("add line "+line, chromedp.Click(css(`button[name=add-force][value="`+line+`"]`)), chromedp.WaitVisible(css(`#unit-`+itoa(i))))
	}
	if got := text("#points"); got != "145 / 145 pts" {
		t.Fatalf("after three units: %q", got)
	}
	step("go over", chromedp.SendKeys(css(`input[name="u.2.count"]`), "2"), chromedp.Click(css(`.nojs-only button`)), chromedp.WaitVisible(css(`#uhead-2 .badge`)))
	if got := text("#verdict"); got != "INVALID" || !strings.Contains(text("#msgs-2"), "over the limit of 145") {
		t.Fatalf("over the limit: %q %q", got, text("#msgs-2"))
	}
	step("fix and save", chromedp.SetValue(css(`input[name="u.2.count"]`), ""), chromedp.Click(css(`#totalbar button[value=save]`)),
		chromedp.WaitVisible(css(`.banner.ok`)))
	b, err := os.ReadFile(filepath.Join(dir, "boys-of-company-c.toml"))
	if err != nil || !strings.Contains(string(b), `id            = "rough-riders"`) || strings.Contains(string(b), "count") {
		t.Fatalf("saved without JavaScript: %v\n%s", err, b)
	}
	if got := text("#verdict"); got != "VALID" {
		t.Errorf("after the save: %q", got)
	}
}
