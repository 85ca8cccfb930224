package play

import (
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

// SummaryTemplate is the after-action summary's template; a club's
// --templates folder may replace it.
const SummaryTemplate = "after-action.md"

// summaryLog is how many of the log's last lines the summary prints: its
// one page holds them beside two sides of a dozen units each.
const summaryLog = 24

// SummaryData is what the after-action summary prints: the game's end
// state, every secret shown, in the players' words.
type SummaryData struct {
	Title, RuleSet string
	Started        string
	Turn, Phase    string
	Sides          []SummarySide
	Placed         []SummaryUnit
	PlacedWord     string
	Rulings        []string // the rulings on how the victory conditions read
	Log            []string // the last lines of the log, oldest first
	Earlier        int      // lines left off
}

// SummarySide is a side at the end of the game.
type SummarySide struct {
	Name, List string
	Victory    string // the scenario's victory conditions for the side, in the book's words
	Units      []SummaryUnit
	Written    []SummaryNote // what the side wrote down
}

// SummaryUnit is a piece and the marks it ended the game with.
type SummaryUnit struct {
	Name, State string
}

// SummaryNote is a secret a side wrote down.
type SummaryNote struct {
	Label, Text string
}

// Summary is the game's end state for the after-action summary.
func (b *Board) Summary() SummaryData {
	g := b.Game
	d := SummaryData{Title: g.Title, RuleSet: b.System.About.Name, Started: g.Started.Local().Format("2 January 2006"),
		Turn: b.TurnWord() + " " + itoa(g.Turn())}
	if ph := b.System.Play.Phases; g.Phase() < len(ph) {
		d.Phase = ph[g.Phase()]
	}
	for _, s := range b.Sides {
		ss := SummarySide{Name: s.Side.Name, List: s.Side.List}
		if sd := s.Report.Side; sd != nil && b.Scenario != nil {
			ss.Victory = sd.Victory
			if sd.Humiliating != "" {
				ss.Victory += ". Humiliating Defeat: " + sd.Humiliating
			}
		}
		if ss.List == ss.Name {
			ss.List = ""
		}
		for _, p := range s.Units {
			if p.Decoy && b.At(p) == AtGone {
				continue
			}
			ss.Units = append(ss.Units, SummaryUnit{Name: b.summaryName(p), State: b.endState(p)})
		}
		if s.Objective != nil {
			ss.Units = append(ss.Units, SummaryUnit{Name: s.Objective.Name, State: b.endState(s.Objective)})
		}
		for _, sec := range s.Secrets {
			if t := g.Notes[sec.Key]; t != "" {
				label := sec.Label
				if st := b.System.Play.Ambush; sec.Piece != "" && st != nil && st.Secret != "" {
					label += ": " + st.Secret
				}
				ss.Written = append(ss.Written, SummaryNote{Label: label, Text: t})
			}
		}
		d.Sides = append(d.Sides, ss)
	}
	if b.Scenario != nil {
		// The victory conditions print as the data splits them: a ruling
		// on how the book's sentence reads prints beside them.
		for _, n := range b.System.NotesTouching(b.Scenario.ID) {
			if n.Ruling != "" && slices.Contains(n.Touches, "victory") {
				d.Rulings = append(d.Rulings, n.Ruling)
			}
		}
	}
	for _, p := range b.Placed {
		if b.At(p) != AtGone {
			d.Placed = append(d.Placed, SummaryUnit{Name: p.Name, State: b.endState(p)})
		}
	}
	for _, k := range b.Kinds {
		d.PlacedWord = k.System.About.Short
	}
	// The log's last lines, undone changes and their undoing left out.
	undone := map[int]bool{}
	for _, e := range g.Log {
		if e.Undoes > 0 {
			undone[e.Undoes], undone[e.N] = true, true
		}
	}
	var lines []string
	for _, e := range g.Log {
		if !undone[e.N] {
			lines = append(lines, b.TurnWord()+" "+itoa(e.Turn)+": "+e.Text)
		}
	}
	if len(lines) > summaryLog {
		d.Earlier = len(lines) - summaryLog
		lines = lines[d.Earlier:]
	}
	d.Log = lines
	return d
}

func (b *Board) summaryName(p *Piece) string {
	if p.Decoy {
		return b.blipName() + " " + itoa(p.Blip)
	}
	if p.Blip > 0 {
		return p.Name + " (" + b.blipName() + " " + itoa(p.Blip) + ")"
	}
	return p.Name
}

// endState is the marks a piece ended with, in a line: where it is if
// off the table, then each track that is not at its start.
func (b *Board) endState(p *Piece) string {
	var parts []string
	if st := b.OffTable(p); st != nil && b.At(p) == p.Start {
		parts = append(parts, st.Name)
		if p.Start == AtHeldBack {
			return st.Name // it never came on: nothing was marked
		}
	}
	for _, t := range p.Tracks {
		v := b.Value(p, t)
		switch {
		case v == 0 && t.Kind != catalog.TrackCount:
		case t.Kind == catalog.TrackCount && t.Losses:
			parts = append(parts, b.Words(p, t))
		case t.Kind == catalog.TrackCount && v == 0:
		default:
			parts = append(parts, b.State(p, t, v))
		}
	}
	if len(parts) == 0 {
		return "–"
	}
	return strings.Join(parts, " · ")
}

// SummaryPDF prints the after-action summary through the documents'
// pipeline, on one page of the paper.
func (b *Board) SummaryPDF(paper layout.Paper, templates string) ([]byte, error) {
	srcs, err := document.Read(templates, SummaryTemplate)
	if err != nil {
		return nil, err
	}
	md, _, err := document.ExecuteLines(srcs, nil, b.Summary(), nil)
	if err != nil {
		return nil, err
	}
	return document.Render(md, document.PDF, markdown.Options{Paper: paper, Title: b.Game.Title + " — after-action summary",
		Stamp: b.System.Edition(), Source: b.System.About.Name, BaseSize: 8, File: "after-action summary (Markdown from " + SummaryTemplate + ")"})
}

func itoa(n int) string { return strconv.Itoa(n) }
