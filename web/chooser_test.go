package web

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
)

// clubServer is a server over the shipped data and a club's house
// edition of AQotMF beside the book's, as 'playaid serve --data club'
// loads it: the shipped folder copied to aqotmf-club/, its id, name and
// scenario ids changed, and hard cover adding 4 to Defense, not 3.
func clubServer(t *testing.T) (*Server, string) {
	t.Helper()
	club := shipped.Copy(t, "aqotmf", "aqotmf-club",
		shipped.Edit{RE: `(?m)^system = "aqotmf"$`, To: `system = "aqotmf-club"`},
		shipped.Edit{RE: `(?m)^name = "All Quiet on the Martian Front"$`, To: `name = "All Quiet on the Martian Front, Club Edition"`},
		shipped.Edit{RE: `"(boys-of-company-c|morale-wagon)"`, To: `"club-$1"`},
		shipped.Edit{RE: `(?m)^hard = 3$`, To: `hard = 4`},
		// The club's words for the attack question.
		shipped.Edit{RE: `(?m)^summary = "An AQotMF attack:`, To: `summary = "The club's attack:`},
		shipped.Edit{RE: `(?m)^words.hit_damages = "A hit damages"$`, To: `words.hit_damages = "A hit wounds"`},
	)
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: club})
	if err := l.Err(); err != nil {
		t.Fatalf("the club's rule set does not load:\n%v", err)
	}
	dir := filepath.Join(t.TempDir(), "lists")
	s, err := New(Config{Catalog: cat, Lists: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

// hardCover is one die against Defense 5, Armor 4 in hard cover: 8+ hits
// in the book (30%), 9+ in the club's edition (20%).
const hardCover = "dice=1&defense=5&armor=4&cover=hard"

// TestOddsRuleSetChooser: where a club's rule set runs on the same engine
// as the book's, the odds page offers a labelled choice of the two, the
// book's chosen unless asked; the club's answer follows its own numbers;
// an unknown rule set is refused in plain words with the form kept. With
// the shipped data alone there is nothing to choose, and no chooser.
func TestOddsRuleSetChooser(t *testing.T) {
	s, _ := clubServer(t)
	h := s.Handler()
	selected := regexp.MustCompile(`<option value="([^"]*)" selected>`)
	chooser := func(body string) (string, bool) {
		i := strings.Index(body, `<select name="system">`)
		if i < 0 {
			return "", false
		}
		j := strings.Index(body[i:], "</select>")
		m := selected.FindStringSubmatch(body[i : i+j])
		if m == nil {
			return "", true
		}
		return m[1], true
	}
	hit := func(body string) string {
		m := regexp.MustCompile(`(?s)<th scope="row">At least one hit.*?<td class="pct">([^<]*)</td>`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("no Hit row in the answer:\n%s", pageText(body))
		}
		return m[1]
	}

	book := get(t, h, "/odds/attack?"+hardCover)
	if got, ok := chooser(book.Body.String()); !ok || got != "aqotmf" {
		t.Errorf("the attack page: chooser %v, chosen %q; want the book's chosen", ok, got)
	}
	if !strings.Contains(book.Body.String(), `<span>Rule set</span><select name="system">`) {
		t.Errorf("the chooser has no label")
	}
	house := get(t, h, "/odds/attack?system=aqotmf-club&"+hardCover)
	if house.Code != http.StatusOK {
		t.Fatalf("the club's attack: %d %s", house.Code, pageText(house.Body.String()))
	}
	if got, _ := chooser(house.Body.String()); got != "aqotmf-club" {
		t.Errorf("the club's answer: chosen %q, want aqotmf-club", got)
	}
	if a, b := hit(book.Body.String()), hit(house.Body.String()); a != "30.0%" || b != "20.0%" {
		t.Errorf("hit in hard cover: %s (book), %s (club); want 30%% and 20%%", a, b)
	}
	// Each answers in its rule set's words.
	if b, h := pageText(book.Body.String()), pageText(house.Body.String()); !strings.Contains(b, "An AQotMF attack:") || !strings.Contains(b, "A hit damages") ||
		strings.Contains(b, "wounds") || !strings.Contains(h, "The club's attack:") || !strings.Contains(h, "A hit wounds") || strings.Contains(h, "A hit damages") {
		t.Errorf("the book's page and the club's are not each in their own words:\n%s\n%s", b, h)
	}
	if !strings.Contains(house.Body.String(), `/odds/attack?system=aqotmf-club&amp;dice=1`) {
		t.Errorf("the club's answer is not shared with its rule set")
	}
	if strings.Contains(book.Body.String(), "system=aqotmf&") {
		t.Errorf("the book's answer names its rule set in its address; the book's is the default")
	}

	bad := get(t, h, "/odds/attack?system=aqotmf-clu&dice=abc")
	text := pageText(bad.Body.String())
	if bad.Code != http.StatusBadRequest || !strings.Contains(text, `Rule set: "aqotmf-clu" is not one this question is asked of; choose All Quiet on the Martian Front or All Quiet on the Martian Front, Club Edition.`) || !strings.Contains(text, "Dice:") {
		t.Errorf("an unknown rule set: %d %s", bad.Code, text)
	}
	for _, jargon := range []string{"engine", "aqotmf-club,", "unknown"} {
		if strings.Contains(text, jargon) {
			t.Errorf("the refusal says %q: %s", jargon, text)
		}
	}
	if !strings.Contains(bad.Body.String(), `name="dice" value="abc"`) {
		t.Errorf("the refused form lost what was typed")
	}
	// Imperial Mars has one rule set: nothing to choose.
	if _, ok := chooser(get(t, h, "/odds/im-shoot").Body.String()); ok {
		t.Errorf("a chooser of one rule set")
	}
	plain, _ := newServer(t, "")
	if _, ok := chooser(get(t, plain.Handler(), "/odds/attack").Body.String()); ok {
		t.Errorf("a chooser with the shipped data alone")
	}
}

// TestOddsChooserInABrowser: with the keyboard alone, a player chooses
// the club's rule set on the odds page, asks, and sees its number.
func TestOddsChooserInABrowser(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	s, _ := clubServer(t)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	step := stepper(t, ctx)
	read := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// hit is the answer's chance of at least one hit.
	const hit = `[...document.querySelectorAll('#answer .oddsrows tr')].find(r => r.querySelector('th').textContent.startsWith('At least one hit')).querySelector('.pct').textContent`
	tabTo := func(sel string) {
		t.Helper()
		for i := 0; i < 60; i++ {
			if read(`document.activeElement && document.activeElement.matches(`+jsString(sel)+`) ? 'yes' : 'no'`) == "yes" {
				return
			}
			step("tab", chromedp.KeyEvent(kb.Tab))
		}
		t.Fatalf("Tab does not reach %s", sel)
	}
	step("the attack page", chromedp.EmulateViewport(1366, 768), chromedp.Navigate(srv.URL+"/odds/attack?"+hardCover), until(`document.querySelector('#answer') !== null`))
	book := read(hit)
	tabTo(`select[name=system]`)
	step("choose the club's rule set", chromedp.KeyEvent(kb.ArrowDown), until(`document.querySelector('select[name=system]').value === 'aqotmf-club'`))
	tabTo(`input[name=dice]`)
	step("ask", chromedp.KeyEvent(kb.Enter),
		until(`location.search.includes('system=aqotmf-club') && document.querySelector('#answer') !== null`))
	if house := read(hit); book != "30.0%" || house != "20.0%" {
		t.Errorf("hit in hard cover: %s (book), %s (club); want 30%% and 20%%", book, house)
	}
}
