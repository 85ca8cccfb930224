package rules

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// The odds tables' and the odds questions' words live in the data, in
// each rule set's [odds.<table>] blocks (catalog.OddsWords) and
// [query.<name>] blocks (catalog.QueryWords), so that a club's copy can
// reword a table or a question; the engine here computes the numbers and
// fills each {name} in the words with one it worked out. wordSpec says
// what each table, and each question's answer, reads; CheckWords holds
// every rule set's blocks to them, with the place of whatever is missing
// or unknown.

// WordSpec is what one table reads from its [odds.<ID>] block.
type WordSpec struct {
	ID      string
	Title   bool     // title = "…"
	Corner  bool     // corner = "…"
	Columns int      // columns = ["…", …]: fixed heads, exactly this many
	Notes   bool     // notes = ["…", …]: printed under the table (may be empty)
	Words   []string // [odds.<ID>.words]: each named word
	Vars    []string // the {names} its texts may hold
}

// VarRE is a {name} in a table's words.
var VarRE = regexp.MustCompile(`\{([a-z][a-z0-9_]*)\}`)

// CheckWords holds every rule set's [odds.<table>] blocks to what its
// engine's tables read, and its [query.<name>] blocks to what its
// engine's odds questions read: each block there, with its title, corner,
// columns, parameters and words, and nothing else; every {name} one the
// engine fills. Each problem is at its place in the data.
func CheckWords(cat *catalog.Catalog) diag.List { return CheckWordsWith(cat, nil) }

// CheckWordsWith is CheckWords building each odds table through build (a
// cache, as document.Odds.Table), so that a program printing the tables
// next (playaid build) computes each one once: the check builds every
// table anyway. A nil build builds each afresh.
func CheckWordsWith(cat *catalog.Catalog, build func(*catalog.System, OddsTable) (Table, error)) diag.List {
	if build == nil {
		build = func(sys *catalog.System, ot OddsTable) (Table, error) { return ot.Build(sys) }
	}
	var l diag.List
	var filled []*catalog.System // the rule sets whose words are right
	for _, sys := range RuleSets(cat) {
		before := l.Count()
		specs, qs := append(slices.Clone(EngineOf(sys).Words), own(sys).Words...), questionsOf(sys)
		from := func(has func(*catalog.System) bool, what string) string {
			// Where the book's words are, for a club's copy that lacks them.
			for _, o := range RuleSets(cat) {
				if EngineOf(o) == EngineOf(sys) && has(o) {
					return fmt.Sprintf(" (the words of %s are in its odds.toml: %s)", o.ID, what)
				}
			}
			return ""
		}
		if len(sys.Odds) == 0 && len(specs) > 0 {
			// A rule set written before its tables' words were data
			// (a club's copy): one message, saying where they are.
			l.Add(sys.Pos, "system %s has no [odds.<table>] blocks: the words its odds tables print%s", sys.ID,
				from(func(o *catalog.System) bool { return len(o.Odds) > 0 },
					fmt.Sprintf("copy it beside this system.toml and write system = %q in it", sys.ID)))
			continue
		}
		checkBlocks(&l, sys, "odds", "table", sys.Odds, specs, func(w *catalog.OddsWords) diag.Pos { return w.Pos })
		if len(sys.Queries) == 0 && len(qs) > 0 {
			// A copy made before the questions' words were data.
			l.Add(sys.Pos, "system %s has no [query.<name>] blocks: the words of its odds questions%s", sys.ID,
				from(func(o *catalog.System) bool { return len(o.Queries) > 0 }, "copy its [query.…] blocks into this rule set's odds.toml"))
			continue
		}
		checkBlocks(&l, sys, "query", "question", sys.Queries, qs, func(w *catalog.QueryWords) diag.Pos { return w.Pos })
		if l.Count() == before {
			filled = append(filled, sys)
		}
	}
	checkFilled(&l, filled, build)
	l.Sort()
	return l
}

