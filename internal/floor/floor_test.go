package floor

import (
	"bytes"
	"testing"
)

// TestFloor: the floor is what it claims to be — 40 pages, three embedded
// font subsets, compressed — and the same bytes every time.
func TestFloor(t *testing.T) {
	a, err := PDF()
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(a, []byte("/Type /Page\n")); n != Pages {
		t.Errorf("%d pages, want %d", n, Pages)
	}
	if n := bytes.Count(a, []byte("/FontFile2 ")); n != 3 {
		t.Errorf("%d embedded fonts, want 3", n)
	}
	if n := bytes.Count(a, []byte("/Filter /FlateDecode")); n < Pages {
		t.Errorf("%d compressed streams, want at least one a page", n)
	}
	b, err := PDF()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two renders differ")
	}
}

// BenchmarkFloor is the least work fpdf can do for a print pack; compare
// cmd/playaid's BenchmarkBuild with it.
func BenchmarkFloor(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PDF(); err != nil {
			b.Fatal(err)
		}
	}
}
