package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// onAPhone opens path in a browser at 390 × 844 on a server with the
// example lists, once ready (a JavaScript expression) is true.
func onAPhone(t *testing.T, path, ready string) (context.Context, func(string, ...chromedp.Action[chromedp.Void])) {
	t.Helper()
	ctx := browser(t)
	acceptDialogs(ctx)
	s, dir := newServer(t, "")
	examples(t, dir)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	step := stepper(t, ctx)
	step("open "+path, chromedp.EmulateViewport(390, 844), chromedp.Navigate(srv.URL+path), until(ready))
	return ctx, step
}

// TestGameNightOnAPhone: at 390 px the game night's choices are one to a
// line, wide enough to read a list's name; the Paper box is drawn as the
// page's other fields, without the browser's frame; and once a choice
// changes, the downloads (of the choices last gathered) are off, saying
// why, until Gather makes the new ones.
func TestGameNightOnAPhone(t *testing.T) {
	t.Parallel()
	ctx, step := onAPhone(t, "/game/aqotmf/boys-of-company-c", `document.querySelector('#night a[href]') !== null`)
	narrow, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#nightform select')].filter(s => s.getBoundingClientRect().width < 300).map(s => s.name + ' ' + Math.round(s.getBoundingClientRect().width))`))
	if err != nil || len(narrow) > 0 {
		t.Errorf("the sides' lists are cut at 390 px: %v %v", narrow, err)
	}
	border, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector('#nightform fieldset')).borderTopWidth`))
	if err != nil || border != "0px" {
		t.Errorf("the Paper box has a frame of %s (%v)", border, err)
	}
	step("change the players", chromedp.Evaluate[chromedp.Void](`(() => { const p = document.querySelector('input[name=players]'); p.value = '4'; p.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	left, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#night a[href]').length`))
	if err != nil || left != 0 {
		t.Errorf("after a change %d downloads still give the last choices (%v)", left, err)
	}
	if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById('nightstale').hidden`)); !shown {
		t.Error("the page does not say why the downloads are off")
	}
}

// TestOddsBoxesLevel: the odds form's tick boxes side by side stand
// level, whether or not help follows their words.
func TestOddsBoxesLevel(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, _ := newServer(t, "")
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, width := range []int64{390, 1366} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800), chromedp.Navigate(srv.URL+"/odds/attack")); err != nil {
			t.Fatal(err)
		}
		rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const out = [], cells = [...document.querySelectorAll('.oddsform .fields > *')];
  for (const a of cells) for (const b of cells) {
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const ba = a.querySelector('input[type=checkbox]'), bb = b.querySelector('input[type=checkbox]');
    if (a === b || !ba || !bb || Math.abs(ra.top - rb.top) > 1) continue;
    const d = ba.getBoundingClientRect().top - bb.getBoundingClientRect().top;
    if (Math.abs(d) > 1) out.push(ba.name + ' and ' + bb.name + ' differ by ' + Math.round(d) + ' px');
  }
  return out;
})()`))
		if err != nil || len(rows) > 0 {
			t.Errorf("at %d px the boxes of one row do not stand level: %v %v", width, rows, err)
		}
	}
}

// TestReadingPagesMarkTheirMenuItem: a reading page (a sheet, the notes,
// a briefing) and game night are the print pack's: the menu marks Print.
func TestReadingPagesMarkTheirMenuItem(t *testing.T) {
	s, dir := newServer(t, "")
	examples(t, dir)
	h := s.Handler()
	for _, path := range []string{"/docs/reference/aqotmf.html", "/docs/notes/aqotmf.html", "/docs/briefing/aqotmf/boys-of-company-c.html", "/game/aqotmf/boys-of-company-c"} {
		body := get(t, h, path).Body.String()
		if !strings.Contains(body, `<a href="/#print" aria-current="page">Print</a>`) {
			t.Errorf("%s: the menu does not mark Print", path)
		}
	}
}

// TestSavedInvalidIsNotGreen: a list saved over its points says it is
// saved, and that it is not valid yet, not in a valid list's green.
func TestSavedInvalidIsNotGreen(t *testing.T) {
	s, dir := newServer(t, "")
	writeFile(t, filepath.Join(dir, "over.toml"), "system = \"aqotmf\"\nname = \"Over\"\nscenario = \"boys-of-company-c\"\nside = \"Boys of Company C\"\npoints = 145\n\n[[unit]]\nid = \"infantry-company\"\ncount = 3\n")
	examples(t, dir)
	h := s.Handler()
	body := get(t, h, "/lists/over?saved=1").Body.String()
	if strings.Contains(body, `<p class="banner ok" role="status" id="notice"`) || !strings.Contains(pageText(body), "but it is not valid yet") {
		t.Errorf("a list over its points saved: %s", pageText(body))
	}
	body = get(t, h, "/lists/boys-of-company-c-humans?saved=1").Body.String()
	if !strings.Contains(body, `<p class="banner ok" role="status" id="notice"`) || strings.Contains(body, "not valid") {
		t.Errorf("a valid list saved: %s", pageText(body))
	}
}

