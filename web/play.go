package web

import (
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/play"
	"github.com/playaid/playaid/rules"
)

// A game in progress (package play) on every player's phone: the table's
// page shows both sides as the table sees them, each side's page (its
// own unguessable address) its hidden units and secrets too. Every mark
// is a button of one form that works without JavaScript; static/play.js
// sends it without reloading, keeps the focus where it was, and waits on
// the server for the other phones' changes. What each rule set tracks is
// its data's ([[track]]), shown by the one card below.

// tableView is the table's page's name in a game's addresses.
const tableView = "table"

// How long a page's wait for a change lasts before it asks again, and how
// many pages may wait at once (each holds a connection).
const (
	waitFor      = 20 * time.Second
	maxPlayWaits = 256
)

// playView is a game's page.
type playView struct {
	chrome
	ID, View, Base string // the game's id, the page's name, its address
	Title          string
	SystemName     string
	Version        int
	Mine           int // the page's side, from 0; -1 for the table's
	MineName       string
	Over           bool
	Clock          playClock
	Sides          []playSide
	Placed         []*playCard
	Kinds          []choice // what may be put on the table
	PlaceWord      string
	Log            []playLog
	LogAll         bool
	LogMore        int
	Done           *playLog // the change just made, with its undo
	Problem        string
	Links          []choice // the sides' pages (the table's page only)
	Note           string   // what the book leaves out about the turn
}

// playClock is the turn and the phase.
type playClock struct {
	Word               string // "Turn", "Round"
	Turn, Of           int    // Of: the game's length in turns, where fixed
	Phase              string
	Prev, Next         string // the taps that move the clock ("" at the start)
	Length             string // the scenario's words on the game's length
	Ends               string // the chance the game ends after this round
	Arrivals           []playArrival
	PhaseNo, PhaseOf   int
	HasPhases          bool
	PrevLabel, NextLab string
}

// playArrival is a unit held back as reinforcements, with its chance.
type playArrival struct {
	Name, Say string
}

// playSide is one side as the page shows it.
type playSide struct {
	Index     int
	Name      string
	List      string
	Mine      bool
	Cards     []*playCard // on the table, and (on its own page) off it
	Blips     int         // hidden blips on the table, as the other side sees them
	BlipWord  string
	Objective *playCard
	Secrets   []playSecret
	Shown     []playSecret // secrets shown to everyone
}

// playCard is a unit card, an objective marker or a building.
type playCard struct {
	Base          string // the page's address, where its taps go
	ID, Name, Sub string
	Corner        string
	Parts         []army.FacePart
	Where         string // off the table: where, in the rule set's words
	WhereText     string
	Done          string // the tap that brings it on (or a decoy off)
	DoneLabel     string
	Hidden        bool
	Gone          bool
	Tracks        []playTrack
	Odds          string // its odds page
	Editable      bool
}

// playTrack is one track on a card.
type playTrack struct {
	ID, Name, Kind   string
	Value, Max       int
	Words, Note      string
	Ruling           string
	Minus, Plus, Tap string // the taps: one fewer, one more, the mark on or off
	On               bool
	Steps            []playStep
	Editable         bool
}

type playStep struct {
	Name, Tap string
	On        bool
	N         int
}

type playSecret struct {
	Key, Label, Text string
	Shown            bool
}

type playLog struct {
	N      int
	Turn   string
	Text   string
	Undo   bool
	Undone bool
	Secret bool
}

// tap is a button's value: the operation, the key and the value, which
// the page's one form sends.
func tap(op, key string, to int) string { return op + " " + key + " " + strconv.Itoa(to) }

// playAt finds the game and the page the address names; where either is
// wrong it has answered, and ok is false.
func (s *Server) playAt(w http.ResponseWriter, r *http.Request) (g *play.Game, b *play.Board, mine int, ok bool) {
	g, err := s.games.Get(r.PathValue("game"))
	if err != nil {
		s.playProblem(w, r, err)
		return nil, nil, 0, false
	}
	view := r.PathValue("view")
	mine = -2
	if view == tableView {
		mine = -1
	}
	for i, sd := range g.Sides {
		if sd.Token == view {
			mine = i
		}
	}
	if mine == -2 {
		s.fail(w, r, http.StatusNotFound, "There is no such page of this game: a side's page is the address its player was given.")
		return nil, nil, 0, false
	}
	b, err = play.Build(s.cat, g)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The game cannot be shown: "+err.Error()+".")
		return nil, nil, 0, false
	}
	return g, b, mine, true
}

// playProblem answers a game that is not there or does not read.
func (s *Server) playProblem(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, play.ErrNoGame) {
		s.fail(w, r, http.StatusNotFound, "There is no such game: it may have been deleted.")
		return
	}
	s.fail(w, r, http.StatusInternalServerError, "The game cannot be read: "+err.Error()+".")
}

// playPage shows a game to one page.
func (s *Server) playPage(w http.ResponseWriter, r *http.Request) {
	_, b, mine, ok := s.playAt(w, r)
	if !ok {
		return
	}
	v := s.playView(b, mine, r.URL.Query())
	s.render(w, r, http.StatusOK, "play", v)
}

