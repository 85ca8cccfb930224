package document

import (
	"fmt"
	"reflect"
	"text/template"
	"text/template/parse"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// A club's template is a program: {{ range 10000000000 }} never ends,
// ranges within ranges multiply, a template that calls itself twice
// doubles its work with each call, and {{ $s = print $s $s }} in a loop
// doubles a string. Execution is bounded by a budget of work that every
// loop turn, template call and function call spends from, and of bytes
// that the output and the functions' results spend from (internal/limits).
// The budget runs out after the same steps on every machine: a template
// is refused the same way whether the computer is busy or not, and an
// execution always ends, within a second, on the goroutine that started
// it. Nothing is left running behind a deadline (in playaid serve, a
// request's template ends with the request).
//
// text/template has no hook for a loop's turn, but it hands every text
// node it walks past to the writer, an empty one too. So each range body
// gets an empty text node of its own first, a step node, put into the
// parsed tree, and each {{template}} call gets one before it; the output
// (see output.Write) knows the step nodes by their memory and spends the
// steps of each as it is written: N, the size of the body or of the
// template called. A step costs the output a map lookup, where an action
// calling a function would cost a call through reflection.

// minCallSteps is the least a template call spends: enough that a template
// that calls itself without end runs out of the budget (after
// MaxTemplateSteps/minCallSteps calls) before text/template's own depth
// limit (100000 calls), so that recursion is refused as loops are.
const minCallSteps = 20

// budget is what one execution may still spend.
type budget struct {
	steps int // loop turns, template calls and function calls, by size
	bytes int // text returned by functions
}

// step spends n steps.
func (b *budget) step(n int) error {
	b.steps += n
	if b.steps > limits.MaxTemplateSteps {
		return fmt.Errorf("the template takes more than %d steps (a range over too many items, or ranges or templates within each other); expected a template that ends", limits.MaxTemplateSteps)
	}
	return nil
}

// spend counts a function's result: a step, and its size when it is text
// or a list.
func (b *budget) spend(v reflect.Value) error {
	n := 0
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map:
		n = v.Len()
	}
	return b.spendLen(n)
}

// spendLen counts a function's result of size n (0 for one that is not
// text or a list): a step, and n bytes.
func (b *budget) spendLen(n int) error {
	if err := b.step(1); err != nil {
		return err
	}
	b.bytes += n
	if b.bytes > limits.MaxTemplateOutput {
		return fmt.Errorf("the template's functions return more than %d bytes of text; expected a template that prints at most that much", limits.MaxTemplateOutput)
	}
	return nil
}

// wrap returns the functions of fns a template calls, each counted
// against the budget. The text builtins (print, printf, println, html,
// js, urlquery) are given as functions of the same behaviour so that they
// are counted too (a template's own functions come before the builtins).
func (b *budget) wrap(fns template.FuncMap, calls map[string]bool) template.FuncMap {
	out := template.FuncMap{}
	for name, fn := range countedBuiltins {
		if calls[name] && fns[name] == nil {
			out[name] = b.counted(fn)
		}
	}
	for name, fn := range fns {
		if calls[name] {
			out[name] = b.counted(fn)
		}
	}
	return out
}

// countedBuiltins are the text builtins wrap counts (see wrap).
var countedBuiltins = template.FuncMap{
	"print":    fmt.Sprint,
	"printf":   fmt.Sprintf,
	"println":  fmt.Sprintln,
	"html":     template.HTMLEscaper,
	"js":       template.JSEscaper,
	"urlquery": template.URLQueryEscaper,
}

