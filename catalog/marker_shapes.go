package catalog

// markerShape is what the data must give a marker kind of one shape: the
// lengths that must be above zero, and the shape's own check. The markers
// generator draws every shape listed here (its shapes table has an entry
// for each, and a test there keeps the two equal): a new shape is a line
// here, a line there and its drawing.
type markerShape struct {
	name  string
	sizes []string // fields of Marker (TOML keys) that must be above zero
	check func(c *checker, m *Marker, at located, weaponIDs []string)
}

var markerShapes = []markerShape{
	{"circle", []string{"size"}, (*checker).checkFaces},
	{"square", []string{"size"}, (*checker).checkFaces},
	{"rect", []string{"width", "height"}, (*checker).checkFaces},
	{"track", []string{"width", "height"}, (*checker).checkTracks},
	{"template", []string{"length", "width", "radius"}, (*checker).checkTemplate},
	{"ruler", []string{"row_height"}, (*checker).checkRuler}, // segment: checkRuler
}

// MarkerShapes are the shapes a marker kind may have, in the order
// messages list them.
var MarkerShapes = func() []string {
	var names []string
	for _, s := range markerShapes {
		names = append(names, s.name)
	}
	return names
}()

func markerShapeOf(name string) *markerShape {
	for i := range markerShapes {
		if markerShapes[i].name == name {
			return &markerShapes[i]
		}
	}
	return nil
}

// MarkerLength is the marker's length of the TOML key ("width"), or a
// zero Length for a key that is not one of its lengths.
func MarkerLength(m *Marker, key string) Length {
	if f, ok := markerLengths[key]; ok {
		return f(m)
	}
	return Length{}
}

// markerLengths reads a marker's lengths by their TOML keys.
var markerLengths = map[string]func(m *Marker) Length{
	"size":       func(m *Marker) Length { return m.Size },
	"width":      func(m *Marker) Length { return m.Width },
	"height":     func(m *Marker) Length { return m.Height },
	"length":     func(m *Marker) Length { return m.Length },
	"radius":     func(m *Marker) Length { return m.Radius },
	"row_height": func(m *Marker) Length { return m.RowHeight },
	"segment":    func(m *Marker) Length { return m.Segment },
}
