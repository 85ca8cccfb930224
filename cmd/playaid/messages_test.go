package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// notUsersWords are what a message must never show: a system call and the
// path it was given, a temporary file's name, a Go type, the flag
// package's or text/template's own words, a usage dump.
var notUsersWords = []*regexp.Regexp{
	regexp.MustCompile(`\b(lstat|stat|open|openat|mkdir|mkdirat|rename|renameat|unlinkat|readlink|fstatat|chmod|link|sync) \S+: `),
	regexp.MustCompile(`\.tmp[-0-9a-f]*\d|\.old\d`),
	regexp.MustCompile(`\*?\b(army|catalog|briefing|sheets|rules|document|main|web|layout|markers|refcards)\.[A-Z]\w*`),
	regexp.MustCompile(`(?i)no such file or directory|not a directory|too many levels of symbolic links|permission denied:? *$`),
	regexp.MustCompile(`flag provided but not defined|invalid value ".*" for flag|parse error|value out of range|Usage:|^\s+-\w+ (int|string)$`),
	regexp.MustCompile(`can't evaluate field|exceeded maximum template depth|in type |nil pointer evaluating`),
	regexp.MustCompile(`error\(s\)`),
}

// TestMessagesInUsersWords runs each kind of failure the hardening probes
// found and asserts the message says what the user asked for and why it
// cannot be done, in their words, on as few lines as it takes.
func TestMessagesInUsersWords(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("afile", "")
	os.Symlink("loopB", "loopA")
	os.Symlink("loopA", "loopB")
	write("tfield/roster.md", "# {{ .Foo }}\n")
	write("trecurse/roster.md", `{{ define "r" }}x{{ template "r" . }}{{ end }}{{ template "r" . }}`+"\n")
	write("list.toml", "system = \"aqotmf\"\nname = \"Club list\"\n[[unit]]\nid = \"hmg-unit\"\n")
	write("long.toml", "system = \"aqotmf\"\nname = \""+strings.Repeat("N", 10000)+"\"\n[[unit]]\nid = \""+strings.Repeat("z", 10000)+"\"\nlabel = \""+strings.Repeat("L", 10000)+"\"\n")
	var many strings.Builder
	many.WriteString("[[unit]]\nid = \"u\"\nname = \"U\"\ntype = \"infantry\"\n")
	for i := range 300 {
		many.WriteString("bogus" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + itoa(i) + " = 1\n")
	}
	write("club/aqotmf/many.toml", many.String())

	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		want  string // a line of stderr, whole
		lines int    // at most this many lines of stderr (0: no bound)
	}{
		{"output under a file", []string{"markers", "--system", "buildings", "-o", "afile/x.pdf"}, 1,
			"playaid: cannot write afile/x.pdf: afile is a file, not a folder", 1},
		{"output through a looping link", []string{"markers", "--system", "buildings", "-o", "loopA/x.pdf"}, 1,
			"playaid: cannot write loopA/x.pdf: loopA is a symbolic link that leads round in a circle (or through too many links)", 1},
		{"print pack under a file", []string{"build", "-o", "afile/pack"}, 1, "", 1},
		{"a flag that is not a number", []string{"odds", "attack", "--dice", "NaN"}, 2,
			"playaid: --dice NaN: expected a whole number from 0 to 100", 1},
		{"a number too big for any int", []string{"odds", "im-shoot", "--trays", "99999999999999999999999"}, 2,
			"playaid: --trays 99999999999999999999999: expected a whole number from 0 to 100", 1},
		{"a flag without its value", []string{"odds", "burn", "--armor"}, 2,
			"playaid odds burn: --armor needs a value: expected a whole number from 0 to 100", 1},
		{"an unknown flag", []string{"reference", "--sytem", "aqotmf"}, 2,
			"playaid reference: --sytem: no such flag; 'playaid reference --help' lists its flags", 1},
		{"a boolean flag given a word", []string{"odds", "attack", "--json=maybe"}, 2,
			"playaid odds attack: --json maybe: expected true or false (or the flag alone)", 1},
		{"a very long flag value", []string{"odds", "attack", "--defense", strings.Repeat("9", 5000)}, 2, "", 1},
		{"--data a looping link", []string{"validate", "--data", "loopA"}, 2,
			"playaid: --data loopA: it is a symbolic link that leads round in a circle (or through too many links)", 1},
		{"a list under a file", []string{"army", "validate", "afile/x.toml"}, 2,
			"afile/x.toml: cannot read the list: afile is a file, not a folder", 2},
		{"--templates under a file", []string{"army", "print", "list.toml", "--templates", "afile/t"}, 2,
			"playaid: --templates afile/t: afile is a file, not a folder; expected a folder of templates", 1},
		{"--font a looping link", []string{"markers", "--font", "loopA"}, 1,
			"loopA: it is a symbolic link that leads round in a circle (or through too many links)", 1},
		{"a club template's unknown field", []string{"army", "print", "list.toml", "--templates", "tfield", "--format", "md", "-o", "-"}, 1, "", 1},
		{"a club template calling itself", []string{"army", "print", "list.toml", "--templates", "trecurse", "--format", "md", "-o", "-"}, 1,
			"trecurse/roster.md:1:30: the template takes more than 1000000 steps (a range over too many items, or ranges or templates within each other); expected a template that ends", 1},
		{"a very long name, label and id", []string{"army", "validate", "long.toml"}, 1, "long.toml:2:8: the army's name is 10000 characters long; expected at most 200 (shorten it)", 0},
		{"a very long choice", []string{"odds", "attack", "--cover", strings.Repeat("x", 5000)}, 2, "", 1},
		{"a port that is not one", []string{"serve", "--addr", "127.0.0.1:99999"}, 2,
			`playaid: --addr "127.0.0.1:99999": the port "99999" is not a whole number from 0 to 65535; expected HOST:PORT, e.g. 127.0.0.1:8080`, 1},
		{"--lists under a file", []string{"serve", "--lists", "afile/lists"}, 1,
			"playaid: --lists afile/lists: afile is a file, not a folder; expected a folder for the army lists", 1},
		{"a club file with 300 errors", []string{"validate", "--data", "club"}, 1, "", 0},
		{"serve with a bad --host", []string{"serve", "--host", "http://club.lan/"}, 2,
			"playaid serve: --host http://club.lan/: give the name alone, without http:// or a path, e.g. --host playaid.lan", 1},
		{"serve --host without a password", []string{"serve", "--host", "club.lan"}, 2,
			"playaid: --host club.lan: a name besides localhost is for a server the club's network reaches, and needs a password; set PLAYAID_PASSWORD", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if tc.want != "" && !contains(lines, tc.want) {
				t.Errorf("stderr:\n%s\nwant the line\n%s", stderr, tc.want)
			}
			if tc.lines > 0 && len(lines) > tc.lines {
				t.Errorf("%d lines of stderr, want at most %d:\n%s", len(lines), tc.lines, stderr)
			}
			for _, re := range notUsersWords {
				for _, l := range lines {
					if re.MatchString(l) {
						t.Errorf("not in the user's words (%s):\n%s", re, clipLine(l))
					}
				}
			}
			for _, l := range lines {
				if len(l) > 1200 || strings.Contains(l, strings.Repeat("x", 200)) || strings.Contains(l, strings.Repeat("9", 200)) {
					t.Errorf("a line of %d bytes: a long value is printed whole: %s", len(l), clipLine(l))
				}
			}
		})
	}
}