// playView is what the page of side mine (-1: the table) shows.
func (s *Server) playView(b *play.Board, mine int, q url.Values) *playView {
	g := b.Game
	view := tableView
	if mine >= 0 {
		view = g.Sides[mine].Token
	}
	v := &playView{chrome: chrome{Title: g.Title, Nav: "play", Play: true}, ID: g.ID, View: view, Base: "/play/" + g.ID + "/" + view,
		Title: g.Title, SystemName: b.System.About.Name, Version: g.Version, Mine: mine, Over: g.Over(), Note: document.Typo(b.System.Play.Note)}
	if mine >= 0 {
		v.MineName = g.Sides[mine].Name
		v.chrome.Title = g.Sides[mine].Name + " · " + g.Title
	}
	v.Clock = clockOf(b)
	// The page's own side first, then the others in order.
	order := []int{}
	if mine >= 0 {
		order = append(order, mine)
	}
	for i := range b.Sides {
		if i != mine {
			order = append(order, i)
		}
	}
	for _, i := range order {
		v.Sides = append(v.Sides, s.sideOf(b, i, mine))
	}
	for _, p := range b.Placed {
		if b.At(p) != play.AtGone {
			v.Placed = append(v.Placed, s.cardOf(b, p, mine))
		}
	}
	for _, k := range b.Kinds {
		v.Kinds = append(v.Kinds, choice{Value: k.System.ID + "/" + k.ID, Label: k.Name})
		v.PlaceWord = k.System.About.Short
	}
	// The log, newest first: what this page may see.
	all := q.Get("log") == "all"
	v.LogAll = all
	shown := 0
	for i := len(g.Log) - 1; i >= 0; i-- {
		e := g.Log[i]
		if !visible(e, mine, g.Over()) {
			continue
		}
		if !all && shown == 12 {
			v.LogMore++
			continue
		}
		shown++
		v.Log = append(v.Log, logOf(b, e, mine))
	}
	if n, err := strconv.Atoi(q.Get("did")); err == nil && n >= 1 && n <= len(g.Log) && visible(g.Log[n-1], mine, g.Over()) {
		d := logOf(b, g.Log[n-1], mine)
		v.Done = &d
	}
	if mine == -1 {
		for _, sd := range g.Sides {
			v.Links = append(v.Links, choice{Value: "/play/" + g.ID + "/" + sd.Token, Label: sd.Name})
		}
	}
	return v
}

// visible reports whether side mine's page shows the log's line.
func visible(e play.Entry, mine int, over bool) bool {
	return e.Hide == 0 || over || e.Hide == mine+1
}

func logOf(b *play.Board, e play.Entry, mine int) playLog {
	undone := false
	for _, later := range b.Game.Log[e.N:] {
		if later.Undoes == e.N {
			undone = true
		}
	}
	return playLog{N: e.N, Turn: b.TurnWord() + " " + strconv.Itoa(e.Turn), Text: e.Text, Secret: e.Hide != 0,
		Undone: undone, Undo: !undone && e.Undoes == 0 && len(e.Changes) > 0 && (e.By == mine || mine == -1 && e.Hide == 0)}
}

// clockOf is the turn, the phase and what hangs on them: the
// reinforcements' tests and the game-length roll.
func clockOf(b *play.Board) playClock {
	g, sys := b.Game, b.System
	turn, ph := g.Turn(), g.Phase()
	phases := sys.Play.Phases
	c := playClock{Word: b.TurnWord(), Turn: turn, HasPhases: len(phases) > 0, PhaseNo: ph + 1, PhaseOf: len(phases)}
	if b.Scenario != nil {
		c.Of = b.Scenario.Turns
		c.Length = b.Scenario.GameLength
	}
	if ph < len(phases) {
		c.Phase = phases[ph]
	}
	n := max(len(phases), 1)
	next, prev := turn*n+ph+1, turn*n+ph-1
	// The clock stops at the end of the scenario's last turn: then the
	// game is ended, below.
	if next/n <= play.MaxTurns && (c.Of == 0 || next/n <= c.Of) {
		c.Next = tap(play.OpClock, strconv.Itoa(next/n), next%n)
	}
	if prev >= n {
		c.Prev = tap(play.OpClock, strconv.Itoa(prev/n), prev%n)
	}
	if ends, _ := rules.RoundEnds(sys, turn); ends != nil && sys.Play.Ends != "" {
		c.Ends = document.Typo(strings.ReplaceAll(sys.Play.Ends, "{chance}", chance(ends)))
	}
	if a := rules.Arrivals(sys); a != nil && sys.Play.HeldBack != nil {
		say := strings.NewReplacer("{from}", strconv.Itoa(a.FromTurn), "{arrive}", chance(a.Arrive), "{attack}", chance(a.CanAttack)).Replace(sys.Play.HeldBack.Say)
		for _, sd := range b.Sides {
			for _, p := range sd.Units {
				if b.At(p) == play.AtHeldBack {
					c.Arrivals = append(c.Arrivals, playArrival{Name: p.Name, Say: say})
				}
			}
		}
	}
	return c
}

