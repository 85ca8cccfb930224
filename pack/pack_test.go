package pack

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
)

// TestRenderFirstError: when documents fail, the error is the first
// failing one's in the order given, however the goroutines are timed,
// named by its part, and no files are returned.
func TestRenderFirstError(t *testing.T) {
	fail := func(part string, delay time.Duration) Doc {
		return Func(part+".pdf", part, func(layout.Paper) ([]byte, error) {
			time.Sleep(delay)
			return nil, errors.New("broken")
		})
	}
	ok := Func("x.pdf", "a", func(layout.Paper) ([]byte, error) { return []byte("x"), nil })
	for _, tt := range []struct {
		docs []Doc
		want string
	}{
		{[]Doc{ok, fail("slow", 30*time.Millisecond), fail("fast", 0), ok}, "slow: broken"},
		{[]Doc{fail("late", 30*time.Millisecond), ok, ok, fail("early", 0)}, "late: broken"},
	} {
		files, err := Render(context.Background(), layout.A4, tt.docs)
		if err == nil || err.Error() != tt.want || files != nil {
			t.Errorf("Render = %d files, %v; want the first error in order, %s", len(files), err, tt.want)
		}
	}
	files, err := Render(context.Background(), layout.A4, []Doc{ok, ok, ok})
	if err != nil || len(files) != 3 || files[2].Name != "x.pdf" || string(files[2].Data) != "x" {
		t.Errorf("Render = %v, %v; want 3 files", files, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Render(ctx, layout.A4, []Doc{ok}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled render: %v", err)
	}
}

// TestPackShape: the pack lists its parts in order, every document has a
// unique name, and exactly the documents with backs say so.
func TestPackShape(t *testing.T) {
	pk := New(shipped.Catalog(t), Options{})
	if pk.Err != nil {
		t.Fatal(pk.Err)
	}
	seen := map[string]bool{}
	last := -1
	for _, d := range pk.Docs {
		if seen[d.Name] {
			t.Errorf("%s twice", d.Name)
		}
		seen[d.Name] = true
		i := -1
		for k, p := range Parts() {
			if p == d.Part {
				i = k
			}
		}
		if i < last {
			t.Errorf("%s (%s) out of the parts' order", d.Name, d.Part)
		}
		last = i
		duplex := d.Kind == Cards || d.Kind == Blips
		if d.Duplex != duplex {
			t.Errorf("%s: duplex %v", d.Name, d.Duplex)
		}
		if !strings.HasSuffix(d.Name, ".pdf") || d.System == nil {
			t.Errorf("%s: name or rule set missing", d.Name)
		}
	}
	if len(pk.Docs) != 27 {
		t.Errorf("%d documents, want the 27 the README lists", len(pk.Docs))
	}
}

// TestRenderSharesLayout: a sheet laid out once for the sheet and its
// rules notes (Render) gives the bytes each gives alone (Doc.Render).
func TestRenderSharesLayout(t *testing.T) {
	pk := New(shipped.Catalog(t), Options{})
	var docs []Doc
	for _, d := range pk.Docs {
		if d.Sheet == "buildings" {
			docs = append(docs, d)
		}
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents of the buildings sheet, want the sheet and its notes", len(docs))
	}
	files, err := Render(context.Background(), layout.Letter, docs)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range docs {
		alone, err := d.Render(layout.Letter)
		if err != nil || !bytes.Equal(alone, files[i].Data) {
			t.Errorf("%s: alone differs from the pack's (%v)", d.Name, err)
		}
	}
}
