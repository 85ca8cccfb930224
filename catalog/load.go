package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/tomlpos"
)

// Source is one layer of data: the embedded defaults, or a club's folder.
// Name prefixes file names in messages ("data/aqotmf/units.toml").
type Source struct {
	Name string
	FS   fs.FS
}

// ArmiesDir holds army lists, which are not rule data: the loader keeps
// its lists as the data's example lists (Catalog.Lists) and reads no rule
// data from it.
const ArmiesDir = "armies"

// Load reads every *.toml file of the sources. The first source is the
// base (the shipped data); each later one is laid over it: its file with
// the same relative path replaces the earlier one, new files add entries.
// It returns the catalogue and every problem found, errors and warnings
// together; the catalogue is only usable when the list has no errors.
//
// Files are merged source by source, so that a duplicate id is blamed on
// the later file: the one a club wrote, not the shipped one. Every file
// that parses is merged and checked, even one with values of the wrong
// type; checks skip the values the decoder could not read, so an error is
// reported once, where it is.
func Load(sources ...Source) (*Catalog, diag.List) {
	var l diag.List
	files := walk(sources, &l)

	// Reading and decoding dominate loading, and files decode
	// independently: spread them over the cores, biggest first so that no
	// core is left with a big file at the end. Merging then goes in source
	// and path order, so results never depend on scheduling.
	byWork := slices.Clone(files)
	sort.Slice(byWork, func(i, j int) bool {
		if byWork[i].size != byWork[j].size {
			return byWork[i].size > byWork[j].size
		}
		return byWork[i].rel < byWork[j].rel
	})
	var wg sync.WaitGroup
	next := make(chan *dataFile)
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(files)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				f.decode()
			}
		}()
	}
	for _, f := range byWork {
		next <- f
	}
	close(next)
	wg.Wait()

	ld := newLoader()
	for _, f := range files {
		l = append(l, f.dl...)
		if f.ix == nil || !f.parsed {
			ld.broken(f)
			continue // not TOML: nothing in it to merge
		}
		ld.origin[f.name] = f
		ld.merge(f.ix, &f.doc)
	}
	l = append(l, ld.diags...)
	cat := ld.finish(&l)
	for _, s := range cat.Systems {
		if s.About.AddOnTo != "" {
			s.Base = cat.System(s.About.AddOnTo)
		}
		s.spelling = sync.OnceValue(func() *spelt { return spell(s) })
	}
	markReadings(cat)
	cat.lists = lists(sources, &l)
	cat.setVersion(files)
	l.Sort()
	l = l.Trim(limits.MaxErrors)
	return cat, l
}

// walk lists the data files of the sources in merge order: source by
// source, each in path order, a later source's file replacing an earlier
// one of the same path. Files it will not read are warnings, never silent.
func walk(sources []Source, l *diag.List) []*dataFile {
	byRel := map[string]*dataFile{}
	total := int64(0)
	for si, src := range sources {
		n := 0
		err := fs.WalkDir(src.FS, ".", func(p string, d fs.DirEntry, err error) error {
			name := path.Join(src.Name, p)
			if err != nil { // a folder that cannot be read: the rest can
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				*l = append(*l, diag.Diag{File: name, Msg: err.Error()})
				if d != nil && d.IsDir() && p != "." {
					return fs.SkipDir
				}
				return nil
			}
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return fs.SkipDir // .git and the like, as every tool skips them
				}
				return nil
			}
			if d.IsDir() {
				if p == ArmiesDir {
					return fs.SkipDir // example lists (lists), not rule data
				}
				return nil
			}
			switch ext := path.Ext(p); {
			case ext == ".toml":
			case strings.EqualFold(ext, ".toml"):
				l.Warn(diag.Pos{File: name}, "not read: data files end in .toml, in lower case")
				return nil
			default:
				l.Warn(diag.Pos{File: name}, "not read: only .toml files hold rule data")
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				if info, err := fs.Stat(src.FS, p); err == nil && info.IsDir() {
					l.Warn(diag.Pos{File: name}, "not read: a link to a folder; links to folders are not followed")
					return nil
				}
			}
			if n++; n > limits.MaxFiles {
				return fmt.Errorf("more than %d .toml files; is this the right folder?", limits.MaxFiles)
			}
			f := &dataFile{rel: p, name: name, fsys: src.FS, source: si}
			if info, err := d.Info(); err == nil {
				f.size = info.Size()
				total += max(0, f.size)
			}
			if total > limits.MaxDataSize {
				return fmt.Errorf("the data is more than %d bytes; expected at most %d MiB in all", limits.MaxDataSize, limits.MaxDataSize>>20)
			}
			byRel[p] = f
			return nil
		})
		if err != nil {
			*l = append(*l, diag.Diag{File: src.Name, Msg: err.Error()})
		}
	}
	files := make([]*dataFile, 0, len(byRel))
	for _, f := range byRel {
		files = append(files, f)
	}
	sort.Slice(files, func(i, j int) bool {
		a, b := files[i], files[j]
		return a.source < b.source || a.source == b.source && a.rel < b.rel
	})
	return files
}