// chance prints an exact chance as the odds pages do: "50% (1/2)".
func chance(p *big.Rat) string {
	return dice.Percent(p, 1) + " (" + frac(p) + ")"
}

// sideOf is side i as the page of side mine shows it.
func (s *Server) sideOf(b *play.Board, i, mine int) playSide {
	bs := b.Sides[i]
	g := b.Game
	own := mine == i || g.Over()
	sv := playSide{Index: i, Name: bs.Side.Name, List: bs.Side.List, Mine: mine == i}
	if st := b.System.Play.Blip; st != nil {
		sv.BlipWord = st.Name
	}
	for _, p := range bs.Units {
		at := b.At(p)
		switch {
		case at == play.AtGone:
			continue
		case b.Hidden(p) && !own:
			if at == play.AtBlip {
				sv.Blips++ // the table sees a blip, face down
			}
			continue
		}
		sv.Cards = append(sv.Cards, s.cardOf(b, p, mine))
	}
	if bs.Objective != nil {
		sv.Objective = s.cardOf(b, bs.Objective, mine)
	}
	for _, sec := range bs.Secrets {
		shown := g.Marks[sec.Key+"/@shown"] != 0
		sv2 := playSecret{Key: sec.Key, Label: sec.Label, Text: g.Notes[sec.Key], Shown: shown}
		if st := b.System.Play.Ambush; sec.Piece != "" && st != nil && st.Secret != "" {
			sv2.Label = sec.Label + ": " + st.Secret
		}
		switch {
		case own:
			sv.Secrets = append(sv.Secrets, sv2)
		case shown:
			sv.Shown = append(sv.Shown, sv2)
		}
	}
	return sv
}

// cardOf is a piece's card as the page of side mine shows it.
func (s *Server) cardOf(b *play.Board, p *play.Piece, mine int) *playCard {
	at := b.At(p)
	view := tableView
	if mine >= 0 {
		view = b.Game.Sides[mine].Token
	}
	c := &playCard{Base: "/play/" + b.Game.ID + "/" + view, ID: p.ID, Name: p.Name, Sub: p.Face.Sub, Corner: p.Face.Corner, Parts: p.Face.Parts, Hidden: b.Hidden(p)}
	c.Editable = !b.Game.Over() && (p.Side < 0 || mine == p.Side || !c.Hidden)
	if p.Decoy {
		c.Name = b.System.Play.Decoy.Name
	}
	if p.Blip > 0 {
		c.Name = fmt.Sprintf("%s · %s %d", c.Name, b.System.Play.Blip.Name, p.Blip)
	}
	if st := b.OffTable(p); st != nil && at != play.AtTable {
		c.Where, c.WhereText, c.DoneLabel = st.Name, document.Typo(st.Text), st.Done
		to := play.AtTable
		if p.Decoy {
			to = play.AtGone
		}
		if mine == p.Side && !b.Game.Over() {
			c.Done = tap(play.OpAt, p.ID, to)
		}
	}
	if at != play.AtHeldBack { // not on the table yet: nothing to mark
		for _, t := range p.Tracks {
			c.Tracks = append(c.Tracks, trackOf(b, p, t, c.Editable))
		}
	}
	if p.Unit != nil && !c.Hidden || p.Unit != nil && mine == p.Side {
		if len(p.Unit.Fighter.Weapons) > 0 && (p.Unit.Fighter.Entry != nil || p.Unit.Fighter.PerTray > 0) {
			c.Odds = c.Base + "/odds/" + p.ID
		}
	}
	return c
}

// trackOf is one track of a card: its value, its words and its taps.
func trackOf(b *play.Board, p *play.Piece, t *catalog.PlayTrack, editable bool) playTrack {
	v := b.Value(p, t)
	key := p.ID + "/" + t.ID
	tv := playTrack{ID: key, Name: t.Name, Kind: t.Kind, Value: v, Max: play.Max(p, t), Words: document.Typo(b.Words(p, t)), Note: document.Typo(t.Note), Editable: editable}
	if t.Ruled != "" {
		if n := b.System.Note(t.Ruled); n != nil {
			tv.Ruling = document.Typo(n.Ruling)
		}
	}
	switch t.Kind {
	case catalog.TrackCount:
		if v > 0 {
			tv.Minus = tap(play.OpSet, key, v-1)
		}
		if v < tv.Max {
			tv.Plus = tap(play.OpSet, key, v+1)
		}
	case catalog.TrackMark:
		tv.On = v != 0
		tv.Tap = tap(play.OpSet, key, 1-min(v, 1))
	case catalog.TrackChoice:
		for i, st := range t.Steps {
			tv.Steps = append(tv.Steps, playStep{Name: st.Name, Tap: tap(play.OpSet, key, i), On: i == v, N: i})
		}
	}
	return tv
}