// TestDeleteOnAPhone: after Delete the page opens at its top with the
// "Deleted … Undo" banner on the screen and the focus on Undo.
func TestDeleteOnAPhone(t *testing.T) {
	t.Parallel()
	ctx, step := onAPhone(t, "/lists/imperial-mars", `document.getElementById('manage') !== null`)
	step("delete it", chromedp.Evaluate[chromedp.Void](`document.querySelector('form[action$="/delete"] button').click()`), until(`document.getElementById('deleted') !== null && document.readyState === 'complete'`))
	top, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById('deleted').getBoundingClientRect().top`))
	if err != nil || top < 0 || top > 844 {
		t.Errorf("the Deleted banner is at %.0f px, off the screen (%v)", top, err)
	}
	if err := seen(ctx, `document.activeElement.id === 'undo'`, 2*time.Second); err != nil {
		id, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id || document.activeElement.tagName`))
		t.Errorf("after Delete the focus is on %s, not Undo", id)
	}
}

// TestListPaperChoice: a saved list's page chooses the paper beside its
// downloads, and the downloads are on it; the A4 and Letter downloads of
// one document have names of their own.
func TestListPaperChoice(t *testing.T) {
	s, dir := newServer(t, "")
	examples(t, dir)
	h := s.Handler()
	body := get(t, h, "/lists/boys-of-company-c-humans?paper=letter").Body.String()
	for _, want := range []string{`href="/lists/boys-of-company-c-humans?paper=letter#share" aria-current="true">Letter</a>`, `href="/lists/boys-of-company-c-humans?paper=a4#share">A4</a>`,
		`href="/lists/boys-of-company-c-humans/roster.pdf?paper=letter"`, `href="/lists/boys-of-company-c-humans/markers.pdf?paper=letter"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the list's page lacks %s", want)
		}
	}
	names := map[string]bool{}
	for _, q := range []string{"?paper=a4", "?paper=letter"} {
		for _, path := range []string{"/lists/boys-of-company-c-humans/cards.pdf", "/docs/reference/aqotmf.pdf", "/game/aqotmf/boys-of-company-c/game-night-boys-of-company-c-1-single-sided.pdf"} {
			cd := get(t, h, path+q).Header().Get("Content-Disposition")
			if cd == "" || names[cd] {
				t.Errorf("%s%s: saved as %q, as on the other paper", path, q, cd)
			}
			names[cd] = true
		}
	}
}

// TestSummarySpeaksThePlayersWords: the summary to paste in a chat says
// what is wrong with a list as the builder does, never a command line.
func TestSummarySpeaksThePlayersWords(t *testing.T) {
	s, dir := newServer(t, "")
	writeFile(t, filepath.Join(dir, "player-1.toml"), "system = \"aqotmf\"\nname = \"Over\"\nscenario = \"boys-of-company-c\"\nside = \"Boys of Company C\"\npoints = 145\n\n[[unit]]\nid = \"infantry-company\"\ncount = 3\n")
	text := get(t, s.Handler(), "/lists/player-1/summary.txt").Body.String()
	if strings.Contains(text, "playaid") || strings.Contains(text, ".toml") || !strings.Contains(text, "errors, 0 warnings:\n- ") || !strings.Contains(text, "over the limit of 145") {
		t.Errorf("the summary:\n%s", text)
	}
}

// TestNoPointsBarOnAPhone: an Imperial Mars list's total bar says it has
// no points on one line of a phone's screen.
func TestNoPointsBarOnAPhone(t *testing.T) {
	t.Parallel()
	ctx, _ := onAPhone(t, "/lists/imperial-mars", `document.getElementById('points') !== null`)
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => { const p = document.getElementById('points'); return p.getClientRects().length; })()`))
	if err != nil || lines != 1 {
		t.Errorf("the points take %v lines on a phone (%v)", lines, err)
	}
	if text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('totalbar').textContent`)); !strings.Contains(text, "organisation checked") {
		t.Errorf("the total bar does not say the list is checked for organisation: %q", text)
	}
}

// TestExportedImportsAgain: what the lists folder exports imports again,
// a list that does not read among them, and an import says why a file
// does not read, in the words its page uses.
func TestExportedImportsAgain(t *testing.T) {
	s, dir := newServer(t, "")
	broken := "system = \"aqotmf\"\nname = \"Broken\n\n[[unit]]\nid = \"infantry-company\"\n"
	writeFile(t, filepath.Join(dir, "broken.toml"), broken)
	examples(t, dir)
	export := get(t, s.Handler(), "/lists.zip").Body.Bytes()
	s2, dir2 := newServer(t, "")
	w := upload(t, s2.Handler(), map[string][]byte{"lists.zip": export})
	text := pageText(w.Body.String())
	got, err := os.ReadFile(filepath.Join(dir2, "broken.toml"))
	if err != nil || string(got) != broken {
		t.Errorf("broken.toml exported and did not come back: %v", err)
	}
	if !strings.Contains(text, "Line 2: Army name: strings cannot contain newlines") {
		t.Errorf("the import does not say why broken.toml does not read: %s", text)
	}
	names, _ := os.ReadDir(dir)
	back, _ := os.ReadDir(dir2)
	if len(back) != len(names) {
		t.Errorf("%d files exported, %d imported", len(names), len(back))
	}
}

// TestChangeSideKeepsDetails: on a saved list, choosing another side in
// List details keeps List details open and the focus on the side.
func TestChangeSideKeepsDetails(t *testing.T) {
	t.Parallel()
	ctx, step := onAPhone(t, "/lists/boys-of-company-c-martians", `document.getElementById('builder') !== null`)
	step("open List details, choose the other side", chromedp.Evaluate[chromedp.Void](`(() => {
  document.querySelector('details.head').open = true;
  document.querySelector('details.head').dataset.old = '1'; // gone once the page is made again
  const s = document.querySelector('select[name=side]');
  s.focus();
  s.value = [...s.options].find(o => o.value && !o.selected).value;
  s.dispatchEvent(new Event('input', {bubbles: true}));
})()`))
	step("the page made again", until(`!document.querySelector('details.head').dataset.old && !document.getElementById('builder').hasAttribute('aria-busy')`))
	if err := seen(ctx, `document.activeElement === document.querySelector('select[name=side]') && document.querySelector('details.head').open`, 2*time.Second); err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('details.head').open ? 'open' : 'closed') + ', focus on ' + (document.activeElement.name || document.activeElement.tagName)`))
		t.Errorf("after choosing the side, List details is %s", state)
	}
}

