package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// config is one run of release.
type config struct {
	out     string   // where the archives and SHA256SUMS go
	version string   // "v1.2.0"; "" for a build that is not a release
	targets []target // what to build for
}

// target is a system a club runs playaid on.
type target struct {
	goos, goarch, goarm string
	name                string // in the archive's name: "linux_armv7"
	about               string // in the README: "Linux on 32-bit ARM (ARMv7: Raspberry Pi OS 32-bit)"
}

var allTargets = []target{
	{"linux", "amd64", "", "linux_amd64", "Linux on a 64-bit PC (x86-64)"},
	{"linux", "arm64", "", "linux_arm64", "Linux on 64-bit ARM (Raspberry Pi OS 64-bit, other ARM boards)"},
	{"linux", "arm", "7", "linux_armv7", "Linux on 32-bit ARM, ARMv7 or later (Raspberry Pi OS 32-bit)"},
	{"linux", "386", "", "linux_386", "Linux on a 32-bit PC (x86)"},
	{"windows", "amd64", "", "windows_amd64", "Windows on a 64-bit PC (x86-64)"},
	{"windows", "arm64", "", "windows_arm64", "Windows on ARM"},
	{"darwin", "amd64", "", "macos_amd64", "macOS on an Intel Mac"},
	{"darwin", "arm64", "", "macos_arm64", "macOS on an Apple silicon Mac (M1 and later)"},
}

func findTarget(s string) (target, bool) {
	for _, t := range allTargets {
		if s == t.goos+"/"+t.goarch {
			return t, true
		}
	}
	return target{}, false
}

func targetNames() string {
	var names []string
	for _, t := range allTargets {
		names = append(names, t.goos+"/"+t.goarch)
	}
	return strings.Join(names, ", ")
}

func (t target) exe() string {
	if t.goos == "windows" {
		return "playaid.exe"
	}
	return "playaid"
}

// versionVar is the variable a release sets to its version (package
// version's release).
const versionVar = "github.com/playaid/playaid/version.release"

// release builds every target's archive into c.out and writes SHA256SUMS,
// telling progress on log.
func release(c config, log io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	if entries, err := os.ReadDir(c.out); err != nil {
		return err
	} else if len(entries) > 0 {
		return fmt.Errorf("%s is not empty; give an empty or new folder", c.out)
	}
	stamp, err := fixedTime()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "playaid-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	name := c.version
	if name == "" {
		name = "dev"
	}
	var sums []string
	for _, t := range c.targets {
		fmt.Fprintf(log, "release: building for %s/%s\n", t.goos, t.goarch)
		bin := filepath.Join(work, t.name, t.exe())
		if err := build(root, t, c.version, bin); err != nil {
			return err
		}
		notices, err := noticesOf(root, t, c.version)
		if err != nil {
			return err
		}
		prog, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		dir := "playaid_" + name + "_" + t.name
		files := []file{
			{name: dir + "/" + t.exe(), data: prog, exec: true},
			{name: dir + "/NOTICES.txt", data: notices},
			{name: dir + "/README.txt", data: readme(t, c.version)},
		}
		archive, data := dir+".tar.gz", []byte(nil)
		if t.goos == "windows" {
			archive = dir + ".zip"
			data, err = zipOf(files, stamp)
		} else {
			data, err = tarGzOf(files, stamp)
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.out, archive), data, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		sums = append(sums, hex.EncodeToString(sum[:])+"  "+archive+"\n")
	}
	slices.SortFunc(sums, func(a, b string) int { return strings.Compare(a[66:], b[66:]) })
	return os.WriteFile(filepath.Join(c.out, "SHA256SUMS"), []byte(strings.Join(sums, "")), 0o644)
}

// moduleRoot is the folder of playaid's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not in playaid's module: run release from its folder")
	}
	return filepath.Dir(gomod), nil
}