// dataFile is one file of the data while it loads.
type dataFile struct {
	rel    string // relative path: what a later source replaces
	name   string // for messages
	fsys   fs.FS
	source int // index of its source: later sources are merged later
	size   int64

	doc    File
	ix     *tomlpos.Index
	dl     diag.List
	parsed bool // the text is TOML: doc holds every value of the right type
}

// decode reads the file and decodes it. Only regular files are read, and
// no more of them than limits.MaxFileSize.
func (f *dataFile) decode() {
	src, err := tomlpos.ReadFile(f.fsys, f.rel, f.name)
	if err != nil {
		f.dl = diag.List{err.(diag.Diag)}
		return
	}
	f.ix, f.dl, _, f.doc.Blocks = tomlpos.DecodeExtra(f.name, src, &f.doc, blockKinds())
	f.parsed = f.ix.Parsed()
}

// DecodeFile decodes one data file strictly, as Load reads it: its
// entries, and the block of numbers of any registered engine.
func DecodeFile(name string, src []byte) (File, diag.List) {
	var f File
	_, l, _, blocks := tomlpos.DecodeExtra(name, src, &f, blockKinds())
	f.Blocks = blocks
	return f, l
}

// text is the file's bytes, for the data version.
func (f *dataFile) text() []byte {
	if f.ix == nil {
		return nil
	}
	return f.ix.Source()
}

// located remembers where an entry stands so later checks can point at
// its fields.
type located struct {
	ix   *tomlpos.Index
	path string // "unit.2"
}

func (lc located) key(field string) diag.Pos   { return lc.ix.Key(lc.path + "." + field) }
func (lc located) value(field string) diag.Pos { return lc.ix.Value(lc.path + "." + field) }
func (lc located) pos() diag.Pos               { return lc.ix.Later(lc.path) }

// bad reports whether the decoder could not read the field (or, with no
// field, something in the entry): its error is reported already.
func (lc located) bad(field string) bool {
	if lc.ix == nil {
		return false
	}
	if field == "" {
		return lc.ix.Bad(lc.path)
	}
	return lc.ix.Bad(lc.path + "." + field)
}

type loader struct {
	systems map[string]*System
	order   []string
	locs    map[string]located // "kind/system/id" → where
	files   map[string]located // system id → a file that names it (for system-level messages)
	broke   map[string]bool    // systems with a file that is not TOML: ids may be missing
	origin  map[string]*dataFile
	full    map[string]bool           // "kind/system" with limits.MaxEntries entries already
	blocks  map[string]map[string]any // system id → its blocks of numbers by name
	diags   diag.List
}

func newLoader() *loader {
	return &loader{systems: map[string]*System{}, locs: map[string]located{}, files: map[string]located{}, broke: map[string]bool{}, origin: map[string]*dataFile{}, full: map[string]bool{},
		blocks: map[string]map[string]any{}}
}