// counted wraps one function: its result is counted, and an error is
// returned (or, for a function without an error result, panicked, which
// text/template returns as the call's error) when the budget runs out.
func (b *budget) counted(fn any) any {
	// The signatures the shipped templates call often are wrapped without
	// reflection (a reflect.MakeFunc call costs as much again as
	// text/template's own call, and six allocations): the same spending,
	// the same errors. A function of another signature (a few calls a
	// build) gets the reflective wrapper below.
	switch f := fn.(type) {
	case func(string) string:
		return count1(b, f, textLen)
	case func(int) string:
		return count1(b, f, textLen)
	case func(catalog.Length) string:
		return count1(b, f, textLen)
	case func(catalog.Roll) string:
		return count1(b, f, textLen)
	case func(*int) string:
		return count1(b, f, textLen)
	case func(rules.Table) string:
		return count1(b, f, textLen)
	case func(rules.Table) rules.Table:
		return count1(b, f, noLen)
	case func(string) (string, error):
		return count1E(b, f, textLen)
	case func(any) (string, error):
		return count1E(b, f, textLen)
	case func(int) (string, error):
		return count1E(b, f, textLen)
	case func(string) (rules.Table, error):
		return count1E(b, f, noLen)
	case func(string, string) string:
		return count2(b, f, textLen)
	case func(string, []string) string:
		return count2(b, f, textLen)
	case func([]string, string) string:
		return count2(b, f, textLen)
	case func(string, []string) bool:
		return count2(b, f, noLen)
	case func(string, string) []string:
		return count2(b, f, listLen)
	case func(rules.Table, string) rules.Table:
		return count2(b, f, noLen)
	case func(rules.Table, int) rules.Table:
		return count2(b, f, noLen)
	case func(string, string) (string, error):
		return count2E(b, f, textLen)
	case func(int, int) (int, error):
		return count2E(b, f, noLen)
	case func(int, string, string) string:
		return count3(b, f, textLen)
	case func(...string) string:
		return countAll(b, f, textLen)
	case func(...any) string:
		return countAll(b, f, textLen)
	case func(string, ...string) string:
		return countWords(b, f, textLen)
	case func(string, ...any) string:
		return countWords(b, f, textLen)
	case func(string, ...string) (string, error):
		return countWordsE(b, f, textLen)
	case func(any, ...string) (string, error):
		return countWordsE(b, f, textLen)
	case func(string, ...int) (string, error):
		return countWordsE(b, f, textLen)
	case func(rules.Table, ...string) (rules.Table, error):
		return countWordsE(b, f, noLen)
	}
	v := reflect.ValueOf(fn)
	t := v.Type()
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		var out []reflect.Value
		if t.IsVariadic() {
			out = v.CallSlice(args)
		} else {
			out = v.Call(args)
		}
		if len(out) == 2 && !out[1].IsNil() {
			return out
		}
		if err := b.spend(out[0]); err != nil {
			if len(out) == 2 {
				out[1] = reflect.ValueOf(&err).Elem()
				return out
			}
			panic(err)
		}
		return out
	}).Interface()
}

// textLen, listLen and noLen are what spend counts of a result: the size
// of text or of a list, nothing more for anything else (a number, a
// truth, an odds table).
func textLen(s string) int     { return len(s) }
func listLen[E any](l []E) int { return len(l) }
func noLen[R any](R) int       { return 0 }

// count1 is counted for a function of one argument; count1E for one that
// also returns an error, which is passed on as it is.
func count1[A, R any](b *budget, f func(A) R, size func(R) int) func(A) R {
	return func(a A) R { return spent(b, f(a), size) }
}

func count1E[A, R any](b *budget, f func(A) (R, error), size func(R) int) func(A) (R, error) {
	return func(a A) (R, error) {
		r, err := f(a)
		return spentE(b, r, err, size)
	}
}

// count2, count2E and count3 are count1 and count1E for two and three
// arguments.
func count2[A, B, R any](b *budget, f func(A, B) R, size func(R) int) func(A, B) R {
	return func(a A, c B) R { return spent(b, f(a, c), size) }
}

func count2E[A, B, R any](b *budget, f func(A, B) (R, error), size func(R) int) func(A, B) (R, error) {
	return func(a A, c B) (R, error) {
		r, err := f(a, c)
		return spentE(b, r, err, size)
	}
}

