package pack

import (
	"context"
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
)

// madePack is the shipped pack made whole on a paper in one run, as
// 'playaid build' makes it, with the game night of every scenario.
type madePack struct {
	cat     *catalog.Catalog
	pk      *Pack
	files   []File            // pk.Docs' bytes, in their order
	printed *document.Printed // where the run printed each reading's mark
	nights  []madeNight
}

// madeNight is a scenario's game night and its files.
type madeNight struct {
	sys   *catalog.System
	night *Night
	files []File
}

// made holds the shipped pack once a paper: making it whole takes
// seconds, and the tests that read all of it (TestPagesLint,
// TestReadings, TestNightTrue) only read it.
var made struct {
	sync.Mutex
	of map[string]func() (*madePack, error)
}

// shippedPack is the shipped pack made on paper, made by the first test
// to ask for that paper; the others wait for it.
func shippedPack(t *testing.T, paper layout.Paper) *madePack {
	t.Helper()
	made.Lock()
	if made.of == nil {
		made.of = map[string]func() (*madePack, error){}
	}
	get, ok := made.of[paper.Name]
	if !ok {
		cat := shipped.Catalog(t)
		get = sync.OnceValues(func() (*madePack, error) { return makePack(cat, paper) })
		made.of[paper.Name] = get
	}
	made.Unlock()
	mp, err := get()
	if err != nil {
		t.Fatalf("the shipped pack on %s: %v", paper.Name, err)
	}
	return mp
}

func makePack(cat *catalog.Catalog, paper layout.Paper) (*madePack, error) {
	pk := New(cat, Options{})
	if pk.Err != nil {
		return nil, pk.Err
	}
	mp := &madePack{cat: cat, pk: pk, files: make([]File, len(pk.Docs))}
	r := newRun()
	for _, err := range r.renderAll(context.Background(), paper, pk.Docs, func(i int, data []byte) {
		mp.files[i] = File{Name: pk.Docs[i].Name, Data: data}
	}) {
		if err != nil {
			return nil, err
		}
	}
	mp.printed = &r.printed
	for _, sys := range cat.Systems {
		for i := range sys.Scenarios {
			n, err := pk.Night(sys, &sys.Scenarios[i], NightOptions{})
			if err != nil {
				return nil, err
			}
			files, err := n.Render(context.Background(), paper)
			if err != nil {
				return nil, err
			}
			mp.nights = append(mp.nights, madeNight{sys, n, files})
		}
	}
	return mp, nil
}
