package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// The club's password is asked for with HTTP Basic authentication (any
// user name). A client that gets it wrong is slowed: after freeGuesses
// wrong passwords in a row, it must wait before each next try, a second
// after the first, twice as long after each one after, up to maxWait;
// until then it is answered 429 with Retry-After, and its password is
// not even compared. So a program that guessed three thousand passwords
// a second guesses a few hundred an evening, and a player who mistyped
// waits a second or two. Each wrong password is logged with the client's
// address; the right one clears the count.

const (
	// MinPassword is the shortest password playaid serve accepts, in
	// characters: at a few hundred guesses an evening, eight characters
	// are beyond reach of anything but the club's own.
	MinPassword = 8
	// freeGuesses are the wrong passwords in a row a client may send
	// before it is made to wait.
	freeGuesses = 5
	// maxWait is the longest a client waits between guesses.
	maxWait = 60 * time.Second
	// forgetAfter is how long a client's count of wrong passwords is
	// kept after its last one; maxClients bounds the clients counted.
	forgetAfter = time.Hour
	maxClients  = 4096
)

// CheckPassword says what is wrong with a password for the club's server,
// or "" when it will do.
func CheckPassword(pw string) string {
	if n := utf8.RuneCountInString(pw); n < MinPassword {
		return fmt.Sprintf("it is %d %s long; expected at least %d, so that nobody on the club's network can guess it in an evening (a few words make a good one)", n, plural(n, "character", "characters"), MinPassword)
	}
	return ""
}

// guesses counts each client's wrong passwords in a row.
type guesses struct {
	mu  sync.Mutex
	by  map[string]*guessing // by client (an IPv4 address, an IPv6 /64)
	now func() time.Time     // time.Now; a test's clock
}

type guessing struct {
	wrong int       // wrong passwords in a row
	until time.Time // no try before then
	last  time.Time // the last wrong one
}

func newGuesses() *guesses { return &guesses{by: map[string]*guessing{}, now: time.Now} }

// clientOf is who a request comes from, as guesses count them: its IP
// address, or for IPv6 its /64 (a machine may take any address of it).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// wait is how long the client must still wait before its next try (0:
// it may try now).
func (g *guesses) wait(client string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	if c := g.by[client]; c != nil {
		if d := c.until.Sub(g.now()); d > 0 {
			return d
		}
	}
	return 0
}

// wrong counts a wrong password from the client and returns how many in
// a row it has sent and how long it must now wait.
func (g *guesses) wrong(client string) (int, time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	c := g.by[client]
	if c != nil && now.Sub(c.last) > forgetAfter {
		c = nil
	}
	if c == nil {
		g.forget(now)
		c = &guessing{}
		g.by[client] = c
	}
	c.wrong++
	c.last = now
	var d time.Duration
	if c.wrong >= freeGuesses {
		d = maxWait
		if n := c.wrong - freeGuesses; n < 6 {
			d = min(time.Second<<n, maxWait)
		}
		c.until = now.Add(d)
	}
	return c.wrong, d
}

// right clears the client's count.
func (g *guesses) right(client string) {
	g.mu.Lock()
	delete(g.by, client)
	g.mu.Unlock()
}

// forget drops the counts of clients quiet for forgetAfter and, when
// maxClients are still counted, the quietest: a count is kept for those
// guessing now.
func (g *guesses) forget(now time.Time) {
	if len(g.by) < maxClients {
		return
	}
	var quietest string
	for k, c := range g.by {
		if now.Sub(c.last) > forgetAfter {
			delete(g.by, k)
		} else if quietest == "" || c.last.Before(g.by[quietest].last) {
			quietest = k
		}
	}
	if len(g.by) >= maxClients && quietest != "" {
		delete(g.by, quietest)
	}
}

// authenticated asks for the password (HTTP Basic, any user name). The
// comparison takes the same time whatever the guess; a client that got
// it wrong too often is made to wait (guesses).
func (s *Server) authenticated(next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(s.password))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		client := clientOf(r)
		if d := s.guesses.wait(client); d > 0 {
			secs := strconv.Itoa(int((d + time.Second - 1) / time.Second))
			w.Header().Set("Retry-After", secs)
			http.Error(w, "playaid: too many wrong passwords from this device; wait "+secs+" s, then try again.", http.StatusTooManyRequests)
			return
		}
		_, pw, ok := r.BasicAuth()
		got := sha256.Sum256([]byte(pw))
		if !ok || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			if ok {
				n, d := s.guesses.wrong(client)
				if d > 0 {
					log.Printf("playaid serve: wrong password from %s (%d in a row): it waits %s before its next try", client, n, d)
				} else {
					log.Printf("playaid serve: wrong password from %s (%d in a row)", client, n)
				}
			}
			w.Header().Set("WWW-Authenticate", `Basic realm="playaid", charset="UTF-8"`)
			http.Error(w, "playaid: this server asks for the club's password (any user name).", http.StatusUnauthorized)
			return
		}
		s.guesses.right(client)
		next.ServeHTTP(w, r)
	})
}
