package web

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/diag"
)

// pageText is a page's text as a person reads it: tags out, entities
// decoded, spaces collapsed.
func pageText(body string) string {
	body = regexp.MustCompile(`(?s)<script.*?</script>|<[^>]*>`).ReplaceAllString(body, " ")
	return strings.Join(strings.Fields(html.UnescapeString(body)), " ")
}

// section is the HTML of the element with the id, up to the next element
// of the same kind at the same place: enough to ask what a unit shows.
func section(t *testing.T, body, id string) string {
	t.Helper()
	i := strings.Index(body, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no element %q in the page", id)
	}
	rest := body[i:]
	if j := strings.Index(rest[1:], `<article class="card unit`); j >= 0 {
		rest = rest[:j+1]
	}
	if j := strings.Index(rest, `id="share"`); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// formOf is the form a page would post for a list file: what the builder
// shows, as the browser sends it.
func formOf(t testing.TB, name string, src []byte) url.Values {
	t.Helper()
	s, _ := newServer(t, "")
	c := s.check(name+ext, src)
	f, _ := editable(c)
	if f == nil {
		t.Fatalf("%s does not open in the builder", name)
	}
	v := url.Values{}
	for k, x := range f.List {
		v.Set(k, x)
	}
	for i, u := range f.Units {
		p := unitPrefix + itoa(i) + "."
		v.Set(p+"n", "")
		for k, x := range u {
			v.Set(p+k, x)
		}
	}
	if f.Obj != nil {
		v.Set(objMarker, "1")
		for k, x := range f.Obj {
			v.Set(objPrefix+k, x)
		}
	}
	v.Set("filename", name)
	return v
}

func itoa(i int) string { return funcs["itoa"].(func(int) string)(i) }

// TestExamplesOpenWithTheirMessages opens every shipped example list in
// the builder: each of the checker's messages is on the page, word for
// word with its file:line:col, and each unit has its card.
func TestExamplesOpenWithTheirMessages(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	cat := shipped.Catalog(t)
	for _, name := range examples(t, dir) {
		w := get(t, h, "/lists/"+name)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d", name, w.Code)
		}
		body := w.Body.String()
		src, _ := os.ReadFile(filepath.Join(dir, name+ext))
		r, dl := army.Validate(name+ext, src, cat)
		text := pageText(body)
		for _, d := range dl {
			if !strings.Contains(text, msgOf(d).Text) || strings.Contains(text, d.Error()) {
				t.Errorf("%s: the page does not show %q in the player's words", name, d.Error())
			}
		}
		if got := strings.Count(body, `<article class="card unit`); got != len(r.List.Units) {
			t.Errorf("%s: %d unit cards, want %d", name, got, len(r.List.Units))
		}
		want := "VALID"
		if !r.Valid() {
			want = "INVALID"
		}
		if !strings.Contains(section(t, body, "totalbar"), ">"+want+"<") {
			t.Errorf("%s: the total does not say %s", name, want)
		}
		// The examples carry comments: the builder says a save rewrites them.
		if !strings.Contains(body, `id="handwritten"`) {
			t.Errorf("%s: no warning that saving drops the file's comments", name)
		}
	}
}

// TestSavedListHasTheSameVerdict saves each example from the builder as a
// new list: the file the CLI reads gives the same verdict, total and
// messages (at the new file's lines), and opens unchanged in the builder.
func TestSavedListHasTheSameVerdict(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	cat := shipped.Catalog(t)
	for _, name := range examples(t, dir) {
		src, _ := os.ReadFile(filepath.Join(dir, name+ext))
		form := formOf(t, name, src)
		form.Set("filename", "saved-"+name)
		w := post(t, h, "/save", form)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("%s: save answered %d: %s", name, w.Code, pageText(w.Body.String()))
		}
		if loc := w.Header().Get("Location"); loc != "/lists/saved-"+name+"?saved=1" {
			t.Errorf("%s: redirected to %q", name, loc)
		}
		saved, err := os.ReadFile(filepath.Join(dir, "saved-"+name+ext))
		if err != nil {
			t.Fatal(err)
		}
		was, _ := army.Validate("x.toml", src, cat)
		now, dl := army.Validate("x.toml", saved, cat)
		if now == nil || was.Valid() != now.Valid() || was.Used != now.Used || was.Limit != now.Limit {
			t.Errorf("%s: saved list checks differently:\n%s", name, saved)
			continue
		}
		if got, want := msgTexts(dl), msgTexts(was.Diags); got != want {
			t.Errorf("%s: messages differ after saving:\n got %s\nwant %s", name, got, want)
		}
		page := get(t, h, "/lists/saved-"+name).Body.String()
		if strings.Contains(page, `id="handwritten"`) {
			t.Errorf("%s: a list saved by the builder is taken for one written by hand", name)
		}
		for _, d := range dl {
			d.File = "saved-" + name + ext
			if !strings.Contains(pageText(page), msgOf(d).Text) {
				t.Errorf("%s: the saved list's page does not show %q", name, msgOf(d).Text)
			}
		}
	}
}

