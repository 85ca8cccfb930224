package catalog

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/data"
)

// clubCopy copies a shipped rule set's folder under a new id, as a club
// would: the same files, each naming the new system, with scenario ids of
// their own when rename (a briefing is named by its scenario's id).
func clubCopy(t *testing.T, from, to string, rename bool) fstest.MapFS {
	t.Helper()
	club := fstest.MapFS{}
	var scenarios []string
	shipped, _ := Load(Source{Name: "data", FS: data.FS})
	for _, sc := range shipped.System(from).Scenarios {
		scenarios = append(scenarios, sc.ID)
	}
	err := fs.WalkDir(data.FS, from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		text := regexp.MustCompile(`(?m)^system = ".*"$`).ReplaceAllString(string(b), `system = "`+to+`"`)
		for _, id := range scenarios {
			if rename {
				text = strings.ReplaceAll(text, `id = "`+id+`"`, `id = "club-`+id+`"`)
			}
		}
		club[to+strings.TrimPrefix(p, from)] = &fstest.MapFile{Data: []byte(text)}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return club
}

// A shipped rule set copied to a new id is a rule set of its own beside
// the shipped one: each has its engine's block.
func TestClubRuleSetBesideShipped(t *testing.T) {
	for _, id := range []string{"aqotmf", "buildings", "evacuation-mars", "imperial-mars"} {
		t.Run(id, func(t *testing.T) {
			cat, l := Load(Source{Name: "data", FS: data.FS}, Source{Name: "club", FS: clubCopy(t, id, "club-"+id, true)})
			if len(l.Errors()) > 0 {
				t.Fatalf("club copy of %s:\n%s", id, l.Errors())
			}
			shipped, club := cat.System(id), cat.System("club-"+id)
			if club == nil || club.Engine != shipped.Engine || club.Engine == "" {
				t.Fatalf("club-%s: engine %v, want the shipped %q", id, club, shipped.Engine)
			}
			if club.Block == nil || club.Block == shipped.Block {
				t.Errorf("club-%s: its own block of numbers expected", id)
			}
		})
	}
}

func TestEngineErrors(t *testing.T) {
	about := "[about]\nname = \"T\"\ndie = 10\n"
	tests := []struct {
		name, file string
		want       []string
	}{
		{"unknown engine", "system = \"t\"\nengine = \"aqotfm\"\n" + about + "[aqotmf]\n",
			[]string{
				`data/t/system.toml:2:10: unknown engine "aqotfm" (did you mean "aqotmf"?); expected one of: aqotmf, buildings, dice, evacuation, imperial`,
				`data/t/system.toml:6:2: system t has a [aqotmf] block but names no engine; expected engine = "aqotmf" in its system.toml, beside system = "t"`,
			}},
		{"block of another engine", "system = \"t\"\nengine = \"imperial\"\n" + about + "[aqotmf]\n",
			[]string{`data/t/system.toml:6:2: a [aqotmf] block in system t, which runs on the imperial engine; expected its numbers in [imperial]`}},
		{"no engine", "system = \"t\"\n" + about + "[aqotmf]\n",
			[]string{`data/t/system.toml:5:2: system t has a [aqotmf] block but names no engine; expected engine = "aqotmf" in its system.toml, beside system = "t"`}},
		{"no block", "system = \"t\"\nengine = \"aqotmf\"\n" + about,
			[]string{`data/t/system.toml:2:1: system t runs on the aqotmf engine but has no [aqotmf] block; expected the engine's numbers there`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs, _ := load(t, map[string]string{"t/system.toml": tt.file})
			if strings.Join(errs, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// Two rule sets may not share a scenario id: the club's copy is blamed.
func TestScenarioIDShared(t *testing.T) {
	_, l := Load(Source{Name: "data", FS: data.FS}, Source{Name: "club", FS: clubCopy(t, "evacuation-mars", "ours", false)})
	errs := l.Errors()
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "club/ours/scenarios/evacuation-mars.toml:") ||
		!strings.Contains(errs[0].Error(), `scenario id "evacuation-mars" is also a scenario of rule set evacuation-mars, at data/evacuation-mars/scenarios/evacuation-mars.toml:`) {
		t.Errorf("errors:\n%s", errs)
	}
}
