package web

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// The Host check: the server answers only to its own names, so that a web
// page on another site cannot reach it through a name of its own that
// resolves here (DNS rebinding). Such a page sends a Host and an Origin
// that agree, so the Origin check alone lets it through; the Host cannot
// be forged by a page, and no honest browser sends a name the club did not
// give it.
//
// The names accepted, each with the port the request came in on:
//   - the address the connection was made to (the one the server listens
//     on, or, listening on every interface, the machine's address the
//     browser typed);
//   - the loopback names localhost, 127.0.0.1 and [::1];
//   - with a password, the names the club configures (--host NAME).

// lowerHost normalises a name for comparison: lower case, no brackets
// round an IPv6 address, no trailing dot.
func lowerHost(h string) string {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	return strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
}

// CheckHostName says what is wrong with a name given to --host, or "".
// A name is a DNS name or an IP address, without a port or a scheme. The
// message does not repeat the name: the caller places it.
func CheckHostName(name string) string {
	switch {
	case name == "":
		return "the name is empty; give the name the club types in the browser, e.g. --host playaid.lan"
	case len(name) > 253:
		return "longer than a host name can be (253 characters)"
	case strings.Contains(name, "://") || strings.Contains(name, "/"):
		return "give the name alone, without http:// or a path, e.g. --host playaid.lan"
	}
	if net.ParseIP(lowerHost(name)) != nil {
		return ""
	}
	if strings.Contains(name, ":") {
		return "give the name without a port; the port is the one of --addr"
	}
	for _, label := range strings.Split(strings.TrimSuffix(name, "."), ".") {
		if label == "" || len(label) > 63 {
			return "not a host name: its parts between dots are 1 to 63 letters, digits or '-'"
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return fmt.Sprintf("not a host name: it contains %q; a host name has letters, digits, '-' and '.'", r)
			}
		}
	}
	return ""
}

// allowedHost reports whether a request's Host names this server, for a
// connection made to local (host:port; "" when unknown).
func (s *Server) allowedHost(host, local string) bool {
	lip, lport, err := net.SplitHostPort(local)
	if err != nil {
		return false // not a request from a connection: no port to check
	}
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		// No port: the browser's default for http.
		name, port = host, "80"
		if strings.Contains(host, ":") && !(strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]")) {
			return false
		}
	}
	if port != lport || name == "" {
		return false
	}
	name = lowerHost(name)
	switch name {
	case "localhost", "127.0.0.1", "::1", lowerHost(lip):
		return true
	}
	if s.password == "" {
		return false
	}
	for _, h := range s.hosts {
		if name == h {
			return true
		}
	}
	return false
}

// hostChecked refuses, with 421 and before anything else is read or
// written, a request whose Host is not one of the server's names.
func (s *Server) hostChecked(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local := ""
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			local = a.String()
		}
		if !s.allowedHost(r.Host, local) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusMisdirectedRequest)
			msg := "playaid: this server answers only to its own address (the one 'playaid serve' printed when it started) and to localhost; the address in your browser is another name, so nothing was read or changed."
			if s.password != "" {
				msg += " A name for the club's network is added with --host NAME."
			}
			fmt.Fprintln(w, msg)
			return
		}
		next.ServeHTTP(w, r)
	})
}