// TestPickerOffersTheSidesOwnUnits: a scenario side's list is offered its
// force list and nothing else — no unit the check would refuse (the Mk II
// Baldwin in the Boys of Company C), each unit once.
func TestPickerOffersTheSidesOwnUnits(t *testing.T) {
	s, _ := newServer(t, "")
	body := get(t, s.Handler(), "/new?system=aqotmf&scenario=boys-of-company-c&side=0").Body.String()
	if strings.Contains(body, `value="mk2-baldwin"`) {
		t.Error("the picker offers the Mk II Baldwin, which the Boys of Company C do not field")
	}
	for _, name := range []string{"Infantry Company", "Unit of Machine Guns", "Unit of Rough Riders"} {
		if n := strings.Count(body, `<strong class="pickname">`+name+`</strong>`); n != 1 {
			t.Errorf("the picker offers %s %d times, want once", name, n)
		}
	}
	// A list for no scenario is offered the catalogue of its faction.
	body = get(t, s.Handler(), "/new?system=aqotmf&faction=Humans").Body.String()
	if !strings.Contains(body, `value="mk2-baldwin"`) {
		t.Error("a Humans list for no scenario is not offered the Mk II Baldwin")
	}
}

// TestNewUnitReadsWhole: a new Evacuation: Mars unit is titled by its
// type as a name, and its Points field says where the cost comes from,
// whole.
func TestNewUnitReadsWhole(t *testing.T) {
	s, _ := newServer(t, "")
	form := url.Values{"system": {"evacuation-mars"}, "scenario": {"evacuation-mars"}, "side": {"Player 1"}, "name": {"E"}, "u.0.type": {"infantry"}}
	body := post(t, s.Handler(), "/build", form).Body.String()
	if !strings.Contains(body, "<h3>Infantry</h3>") {
		t.Errorf("a new infantry unit is not titled Infantry: %s", pageText(body))
	}
	if strings.Contains(body, `placeholder="codex"`) || !strings.Contains(pageText(body), "Points (your codex)") {
		t.Errorf("the Points field: %s", pageText(body))
	}
}