func msgTexts(l diag.List) string {
	var out []string
	for _, d := range l {
		out = append(out, d.Msg)
	}
	return strings.Join(out, " | ")
}

// TestFormRoundTrip: a list written by the builder reads back as the same
// form, so opening and saving it again changes nothing.
func TestFormRoundTrip(t *testing.T) {
	s, dir := newServer(t, "")
	for _, name := range examples(t, dir) {
		src, _ := os.ReadFile(filepath.Join(dir, name+ext))
		c := s.check(name+ext, src)
		f, hand := editable(c)
		if f == nil || !hand {
			t.Fatalf("%s: editable %v, hand %v", name, f != nil, hand)
		}
		out := f.toml(c.report.System)
		c2 := s.check(name+ext, out)
		f2, hand2 := editable(c2)
		if f2 == nil || hand2 {
			t.Errorf("%s: the builder's own file is not canonical:\n%s", name, out)
			continue
		}
		if again := f2.toml(c.report.System); !bytes.Equal(again, out) {
			t.Errorf("%s: written twice differs:\n%s\n---\n%s", name, out, again)
		}
	}
}

func TestTOMLValues(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain`, `"plain"`},
		{`say "hi"`, `"say \"hi\""`},
		{`back\slash`, `"back\\slash"`},
		{"two\nlines\ttab", `"two\nlines\ttab"`},
		{"bell\x07", `"bell\u0007"`},
		{"bad\xffutf8", "\"bad\uFFFDutf8\""},
		{`<script>`, `"<script>"`},
	} {
		if got := tomlString(tc.in); got != tc.want {
			t.Errorf("tomlString(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// A count that is not a number stays text, so the check says so where
	// it stands, as for a file written by hand.
	f := &form{List: values{"system": "aqotmf", "name": "N"}, Units: []values{{"id": "hmg-unit", "count": "two"}}}
	cat := shipped.Catalog(t)
	_, dl := army.Validate("n.toml", f.toml(cat.System("aqotmf")), cat)
	if !strings.Contains(dl.Error(), "count") || !strings.Contains(dl.Error(), "string") {
		t.Errorf("count = \"two\" is not reported as the wrong type: %v", dl)
	}
}

// TestBuildButtons: add, add from the force list, add by type, remove.
func TestBuildButtons(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	base := url.Values{"system": {"aqotmf"}, "scenario": {"boys-of-company-c"}, "points": {"145"}, "filename": {"c"}}
	add := func(v url.Values, k, x string) url.Values {
		out := url.Values{}
		for kk, vv := range v {
			out[kk] = vv
		}
		out.Set(k, x)
		return out
	}
	w := post(t, h, "/build", add(base, "add", "infantry-company"))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `name="u.0.id"`) || !strings.Contains(pageText(w.Body.String()), "60 / 145 pts") {
		t.Fatalf("add: %d %s", w.Code, pageText(w.Body.String()))
	}
	// The Rough Riders of the force list come as reinforcements.
	w = post(t, h, "/build", add(base, "add-force", "0.2"))
	body := w.Body.String()
	if !strings.Contains(body, `name="u.0.reinforcement" value="true" checked`) || !strings.Contains(pageText(body), "45 / 145 pts") {
		t.Errorf("add-force: %s", pageText(body))
	}
	two := add(add(base, "u.0.id", "hmg-unit"), "u.1.id", "rough-riders")
	w = post(t, h, "/build", add(two, "remove", "0"))
	body = w.Body.String()
	if strings.Contains(body, `value="hmg-unit" selected`) || !strings.Contains(body, `value="rough-riders" selected`) {
		t.Errorf("remove 0 kept the wrong unit")
	}
	evac := url.Values{"system": {"evacuation-mars"}, "obj": {"1"}, "add-type": {"jump infantry"}}
	body = post(t, h, "/build", evac).Body.String()
	if !strings.Contains(body, `value="jump infantry" selected`) || !strings.Contains(pageText(body), "has no points") {
		t.Errorf("add-type: %s", pageText(body))
	}
	// A list is bounded.
	full := url.Values{"system": {"aqotmf"}, "add": {"hmg-unit"}}
	for i := 0; i < maxUnits; i++ {
		full.Set(unitPrefix+itoa(i)+".id", "hmg-unit")
	}
	body = post(t, h, "/build", full).Body.String()
	if !strings.Contains(pageText(body), "at most 200 units") || strings.Contains(body, `name="u.200.id"`) {
		t.Errorf("a full list took another unit")
	}
}

// TestMessagesStandByTheirUnit: an unknown id is shown on its unit; the
// total over the limit on the list and on the unit that crossed it.
func TestMessagesStandByTheirUnit(t *testing.T) {
	s, dir := newServer(t, "")
	src := "system = \"aqotmf\"\nname = \"Greedy\"\npoints = 120\nfaction = \"Humans\"\n\n[[unit]]\nid = \"infantry-company\"\n\n[[unit]]\nid = \"hmg-unit\"\ncount = 2\n\n[[unit]]\nid = \"asault-tripod\"\n"
	writeFile(t, filepath.Join(dir, "greedy.toml"), src)
	body := get(t, s.Handler(), "/lists/greedy").Body.String()
	_, dl := army.Validate("greedy.toml", []byte(src), shipped.Catalog(t))
	if len(dl) != 2 {
		t.Fatalf("want 2 messages, got %v", dl)
	}
	var unknown, over diag.Diag
	for _, d := range dl {
		if strings.Contains(d.Msg, "unknown unit id") {
			unknown = d
		} else {
			over = d
		}
	}
	if !strings.Contains(over.Msg, "over the limit of 120") {
		t.Fatalf("no over-the-limit message: %v", dl)
	}
	u1, u2 := pageText(section(t, body, "unit-1")), pageText(section(t, body, "unit-2"))
	if !strings.Contains(u2, msgOf(unknown).Text) || !strings.Contains(u2, "INVALID") {
		t.Errorf("unit 3 does not show its error: %s", u2)
	}
	// 60 + 80 crosses 120 at the machine guns.
	if !strings.Contains(u1, msgOf(over).Text) || !strings.Contains(u1, "INVALID") {
		t.Errorf("the machine guns do not show the limit: %s", u1)
	}
	if !strings.Contains(pageText(section(t, body, "listmsgs")), msgOf(over).Text) {
		t.Errorf("the list does not show the limit")
	}
	if strings.Contains(pageText(section(t, body, "unit-0")), "INVALID") {
		t.Errorf("unit 1 is marked invalid")
	}
}

// TestCountsAreWholeNumbers: a decimal, negative or non-numeric count is
// refused beside its field, the total stays whole, and a save never
// writes it.
func TestCountsAreWholeNumbers(t *testing.T) {
	s, dir := newServer(t, "")
	h := s.Handler()
	for _, bad := range []string{"1.5", "-2", "0", "two", "1e3"} {
		form := url.Values{"system": {"aqotmf"}, "scenario": {"boys-of-company-c"}, "side": {"Boys of Company C"}, "name": {"C"}, "filename": {"counts"},
			"u.0.id": {"infantry-company"}, "u.1.id": {"hmg-unit"}, "u.1.count": {bad}}
		body := post(t, h, "/build", form).Body.String()
		u1 := section(t, body, "unit-1")
		if !strings.Contains(u1, `class="fieldproblem"`) || !strings.Contains(u1, `aria-invalid="true"`) || !strings.Contains(pageText(u1), "Count must be") {
			t.Errorf("count %q: no message beside the field: %s", bad, pageText(u1))
		}
		if !strings.Contains(pageText(section(t, body, "points")), "100 / 145 pts") {
			t.Errorf("count %q: the total broke: %s", bad, pageText(section(t, body, "points")))
		}
		if !strings.Contains(pageText(section(t, body, "verdict")), "INVALID") {
			t.Errorf("count %q: the list is not marked invalid", bad)
		}
		w := post(t, h, "/save", form)
		if w.Code != http.StatusUnprocessableEntity || !strings.Contains(pageText(w.Body.String()), "Not saved") {
			t.Errorf("count %q: save answered %d", bad, w.Code)
		}
		if _, err := os.Stat(filepath.Join(dir, "counts.toml")); err == nil {
			t.Fatalf("count %q was written", bad)
		}
	}
}

// TestBuilderSumsPastInt32: three lines of the most units at the most
// points cost 3,000,000,000, past a 32-bit int; the builder shows that
// total, a full bar marked over, and INVALID, on a 32-bit build as on a
// 64-bit one.
func TestBuilderSumsPastInt32(t *testing.T) {
	s, _ := newServer(t, "")
	form := url.Values{"system": {"evacuation-mars"}, "name": {"Too many"}}
	for i := range 3 {
		u := fmt.Sprintf("u.%d.", i)
		form[u+"type"], form[u+"points"], form[u+"count"] = []string{"infantry"}, []string{"100000"}, []string{"10000"}
	}
	body := post(t, s.Handler(), "/build", form).Body.String()
	if got := pageText(section(t, body, "points")); !strings.Contains(got, "3000000000 / 300 pts") {
		t.Errorf("points show %q, want 3000000000 / 300 pts", got)
	}
	if !strings.Contains(body, `class="meter over"`) || !strings.Contains(body, `<rect class="fill" width="100"`) {
		t.Errorf("the bar is not full and over")
	}
	if got := pageText(section(t, body, "verdict")); !strings.Contains(got, "INVALID") {
		t.Errorf("verdict %q, want INVALID", got)
	}
}

// TestListGroupsNameAScenarioOnce: the home page heads each group of
// lists by rule set and scenario, and a scenario named after its rule set
// (Evacuation: Mars) is named once, not "Evacuation: Mars · Evacuation:
// Mars".
func TestListGroupsNameAScenarioOnce(t *testing.T) {
	s, dir := newServer(t, "")
	examples(t, dir)
	var heads []string
	for _, m := range regexp.MustCompile(`<h2 class="listgroup">([^<]*)</h2>`).FindAllStringSubmatch(get(t, s.Handler(), "/").Body.String(), -1) {
		heads = append(heads, html.UnescapeString(m[1]))
	}
	for _, want := range []string{"AQotMF · Scenario 1: The Boys of Company C", "Evacuation: Mars"} {
		if !slices.Contains(heads, want) {
			t.Errorf("no group %q; groups: %q", want, heads)
		}
	}
	for _, h := range heads {
		if sys, sc, ok := strings.Cut(h, " · "); ok && strings.EqualFold(sys, sc) {
			t.Errorf("group %q names its scenario twice", h)
		}
	}
}

// TestNewListStartsGently: a new list has no units yet; its first
// message is one line saying to add them, not an error count (the list
// has no units, and a force line short for each unit of the side). Once
// it has a unit, the checks are back.
func TestNewListStartsGently(t *testing.T) {
	s, _ := newServer(t, "")
	h := s.Handler()
	inner := func(body, re string) string {
		m := regexp.MustCompile(`(?s)` + re).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("no %s in the page", re)
		}
		return pageText(m[1])
	}
	for _, target := range []string{"/new?system=aqotmf&scenario=boys-of-company-c&side=0", "/new?system=evacuation-mars&scenario=evacuation-mars&side=0", "/new?system=imperial-mars&faction=Earthmen"} {
		body := get(t, h, target).Body.String()
		if got := inner(body, `<span class="counts">(.*?)</span>`); got != "Add units to start" {
			t.Errorf("%s: the bar says %q, want \"Add units to start\"", target, got)
		}
		if got := inner(body, `id="verdict">(.*?)</span>`); got != "EMPTY" {
			t.Errorf("%s: verdict %q, want EMPTY", target, got)
		}
		if got := inner(body, `id="listmsgs" data-live>(.*?)</div>`); got != "" {
			t.Errorf("%s: list messages %q on a new list", target, got)
		}
	}
	form := url.Values{"system": {"aqotmf"}, "scenario": {"boys-of-company-c"}, "side": {"Boys of Company C"}, "name": {"C"}, "u.0.id": {"infantry-company"}}
	body := post(t, h, "/build", form).Body.String()
	if got := inner(body, `id="verdict">(.*?)</span>`); got != "INVALID" {
		t.Errorf("a list with one unit of its force list: verdict %q, want INVALID", got)
	}
	if got := inner(body, `<span class="counts">(.*?)</span>`); got != "2 errors" {
		t.Errorf("a list with one unit of its force list: the bar says %q, want its 2 errors", got)
	}
	if msgs := inner(body, `id="listmsgs" data-live>(.*?)</div>`); !strings.Contains(msgs, "Problem:") || !strings.Contains(msgs, "— add 1") {
		t.Errorf("a list with units lost its checks: %q", msgs)
	}
}