func contains(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

func clipLine(l string) string {
	if len(l) > 300 {
		return l[:300] + "…"
	}
	return l
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// TestErrorCountsTellTheTruth: after "N more errors in this file not
// shown", the summary counts them all.
func TestErrorCountsTellTheTruth(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var b strings.Builder
	b.WriteString("system = \"aqotmf\"\n")
	for i := range 300 {
		b.WriteString("[[unit]]\nid = \"u" + itoa(i) + "\"\n")
	}
	if err := os.MkdirAll("club/aqotmf", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("club/aqotmf/units.toml", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, stderr := runCLI(t, "validate", "--data", "club")
	m := regexp.MustCompile(`(\d+) more errors in this file not shown`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no errors left out:\n%s", stderr)
	}
	shown := 0
	for _, l := range strings.Split(stderr, "\n") {
		if l != "" && !strings.HasPrefix(l, "playaid:") && !strings.Contains(l, ": warning: ") && !strings.Contains(l, "more errors in this file") {
			shown++
		}
	}
	want := "playaid: " + itoa(shown+atoi(m[1])) + " errors in the data"
	if !strings.Contains(stderr, want+"\n") {
		t.Errorf("the summary does not count the errors left out; want %q in\n…%s", want, stderr[max(0, len(stderr)-300):])
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