// systemLine finds the system a file names, in text that is not TOML
// (compiled when first needed: only a file that cannot be read needs it).
var systemLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^[ \t]*system[ \t]*=[ \t]*["']([^"'\n]*)["']`) })

// broken notes the system of a file that could not be read or parsed: its
// entries are missing, so references to them and to its [about] are not
// reported as unknown. (They would be once the file is mended.)
func (ld *loader) broken(f *dataFile) {
	if m := systemLine().FindSubmatch(f.text()); m != nil {
		ld.broke[string(m[1])] = true
		return
	}
	if dir, _, ok := strings.Cut(f.rel, "/"); ok {
		ld.broke[dir] = true
	}
}

func (ld *loader) sys(id string) *System {
	s := ld.systems[id]
	if s == nil {
		s = &System{ID: id}
		ld.systems[id] = s
		ld.order = append(ld.order, id)
	}
	return s
}

// add registers an entry id of a kind, reporting duplicates.
func (ld *loader) add(kind, sysID, id string, at located) bool {
	if at.bad("id") {
		return false
	}
	if id == "" {
		ld.diags.Add(at.pos(), "%s has no id; expected id = \"…\"", kind)
		return false
	}
	k := kind + "/" + sysID + "/" + id
	if first, dup := ld.locs[k]; dup {
		msg := fmt.Sprintf("duplicate %s id %q in system %s; first defined at %s", kind, id, sysID, first.pos())
		if a, b := ld.origin[first.ix.File()], ld.origin[at.ix.File()]; a.source < b.source {
			msg += fmt.Sprintf("; to replace that entry, copy %s to %s in your folder and edit the copy", first.ix.File(), a.rel)
		}
		ld.diags.Add(at.value("id"), "%s", msg)
		return false
	}
	ld.locs[k] = at
	return true
}

func (ld *loader) at(kind, sysID, id string) located { return ld.locs[kind+"/"+sysID+"/"+id] }

func (ld *loader) merge(ix *tomlpos.Index, f *File) {
	top := located{ix: ix}
	if f.System == "" {
		if ix.Bad("system") {
			return
		}
		ld.diags.Add(diag.Pos{File: ix.File(), Line: 1, Col: 1}, "missing system = \"…\" at the top of the file; expected the id of a rule set")
		return
	}
	if dir, _, ok := strings.Cut(ld.origin[ix.File()].rel, "/"); ok && dir != f.System {
		ld.diags.Warn(ix.Value("system"), "a file of system %q in the folder %s/: it is read as %s data all the same; expected it in %s/", f.System, dir, f.System, f.System)
	}
	s := ld.sys(f.System)
	if ld.origin[ix.File()].source > 0 {
		s.Club = true
	}
	if _, ok := ld.files[f.System]; !ok {
		ld.files[f.System] = located{ix: ix, path: "system"}
	}
	if f.About != nil {
		ld.once(ix, f.System, "about", "", func(at located) { s.About, s.Pos = *f.About, at.pos() })
	}
	if f.Play != nil {
		ld.once(ix, f.System, "play", "; expected it once, in its play.toml", func(at located) { s.Play, s.Play.Pos = *f.Play, at.pos() })
	}
	if f.Engine != "" && !ix.Bad("engine") {
		at := located{ix: ix, path: "engine"}
		switch prev, dup := ld.locs["engine/"+f.System]; {
		case dup:
			ld.diags.Add(at.pos(), "second engine for system %s; first at %s; expected engine = \"…\" once, in its system.toml", f.System, prev.pos())
		case !slices.Contains(Engines(), f.Engine):
			msg := Unknown("engine", f.Engine, Engines())
			if len(Engines()) == 0 {
				// The program forgot to register its engines
				// (rules/engines): say so rather than offer none.
				msg += ": no rule engine is registered"
			}
			ld.diags.Add(ix.Value("engine"), "%s", msg)
		default:
			ld.locs["engine/"+f.System] = at
			s.Engine = f.Engine
		}
	}
	for _, name := range blockNames(f.Blocks) {
		at := located{ix: ix, path: name}
		k := "block/" + f.System + "/" + name
		if prev, dup := ld.locs[k]; dup {
			ld.diags.Add(at.pos(), "second [%s] block for system %s; first at %s", name, f.System, prev.pos())
			continue
		}
		ld.locs[k] = at
		if ld.blocks[f.System] == nil {
			ld.blocks[f.System] = map[string]any{}
		}
		ld.blocks[f.System][name] = f.Blocks[name]
	}
	_ = top
	wordBlocks(ld, s, ix, "odds", "table", &s.Odds, f.Odds, func(w *OddsWords, at located) { w.Pos, w.at = at.pos(), at })
	wordBlocks(ld, s, ix, "query", "question", &s.Queries, f.Queries, func(w *QueryWords, at located) { w.Pos, w.at = at.pos(), at })
	pos := func(e *diag.Pos, at located) { *e = at.pos() }
	entries(ld, s, ix, "profile", &s.Profiles, f.Profiles, func(e *Profile, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "weapon", &s.Weapons, f.Weapons, func(e *Weapon, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "unit", &s.Units, f.Units, func(e *Unit, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "chart", &s.Charts, f.Charts, func(c *Chart, at located) string {
		pos(&c.Pos, at)
		for j := range c.Rows {
			c.Rows[j].Pos = ix.Later(at.path + ".row." + strconv.Itoa(j))
		}
		return c.ID
	})
	entries(ld, s, ix, "table", &s.Tables, f.Tables, func(e *Table, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "note", &s.Notes, f.Notes, func(e *Note, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "scenario", &s.Scenarios, f.Scenarios, func(sc *Scenario, at located) string {
		pos(&sc.Pos, at)
		for j := range sc.Sides {
			side := at.path + ".side." + strconv.Itoa(j)
			sc.Sides[j].Pos = ix.Later(side)
			for k := range sc.Sides[j].Forces {
				sc.Sides[j].Forces[k].Pos = ix.Later(side + ".force." + strconv.Itoa(k))
			}
		}
		if sc.Map != nil {
			for j := range sc.Map.Features {
				sc.Map.Features[j].Pos = ix.Later(at.path + ".map.feature." + strconv.Itoa(j))
			}
		}
		return sc.ID
	})
	entries(ld, s, ix, "marker", &s.Markers, f.Markers, func(e *Marker, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "track", &s.Tracks, f.Tracks, func(e *PlayTrack, at located) string { pos(&e.Pos, at); return e.ID })
	entries(ld, s, ix, "map_kind", &s.MapKinds, f.MapKinds, func(e *MapKind, at located) string { pos(&e.Pos, at); return e.ID })
}

// once takes a block a rule set has once ([about], [play]): set keeps
// the first, a second is reported at its place with hint after it.
func (ld *loader) once(ix *tomlpos.Index, sysID, name, hint string, set func(at located)) {
	at := located{ix: ix, path: name}
	if prev, dup := ld.locs[name+"/"+sysID]; dup {
		ld.diags.Add(at.pos(), "second [%s] for system %s; first at %s%s", name, sysID, prev.pos(), hint)
		return
	}
	ld.locs[name+"/"+sysID] = at
	set(at)
}

// entries moves a file's entries of one kind (its TOML key: "unit") into
// the system's list, dropping duplicates; place sets an entry's positions
// and returns its id. The first file of a kind lends its own array: entries
// only ever move down it, and the file is not used after merging.
func entries[T any](ld *loader, s *System, ix *tomlpos.Index, kind string, dst *[]T, src []T, place func(e *T, at located) string) {
	if len(*dst) == 0 {
		*dst = src[:0]
	}
	for i := range src {
		at := located{ix, kind + "." + strconv.Itoa(i)}
		if len(*dst) >= limits.MaxEntries {
			if k := kind + "/" + s.ID; !ld.full[k] {
				ld.full[k] = true
				ld.diags.Add(at.pos(), "system %s has more than %d entries of kind %s; expected at most %d", s.ID, limits.MaxEntries, kind, limits.MaxEntries)
			}
			return
		}
		if ld.add(kind, s.ID, place(&src[i], at), at) {
			*dst = append(*dst, src[i])
		}
	}
}

// wordBlocks adds a file's blocks of words of one kind (its TOML key:
// "odds" for [odds.<table>], "query" for [query.<name>]) to the rule
// set's; each block is written once per rule set. what is what a block is
// the words of ("table"); place sets a block's positions.
func wordBlocks[W any](ld *loader, s *System, ix *tomlpos.Index, kind, what string, dst *map[string]*W, blocks map[string]W, place func(w *W, at located)) {
	for name, w := range blocks {
		at := located{ix, kind + "." + name}
		k := kind + "/" + s.ID + "/" + name
		if prev, dup := ld.locs[k]; dup {
			ld.diags.Add(at.pos(), "second [%s.%s] for system %s; first at %s; expected each %s's words once", kind, name, s.ID, prev.pos(), what)
			continue
		}
		ld.locs[k] = at
		place(&w, at)
		if *dst == nil {
			*dst = map[string]*W{}
		}
		(*dst)[name] = &w
	}
}

// finish checks the merged data and returns the catalogue. Systems are
// checked side by side: a check only reads the loader, and each writes its
// own list.
func (ld *loader) finish(l *diag.List) *Catalog {
	cat := &Catalog{}
	sort.Strings(ld.order)
	lists := make([]diag.List, len(ld.order))
	var wg sync.WaitGroup
	for i, id := range ld.order {
		s := ld.systems[id]
		if _, ok := ld.locs["about/"+id]; !ok {
			if ld.broke[id] {
				continue // its [about] may be in the file that did not parse
			}
			f := ld.files[id]
			l.Add(f.pos(), "unknown system %q: no file of the data has its [about] block; known systems: %s", id, strings.Join(ld.known(), ", "))
			continue
		}
		cat.Systems = append(cat.Systems, s)
		s.Block = ld.blocks[id][s.Engine]
		wg.Go(func() {
			newChecker(ld, s, &lists[i]).check()
		})
	}
	wg.Wait()
	for _, sl := range lists {
		*l = append(*l, sl...)
	}
	ld.scenarioNames(cat, l)
	return cat
}

// scenarioNames reports a scenario id that two rule sets share: the print
// pack names a scenario's briefing and blips by its id alone
// (briefing-<id>.pdf), and 'playaid briefing ID' finds it by it. The one
// in the later layer of data (a club's copy) is blamed.
func (ld *loader) scenarioNames(cat *Catalog, l *diag.List) {
	first := map[string]string{} // scenario id → system id
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			other, dup := first[sc.ID]
			if !dup {
				first[sc.ID] = s.ID
				continue
			}
			a, b := ld.at("scenario", other, sc.ID), ld.at("scenario", s.ID, sc.ID)
			mine, theirs, sys := b, a, other
			if ld.origin[a.ix.File()].source > ld.origin[b.ix.File()].source {
				mine, theirs, sys = a, b, s.ID
			}
			l.Add(mine.value("id"), "scenario id %q is also a scenario of rule set %s, at %s; a scenario's briefing and blips are named by its id: expected an id of its own", sc.ID, sys, theirs.pos())
		}
	}
}

func (ld *loader) known() []string {
	var ids []string
	for _, id := range ld.order {
		if _, ok := ld.locs["about/"+id]; ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// ListFile is an army list of the data's armies/ folder: an example list,
// which the print pack prints as a roster with its unit cards.
type ListFile struct {
	Name string // the file's name without .toml: "morale-wagon-humans"
	Path string // as messages name it: "data/armies/morale-wagon-humans.toml"
	fsys fs.FS
	rel  string
}

// Read reads the list: a regular file of at most limits.MaxFileSize.
func (f ListFile) Read() ([]byte, error) { return tomlpos.ReadFile(f.fsys, f.rel, f.Path) }

// Lists are the example lists of the data's armies/ folders, by path; a
// later source's list replaces an earlier one of the same path, as its
// data files do.
func (c *Catalog) Lists() []ListFile { return c.lists }

// lists finds the example lists of the sources: the .toml files directly
// in each one's armies/ folder. What it will not read there is a warning.
func lists(sources []Source, l *diag.List) []ListFile {
	byRel := map[string]ListFile{}
	for _, src := range sources {
		entries, err := fs.ReadDir(src.FS, ArmiesDir)
		if err != nil {
			continue // no armies/ folder (one that cannot be read says so as the data is walked)
		}
		for _, e := range entries {
			rel := path.Join(ArmiesDir, e.Name())
			name := path.Join(src.Name, rel)
			switch {
			case strings.HasPrefix(e.Name(), "."):
			case e.IsDir() || path.Ext(e.Name()) != ".toml":
				l.Warn(diag.Pos{File: name}, "not read: the example army lists are the .toml files of %s/", ArmiesDir)
			case len(byRel) >= limits.MaxFiles:
			default:
				byRel[rel] = ListFile{Name: strings.TrimSuffix(e.Name(), ".toml"), Path: name, fsys: src.FS, rel: rel}
			}
		}
	}
	out := make([]ListFile, 0, len(byRel))
	for _, rel := range slices.Sorted(maps.Keys(byRel)) {
		out = append(out, byRel[rel])
	}
	return out
}
