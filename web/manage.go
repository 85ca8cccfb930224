package web

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// A club manages its lists from the builder: rename (the file moves, no
// copy is left), duplicate, delete (with an undo on the page that
// follows). Every change is a POST from playaid's own pages (the
// cross-origin guard refuses the others) and names the file as the page
// loaded it, so an action on a list changed since is refused.

// trashName is where a deleted list waits for its undo: a dot file, which
// the folder's listing skips. A later delete of the same name replaces it.
func trashName(name string) string { return ".deleted-" + name + ext }

// bareName is a file name as the player typed it, without the extension
// the page adds (".toml" typed again would make "x.toml.toml").
func bareName(s string) string {
	s = strings.TrimSpace(s)
	for {
		low := strings.ToLower(s)
		if !strings.HasSuffix(low, ext) || len(s) == len(ext) {
			return s
		}
		s = strings.TrimSpace(s[:len(s)-len(ext)])
	}
}

// checkBase refuses an action on a file that is not as the page saw it.
func (s *store) checkBase(name, base string) error {
	cur, err := s.read(name)
	switch {
	case errors.Is(err, errNoList):
		return &conflict{name, fmt.Sprintf("There is no list called %s%s any more: another player may have renamed or deleted it.", name, ext)}
	case err != nil:
		return err
	case base == "" || hashOf(cur) != base:
		return &conflict{name, fmt.Sprintf("%s%s was changed after this page loaded it, so nothing was done: reload the list and try again.", name, ext)}
	}
	return nil
}

// exists reports whether a file of the name is in the folder.
func (s *store) exists(name string) bool {
	_, err := s.root.Lstat(name + ext)
	return !errors.Is(err, fs.ErrNotExist)
}

// remove moves a list aside, for an undo.
func (s *store) remove(name, base string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkBase(name, base); err != nil {
		return err
	}
	if err := s.root.Rename(name+ext, trashName(name)); err != nil {
		return err
	}
	now := time.Now()
	s.root.Chtimes(trashName(name), now, now) // when it was deleted, for purge
	s.purge()
	return nil
}

// purge removes the deleted lists beyond the keepDeleted most recently
// deleted, so that deletes do not fill the folder with undos.
func (s *store) purge() {
	entries, err := fs.ReadDir(s.root.FS(), ".")
	if err != nil {
		return
	}
	type trashed struct {
		file string
		when time.Time
	}
	var all []trashed
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".deleted-") || !strings.HasSuffix(e.Name(), ext) || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); err == nil {
			all = append(all, trashed{e.Name(), fi.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b trashed) int { return b.when.Compare(a.when) })
	for i := keepDeleted; i < len(all); i++ {
		s.root.Remove(all[i].file)
	}
}

// restore brings a deleted list back, unless a list of its name was made
// since.
func (s *store) restore(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fi, err := s.root.Lstat(trashName(name))
	if err != nil || !fi.Mode().IsRegular() {
		return &conflict{name, fmt.Sprintf("There is no deleted list called %s%s to bring back.", name, ext)}
	}
	if s.exists(name) {
		return &conflict{name, fmt.Sprintf("A new list called %s%s was saved since; the deleted one is not put over it.", name, ext)}
	}
	if twin := s.caseTwin(name); twin != "" {
		return &conflict{name, twinWhy(twin)}
	}
	if err := s.room(name, 0); err != nil {
		return err
	}
	return s.root.Rename(trashName(name), name+ext)
}

// rename moves a list to a new name that no file has.
func (s *store) rename(name, to, base string) error {
	if err := checkName(to); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkBase(name, base); err != nil {
		return err
	}
	if to == name {
		return nil
	}
	if s.exists(to) {
		return &conflict{name, fmt.Sprintf("There is already a list called %s%s; choose another name.", to, ext)}
	}
	if twin := s.caseTwin(to); twin != "" && twin != name {
		return &conflict{name, twinWhy(twin)}
	}
	return s.root.Rename(name+ext, to+ext)
}

// duplicate copies a list under the first free name like NAME-copy.
func (s *store) duplicate(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	src, err := s.read(name)
	if err != nil {
		return "", err
	}
	to, err := s.free(clip(name, maxNameBytes-9) + "-copy")
	if err != nil {
		return "", err
	}
	return to, s.write(to, src)
}

// manage answers the list actions: POST /lists/{name}/{action}.
func (s *Server) manage(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if err := checkName(name); err != nil {
		s.fail(w, r, http.StatusBadRequest, "There is no list at this address: "+err.Error()+".")
		return
	}
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, "The request could not be read.")
		return
	}
	base := r.PostForm.Get("base")
	var err error
	to := "/lists/" + url.PathEscape(name)
	switch r.PathValue("action") {
	case "delete":
		err = s.lists.remove(name, base)
		// No fragment: the page opens at its top, where the Undo is,
		// and the browser gives the Undo its autofocus (it gives none
		// on a page opened at a fragment).
		to = "/?deleted=" + url.QueryEscape(name)
	case "restore":
		err = s.lists.restore(name)
		to += "?restored=1"
	case "rename":
		nn := bareName(clip(r.PostForm.Get("newname"), maxFieldBytes))
		if err = s.lists.rename(name, nn, base); err == nil {
			to = "/lists/" + url.PathEscape(nn) + "?renamed=1"
		}
	case "duplicate":
		var copied string
		if copied, err = s.lists.duplicate(name); err == nil {
			to = "/lists/" + url.PathEscape(copied) + "?copied=1"
		}
	default:
		s.fail(w, r, http.StatusNotFound, "There is no such thing to do with a list: a list can be renamed, duplicated or deleted.")
		return
	}
	var cf *conflict
	var fl *full
	var nf *noFreeName
	switch {
	case errors.As(err, &cf):
		s.fail(w, r, http.StatusConflict, cf.why)
		return
	case errors.As(err, &fl):
		s.fail(w, r, http.StatusInsufficientStorage, fl.why)
		return
	case errors.As(err, &nf):
		s.fail(w, r, http.StatusConflict, "Not copied: "+nf.Error()+".")
		return
	case errors.Is(err, errNoList):
		s.fail(w, r, http.StatusNotFound, fmt.Sprintf("There is no list called %s%s.", name, ext))
		return
	case err != nil && checkName(bareName(r.PostForm.Get("newname"))) != nil && r.PathValue("action") == "rename":
		s.fail(w, r, http.StatusUnprocessableEntity, "Not renamed: "+err.Error()+".")
		return
	case err != nil:
		s.fail(w, r, http.StatusInternalServerError, "The list could not be changed: the lists folder refused it (is it read-only, or the disk full?).")
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}
