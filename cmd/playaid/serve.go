package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/web"
)

// passwordEnv names the variable that holds the club's password.
const passwordEnv = "PLAYAID_PASSWORD"

func runServe(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("serve", "serve [--addr HOST:PORT] [--host NAME]... [--lists DIR] [--games DIR] [--data DIR] [--templates DIR]")
	var d dataFlags
	d.register(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "where to listen; an address beyond this machine (0.0.0.0:8080, a LAN address) needs "+passwordEnv)
	lists := fs.String("lists", "lists", "the folder of army lists (created if absent)")
	games := fs.String("games", "", "the folder of the games in progress (created if absent); by default games beside the lists folder")
	tmpl := fs.String("templates", "", "a folder of templates that replace the shipped ones of the same name")
	var hosts hostNames
	fs.Var(&hosts, "host", "a name the club types in the browser to reach this server (e.g. playaid.lan), besides its address and localhost; repeatable; needs "+passwordEnv)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("serve takes no arguments, got %q", fs.Args())
	}
	_, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return usagef("--addr %q: expected HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080", *addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return usagef("--addr %q: the port %q is not a whole number from 0 to 65535; expected HOST:PORT, e.g. 127.0.0.1:8080", *addr, port)
	}
	password := os.Getenv(passwordEnv)
	blank := password != "" && strings.TrimSpace(password) == ""
	if blank {
		// Blanks are no password: anyone could type them.
		password = ""
	}
	if !web.Loopback(*addr) && password == "" {
		if blank {
			return usagef("refusing to serve on %s: %s is only blanks, which is no password; set it to the club's password, or serve on 127.0.0.1", *addr, passwordEnv)
		}
		return usagef("refusing to serve on %s without a password: anyone on the network could read and change the lists; set %s (the club's password, asked for by the browser), or serve on 127.0.0.1", *addr, passwordEnv)
	}
	if password != "" {
		if msg := web.CheckPassword(password); msg != "" {
			return usagef("%s: %s", passwordEnv, msg)
		}
	}
	if len(hosts) > 0 && password == "" {
		return usagef("--host %s: a name besides localhost is for a server the club's network reaches, and needs a password; set %s", hosts[0], passwordEnv)
	}
	if err := e.templatesDir(*tmpl, d); err != nil {
		return err
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	e.fontWarnings(docFlags{format: document.PDF, templates: *tmpl})
	srv, err := web.New(web.Config{Catalog: cat, Lists: *lists, Games: *games, Templates: *tmpl, Password: password, Hosts: hosts})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return listenError(*addr, err)
	}
	// "localhost" may resolve beyond loopback on a strange machine: the
	// address listened on decides.
	if ta, ok := ln.Addr().(*net.TCPAddr); ok && !ta.IP.IsLoopback() && password == "" {
		ln.Close()
		return usagef("refusing to serve on %s without a password; set %s", ln.Addr(), passwordEnv)
	}
	fmt.Fprintf(e.stdout, "playaid serve: lists in %s, games in %s\n", *lists, srv.GamesDir())
	for _, u := range urls(ln.Addr()) {
		fmt.Fprintf(e.stdout, "playaid serve: open %s\n", u)
	}
	if password != "" {
		fmt.Fprintf(e.stdout, "playaid serve: the browser asks for the password in %s (any user name)\n", passwordEnv)
	}
	for _, h := range hosts {
		fmt.Fprintf(e.stdout, "playaid serve: also answers to http://%s/\n", net.JoinHostPort(h, fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)))
	}
	fmt.Fprintln(e.stdout, "playaid serve: press Ctrl-C to stop")
	if err := web.Serve(ctx, ln, srv.Handler()); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "playaid serve: stopped")
	return nil
}

// hostNames is the repeatable --host flag.
type hostNames []string

func (h *hostNames) String() string { return strings.Join(*h, ", ") }

func (h *hostNames) Set(v string) error {
	if msg := web.CheckHostName(v); msg != "" {
		return errors.New(msg)
	}
	*h = append(*h, v)
	return nil
}

// listenError says in the user's words why addr cannot be listened on.
func listenError(addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("cannot listen on %s: another program (perhaps another playaid serve) already uses that port; stop it, or choose another port with --addr", addr)
	case errors.Is(err, syscall.EACCES):
		return fmt.Errorf("cannot listen on %s: ports below 1024 need the administrator; choose a port like 8080 with --addr", addr)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("cannot listen on %s: that address is not one of this machine's; use 127.0.0.1, 0.0.0.0 or one of its network addresses", addr)
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return fmt.Errorf("cannot listen on %s: the name %s is not known on this machine; use 127.0.0.1, localhost or 0.0.0.0", addr, plain.Quote(dns.Name))
	}
	return fmt.Errorf("cannot listen on %s", addr)
}

// urls are the addresses to type in a browser: the one listened on, or,
// for every interface (0.0.0.0), this machine's own addresses.
func urls(a net.Addr) []string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return []string{"http://" + a.String() + "/"}
	}
	if !ta.IP.IsUnspecified() {
		return []string{"http://" + a.String() + "/"}
	}
	var out []string
	addrs, _ := net.InterfaceAddrs()
	for _, ia := range addrs {
		if in, ok := ia.(*net.IPNet); ok && in.IP.To4() != nil && !in.IP.IsLinkLocalUnicast() {
			out = append(out, "http://"+net.JoinHostPort(in.IP.String(), fmt.Sprint(ta.Port))+"/")
		}
	}
	if len(out) == 0 {
		out = append(out, "http://"+net.JoinHostPort("127.0.0.1", fmt.Sprint(ta.Port))+"/")
	}
	return out
}
