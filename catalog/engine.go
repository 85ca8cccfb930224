package catalog

import (
	"reflect"
	"slices"
	"sort"
	"sync"
)

// A rule set's engine reads one block of numbers, named after the engine
// its system.toml names (engine = "aqotmf" reads [aqotmf]). The catalogue
// knows no engine by name: each engine's block, its Go type and its
// checks, is registered by package rules (rules.Register) as goldmark
// registers an extension, and the catalogue decodes and checks whatever
// block a rule set's engine reads.

// Block is how the catalogue reads one engine's block of numbers.
type Block struct {
	Name string       // the engine's name, and its block's: "aqotmf"
	Type reflect.Type // the struct the block decodes into
	// Check holds the decoded block (a pointer to Type) to what the
	// engine needs of it, reporting through c; nil for none beyond the
	// checks every block gets (numbers within bounds).
	Check func(c *BlockCheck, block any)
	// Bounds are the ranges of the block's own whole numbers, by key
	// (figures per tray, decoys per blip), wherever the key stands in
	// the block. A key it leaves out keeps the catalogue's bound (points,
	// count, die), else a stat's, ±limits.MaxStat.
	Bounds map[string]Bound
}

// WithBounds is the block with bounds for its own whole numbers (see
// Block.Bounds).
func (b Block) WithBounds(bounds map[string]Bound) Block {
	b.Bounds = bounds
	return b
}

var (
	blocksMu sync.RWMutex
	blocks   = map[string]Block{}
)

// RegisterBlock registers an engine's block; a second registration of
// the same name replaces the first. Registering runs before any loading
// (at init, from package rules).
func RegisterBlock(b Block) {
	blocksMu.Lock()
	defer blocksMu.Unlock()
	blocks[b.Name] = b
}

// blockKinds are the registered blocks' types, by name, for the decoder.
func blockKinds() map[string]reflect.Type {
	blocksMu.RLock()
	defer blocksMu.RUnlock()
	out := make(map[string]reflect.Type, len(blocks))
	for name, b := range blocks {
		out[name] = b.Type
	}
	return out
}

func blockOf(name string) (Block, bool) {
	blocksMu.RLock()
	defer blocksMu.RUnlock()
	b, ok := blocks[name]
	return b, ok
}

// Engines lists the names of the rule engines the data may name, sorted.
func Engines() []string {
	blocksMu.RLock()
	defer blocksMu.RUnlock()
	names := make([]string, 0, len(blocks))
	for name := range blocks {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// AbilityLines is a block that gives special abilities a line each, for
// unit cards (see System.Ability).
type AbilityLines interface{ AbilityLines() []Special }

// WordRulesBlock is a block that keeps rules as words (see
// System.WordRules).
type WordRulesBlock interface{ WordRules() []Special }

// blockNames lists the names of the blocks in a map, sorted.
func blockNames(m map[string]any) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
