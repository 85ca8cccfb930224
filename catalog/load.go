package catalog

import (
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/playaid/playaid/diag"
)

// Source is one layer of data: the embedded defaults, or a club's folder.
// Name prefixes file names in messages ("data/aqotmf/units.toml").
type Source struct {
	Name string
	FS   fs.FS
}

// ArmiesDir holds army lists, which are not rule data: the loader skips it.
const ArmiesDir = "armies"

// Load reads every *.toml file of the sources. A later source's file with
// the same relative path replaces an earlier one; new files add entries.
// It returns the catalogue and every problem found, errors and warnings
// together; the catalogue is only usable when the list has no errors.
func Load(sources ...Source) (*Catalog, diag.List) {
	byRel := map[string]*dataFile{}
	var l diag.List
	for _, src := range sources {
		err := fs.WalkDir(src.FS, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p == ArmiesDir {
					return fs.SkipDir
				}
				return nil
			}
			if path.Ext(p) != ".toml" {
				return nil
			}
			f := &dataFile{rel: p, name: path.Join(src.Name, p), fsys: src.FS}
			if info, err := d.Info(); err == nil {
				f.size = info.Size()
			}
			byRel[p] = f
			return nil
		})
		if err != nil {
			l = append(l, diag.Diag{File: src.Name, Msg: err.Error()})
		}
	}
	files := make([]*dataFile, 0, len(byRel))
	for _, f := range byRel {
		files = append(files, f)
	}

	// Reading and decoding dominate loading, and files decode
	// independently: spread them over the cores, biggest first so that no
	// core is left with a big file at the end. Merging then goes in path
	// order, so results never depend on scheduling.
	sort.Slice(files, func(i, j int) bool {
		if files[i].size != files[j].size {
			return files[i].size > files[j].size
		}
		return files[i].rel < files[j].rel
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
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()

	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	ld := newLoader()
	for _, f := range files {
		l = append(l, f.dl...)
		if !f.ok {
			continue // a file that does not decode is not merged: its errors would cascade
		}
		ld.merge(f.ix, &f.doc)
	}
	l = append(l, ld.diags...)
	cat := ld.finish(&l)
	cat.setVersion(files)
	l.Sort()
	return cat, l
}

// dataFile is one file of the data while it loads.
type dataFile struct {
	rel  string // relative path: what a later source replaces
	name string // for messages
	fsys fs.FS
	size int64

	doc File
	ix  *diag.Index
	dl  diag.List
	ok  bool
}

// decode streams the file into the TOML parser: only the parser holds its
// text. The text is read again only if a message needs a position in it.
func (f *dataFile) decode() {
	r, err := f.fsys.Open(f.rel)
	if err != nil {
		f.dl = diag.List{{File: f.name, Msg: err.Error()}}
		return
	}
	defer r.Close()
	f.ix, f.dl, f.ok = diag.DecodeReader(f.name, r, f.text, &f.doc)
}

// text reads the file again, for positions and the data version.
func (f *dataFile) text() []byte {
	b, _ := fs.ReadFile(f.fsys, f.rel)
	return b
}

// located remembers where an entry stands so later checks can point at
// its fields.
type located struct {
	ix   *diag.Index
	path string // "unit.2"
}

func (lc located) key(field string) diag.Pos   { return lc.ix.Key(lc.path + "." + field) }
func (lc located) value(field string) diag.Pos { return lc.ix.Value(lc.path + "." + field) }
func (lc located) pos() diag.Pos               { return lc.ix.Later(lc.path) }

type loader struct {
	systems map[string]*System
	order   []string
	locs    map[string]located // "kind/system/id" → where
	files   map[string]located // system id → a file that names it (for system-level messages)
	diags   diag.List
}

func newLoader() *loader {
	return &loader{systems: map[string]*System{}, locs: map[string]located{}, files: map[string]located{}}
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
	if id == "" {
		ld.diags.Add(at.pos(), "%s has no id; expected id = \"…\"", kind)
		return false
	}
	k := kind + "/" + sysID + "/" + id
	if first, dup := ld.locs[k]; dup {
		ld.diags.Add(at.value("id"), "duplicate %s id %q in system %s; first defined at %s", kind, id, sysID, first.pos())
		return false
	}
	ld.locs[k] = at
	return true
}

func (ld *loader) at(kind, sysID, id string) located { return ld.locs[kind+"/"+sysID+"/"+id] }

func (ld *loader) merge(ix *diag.Index, f *File) {
	top := located{ix: ix}
	if f.System == "" {
		ld.diags.Add(diag.Pos{File: ix.File(), Line: 1, Col: 1}, "missing system = \"…\" at the top of the file; expected the id of a rule set")
		return
	}
	s := ld.sys(f.System)
	if _, ok := ld.files[f.System]; !ok {
		ld.files[f.System] = located{ix: ix, path: "system"}
	}
	if f.About != nil {
		at := located{ix: ix, path: "about"}
		if prev, dup := ld.locs["about/"+f.System]; dup {
			ld.diags.Add(at.pos(), "second [about] for system %s; first at %s", f.System, prev.pos())
		} else {
			ld.locs["about/"+f.System] = at
			s.About = *f.About
			s.Pos = at.pos()
		}
	}
	block := func(name string, set bool) bool {
		if !set {
			return false
		}
		at := located{ix: ix, path: name}
		if prev, dup := ld.locs["block/"+name]; dup {
			ld.diags.Add(at.pos(), "second [%s] block; first at %s", name, prev.pos())
			return false
		}
		ld.locs["block/"+name] = at
		return true
	}
	if block("aqotmf", f.AQotMF != nil) {
		s.AQotMF = f.AQotMF
	}
	if block("buildings", f.Buildings != nil) {
		s.Buildings = f.Buildings
	}
	if block("evacuation", f.Evacuation != nil) {
		s.Evacuation = f.Evacuation
	}
	if block("imperial", f.Imperial != nil) {
		s.Imperial = f.Imperial
	}
	_ = top
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
	entries(ld, s, ix, "map_kind", &s.MapKinds, f.MapKinds, func(e *MapKind, at located) string { pos(&e.Pos, at); return e.ID })
}

// entries moves a file's entries of one kind (its TOML key: "unit") into
// the system's list, dropping duplicates; place sets an entry's positions
// and returns its id. The first file of a kind lends its own array: entries
// only ever move down it, and the file is not used after merging.
func entries[T any](ld *loader, s *System, ix *diag.Index, kind string, dst *[]T, src []T, place func(e *T, at located) string) {
	if len(*dst) == 0 {
		*dst = src[:0]
	}
	for i := range src {
		at := located{ix, kind + "." + strconv.Itoa(i)}
		if ld.add(kind, s.ID, place(&src[i], at), at) {
			*dst = append(*dst, src[i])
		}
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
			f := ld.files[id]
			l.Add(f.pos(), "unknown system %q: no file of the data has its [about] block; known systems: %s", id, strings.Join(ld.known(), ", "))
			continue
		}
		cat.Systems = append(cat.Systems, s)
		wg.Go(func() {
			c := checker{ld: ld, s: s, l: &lists[i]}
			c.check()
		})
	}
	wg.Wait()
	for _, sl := range lists {
		*l = append(*l, sl...)
	}
	return cat
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
