package web

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// A list is judged — read and checked as 'playaid army validate' checks
// it — once for each content and data edition, and the verdict kept: the
// home page and the game night show the folder's lists by their kept
// verdicts, so that they cost the same with one list or a thousand. A
// list's content is known by its file's size and time of change, from
// the folder's listing (a look at each file, not a read): a save, an
// import or an editor changes them. A page judges the lists it finds
// new or changed up to a budget of text (judgeBudget); the rest show as
// being checked while one judge in the background gets through them, a
// list at a time, in a slot of the heavy work (cache.slots).

// judgeBudget bounds the list text one page judges before it answers: as
// much as the biggest list, or a hundred ordinary ones.
const judgeBudget = maxListBytes

// judgement is a list's kept verdict.
type judgement struct {
	file     listFile // the file as judged
	edition  string   // the data's version it was judged against
	row      listRow  // the home page's row
	sys      *catalog.System
	scenario string // the list's scenario id
	valid    bool
	army     string          // the army's name
	plays    map[string]bool // the scenarios' sides it may play, "scenario/side index" (rules.Report.Plays)
}

// judges keeps the verdicts and runs the background judge.
type judges struct {
	mu     sync.Mutex
	kept   map[string]*judgement
	busy   bool // the background judge runs
	again  bool // and is asked to look once more when it is done
	closed bool
	wg     sync.WaitGroup
	judged atomic.Int64 // lists judged, for tests
}

func newJudges() *judges { return &judges{kept: map[string]*judgement{}} }

// close stops the background judge and waits for it.
func (j *judges) close() {
	j.mu.Lock()
	j.closed = true
	j.mu.Unlock()
	j.wg.Wait()
}

// fresh is the verdict kept for f, or nil when there is none for its
// content and the data's edition.
func (j *judges) fresh(f listFile, edition string) *judgement {
	if k := j.kept[f.name]; k != nil && k.edition == edition && k.file.size == f.size && k.file.mod.Equal(f.mod) {
		return k
	}
	return nil
}

// verdicts returns the verdict of each file of the folder's listing, in
// order: kept ones as they are, others judged now up to judgeBudget, the
// rest as being checked (pending counts them; the background judge is
// started for them). Verdicts of files no longer listed are dropped.
func (s *Server) verdicts(files []listFile) (out []*judgement, pending int) {
	j, edition := s.judges, s.cat.Version()
	out = make([]*judgement, len(files))
	j.mu.Lock()
	listed := make(map[string]bool, len(files))
	var todo []int
	for i, f := range files {
		listed[f.name] = true
		if out[i] = j.fresh(f, edition); out[i] == nil {
			todo = append(todo, i)
		}
	}
	for name := range j.kept {
		if !listed[name] {
			delete(j.kept, name)
		}
	}
	j.mu.Unlock()
	spent := 0
	for _, i := range todo {
		f := files[i]
		if spent+int(f.size) > judgeBudget && spent > 0 {
			out[i] = checking(f)
			pending++
			continue
		}
		spent += int(f.size)
		out[i] = s.judge(f)
	}
	if pending > 0 {
		s.judgeRest()
	}
	return out, pending
}

// checking is the verdict of a list not judged yet.
func checking(f listFile) *judgement {
	return &judgement{file: f, row: listRow{Name: f.name, Status: "CHECKING"}}
}

// judge reads and checks the list the listing found as f, and keeps its
// verdict under the stamp of the bytes read (f's, when none were).
func (s *Server) judge(f listFile) *judgement {
	name := f.name
	s.judges.judged.Add(1)
	src, read, err := s.lists.readStamped(name)
	if read.name != "" {
		f = read
	}
	var k *judgement
	if err != nil {
		k = &judgement{file: f, row: listRow{Name: name, Status: "UNREADABLE", First: err.Error()}}
	} else {
		rep, dl, why := s.validate(name, src)
		k = judgementOf(f, rep, dl, why)
	}
	s.kept(k)
	return k
}

// kept keeps a verdict, with its row made for the home page.
func (s *Server) kept(k *judgement) {
	k.edition = s.cat.Version()
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, "listrow", k.row); err == nil {
		k.row.HTML = template.HTML(b.String())
	}
	s.judges.mu.Lock()
	s.judges.kept[k.file.name] = k
	s.judges.mu.Unlock()
}

// validate checks a list as 'playaid army validate' does, unless it is
// too dear to check: then why says so, and nothing is checked.
func (s *Server) validate(name string, src []byte) (*army.Report, diag.List, string) {
	if n := unitTables(src); n > limits.MaxEntries {
		return nil, nil, tooManyUnits(n)
	}
	rep, dl := army.Validate(name+ext, src, s.cat)
	if rep != nil && len(rep.List.Units) > limits.MaxEntries {
		return rep, dl, tooManyUnits(len(rep.List.Units))
	}
	return rep, dl, ""
}

