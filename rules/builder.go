package rules

import "github.com/playaid/playaid/catalog"

// Builder is what the web app's army builder shows of an engine's lists,
// described as data: the inputs of the list's and each unit's keys, what
// can be added, and the words of a list in a line. The builder renders
// any engine's inputs with one code path; it knows no engine's keys.
type Builder interface {
	// ListInputs are the inputs of the list's own keys (its engine's
	// ListFields), beside those every list has.
	ListInputs(sys *catalog.System, f *Form) []Input
	// UnitInputs are unit i's inputs and what the builder shows of it;
	// ln is its checked line, nil when the list could not be checked.
	UnitInputs(sys *catalog.System, f *Form, i int, ln *Line, faction string) UnitView
	// TableInputs are the inputs of the list's table of keys (the
	// objective marker's upgrades) and a sentence saying what it is;
	// none where the engine's lists have no table.
	TableInputs(sys *catalog.System, f *Form) (note string, inputs []Input)
	// Picker is what can be added to the list; Add is the unit a
	// picker's button (its form field and value) adds, and the name the
	// builder announces it by (nil: nothing).
	Picker(sys *catalog.System, f *Form, faction string) Picker
	Add(sys *catalog.System, f *Form, button, value string) (unit map[string]string, name string)
	// Start sets a new list's own keys for the scenario's side it plays
	// (nil for a list for no scenario): its points, its deployment.
	Start(sys *catalog.System, side *catalog.Side, f *Form)
	// Summary is a unit's details in a line of text ("ambush", "drilled
	// (5 AP)"); ListSummary the list's lines beyond its units (the
	// objective's upgrades).
	Summary(r *Report, ln Line) []string
	ListSummary(r *Report) []string
}

// Form is a list as the builder edits it: every key the list writes, as
// text, "" for a key left out.
type Form struct {
	List  map[string]string
	Units []map[string]string
	Table map[string]string // the list's table ([objective]); nil when it has none
}

// InputKind is how the builder offers a key.
type InputKind int

const (
	TextInput   InputKind = iota // a line of text
	NumberInput                  // a whole number
	SelectInput                  // one of Choices
	CheckInput                   // yes or no
)

// Input is one input of the builder's form: a key of the list, of a unit
// or of the list's table.
type Input struct {
	Key         string
	Label       string
	Kind        InputKind
	Choices     []Choice // a select's options
	Blank       string   // a select's option of none ("— unit —"); "" with NoBlank for none offered
	NoBlank     bool     // a select that always has a value (Default when the form has none)
	Default     string
	Placeholder string
	Min         string // a number's smallest value, as the input offers it
	Span        bool   // two columns wide
	More        bool   // folded away: a key most units leave empty
}

// UnitView is what the builder shows of a unit beside its inputs.
type UnitView struct {
	Sub    string   // a line under its name: its catalogue entry, its type
	Stats  []string // its stats, a line each
	Inputs []Input
}

// Picker is the builder's "add units" side.
type Picker struct {
	Groups []PickGroup
	Note   string
	// From says where units come from, for the list with none yet
	// ("No units yet: add them from the catalogue").
	From string
}

// PickGroup is a group of things to add.
type PickGroup struct {
	Title string
	Force bool // a scenario's force list
	Items []PickItem
}

// PickItem is one button of the picker and the unit it adds.
type PickItem struct {
	Name   string
	Points int      // 0: not shown
	Info   []string // stats, or the line as the scenario prints it
	Button string   // the form field the button sets ("add", "add-force")
	Value  string
	InList int // how many of it the list has
}

// TypeGroup is a picker's button for each unit type, each adding a unit
// of that type ("add-type").
func TypeGroup(types []string) PickGroup {
	g := PickGroup{Title: "Unit types"}
	for _, t := range types {
		g.Items = append(g.Items, PickItem{Name: Capital(t), Button: "add-type", Value: t})
	}
	return g
}

// NoBuilder is the builder of an engine without lists: it shows nothing.
type NoBuilder struct{}

func (NoBuilder) ListInputs(*catalog.System, *Form) []Input                      { return nil }
func (NoBuilder) UnitInputs(*catalog.System, *Form, int, *Line, string) UnitView { return UnitView{} }
func (NoBuilder) TableInputs(*catalog.System, *Form) (string, []Input)           { return "", nil }
func (NoBuilder) Picker(*catalog.System, *Form, string) Picker                   { return Picker{} }
func (NoBuilder) Add(*catalog.System, *Form, string, string) (map[string]string, string) {
	return nil, ""
}
func (NoBuilder) Start(*catalog.System, *catalog.Side, *Form) {}
func (NoBuilder) Summary(*Report, Line) []string              { return nil }
func (NoBuilder) ListSummary(*Report) []string                { return nil }
