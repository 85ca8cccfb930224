package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/internal/plain"
)

// Bounds of the games folder.
const (
	MaxGames     = 100     // games kept at once: a club's evenings for months
	MaxGameBytes = 2 << 20 // one game's file: a long game's log is a tenth of it
	fileExt      = ".json"
)

// ErrNoGame is a game that is not in the folder.
var ErrNoGame = errors.New("there is no such game: it may have been deleted")

// Folder is the games folder. Every access goes through an os.Root, so
// no name reaches outside it. A game's changes are made one at a time
// (its own lock): each is read, applied and written whole before the
// next, so that two taps at once leave a whole file, the last tap's.
type Folder struct {
	dir  string
	root *os.Root

	mu    sync.Mutex
	games map[string]*slot // loaded games, by id

	closing   chan struct{} // closed by Close: the pages waiting are answered
	closeOnce sync.Once
}

// slot is one game in memory: the game as last written, and a channel
// closed when it changes, for the pages waiting on it.
type slot struct {
	mu      sync.Mutex // held while a change is applied and written
	g       *Game
	changed chan struct{}
}

// OpenFolder opens the games folder, making it when absent.
func OpenFolder(dir string) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--games %s: %s; expected a folder for the games in progress (it is made when missing)", dir, plain.Why(dir, err))
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("--games %s: %s; expected a folder for the games in progress", dir, plain.Why(dir, err))
	}
	return &Folder{dir: dir, root: root, games: map[string]*slot{}, closing: make(chan struct{})}, nil
}

// Close answers the pages waiting on a game and releases the folder.
func (f *Folder) Close() error {
	var err error
	f.closeOnce.Do(func() {
		close(f.closing)
		err = f.root.Close()
	})
	return err
}

// validID reports whether id can be a game's: what token makes.
func validID(id string) bool {
	return len(id) >= 4 && len(id) <= 32 && strings.Trim(id, "0123456789abcdef") == ""
}

// ids lists the games in the folder.
func (f *Folder) ids() ([]string, error) {
	entries, err := fs.ReadDir(f.root.FS(), ".")
	if err != nil {
		return nil, fmt.Errorf("could not read the games folder: %s", plain.Why("", err))
	}
	var out []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), fileExt); ok && validID(id) && e.Type().IsRegular() {
			out = append(out, id)
		}
	}
	return out, nil
}

// Create writes a new game, unless the folder has MaxGames already.
func (f *Folder) Create(g *Game) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	ids, err := f.ids()
	if err != nil {
		return err
	}
	if len(ids) >= MaxGames {
		return fmt.Errorf("the games folder holds %d games, the most it keeps: delete a finished game first", MaxGames)
	}
	if err := f.write(g); err != nil {
		return err
	}
	f.games[g.ID] = &slot{g: g, changed: make(chan struct{})}
	return nil
}

// write writes the game's file whole.
func (f *Folder) write(g *Game) error {
	b, err := Encode(g)
	if err != nil {
		return err
	}
	if len(b) > MaxGameBytes {
		return fmt.Errorf("the game would be %d bytes, more than the %d a game keeps: end it and start another", len(b), MaxGameBytes)
	}
	return outfile.WriteIn(f.root, g.ID+fileExt, b)
}

// slot returns the game's slot, reading its file on first use.
func (f *Folder) slot(id string) (*slot, error) {
	if !validID(id) {
		return nil, ErrNoGame
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := f.games[id]; s != nil {
		return s, nil
	}
	g, err := f.read(id)
	if err != nil {
		return nil, err
	}
	s := &slot{g: g, changed: make(chan struct{})}
	f.games[id] = s
	return s, nil
}

// read reads a game's file: a regular file of at most MaxGameBytes.
func (f *Folder) read(id string) (*Game, error) {
	name := id + fileExt
	fi, err := f.root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, ErrNoGame
	case err != nil:
		return nil, fmt.Errorf("could not read the game %s: %s", id, plain.Why("", err))
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("the game %s is %s, not a game's file", id, plain.Kind(fi.Mode()))
	case fi.Size() > MaxGameBytes:
		return nil, fmt.Errorf("the game %s is %d bytes, more than the %d a game keeps", id, fi.Size(), MaxGameBytes)
	}
	r, err := f.root.Open(name)
	if err != nil {
		return nil, fmt.Errorf("could not read the game %s: %s", id, plain.Why("", err))
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, MaxGameBytes+1))
	if err != nil {
		return nil, fmt.Errorf("could not read the game %s: %s", id, plain.Why("", err))
	}
	g, err := Decode(b)
	if err != nil {
		return nil, fmt.Errorf("the game %s does not read: %w", id, err)
	}
	if g.ID != id {
		return nil, fmt.Errorf("the game %s's file holds the game %q", id, clip(g.ID))
	}
	return g, nil
}

// Get returns the game as it stands. The game is shared: read it, never
// change it (Update does).
func (f *Folder) Get(id string) (*Game, error) {
	s, err := f.slot(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g, nil
}

// Update changes the game: change gets the game as it stands and returns
// the changed game (a copy), which is written whole before the next
// change is made. ErrNoChange from change leaves the file alone.
func (f *Folder) Update(id string, change func(*Game) (*Game, error)) (*Game, error) {
	s, err := f.slot(id)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := change(s.g)
	if err != nil {
		return s.g, err
	}
	if err := f.write(n); err != nil {
		return s.g, err
	}
	s.g = n
	close(s.changed)
	s.changed = make(chan struct{})
	return n, nil
}

// Wait returns when the game's version is past seen, or ctx is done, or
// the wait has lasted d: the game's version then.
func (f *Folder) Wait(ctx context.Context, id string, seen int, d time.Duration) (int, error) {
	s, err := f.slot(id)
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	v, ch := s.g.Version, s.changed
	s.mu.Unlock()
	if v != seen {
		return v, nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
	case <-ctx.Done():
	case <-t.C:
	case <-f.closing:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.g.Version, nil
}

// Listed is a game as the list of games shows it.
type Listed struct {
	Game *Game
	Err  error // the game's file does not read
	ID   string
}

// List lists the games, the latest started first.
func (f *Folder) List() ([]Listed, error) {
	ids, err := f.ids()
	if err != nil {
		return nil, err
	}
	var out []Listed
	for _, id := range ids {
		g, err := f.Get(id)
		out = append(out, Listed{Game: g, Err: err, ID: id})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Game, out[j].Game
		switch {
		case a == nil || b == nil:
			return b == nil && a != nil
		case !a.Started.Equal(b.Started):
			return a.Started.After(b.Started)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// Delete removes a game.
func (f *Folder) Delete(id string) error {
	if !validID(id) {
		return ErrNoGame
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	name := id + fileExt
	fi, err := f.root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return ErrNoGame
	case err != nil:
		return fmt.Errorf("could not delete the game: %s", plain.Why("", err))
	case !fi.Mode().IsRegular():
		return fmt.Errorf("the game %s is %s, not a game's file: it is left as it is", id, plain.Kind(fi.Mode()))
	}
	if err := f.root.Remove(name); err != nil {
		return fmt.Errorf("could not delete the game: %s", plain.Why("", err))
	}
	if s := f.games[id]; s != nil {
		s.mu.Lock()
		close(s.changed)
		s.changed = make(chan struct{})
		s.mu.Unlock()
	}
	delete(f.games, id)
	return nil
}
