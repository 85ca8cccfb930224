package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/playaid/playaid/catalog"
)

// Bounds of a game: far beyond an evening's play, small enough that a
// game's file stays small and every page quick.
const (
	MaxLog    = 5000 // changes logged
	MaxTurns  = 99
	MaxPlaced = 60  // pieces put on the table in play
	MaxNote   = 500 // bytes of a written-down secret
	MaxSides  = 8
	MaxName   = 60 // bytes of a placed piece's name
)

// Change is one mark set: its key, its value before and after.
type Change struct {
	Key  string `json:"key"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// The operations a page asks for.
const (
	OpSet   = "set"   // a track of a piece: Key "PIECE/TRACK", To
	OpAt    = "at"    // bring a unit onto the table (or a decoy off it): Key PIECE, To
	OpClock = "clock" // the turn and the phase: Turn, To (the phase)
	OpNote  = "note"  // write a secret down: Key, Text
	OpShow  = "show"  // show a written secret to everyone: Key
	OpPlace = "place" // put a piece on the table: Key "SYSTEM/KIND"
	OpUndo  = "undo"  // undo a change: N
	OpEnd   = "end"   // end the game (To 1) or take it up again (To 0)
)

// Action is one change a page asks for.
type Action struct {
	By   int // the side whose page asks (from 0), or -1: the table's page
	Op   string
	Key  string
	To   int
	Turn int
	Text string
	N    int
}

// ErrNoChange is an action that leaves the game as it is (a tap that
// sets what another player's tap already set): nothing is logged.
var ErrNoChange = errors.New("nothing changed")

// Apply makes the change a page asks for, on a copy of the game: the
// game changed, with its log's new line, or an error in the player's
// words. A change to what the game already has is ErrNoChange.
func Apply(b *Board, a Action, now time.Time) (*Game, error) {
	g := b.Game
	if len(g.Log) >= MaxLog {
		return nil, fmt.Errorf("the game's log is full (%d changes): end this game and start another", MaxLog)
	}
	if a.By < -1 || a.By >= len(g.Sides) {
		return nil, errors.New("this page is not one of the game's")
	}
	e := Entry{N: len(g.Log) + 1, At: now.UTC().Truncate(time.Second), Turn: g.Turn(), By: a.By}
	var err error
	var placed Placed
	switch a.Op {
	case OpSet:
		err = b.set(&e, a)
	case OpAt:
		err = b.at(&e, a)
	case OpClock:
		err = b.clock(&e, a)
	case OpNote:
		err = b.note(&e, a)
	case OpShow:
		err = b.show(&e, a)
	case OpPlace:
		placed, err = b.place(&e, a)
	case OpUndo:
		err = b.undo(&e, a)
	case OpEnd:
		e.Changes = []Change{{Key: keyOver, From: g.Marks[keyOver], To: min(max(a.To, 0), 1)}}
		e.Text = "The game is over: every secret shows"
		if a.To == 0 {
			e.Text = "The game goes on"
		}
	default:
		err = fmt.Errorf("unknown action %q", clip(a.Op))
	}
	if err != nil {
		return nil, err
	}
	n := g.clone()
	changed := false
	for _, c := range e.Changes {
		if c.From != c.To {
			changed = true
		}
		// A mark at 0 is left out, but a piece's place is kept: its
		// start is its own.
		if c.To == 0 && !strings.HasSuffix(c.Key, atSuffix) {
			delete(n.Marks, c.Key)
		} else {
			n.Marks[c.Key] = c.To
		}
	}
	switch {
	case a.Op == OpNote:
		if n.Notes[a.Key] == a.Text {
			return nil, ErrNoChange
		}
		if a.Text == "" {
			delete(n.Notes, a.Key)
		} else {
			n.Notes[a.Key] = a.Text
		}
	case a.Op == OpPlace:
		n.Placed = append(n.Placed, placed)
	case !changed:
		return nil, ErrNoChange
	}
	n.Version++
	n.Log = append(n.Log, e)
	return n, nil
}

// mayChange says whether the page may change the piece's marks: any page
// what is on the table for all to see (the attacker may mark the damage
// it deals), only its side's page a piece off the table, hidden.
func (b *Board) mayChange(p *Piece, by int) error {
	if p.Side < 0 || by == p.Side || !b.Hidden(p) {
		return nil
	}
	return fmt.Errorf("%s is hidden: only the page of %s marks it", b.pieceName(p, by), b.Sides[p.Side].Side.Name)
}

func (b *Board) set(e *Entry, a Action) error {
	pid, tid, ok := strings.Cut(a.Key, "/")
	p := b.Piece(pid)
	if !ok || p == nil {
		return fmt.Errorf("there is no such piece in the game (%q)", clip(a.Key))
	}
	var t *catalog.PlayTrack
	for _, x := range p.Tracks {
		if x.ID == tid {
			t = x
		}
	}
	if t == nil {
		return fmt.Errorf("%s has no mark %q", p.Name, clip(tid))
	}
	if err := b.mayChange(p, a.By); err != nil {
		return err
	}
	if at := b.At(p); at == AtGone || at == AtHeldBack {
		return fmt.Errorf("%s is not on the table", b.pieceName(p, a.By))
	}
	if hi := Max(p, t); a.To < 0 || a.To > hi {
		return fmt.Errorf("%s: %d is not from 0 to %d", t.Name, a.To, hi)
	}
	from := b.Value(p, t)
	e.Changes = []Change{{Key: a.Key, From: from, To: a.To}}
	e.Text = b.pieceName(p, p.Side) + ": " + b.State(p, t, a.To)
	if t.Kind == catalog.TrackCount {
		e.Text = fmt.Sprintf("%s: %s %d → %d", b.pieceName(p, p.Side), t.Name, from, a.To)
	}
	if b.Hidden(p) {
		e.Hide = p.Side + 1
	}
	return nil
}

// at brings a unit held off the table onto it (or a decoy blip off it,
// or a piece put in play off the table), or back where it started.
func (b *Board) at(e *Entry, a Action) error {
	p := b.Piece(a.Key)
	if p == nil {
		return fmt.Errorf("there is no such piece in the game (%q)", clip(a.Key))
	}
	if p.Side >= 0 && a.By != p.Side {
		return fmt.Errorf("only the page of %s brings its units onto the table", b.Sides[p.Side].Side.Name)
	}
	now := b.At(p)
	switch {
	case a.To == now:
	case p.Decoy && a.To == AtGone, !p.Decoy && p.Side >= 0 && a.To == AtTable, a.To == p.Start, p.Side < 0 && a.To == AtGone:
	default:
		return fmt.Errorf("%s cannot go there", b.pieceName(p, a.By))
	}
	e.Changes = []Change{{Key: a.Key + atSuffix, From: now, To: a.To}}
	st := b.OffTable(p)
	switch {
	case p.Side < 0:
		e.Text = p.Name + ": taken off the table"
	case a.To == p.Start && st != nil:
		// Put back where it started: a side's own business.
		e.Text, e.Hide = p.Name+": "+st.Name, p.Side+1
		if p.Blip > 0 {
			e.Text = fmt.Sprintf("%s: %s %d", b.pieceName(p, p.Side), st.Name, p.Blip)
		}
	case st != nil && p.Decoy:
		e.Text = fmt.Sprintf("%s %d: %s — %s", b.blipName(), p.Blip, st.Done, st.Name)
	case st != nil && p.Blip > 0:
		e.Text = fmt.Sprintf("%s %d: %s — %s", b.blipName(), p.Blip, st.Done, b.pieceName(p, p.Side))
	case st != nil:
		e.Text = p.Name + ": " + st.Done
	default:
		e.Text = p.Name + ": on the table"
	}
	return nil
}

// OffTable is the words of where the piece starts when that is off the
// table (a blip, in ambush, held back), whether or not it is there now;
// nil for a piece that starts on the table or where the data has none.
func (b *Board) OffTable(p *Piece) *catalog.PlayState {
	pl := b.System.Play
	switch {
	case p.Start == AtBlip && p.Decoy:
		return pl.Decoy
	case p.Start == AtBlip:
		return pl.Blip
	case p.Start == AtAmbush:
		return pl.Ambush
	case p.Start == AtHeldBack:
		return pl.HeldBack
	}
	return nil
}

// blipName is what the rule set calls a blip.
func (b *Board) blipName() string {
	if st := b.System.Play.Blip; st != nil {
		return st.Name
	}
	return "Blip"
}

// pieceName is the piece's name as a page of side by may say it: a
// hidden blip stays a blip to the other side.
func (b *Board) pieceName(p *Piece, by int) string {
	if p.Decoy {
		return fmt.Sprintf("%s %d", b.blipName(), p.Blip)
	}
	if p.Blip > 0 && by != p.Side && b.Hidden(p) {
		return fmt.Sprintf("%s %d", b.blipName(), p.Blip)
	}
	return p.Name
}

func (b *Board) clock(e *Entry, a Action) error {
	g := b.Game
	if a.Turn < 1 || a.Turn > MaxTurns {
		return fmt.Errorf("turn %d is not from 1 to %d", a.Turn, MaxTurns)
	}
	phases := len(b.System.Play.Phases)
	if a.To < 0 || a.To >= max(phases, 1) {
		return fmt.Errorf("there is no phase %d", a.To+1)
	}
	e.Changes = []Change{{Key: keyTurn, From: g.Marks[keyTurn], To: a.Turn}, {Key: keyPhase, From: g.Phase(), To: a.To}}
	e.Text = b.TurnWord() + " " + strconv.Itoa(a.Turn)
	if phases > 0 {
		e.Text += " · " + b.System.Play.Phases[a.To]
	}
	e.Turn = a.Turn
	return nil
}

// TurnWord is what the rule set calls a turn.
func (b *Board) TurnWord() string {
	if w := b.System.Play.Turn; w != "" {
		return w
	}
	return "Turn"
}

// secret finds the side's secret with the key.
func (b *Board) secret(key string) (*BoardSide, *Secret) {
	for _, s := range b.Sides {
		for i := range s.Secrets {
			if s.Secrets[i].Key == key {
				return s, &s.Secrets[i]
			}
		}
	}
	return nil, nil
}

// ownSecret is the secret the action names, which only its side's page
// may write or show.
func (b *Board) ownSecret(a Action, does string) (*BoardSide, *Secret, error) {
	s, sec := b.secret(a.Key)
	if sec == nil {
		return nil, nil, fmt.Errorf("there is no such secret (%q)", clip(a.Key))
	}
	if a.By != s.Index {
		return nil, nil, fmt.Errorf("only the page of %s %s its secrets", s.Side.Name, does)
	}
	return s, sec, nil
}

func (b *Board) note(e *Entry, a Action) error {
	s, sec, err := b.ownSecret(a, "writes")
	if err != nil {
		return err
	}
	if len(a.Text) > MaxNote || !utf8.ValidString(a.Text) {
		return fmt.Errorf("write at most %d characters", MaxNote)
	}
	e.Text, e.Hide = fmt.Sprintf("%s wrote down: %s", s.Side.Name, sec.Label), s.Index+1
	return nil
}

func (b *Board) show(e *Entry, a Action) error {
	s, sec, err := b.ownSecret(a, "shows")
	if err != nil {
		return err
	}
	e.Changes = []Change{{Key: a.Key + "/@shown", From: b.Game.Marks[a.Key+"/@shown"], To: 1}}
	e.Text = fmt.Sprintf("%s shows what it wrote: %s: %s", s.Side.Name, sec.Label, b.Game.Notes[a.Key])
	return nil
}

func (b *Board) place(e *Entry, a Action) (Placed, error) {
	if len(b.Game.Placed) >= MaxPlaced {
		return Placed{}, fmt.Errorf("the game has %d pieces put on the table already, the most it keeps", MaxPlaced)
	}
	sysID, kind, _ := strings.Cut(a.Key, "/")
	for _, k := range b.Kinds {
		if k.System.ID == sysID && k.ID == kind {
			id := "b" + strconv.Itoa(len(b.Game.Placed)+1)
			name := strings.TrimSpace(a.Text)
			if name == "" || len(name) > MaxName || !utf8.ValidString(name) {
				name = fmt.Sprintf("%s %d", k.Name, len(b.Game.Placed)+1)
			}
			e.Changes = []Change{{Key: id + atSuffix, From: AtGone, To: AtTable}}
			e.Text = name + ": put on the table"
			return Placed{ID: id, System: sysID, Kind: kind, Name: name}, nil
		}
	}
	return Placed{}, fmt.Errorf("there is no such piece to put on the table (%q)", clip(a.Key))
}

func (b *Board) undo(e *Entry, a Action) error {
	g := b.Game
	if a.N < 1 || a.N > len(g.Log) {
		return fmt.Errorf("there is no change %d to undo", a.N)
	}
	old := g.Log[a.N-1]
	if len(old.Changes) == 0 {
		return errors.New("a secret written down is changed by writing it again, not undone")
	}
	if old.By != a.By && !(old.By >= 0 && a.By == -1 && old.Hide == 0) {
		return errors.New("a change is undone from the page that made it")
	}
	for _, c := range old.Changes {
		if g.Marks[c.Key] != c.To {
			return fmt.Errorf("“%s” was changed again since; change it back by hand", old.Text)
		}
	}
	for i := len(old.Changes) - 1; i >= 0; i-- {
		c := old.Changes[i]
		e.Changes = append(e.Changes, Change{Key: c.Key, From: c.To, To: c.From})
	}
	e.Text, e.Hide, e.Undoes = "Undone: "+old.Text, old.Hide, old.N
	return nil
}

// clip shortens what a request sent, for a message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	n := 40
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
