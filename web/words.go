package web

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/playaid/playaid/rules"
)

// The checker's messages are written for a list file: they name its keys
// ("write points = 145") and 'playaid army validate' prints them after the
// file, line and column. The browser shows them beside the field they are
// about, so it says them in the player's words: the fields by the names the
// form gives them, no position, no key, no table. The CLI keeps its own.

// fieldWords are the list's keys as the builder's form names them: those
// every list takes, and each engine's own (rules.Field.Words).
var fieldWords = sync.OnceValue(func() map[string]string {
	words := map[string]string{
		"system": "rule set", "scenario": "scenario", "side": "side", "faction": "faction",
		"name": "army name", "player": "player", "note": "note", "label": "label",
	}
	var add func(fs []rules.Field)
	add = func(fs []rules.Field) {
		for _, f := range fs {
			if _, ok := words[f.Key]; !ok && f.Words != "" {
				words[f.Key] = f.Words
			}
			add(f.Fields)
		}
	}
	add(rules.AllListKeys())
	add(rules.AllUnitKeys())
	return words
})

// keyAlt matches any key of fieldWords; compoundAlt a key of two words
// or more ("hull_points"), never a word of a sentence, so rewritten
// wherever it stands; tableAlt a list's table of its own ("objective",
// written [objective]).
var (
	keyAlt      = sync.OnceValue(func() string { return alt(func(string) bool { return true }) })
	compoundAlt = sync.OnceValue(func() string { return alt(func(k string) bool { return strings.Contains(k, "_") }) })
	tableAlt    = sync.OnceValue(func() string {
		return alt(func(k string) bool {
			return slices.ContainsFunc(rules.AllListKeys(), func(f rules.Field) bool { return f.Key == k && f.Kind == rules.TableField })
		})
	})
)

// alt is an alternation of the keys of fieldWords that keep holds,
// longer keys first, so that "hull_points" wins over "points"; one that
// matches nothing when none does.
func alt(keep func(key string) bool) string {
	var ks []string
	for k := range fieldWords() {
		if keep(k) {
			ks = append(ks, regexp.QuoteMeta(k))
		}
	}
	if len(ks) == 0 {
		return `[^\s\S]`
	}
	slices.SortFunc(ks, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return strings.Join(ks, "|")
}

// plainRule rewrites a message; $k is a key, turned into its field's
// words by playerWords.
type plainRule struct {
	re   *regexp.Regexp
	with string
}

// plainRules are the rewrites, in order. They are compiled on first use,
// not when the process starts: only the web server's pages need them, and
// compiling them costs every other verb (playaid build) about 400 KB of
// allocations at start-up.
var plainRules = sync.OnceValue(func() []plainRule {
	return []plainRule{
		{regexp.MustCompile(`^the list has no units; add a \[\[unit\]\] table for each unit$`), "The list has no units yet: add them from “Add units”."},
		{regexp.MustCompile(`^(` + keyAlt() + `): found an? [a-z ]+, expected an integer`), "{$1} is not a whole number"},
		{regexp.MustCompile(`add side = ("[^"]*") under scenario`), "choose the side $1"},
		{regexp.MustCompile(`add faction = ("[^"]*")`), "choose the faction $1"},
		{regexp.MustCompile(`add system = "…" at the top`), "choose a rule set"},
		{regexp.MustCompile(`add scenario = "…"`), "choose a scenario"},
		{regexp.MustCompile(`write faction = "…"`), "choose a faction"},
		{regexp.MustCompile(`or leave (` + keyAlt() + `) out`), "or leave {$1} empty"},
		{regexp.MustCompile(`leave (` + keyAlt() + `) out`), "leave {$1} empty"},
		{regexp.MustCompile(`,? as (` + keyAlt() + `) = …`), " as its {$1}"},
		{regexp.MustCompile(`set (` + keyAlt() + `) = true\b`), "tick “{$1}”"},
		{regexp.MustCompile(`(?:write|set|expected) (` + keyAlt() + `) = `), "expected {$1}: "},
		{regexp.MustCompile(`\b(` + keyAlt() + `) = `), "{$1} "},
		{regexp.MustCompile(`remove (` + keyAlt() + `)\b`), "clear {$1}"},
		{regexp.MustCompile(`\[\[unit\]\] tables?`), "unit"},
		{regexp.MustCompile(`\[\[unit\]\]`), "unit"},
		{regexp.MustCompile(`\[(` + tableAlt() + `)\]`), "the {$1}"},
		{regexp.MustCompile(`\bunit\.(` + keyAlt() + `)\b`), "{$1}"},
		{regexp.MustCompile(`^(` + keyAlt() + `): `), "{$1}: "},
		{regexp.MustCompile(`(: |^)(` + keyAlt() + `) is `), "$1{$2} is "},
		{regexp.MustCompile(`found an? [a-z ]+, expected an integer`), "is not a whole number"},
		{regexp.MustCompile(`found an? [a-z ]+, expected a string`), "should be text"},
		{regexp.MustCompile(`found an? [a-z ]+, expected a boolean`), "should be ticked or not"},
		{regexp.MustCompile(`\bunknown key ("[^"]*")`), "the list has a setting $1 the builder does not know"},
		{regexp.MustCompile(`(^|[^{\w])(` + compoundAlt() + `)\b`), "$1{$2}"},
		{regexp.MustCompile(`\bTOML\b|\btoml\b`), "list"},
	}
})

var braced = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{(` + keyAlt() + `)\}`) })

// plain is a checker's message in the player's words.
func playerWords(text string) string {
	for _, r := range plainRules() {
		text = r.re.ReplaceAllString(text, r.with)
	}
	text = braced().ReplaceAllStringFunc(text, func(s string) string { return fieldWords()[s[1:len(s)-1]] })
	if text != "" {
		text = strings.ToUpper(text[:1]) + text[1:]
	}
	return text
}
