package main

import (
	"context"
	"fmt"
	"net"
	"os"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/web"
)

// passwordEnv names the variable that holds the club's password.
const passwordEnv = "PLAYAID_PASSWORD"

func runServe(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("serve", "serve [--addr HOST:PORT] [--lists DIR] [--data DIR] [--templates DIR]")
	var d dataFlags
	d.register(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "where to listen; an address beyond this machine (0.0.0.0:8080, a LAN address) needs "+passwordEnv)
	lists := fs.String("lists", "lists", "the folder of army lists (created if absent)")
	tmpl := fs.String("templates", "", "a folder of templates that replace the shipped ones of the same name")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("serve takes no arguments, got %q", fs.Args())
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usagef("--addr %q: expected HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080", *addr)
	}
	password := os.Getenv(passwordEnv)
	if !web.Loopback(*addr) && password == "" {
		return usagef("refusing to serve on %s without a password: anyone on the network could read and change the lists; set %s (the club's password, asked for by the browser), or serve on 127.0.0.1", *addr, passwordEnv)
	}
	if err := e.templatesDir(*tmpl, d); err != nil {
		return err
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	e.fontWarnings(docFlags{format: document.PDF, templates: *tmpl})
	srv, err := web.New(web.Config{Catalog: cat, Lists: *lists, Templates: *tmpl, Password: password})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	// "localhost" may resolve beyond loopback on a strange machine: the
	// address listened on decides.
	if ta, ok := ln.Addr().(*net.TCPAddr); ok && !ta.IP.IsLoopback() && password == "" {
		ln.Close()
		return usagef("refusing to serve on %s without a password; set %s", ln.Addr(), passwordEnv)
	}
	fmt.Fprintf(e.stdout, "playaid serve: lists in %s\n", *lists)
	for _, u := range urls(ln.Addr()) {
		fmt.Fprintf(e.stdout, "playaid serve: open %s\n", u)
	}
	if password != "" {
		fmt.Fprintf(e.stdout, "playaid serve: the browser asks for the password in %s (any user name)\n", passwordEnv)
	}
	fmt.Fprintln(e.stdout, "playaid serve: press Ctrl-C to stop")
	if err := web.Serve(ctx, ln, srv.Handler()); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "playaid serve: stopped")
	return nil
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
