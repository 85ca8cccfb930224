package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
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
	type file struct {
		name string // for messages
		data []byte
	}
	files := map[string]file{}
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
			data, err := fs.ReadFile(src.FS, p)
			if err != nil {
				return err
			}
			files[p] = file{name: path.Join(src.Name, p), data: data}
			return nil
		})
		if err != nil {
			l = append(l, diag.Diag{File: src.Name, Msg: err.Error()})
		}
	}
	rels := make([]string, 0, len(files))
	for p := range files {
		rels = append(rels, p)
	}
	sort.Strings(rels)

	// Decoding dominates loading, and files decode independently: spread
	// them over the cores, then merge in path order so results never
	// depend on scheduling.
	type decoded struct {
		file File
		ix   *diag.Index
		dl   diag.List
		ok   bool
	}
	out := make([]decoded, len(rels))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(rels)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f := files[rels[i]]
				d := &out[i]
				d.ix, d.dl, d.ok = diag.Decode(f.name, f.data, &d.file)
			}
		}()
	}
	for i := range rels {
		next <- i
	}
	close(next)
	wg.Wait()

	h := sha256.New()
	ld := newLoader()
	for i, rel := range rels {
		f := files[rel]
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(f.data))
		h.Write(f.data)
		l = append(l, out[i].dl...)
		if !out[i].ok {
			continue // a file that does not decode is not merged: its errors would cascade
		}
		ld.merge(out[i].ix, &out[i].file)
	}
	l = append(l, ld.diags...)
	cat := ld.finish(&l)
	cat.Hash = hex.EncodeToString(h.Sum(nil))[:12]
	l.Sort()
	return cat, l
}

// located remembers where an entry stands so later checks can point at
// its fields.
type located struct {
	ix   *diag.Index
	path string // "unit.2"
}

func (lc located) key(field string) diag.Pos   { return lc.ix.Key(lc.path + "." + field) }
func (lc located) value(field string) diag.Pos { return lc.ix.Value(lc.path + "." + field) }
func (lc located) pos() diag.Pos               { return lc.ix.Key(lc.path) }

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
	for i := range f.Profiles {
		at := located{ix, "profile." + strconv.Itoa(i)}
		f.Profiles[i].Pos = at.pos()
		if ld.add("profile", s.ID, f.Profiles[i].ID, at) {
			s.Profiles = append(s.Profiles, f.Profiles[i])
		}
	}
	for i := range f.Weapons {
		at := located{ix, "weapon." + strconv.Itoa(i)}
		f.Weapons[i].Pos = at.pos()
		if ld.add("weapon", s.ID, f.Weapons[i].ID, at) {
			s.Weapons = append(s.Weapons, f.Weapons[i])
		}
	}
	for i := range f.Units {
		at := located{ix, "unit." + strconv.Itoa(i)}
		f.Units[i].Pos = at.pos()
		if ld.add("unit", s.ID, f.Units[i].ID, at) {
			s.Units = append(s.Units, f.Units[i])
		}
	}
	for i := range f.Charts {
		at := located{ix, "chart." + strconv.Itoa(i)}
		c := &f.Charts[i]
		c.Pos = at.pos()
		for j := range c.Rows {
			c.Rows[j].Pos = ix.Key("chart." + strconv.Itoa(i) + ".row." + strconv.Itoa(j))
		}
		if ld.add("chart", s.ID, c.ID, at) {
			s.Charts = append(s.Charts, *c)
		}
	}
	for i := range f.Tables {
		at := located{ix, "table." + strconv.Itoa(i)}
		f.Tables[i].Pos = at.pos()
		if ld.add("table", s.ID, f.Tables[i].ID, at) {
			s.Tables = append(s.Tables, f.Tables[i])
		}
	}
	for i := range f.Notes {
		at := located{ix, "note." + strconv.Itoa(i)}
		f.Notes[i].Pos = at.pos()
		if ld.add("note", s.ID, f.Notes[i].ID, at) {
			s.Notes = append(s.Notes, f.Notes[i])
		}
	}
	for i := range f.Scenarios {
		at := located{ix, "scenario." + strconv.Itoa(i)}
		sc := &f.Scenarios[i]
		sc.Pos = at.pos()
		for j := range sc.Sides {
			sc.Sides[j].Pos = ix.Key(fmt.Sprintf("%s.side.%d", at.path, j))
			for k := range sc.Sides[j].Forces {
				sc.Sides[j].Forces[k].Pos = ix.Key(fmt.Sprintf("%s.side.%d.force.%d", at.path, j, k))
			}
		}
		if sc.Map != nil {
			for j := range sc.Map.Features {
				sc.Map.Features[j].Pos = ix.Key(fmt.Sprintf("%s.map.feature.%d", at.path, j))
			}
		}
		if ld.add("scenario", s.ID, sc.ID, at) {
			s.Scenarios = append(s.Scenarios, *sc)
		}
	}
	for i := range f.Markers {
		at := located{ix, "marker." + strconv.Itoa(i)}
		f.Markers[i].Pos = at.pos()
		if ld.add("marker", s.ID, f.Markers[i].ID, at) {
			s.Markers = append(s.Markers, f.Markers[i])
		}
	}
}

// finish checks the merged data and returns the catalogue.
func (ld *loader) finish(l *diag.List) *Catalog {
	cat := &Catalog{}
	sort.Strings(ld.order)
	for _, id := range ld.order {
		s := ld.systems[id]
		if _, ok := ld.locs["about/"+id]; !ok {
			f := ld.files[id]
			*l = append(*l, diag.Diag{File: f.ix.File(), Line: f.pos().Line, Col: f.pos().Col,
				Msg: fmt.Sprintf("unknown system %q: no file of the data has its [about] block; known systems: %s", id, strings.Join(ld.known(), ", "))})
			continue
		}
		c := checker{ld: ld, s: s, l: l}
		c.check()
		cat.Systems = append(cat.Systems, s)
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
