package play

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
)

// Start is a side of a game about to start: its name and the list it
// plays (a checked list, its army name and the file's bytes).
type Start struct {
	Name   string
	Report *army.Report
	Source []byte
}

// New starts a game of the rule set (and the scenario, or nil) with a
// list for each side. Each side's page gets an address of its own,
// unguessable, so that only the player given it sees its hidden units.
func New(sys *catalog.System, sc *catalog.Scenario, sides []Start, now time.Time) (*Game, error) {
	if len(sides) < 2 || len(sides) > MaxSides {
		return nil, fmt.Errorf("a game needs from 2 to %d sides, each with a list; %d have one", MaxSides, len(sides))
	}
	g := &Game{Format: Format, ID: token(5), System: sys.ID, Started: now.UTC().Truncate(time.Second), Marks: map[string]int{}, Notes: map[string]string{}}
	var names []string
	for _, s := range sides {
		r := s.Report
		if r == nil || r.System != sys || !r.Valid() {
			return nil, fmt.Errorf("%s: the list is not a valid list of %s", s.Name, sys.About.Name)
		}
		g.Sides = append(g.Sides, Side{Name: s.Name, Token: token(8), List: r.List.Name, Source: string(s.Source)})
		names = append(names, s.Name)
	}
	if sc != nil {
		g.Scenario, g.Title = sc.ID, sc.Name
	} else {
		g.Title = strings.Join(names, " against ")
	}
	return g, nil
}

// token is n random bytes in hex.
func token(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// Encode is the game's file: JSON, indented so that a person can read
// it.
func Encode(g *Game) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Decode reads a game's file. What is wrong with it is said at its line
// and column ("line 3, column 12: …"), as for every file playaid reads.
func Decode(src []byte) (*Game, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	var g Game
	if err := dec.Decode(&g); err != nil {
		return nil, jsonProblem(src, dec, err)
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		for end < int64(len(src)) && strings.ContainsRune(" \t\r\n", rune(src[end])) {
			end++
		}
		l, c := lineCol(src, end)
		return nil, fmt.Errorf("line %d, column %d: text after the game; expected the file to end", l, c)
	}
	switch {
	case g.Format != Format:
		return nil, fmt.Errorf("the file is a game of format %d; this playaid reads format %d", g.Format, Format)
	case g.ID == "" || g.System == "" || len(g.Sides) < 2 || len(g.Sides) > MaxSides:
		return nil, errors.New("the file lacks the game's id, rule set or sides")
	case len(g.Log) > MaxLog || len(g.Placed) > MaxPlaced:
		return nil, fmt.Errorf("the file has more than the %d changes or %d pieces a game keeps", MaxLog, MaxPlaced)
	}
	if g.Marks == nil {
		g.Marks = map[string]int{}
	}
	if g.Notes == nil {
		g.Notes = map[string]string{}
	}
	return &g, nil
}

// jsonProblem says where the file stops being a game.
func jsonProblem(src []byte, dec *json.Decoder, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// The offset is past the character that is wrong.
		l, c := lineCol(src, syn.Offset-1)
		return fmt.Errorf("line %d, column %d: the file is not a game: %s", l, c, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		l, c := lineCol(src, typ.Offset)
		return fmt.Errorf("line %d, column %d: %s is not %s", l, c, typ.Field, kindWords(typ.Type.Kind()))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return errors.New("the file stops before the game ends: it was cut short")
	}
	l, c := lineCol(src, dec.InputOffset())
	return fmt.Errorf("line %d, column %d: %s", l, c, strings.TrimPrefix(err.Error(), "json: "))
}

// kindWords says what a value of a kind is, for a message.
func kindWords(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64:
		return "a whole number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		return "a list"
	}
	return "a table of values"
}

// lineCol is the line and column (from 1) of a byte offset.
func lineCol(src []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(src)))
	before := src[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