func count3[A, B, C, R any](b *budget, f func(A, B, C) R, size func(R) int) func(A, B, C) R {
	return func(a A, c B, d C) R { return spent(b, f(a, c, d), size) }
}

// countAll is counted for a function of any number of arguments;
// countWords and countWordsE for one that takes them after its first.
func countAll[W, R any](b *budget, f func(...W) R, size func(R) int) func(...W) R {
	return func(w ...W) R { return spent(b, f(w...), size) }
}

func countWords[A, W, R any](b *budget, f func(A, ...W) R, size func(R) int) func(A, ...W) R {
	return func(a A, w ...W) R { return spent(b, f(a, w...), size) }
}

func countWordsE[A, W, R any](b *budget, f func(A, ...W) (R, error), size func(R) int) func(A, ...W) (R, error) {
	return func(a A, w ...W) (R, error) {
		r, err := f(a, w...)
		return spentE(b, r, err, size)
	}
}

// spent counts r, a result without an error: when the budget runs out it
// panics, which text/template returns as the call's error.
func spent[R any](b *budget, r R, size func(R) int) R {
	if err := b.spendLen(size(r)); err != nil {
		panic(err)
	}
	return r
}

// spentE counts r unless the function returned an error err, and
// returns it with the function's error or the budget's.
func spentE[R any](b *budget, r R, err error, size func(R) int) (R, error) {
	if err == nil {
		err = b.spendLen(size(r))
	}
	return r, err
}

// meter puts the step nodes into every tree of root, the template of
// srcs: first in each range body, and before each template call. It
// returns the index of the trees' step nodes and text nodes.
func meter(root *template.Template, srcs []Source) index {
	sizes := map[string]int{}
	for _, t := range root.Templates() {
		if t.Tree != nil && t.Root != nil {
			sizes[t.Name()] = size(t.Root)
		}
	}
	m := meterer{sizes: sizes, index: index{steps: map[*byte]step{}, texts: map[*byte]place{}}}
	for _, t := range root.Templates() {
		if t.Tree != nil && t.Root != nil {
			m.src = srcIndex(srcs, t.ParseName)
			m.list(t.Root)
		}
	}
	return m.index
}

// index finds a tree's nodes by the memory of the text that the output is
// given as the execution walks past them (see output.Write): what each
// step node spends, by its stepKey, and where each text node's text
// stands in the sources, by its first byte. It is made once for the trees
// and read by every execution of them.
type index struct {
	steps map[*byte]step
	texts map[*byte]place
}

// meterer puts the step nodes into one tree and indexes its text nodes.
type meterer struct {
	sizes map[string]int // each template's size
	src   int            // the source the tree was parsed from
	index                // the step nodes put in and text nodes met so far
}

// add returns a new step node of n steps at pos.
func (m meterer) add(pos parse.Pos, n int) *parse.TextNode {
	t := stepNode(pos)
	m.steps[stepKey(t.Text)] = step{n, place{m.src, int(pos)}}
	return t
}

func (m meterer) list(l *parse.ListNode) {
	if l == nil {
		return
	}
	nodes := make([]parse.Node, 0, len(l.Nodes))
	for _, n := range l.Nodes {
		for _, b := range branches(n) {
			m.list(b)
		}
		switch n := n.(type) {
		case *parse.TextNode:
			if len(n.Text) > 0 {
				m.texts[&n.Text[0]] = place{m.src, int(n.Pos)}
			}
		case *parse.TemplateNode:
			nodes = append(nodes, m.add(n.Pos, max(m.sizes[n.Name], minCallSteps)))
		case *parse.RangeNode:
			n.List.Nodes = append([]parse.Node{m.add(n.Pos, size(n.List))}, n.List.Nodes...)
		}
		nodes = append(nodes, n)
	}
	l.Nodes = nodes
}

// branches are the lists an if, a range or a with runs (the else may be
// nil); none for another node.
func branches(n parse.Node) []*parse.ListNode {
	switch n := n.(type) {
	case *parse.IfNode:
		return []*parse.ListNode{n.List, n.ElseList}
	case *parse.RangeNode:
		return []*parse.ListNode{n.List, n.ElseList}
	case *parse.WithNode:
		return []*parse.ListNode{n.List, n.ElseList}
	}
	return nil
}