// fixedTime is the time every file in the archives bears: the
// SOURCE_DATE_EPOCH of reproducible builds when set, else 2000-01-01.
func fixedTime() (time.Time, error) {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 315532800 { // a zip cannot hold a time before 1980
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%s: expected seconds since 1970, 1980 or later", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), nil
}

// build compiles cmd/playaid for t: no cgo, paths trimmed, no build id,
// the version set when there is one.
func build(root string, t target, version, out string) error {
	ldflags := "-s -w -buildid="
	if version != "" {
		ldflags += " -X " + versionVar + "=" + version
	}
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=auto", "-ldflags", ldflags, "-o", out, "./cmd/playaid")
	cmd.Dir = root
	cmd.Env = targetEnv(t)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building for %s/%s: %w", t.goos, t.goarch, err)
	}
	return nil
}

func targetEnv(t target) []string {
	env := append(os.Environ(), "GOOS="+t.goos, "GOARCH="+t.goarch, "CGO_ENABLED=0")
	if t.goarm != "" {
		env = append(env, "GOARM="+t.goarm)
	}
	return env
}

// file is one entry of an archive.
type file struct {
	name string
	data []byte
	exec bool
}

// tarGzOf is a gzipped tar of files, in the order given, each with the
// time stamp, owner root and mode 0644 (0755 for the program); the gzip
// header names no file and no time.
func tarGzOf(files []file, stamp time.Time) ([]byte, error) {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	tw := tar.NewWriter(zw)
	dirs := map[string]bool{}
	for _, f := range files {
		if d := path.Dir(f.name); d != "." && !dirs[d] {
			dirs[d] = true
			if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: stamp, Format: tar.FormatUSTAR}); err != nil {
				return nil, err
			}
		}
		mode := int64(0o644)
		if f.exec {
			mode = 0o755
		}
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f.name, Mode: mode, Size: int64(len(f.data)), ModTime: stamp, Format: tar.FormatUSTAR}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// zipOf is a zip of files, in the order given, each with the time stamp.
func zipOf(files []file, stamp time.Time) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	dirs := map[string]bool{}
	for _, f := range files {
		if d := path.Dir(f.name); d != "." && !dirs[d] {
			dirs[d] = true
			h := &zip.FileHeader{Name: d + "/", Modified: stamp}
			h.SetMode(fs.ModeDir | 0o755)
			if _, err := zw.CreateHeader(h); err != nil {
				return nil, err
			}
		}
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp}
		if f.exec {
			h.SetMode(0o755)
		} else {
			h.SetMode(0o644)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// licenceFile is the name of a file that holds a licence or a notice.
var licenceFile = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)(\.(txt|md))?$`)

// noticesOf is NOTICES.txt for t: the licence of everything the program
// for t holds, found in the folders of the packages it is built from and
// of their modules (Go itself, playaid's copies of fpdf and toml, each
// module).
func noticesOf(root string, t target, version string) ([]byte, error) {
	gover, err := exec.Command("go", "env", "GOVERSION", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	goVersion, goroot, _ := strings.Cut(strings.TrimSpace(string(gover)), "\n")

	// Each package's module and folder, for t.
	cmd := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}} {{.Dir}}{{end}}{{end}}\t{{.Dir}}", "./cmd/playaid")
	cmd.Dir = root
	cmd.Env = targetEnv(t)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list for %s/%s: %w", t.goos, t.goarch, err)
	}
	type module struct{ path, version, dir string }
	mods := map[string]*module{}
	pkgDirs := map[string][]string{} // by module path
	for line := range strings.Lines(string(out)) {
		mod, dir, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if f := strings.Fields(mod); len(f) == 3 {
			mods[f[0]] = &module{f[0], f[1], f[2]}
			pkgDirs[f[0]] = append(pkgDirs[f[0]], dir)
		}
	}

	var b strings.Builder
	v := version
	if v == "" {
		v = "(a build that is not a release)"
	}
	fmt.Fprintf(&b, "playaid %s for %s/%s: the software it is built from and holds, and\n", v, t.goos, t.goarch)
	fmt.Fprintf(&b, "their licences. The Go fonts the documents are printed in are part of\n")
	fmt.Fprintf(&b, "golang.org/x/image (golang.org/x/image/font/gofont), under its licence.\n")
	section := func(title, dir string, names []string) error {
		for _, n := range names {
			text, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "\n%s\n%s: %s\n%s\n\n%s", strings.Repeat("=", 72), title, n, strings.Repeat("=", 72), bytes.TrimRight(text, "\n"))
			b.WriteString("\n")
		}
		return nil
	}
	if err := section("Go "+strings.TrimPrefix(goVersion, "go")+", its runtime and standard library", goroot, licenceFiles(goroot)); err != nil {
		return nil, err
	}
	for _, c := range []struct{ title, dir string }{
		{"codeberg.org/go-pdf/fpdf, with playaid's patches (internal/fpdf)", "fpdf"},
		{"github.com/BurntSushi/toml, with playaid's patches (internal/toml)", "toml"},
	} {
		dir := filepath.Join(root, "internal", c.dir)
		if err := section(c.title, dir, licenceFiles(dir)); err != nil {
			return nil, err
		}
	}
	paths := make([]string, 0, len(mods))
	for p := range mods {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		m := mods[p]
		// The module's own licence, then any of a package's folder
		// between it and the module's root (a package copied from
		// elsewhere keeps its licence beside it).
		seen := map[string]bool{}
		var found []string
		for _, d := range append([]string{m.dir}, pkgDirs[p]...) {
			for ; strings.HasPrefix(d, m.dir); d = filepath.Dir(d) {
				rel, _ := filepath.Rel(m.dir, d)
				for _, n := range licenceFiles(d) {
					if r := filepath.ToSlash(filepath.Join(rel, n)); !seen[r] {
						seen[r] = true
						found = append(found, r)
					}
				}
				if d == m.dir {
					break
				}
			}
		}
		slices.Sort(found)
		if len(found) == 0 {
			return nil, fmt.Errorf("module %s has no licence file in %s", p, m.dir)
		}
		if err := section(p+" "+m.version, m.dir, found); err != nil {
			return nil, err
		}
	}
	return []byte(b.String()), nil
}

// licenceFiles are the licence and notice files in dir, sorted.
func licenceFiles(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		if !e.IsDir() && licenceFile.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names
}

// readme is an archive's README.txt.
func readme(t target, version string) []byte {
	v := version
	if v == "" {
		v = "(a build that is not a release)"
	}
	run := "./playaid"
	if t.goos == "windows" {
		run = "playaid.exe"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "playaid %s, for %s\n\n", v, t.about)
	b.WriteString(`playaid makes print-and-play aids for Martian wargames: counters and
