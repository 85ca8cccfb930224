package web

import (
	"container/list"
	"runtime"
	"sync"
	"sync/atomic"
)

// cache keeps rendered documents, least recently used out first, within a
// byte budget. Every document playaid makes is deterministic, so a key
// that names all of a document's inputs names its bytes; concurrent
// requests for the same key render it once. It is also where the CPU of
// the heavy requests is bounded: at most one render per processor runs at
// once, the others wait their turn, so that forty requests at once cost
// each its own work and not forty times it.
type cache struct {
	slots    chan struct{}
	renders  atomic.Int64 // renders run, for tests
	mu       sync.Mutex
	max      int
	size     int
	order    *list.List // of *entry, most recent first
	entries  map[string]*list.Element
	inflight map[string]*call
}

type entry struct {
	key  string
	data []byte
}

type call struct {
	done chan struct{}
	data []byte
	err  error
}

func newCache(max int) *cache {
	return &cache{slots: make(chan struct{}, runtime.GOMAXPROCS(0)), max: max, order: list.New(), entries: map[string]*list.Element{}, inflight: map[string]*call{}}
}

// get returns the document of key, rendering it with render when it is not
// kept. Errors are not kept: the next request tries again.
func (c *cache) get(key string, render func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.order.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*entry).data, nil
	}
	if cl, ok := c.inflight[key]; ok {
		c.mu.Unlock()
		<-cl.done
		return cl.data, cl.err
	}
	cl := &call{done: make(chan struct{})}
	c.inflight[key] = cl
	c.mu.Unlock()

	func() {
		c.slots <- struct{}{}
		defer func() { <-c.slots }()
		c.renders.Add(1)
		cl.data, cl.err = render()
	}()

	c.mu.Lock()
	delete(c.inflight, key)
	if cl.err == nil && len(cl.data) <= c.max/4 {
		c.entries[key] = c.order.PushFront(&entry{key, cl.data})
		c.size += len(cl.data)
		for c.size > c.max {
			last := c.order.Back()
			e := last.Value.(*entry)
			c.order.Remove(last)
			delete(c.entries, e.key)
			c.size -= len(e.data)
		}
	}
	c.mu.Unlock()
	close(cl.done)
	return cl.data, cl.err
}
