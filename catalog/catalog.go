package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"sync"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/tomlpos"
)

// Catalog is every rule set's data, checked.
type Catalog struct {
	Systems []*System // sorted by id

	lists []ListFile // the data's example army lists (Lists)

	version func() string
	indexes []*tomlpos.Index // where each file's keys stand (Checked)
}

// Checked says the data's checks are done (Load's and the engines',
// rules.CheckWords): the trees of keys they found their places in are let
// go rather than held for the whole run. A message made later finds its
// place by reading its file again.
func (c *Catalog) Checked() {
	for _, ix := range c.indexes {
		ix.Forget()
	}
}

// Version identifies the data a run used, printed on rosters and sheets as
// the data version: a hash of every file's path and bytes. It is worked
// out when first asked for (reading the files again); most commands never
// print it.
func (c *Catalog) Version() string {
	if c.version == nil {
		return ""
	}
	return c.version()
}

// setVersion takes the loaded files; the version hashes them in path
// order, wherever each came from, and each rule set's digest the files
// that name it (system = "…").
func (c *Catalog) setVersion(loaded []*dataFile) {
	files := make([]dataFile, len(loaded))
	for i, f := range loaded {
		files[i] = dataFile{rel: f.rel, ix: f.ix, doc: File{System: f.doc.System}} // not the whole decoded document
		if f.ix != nil {
			c.indexes = append(c.indexes, f.ix)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	c.version = sync.OnceValue(func() string { return digest(files, "") })
	for _, s := range c.Systems {
		s.digest = sync.OnceValue(func() string { return digest(files, s.ID) })
	}
}

// digest hashes the files of the rule set with the id, or all of them for
// "": each file's path, length and bytes, in path order.
func digest(files []dataFile, id string) string {
	h := sha256.New()
	for _, f := range files {
		if id != "" && f.doc.System != id {
			continue
		}
		b := f.text()
		fmt.Fprintf(h, "%s\x00%d\x00", f.rel, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// Digest identifies the data of this rule set alone, as Version does all
// of it: a hash of the paths and bytes of its files. "" for a rule set
// made by hand rather than loaded.
func (s *System) Digest() string {
	if s.digest == nil {
		return ""
	}
	return s.digest()
}

// System is one rule set's data, merged from all its files.
type System struct {
	ID        string
	About     About
	Profiles  []Profile
	Weapons   []Weapon
	Units     []Unit
	Charts    []Chart
	Tables    []Table
	Notes     []Note
	Scenarios []Scenario
	Markers   []Marker
	MapKinds  []MapKind
	Play      Play                   // how the play view counts a game; zero when the data has no [play]
	Tracks    []PlayTrack            // what the players keep track of in play
	Odds      map[string]*OddsWords  // by table, as its engine names them
	Queries   map[string]*QueryWords // by odds question, as its engine names them

	Engine string // the rule engine it runs on (engine = "…" in its system.toml)
	// Block is the engine's numbers: its block ([aqotmf]), a pointer to
	// the type the engine registers; nil when the rule set has none.
	Block any

	Pos  diag.Pos // where [about] stands
	Club bool     // a club's folder (--data) changed or added a file of the rule set
	Base *System  // the rule set it adds to (About.AddOnTo), or nil

	digest   func() string
	spelling func() *spelt // the names Ability compares with, spelt once (names)
}

// Edition is the rules edition a document was made against, in words for
// the player: "rules edition 2026-12", or "club rules: <label>" when a
// club's folder changed the rule set (its label the edition its own
// system.toml gives, if any). "" when the data gives no edition.
func (s *System) Edition() string {
	switch {
	case s.Club && s.About.Edition != "":
		return "club rules: " + s.About.Edition
	case s.Club:
		return "club rules"
	case s.About.Edition != "":
		return "rules edition " + s.About.Edition
	}
	return ""
}

// BookTitle is the title of the book the rule set comes from ("All Quiet
// on the Martian Front (quick-start)"), or its name.
func (s *System) BookTitle() string {
	if s.About.Book != "" {
		return s.About.Book
	}
	if s.About.Name != "" {
		return s.About.Name
	}
	return s.ID
}

// System returns the rule set with the id, or nil.
func (c *Catalog) System(id string) *System {
	for _, s := range c.Systems {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// SystemIDs lists the rule sets' ids.
func (c *Catalog) SystemIDs() []string {
	ids := make([]string, len(c.Systems))
	for i, s := range c.Systems {
		ids[i] = s.ID
	}
	return ids
}

func find[T any](items []T, id string, idOf func(*T) string) *T {
	for i := range items {
		if idOf(&items[i]) == id {
			return &items[i]
		}
	}
	return nil
}

// Profile returns the profile with the id, or nil.
func (s *System) Profile(id string) *Profile {
	return find(s.Profiles, id, func(p *Profile) string { return p.ID })
}

// Weapon returns the weapon with the id, or nil.
func (s *System) Weapon(id string) *Weapon {
	return find(s.Weapons, id, func(w *Weapon) string { return w.ID })
}

// Unit returns the unit entry with the id, or nil.
func (s *System) Unit(id string) *Unit {
	return find(s.Units, id, func(u *Unit) string { return u.ID })
}

// Chart returns the chart with the id, or nil.
func (s *System) Chart(id string) *Chart {
	return find(s.Charts, id, func(c *Chart) string { return c.ID })
}

// Table returns the table with the id, or nil.
func (s *System) Table(id string) *Table {
	return find(s.Tables, id, func(t *Table) string { return t.ID })
}

// Scenario returns the scenario with the id, or nil.
func (s *System) Scenario(id string) *Scenario {
	return find(s.Scenarios, id, func(sc *Scenario) string { return sc.ID })
}

// Marker returns the marker kind with the id, or nil.
func (s *System) Marker(id string) *Marker {
	return find(s.Markers, id, func(m *Marker) string { return m.ID })
}

// Track returns the track with the id, or nil.
func (s *System) Track(id string) *PlayTrack {
	return find(s.Tracks, id, func(t *PlayTrack) string { return t.ID })
}

// Note returns the source note with the id, or nil.
func (s *System) Note(id string) *Note {
	return find(s.Notes, id, func(n *Note) string { return n.ID })
}

// NotesTouching returns the source notes that touch any of the topics.
func (s *System) NotesTouching(topics ...string) []Note {
	var out []Note
	for _, n := range s.Notes {
		for _, t := range n.Touches {
			for _, want := range topics {
				if t == want {
					out = append(out, n)
					goto next
				}
			}
		}
	next:
	}
	return out
}