// checkFilled builds each odds table of the systems once, so that words that
// fill to more than a table may print (limits.MaxWordText: a {name}
// repeated, whose value repeats one in turn) are the data's error, at
// their place, before a document asks for the table. The bound holds
// while the words are filled, so this costs a build of the tables, a few
// milliseconds, and no more memory than they take. The tables of all the
// rule sets are built side by side, on every core: every document waits
// for the check. (A table's build reads the catalogue alone, as the
// documents of a pack build theirs side by side.)
func checkFilled(l *diag.List, systems []*catalog.System, build func(*catalog.System, OddsTable) (Table, error)) {
	type job struct {
		sys *catalog.System
		ot  OddsTable
	}
	var jobs []job
	for _, sys := range systems {
		for _, ot := range OddsTables(sys) {
			jobs = append(jobs, job{sys, ot})
		}
	}
	errs := make([]error, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(jobs); i = int(next.Add(1) - 1) {
				_, errs[i] = build(jobs[i].sys, jobs[i].ot)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		var d diag.Diag
		if errors.As(err, &d) && !slices.Contains(*l, d) {
			*l = append(*l, d)
		}
	}
}

// blockSpec is what a rule set's block of words is held to: an odds
// table's (wordSpec) or an odds question's (*Query).
type blockSpec[W any] interface {
	blockName() string // the block's name: [odds.<name>], [query.<name>]
	keys() string      // what the block writes, for a message
	check(l *diag.List, w *W)
}

func (sp WordSpec) blockName() string { return sp.ID }

func (q *Query) blockName() string { return q.Name }

// checkBlocks holds the rule set's blocks of one kind ("odds", "query")
// to specs: each spec's block is there and right, and no block is
// unknown. what is what a block holds the words of ("table"); pos is
// where a block stands.
func checkBlocks[W any, S blockSpec[W]](l *diag.List, sys *catalog.System, kind, what string, blocks map[string]*W, specs []S, pos func(*W) diag.Pos) {
	var known []string
	for _, sp := range specs {
		name := sp.blockName()
		known = append(known, name)
		w := blocks[name]
		if w == nil {
			l.Add(sys.Pos, "system %s: no [%s.%s] block; expected the words of that %s (%s)", sys.ID, kind, name, what, sp.keys())
			continue
		}
		sp.check(l, w)
	}
	for _, name := range slices.Sorted(maps.Keys(blocks)) {
		if !slices.Contains(known, name) {
			l.Add(pos(blocks[name]), "[%s.%s]: %s", kind, name, catalog.Unknown("odds "+what, name, known))
		}
	}
}

// keys lists what a block of the spec writes, for a message.
func (sp WordSpec) keys() string {
	var k []string
	if sp.Title {
		k = append(k, "title")
	}
	if sp.Corner {
		k = append(k, "corner")
	}
	if sp.Columns > 0 {
		k = append(k, fmt.Sprintf("%d columns", sp.Columns))
	}
	if sp.Notes {
		k = append(k, "notes")
	}
	for _, w := range sp.Words {
		k = append(k, "words."+w)
	}
	return strings.Join(k, ", ")
}

func (sp WordSpec) check(l *diag.List, w *catalog.OddsWords) {
	where := "[odds." + sp.ID + "]"
	need := func(key string, wanted, has bool) {
		switch {
		case wanted && !has:
			l.Add(w.Pos, "%s: no %s; expected %s = …", where, key, key)
		case !wanted && has:
			l.Add(w.At(key), "%s: %s is not one of this table's words; expected %s", where, key, sp.keys())
		}
	}
	need("title", sp.Title, w.Has("title"))
	need("corner", sp.Corner, w.Has("corner"))
	need("columns", sp.Columns > 0, w.Has("columns"))
	need("notes", sp.Notes, w.Has("notes"))
	if sp.Columns > 0 && w.Has("columns") && len(w.Columns) != sp.Columns {
		l.Add(w.At("columns"), "%s: %d columns; expected %d, one head for each", where, len(w.Columns), sp.Columns)
	}
	texts := map[string]string{"title": w.Title, "corner": w.Corner}
	for i, c := range w.Columns {
		texts["columns."+strconv.Itoa(i)] = c
	}
	for i, n := range w.Notes {
		texts["notes."+strconv.Itoa(i)] = n
	}
	sp.checkNamed(l, where, w.Pos, w.At, w.Words)
	for name, text := range w.Words {
		texts["words."+name] = text
	}
	checkVars(l, where, w.At, texts, sp.Vars)
}

// checkNamed holds a block's named words (words.<name>) to the spec's:
// each there, and no other.
func (sp WordSpec) checkNamed(l *diag.List, where string, pos diag.Pos, at func(string) diag.Pos, words map[string]string) {
	for _, name := range sp.Words {
		if _, ok := words[name]; !ok {
			l.Add(pos, "%s: no words.%s; expected %s", where, name, sp.keys())
		}
	}
	for _, name := range slices.Sorted(maps.Keys(words)) {
		if !slices.Contains(sp.Words, name) {
			l.Add(at("words."+name), "%s: %s", where, catalog.Unknown("word", name, sp.Words))
		}
	}
}

// checkVars holds each {name} in texts (by key) to vars.
func checkVars(l *diag.List, where string, at func(string) diag.Pos, texts map[string]string, vars []string) {
	for _, k := range slices.Sorted(maps.Keys(texts)) {
		if len(texts[k]) > limits.MaxWordText {
			l.Add(at(k), "%s: %s is %d bytes long; expected at most %d (a paragraph)", where, k, len(texts[k]), limits.MaxWordText)
			continue
		}
		for _, m := range VarRE.FindAllStringSubmatch(texts[k], -1) {
			if !slices.Contains(vars, m[1]) {
				l.Add(at(k), "%s: %s", where, catalog.Unknown("{name} in "+k, m[1], vars))
			}
		}
	}
}

// keys lists what a question's block writes, for a message.
func (q *Query) keys() string {
	k := []string{"title", "summary"}
	for _, p := range q.Params {
		k = append(k, "param."+p.Name+".label")
	}
	for _, w := range q.named.Words {
		k = append(k, "words."+w)
	}
	return strings.Join(k, ", ")
}

// check holds a question's [query.<name>] block to what it reads: its
// title and summary, each parameter's label (its help may be left out)
// and, for fixed choices, each choice's label; the named words of its
// answer. Only the answer's words hold {names}.
func (q *Query) check(l *diag.List, w *catalog.QueryWords) {
	where := "[query." + q.Name + "]"
	for _, key := range []string{"title", "summary"} {
		if !w.Has(key) {
			l.Add(w.Pos, "%s: no %s; expected %s = …", where, key, key)
		}
	}
	texts := map[string]string{"title": w.Title, "summary": w.Summary}
	var names []string
	for _, p := range q.Params {
		names = append(names, p.Name)
		key := "param." + p.Name
		pw := w.Params[p.Name]
		if !w.Has(key + ".label") {
			l.Add(w.At(key), "%s: no %s.label; expected %s.label = …, what the form calls it", where, key, key)
		}
		texts[key+".label"], texts[key+".help"] = pw.Label, pw.Help
		var offered []string
		for _, v := range p.values {
			if v != "" {
				offered = append(offered, v)
			}
		}
		for _, v := range p.values {
			if v == "" {
				if !w.Has(key + ".none") {
					l.Add(w.At(key), "%s: no %s.none; expected %s.none = …, the label of choosing none", where, key, key)
				}
				continue
			}
			if !w.Has(key + ".choices." + v) {
				l.Add(w.At(key), "%s: no %s.choices.%s; expected a label for each choice (%s)", where, key, v, strings.Join(offered, ", "))
			}
		}
		if w.Has(key+".none") && !slices.Contains(p.values, "") {
			l.Add(w.At(key+".none"), "%s: %s.none: this parameter has no choice of none", where, key)
		}
		texts[key+".none"] = pw.None
		for _, v := range slices.Sorted(maps.Keys(pw.Choices)) {
			if !slices.Contains(offered, v) {
				l.Add(w.At(key+".choices."+v), "%s: %s", where, catalog.Unknown("choice of "+key, v, offered))
			}
			texts[key+".choices."+v] = pw.Choices[v]
		}
	}
	for _, name := range slices.Sorted(maps.Keys(w.Params)) {
		if !slices.Contains(names, name) {
			l.Add(w.At("param."+name), "%s: %s", where, catalog.Unknown("parameter", name, names))
		}
	}
	checkVars(l, where, w.At, texts, nil)
	sp := q.named
	sp.checkNamed(l, where, w.Pos, w.At, w.Words)
	named := map[string]string{}
	for name, text := range w.Words {
		named["words."+name] = text
	}
	checkVars(l, where, w.At, named, sp.Vars)
}

// Words are one table's words for a rule set, or one odds
// question's, with the values its {names} are filled with. The first
// problem (a block or word missing, as CheckWords would say) is kept and
// returned by err.
type Words struct {
	where string             // "[odds.morale]", "[query.attack]"
	w     *catalog.OddsWords // a table's block: its title, corner, columns and notes
	named map[string]string  // the block's words.<name>
	at    func(key string) diag.Pos
	pos   diag.Pos
	vars  map[string]string
	fail  error
	spent int // bytes filled so far, against limits.MaxTableWords
}

// WordsOf returns the words of the table id for sys, with vars given as
// name, value pairs.
func WordsOf(sys *catalog.System, id string, vars ...string) *Words {
	t := &Words{where: "[odds." + id + "]", vars: map[string]string{}}
	t.Set(vars...)
	if sys != nil {
		t.w = sys.Odds[id]
	}
	if t.w == nil {
		t.fail = fmt.Errorf("%s: no %s block: the words of that table", sysID(sys), t.where)
		return t
	}
	t.named, t.at, t.pos = t.w.Words, t.w.At, t.w.Pos
	return t
}

// queryWordsOf returns the words of the odds question name for sys.
func queryWordsOf(sys *catalog.System, name string) *Words {
	t := &Words{where: "[query." + name + "]", vars: map[string]string{}}
	var w *catalog.QueryWords
	if sys != nil {
		w = sys.Queries[name]
	}
	if w == nil {
		t.fail = fmt.Errorf("%s: no %s block: the words of that question", sysID(sys), t.where)
		return t
	}
	t.named, t.at, t.pos = w.Words, w.At, w.Pos
	return t
}

func sysID(sys *catalog.System) string {
	if sys == nil {
		return "no rule set"
	}
	return sys.ID
}

// Set gives {names} their values: name, value pairs.
func (t *Words) Set(vars ...string) *Words {
	for i := 0; i+1 < len(vars); i += 2 {
		t.vars[vars[i]] = vars[i+1]
	}
	return t
}

// fill fills the {names} of the text at key: each match of VarRE, found
// by a plain scan (the tables fill thousands of words; most have no
// {name} at all). The text is bounded as it grows (limits.MaxWordText),
// and so are all the table's texts together (limits.MaxTableWords): a
// {name} repeated, whose value is words repeating a {name} in turn,
// multiplies, and is refused before the memory is spent. A text over
// its bound is refused and fills as "".
func (t *Words) fill(key, text string) string {
	if t.spent > limits.MaxTableWords {
		return ""
	}
	i := strings.IndexByte(text, '{')
	if i < 0 {
		return t.spend(key, text)
	}
	var b strings.Builder
	for i >= 0 {
		n := varAt(text[i:])
		if n == 0 {
			b.WriteString(text[:i+1])
			text = text[i+1:]
		} else {
			b.WriteString(text[:i])
			name := text[i+1 : i+n-1]
			v, ok := t.vars[name]
			if !ok {
				t.refuse(key, fmt.Sprintf("{%s} has no value here", name))
			}
			if b.Len()+len(v) > limits.MaxWordText {
				return t.spend(key, strings.Repeat(" ", limits.MaxWordText+1))
			}
			b.WriteString(v)
			text = text[i+n:]
		}
		i = strings.IndexByte(text, '{')
	}
	b.WriteString(text)
	return t.spend(key, b.String())
}

// spend counts a filled text against the bounds: it is the text, or ""
// with the refusal kept when the text or the table's words run too long.
func (t *Words) spend(key, s string) string {
	t.spent += len(s)
	switch {
	case len(s) > limits.MaxWordText:
		t.refuse(key, fmt.Sprintf("filled in, it runs to more than %d bytes; expected at most that (a paragraph): a {name} repeated, or one that holds long words, makes it long", limits.MaxWordText))
		return ""
	case t.spent > limits.MaxTableWords:
		t.refuse(key, fmt.Sprintf("the table's words, filled in, run to more than %d KiB together; expected shorter words", limits.MaxTableWords>>10))
		return ""
	}
	return s
}

// refuse keeps the first refusal, at the text's place in the data.
func (t *Words) refuse(key, why string) {
	if t.fail == nil {
		t.fail = diag.At(t.at(key), fmt.Errorf("%s %s: %s", t.where, key, why))
	}
}

// varAt is the length of the {name} (as VarRE reads it) that s starts
// with, or 0 when it starts with none.
func varAt(s string) int {
	if len(s) < 3 || s[0] != '{' || s[1] < 'a' || s[1] > 'z' {
		return 0
	}
	for j := 2; j < len(s); j++ {
		switch c := s[j]; {
		case c == '}':
			return j + 1
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
		default:
			return 0
		}
	}
	return 0
}

func (t *Words) Title() string {
	if t.w == nil {
		return ""
	}
	return t.fill("title", t.w.Title)
}

func (t *Words) Corner() string {
	if t.w == nil {
		return ""
	}
	return t.fill("corner", t.w.Corner)
}

// Columns are the fixed heads, filled.
func (t *Words) Columns() []string {
	if t.w == nil {
		return nil
	}
	out := make([]string, len(t.w.Columns))
	for i, c := range t.w.Columns {
		out[i] = t.fill("columns."+strconv.Itoa(i), c)
	}
	return out
}

// Notes are the notes, filled.
func (t *Words) Notes() []string {
	if t.w == nil {
		return nil
	}
	var out []string
	for i, n := range t.w.Notes {
		out = append(out, t.fill("notes."+strconv.Itoa(i), n))
	}
	return out
}

// Word is the named word, filled with vars (name, value pairs) beside the
// block's.
func (t *Words) Word(name string, vars ...string) string {
	if t.at == nil {
		return ""
	}
	text, ok := t.named[name]
	if !ok {
		if t.fail == nil {
			t.fail = fmt.Errorf("%s: %s: no words.%s", t.pos, t.where, name)
		}
		return ""
	}
	t.Set(vars...)
	return t.fill("words."+name, text)
}

// Err is the first problem met.
func (t *Words) Err() error { return t.fail }

// Plus is a number with its sign, as the tables print a modifier in
// running text: +1, -4 (a hyphen), +0.
func Plus(n int) string { return fmt.Sprintf("%+d", n) }

// Itoa is strconv.Itoa.
func Itoa(n int) string { return strconv.Itoa(n) }