templates at exact scale, reference sheets with exact odds, scenario
briefings and checked army lists, from its own rule data, offline.

In a terminal, in this folder:

`)
	for _, l := range [][2]string{
		{"", "write the whole print pack to the folder output"},
		{" serve", "the army builder, odds and print pack in a browser"},
		{" help", "every command and what it does"},
		{" version", "which playaid this is, for a bug report"},
	} {
		fmt.Fprintf(&b, "  %-22s %s\n", run+l[0], l[1])
	}
	switch t.goos {
	case "windows":
		b.WriteString("\nOpen a Command Prompt or PowerShell in this folder to run it; Windows may\nask once whether to run a program it does not know.\n")
	case "darwin":
		b.WriteString("\nmacOS refuses a program it has not checked: the first time, run\n  xattr -d com.apple.quarantine playaid\nin this folder, or open it once from Finder with Control-click, Open.\n")
	}
	b.WriteString(`
Check the download against SHA256SUMS, published beside it:
  sha256sum -c SHA256SUMS --ignore-missing     (Linux)
  shasum -a 256 -c SHA256SUMS --ignore-missing (macOS)
  Get-FileHash playaid_*.zip                   (Windows PowerShell)

With Go installed, the same program installs with
  go install github.com/playaid/playaid/cmd/playaid@latest

The licences of the software playaid holds are in NOTICES.txt.
`)
	return []byte(b.String())
}