// stepNode is an empty text node whose text has room for a byte, so
// that its memory tells it apart from every other (see stepKey).
func stepNode(pos parse.Pos) *parse.TextNode {
	return &parse.TextNode{NodeType: parse.NodeText, Pos: pos, Text: make([]byte, 0, 1)}
}

// step is what a step node spends, and where it stands (for the message
// when the budget runs out).
type step struct {
	n  int
	at place
}

// stepKey is the memory that tells a step node's text apart.
func stepKey(text []byte) *byte { return &text[:1][0] }

// size counts the nodes of a list, those of the lists within included:
// what one turn of a loop over it may do before the next step.
func size(l *parse.ListNode) int {
	n := 1
	if l == nil {
		return n
	}
	for _, x := range l.Nodes {
		n++
		for _, b := range branches(x) {
			n += size(b)
		}
	}
	return n
}

// rangeLiteral finds a range over a whole-number literal bigger than a
// template may loop ({{ range 10000000000 }}): refused before anything
// runs, at the number.
func rangeLiteral(l *parse.ListNode) *parse.NumberNode {
	if l == nil {
		return nil
	}
	for _, x := range l.Nodes {
		if r, ok := x.(*parse.RangeNode); ok {
			if p := r.Pipe; p != nil && len(p.Cmds) == 1 && len(p.Cmds[0].Args) == 1 {
				if num, ok := p.Cmds[0].Args[0].(*parse.NumberNode); ok && num.IsInt && num.Int64 > limits.MaxTemplateSteps {
					return num
				}
			}
		}
		for _, b := range branches(x) {
			if n := rangeLiteral(b); n != nil {
				return n
			}
		}
	}
	return nil
}

// bigNumber finds a whole number written in a template that a 32-bit int
// cannot hold. On a 32-bit machine (arm, 386) text/template cuts such a
// number down to an int without a word, and the template would compute
// another answer there; it is refused before anything runs, on every
// machine alike.
func bigNumber(n parse.Node) (found *parse.NumberNode) {
	if n, ok := n.(*parse.NumberNode); ok && n.IsInt && n.Int64 != int64(int32(n.Int64)) {
		return n
	}
	eachKid(n, func(k parse.Node) {
		if found == nil {
			found = bigNumber(k)
		}
	})
	return found
}

// calls are the names of the functions the trees of root call: every
// identifier in them (the builtins' names among them).
func calls(root *template.Template) map[string]bool {
	names := map[string]bool{}
	var visit func(parse.Node)
	visit = func(n parse.Node) {
		if id, ok := n.(*parse.IdentifierNode); ok {
			names[id.Ident] = true
		}
		eachKid(n, visit)
	}
	for _, t := range root.Templates() {
		if t.Tree != nil {
			visit(t.Root)
		}
	}
	return names
}

// eachKid calls f for each node within n that execution evaluates: a
// list's nodes, the pipelines and lists of an action, an if, a range, a
// with or a template call, a pipeline's arguments, a chain's first node.
func eachKid(n parse.Node, f func(parse.Node)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, k := range n.Nodes {
				f(k)
			}
		}
	case *parse.ActionNode:
		f(n.Pipe)
	case *parse.IfNode:
		f(n.Pipe)
		f(n.List)
		f(n.ElseList)
	case *parse.RangeNode:
		f(n.Pipe)
		f(n.List)
		f(n.ElseList)
	case *parse.WithNode:
		f(n.Pipe)
		f(n.List)
		f(n.ElseList)
	case *parse.TemplateNode:
		f(n.Pipe)
	case *parse.ChainNode:
		f(n.Node)
	case *parse.PipeNode:
		if n != nil {
			for _, c := range n.Cmds {
				for _, a := range c.Args {
					f(a)
				}
			}
		}
	}
}