// tooManyUnits is why a list of n units is not checked, kept or shown in
// the builder.
func tooManyUnits(n int) string {
	return fmt.Sprintf("It has %d units, more than the %d a list may have, so the server does not check it (that would hold up every page): split it into smaller lists.", n, limits.MaxEntries)
}

// unitTables counts a list's [[unit]] tables by their header lines,
// before the list is decoded: what checking it would cost. (Units written
// as one inline array are counted when the list is checked.)
func unitTables(src []byte) int {
	n := 0
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimLeft(line, " \t")
		if !bytes.HasPrefix(line, []byte("[[")) {
			continue
		}
		head, _, ok := bytes.Cut(line[2:], []byte("]]"))
		if ok && string(bytes.TrimSpace(head)) == "unit" {
			n++
		}
	}
	return n
}

// judgementOf is the verdict of a list checked (rep nil: not TOML, or
// too dear to check, why saying so).
func judgementOf(f listFile, rep *army.Report, dl diag.List, why string) *judgement {
	k := &judgement{file: f, row: listRow{Name: f.name, Status: "UNREADABLE"}}
	switch {
	case why != "":
		k.row.First = why
		return k
	case rep == nil:
		if len(dl) > 0 {
			k.row.First = diagText(dl[0])
		}
		return k
	}
	// A kept verdict copies the words it keeps from the list: the
	// decoder's strings share the file's text, which would be kept too.
	row := &k.row
	row.Army = strings.Clone(rep.List.Name)
	k.army = row.Army
	k.sys, k.scenario, k.valid = rep.System, strings.Clone(rep.List.Scenario), rep.Valid()
	if k.valid && rep.System != nil {
		k.plays = map[string]bool{}
		for _, sc := range rep.System.Scenarios {
			for i := range sc.Sides {
				if rep.Plays(&sc, i) == nil {
					k.plays[sc.ID+"/"+strconv.Itoa(i)] = true
				}
			}
		}
	}
	if rep.System != nil {
		row.System = rep.System.About.Short
		if sc := rep.System.Scenario(rep.List.Scenario); sc != nil {
			row.Scenario = sc.Name
		}
		row.Side = strings.Clone(firstNonEmpty(rep.Faction, rep.List.Faction))
		if rep.Side != nil {
			row.Side = rep.Side.Name
		}
		if rep.HasPoints() {
			row.Points = fmt.Sprintf("%d pts", rep.Used)
			if rep.Limit > 0 {
				row.Points = fmt.Sprintf("%d / %d pts", rep.Used, rep.Limit)
			}
		}
	}
	row.Status = "INVALID"
	if k.valid {
		row.Status = "VALID"
	}
	var probs []string
	if n := len(rep.Diags.Errors()); n > 0 {
		probs = append(probs, fmt.Sprintf("%d %s", n, plural(n, "error", "errors")))
	}
	if n := len(rep.Diags.Warnings()); n > 0 {
		probs = append(probs, fmt.Sprintf("%d %s", n, plural(n, "warning", "warnings")))
	}
	row.Problems = strings.Join(probs, ", ")
	return k
}

// keep keeps the verdict of a list the server has just checked and
// written (an import), so that no page judges it again.
func (s *Server) keep(name string, rep *army.Report, dl diag.List) {
	f, err := s.lists.stamp(name)
	if err != nil {
		return
	}
	s.kept(judgementOf(f, rep, dl, ""))
}

// judgeRest starts the background judge, unless it runs: it judges the
// folder's lists that have no fresh verdict, one at a time, each in a
// slot of the heavy work, until none is left.
func (s *Server) judgeRest() {
	j := s.judges
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return
	}
	if j.busy {
		j.again = true
		return
	}
	j.busy = true
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		for s.judgeStale() {
		}
	}()
}

// judgeStale judges the lists of one listing of the folder that have no
// fresh verdict, and says whether the judge should look again (it found
// some, or was asked to).
func (s *Server) judgeStale() bool {
	j, edition := s.judges, s.cat.Version()
	files, _, err := s.lists.files()
	var stale []listFile
	j.mu.Lock()
	if err == nil && !j.closed {
		for _, f := range files {
			if j.fresh(f, edition) == nil {
				stale = append(stale, f)
			}
		}
	}
	if len(stale) == 0 {
		again := j.again && !j.closed && err == nil
		j.again = false
		if !again {
			j.busy = false
		}
		j.mu.Unlock()
		return again
	}
	j.mu.Unlock()
	slots := s.docs.cache.slots
	for _, f := range stale {
		j.mu.Lock()
		closed := j.closed
		j.mu.Unlock()
		if closed {
			break
		}
		slots <- struct{}{}
		s.judge(f)
		<-slots
	}
	return true
}
