package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/playaid/playaid/internal/pagelint"
)

// TestExamplePacks: each rule set of docs/examples (a folder for --data,
// a game written as data on a generic engine) validates, builds its full
// pack on A4 and Letter with nothing said on standard error, and its own
// pages pass the page linter.
func TestExamplePacks(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a print pack for each example, on both papers")
	}
	root := filepath.Join("..", "..", "docs", "examples")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(root, d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			ids := exampleIDs(t, dir)
			if code, out, errs := runCLI(t, "validate", "--data", dir); code != 0 || errs != "" {
				t.Fatalf("validate: exit %d\n%s%s", code, out, errs)
			}
			for _, paper := range []string{"a4", "letter"} {
				out := t.TempDir()
				if code, _, errs := runCLI(t, "build", "--data", dir, "--paper", paper, "-o", out); code != 0 || errs != "" {
					t.Fatalf("build --paper %s: exit %d\n%s", paper, code, errs)
				}
				for _, id := range ids {
					files, _ := filepath.Glob(filepath.Join(out, "*-"+id+".pdf"))
					own := map[string]bool{}
					for _, f := range files {
						own[filepath.Base(f)] = true
					}
					for _, want := range []string{"reference-" + id + ".pdf", "reference-cards-" + id + ".pdf", "notes-" + id + ".pdf"} {
						if !own[want] {
							t.Errorf("%s: no %s in the pack", paper, want)
						}
					}
					for _, f := range files {
						pdf, err := os.ReadFile(f)
						if err != nil {
							t.Fatal(err)
						}
						res, err := pagelint.Lint(paper+"/"+filepath.Base(f), pdf, pagelint.Options{})
						if err != nil {
							t.Fatal(err)
						}
						for _, f := range res.Findings {
							t.Errorf("%v", f)
						}
					}
				}
			}
		})
	}
	if n < 2 {
		t.Fatalf("%d examples in %s, want the two shipped", n, root)
	}
}

// exampleIDs are the rule sets an example folder holds: the system = "…"
// of each system.toml.
func exampleIDs(t *testing.T, dir string) []string {
	t.Helper()
	re := regexp.MustCompile(`(?m)^system\s*=\s*"([^"]+)"`)
	var ids []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "system.toml" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if m := re.FindSubmatch(b); m != nil {
			ids = append(ids, string(m[1]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) == 0 {
		t.Fatalf("%s holds no rule set", dir)
	}
	return ids
}
