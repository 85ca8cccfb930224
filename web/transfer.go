package web

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// A club's lists move as one zip: every list of the folder, for a backup
// or another laptop. Import takes such a zip, or .toml files, back: each
// file is checked, and none is written over a list of the same name (it
// is saved under a free name, and the page says so).

const (
	// maxImportBytes bounds an import's request body; maxImportFiles the
	// lists it may hold, as many as the folder may.
	maxImportBytes = 8 << 20
	maxImportFiles = maxLists
	// maxImportTotal bounds the bytes an import's zip unpacks to.
	maxImportTotal = 32 << 20
	// maxTransfers bounds the exports and imports that run at once: each
	// reads or writes up to the whole folder, and an import checks every
	// list it brings. The others wait their turn up to transferWait, then
	// are told to try again.
	maxTransfers = 2
)

// transferWait is how long an export or import waits for its turn (a
// variable for the tests); once it has one, the request's own time to
// read and write starts then (transferWrite for an export's zip).
var transferWait = 60 * time.Second

// transferWrite is how long an export may take to send its zip: the
// folder's 64 MB to a phone on a slow Wi-Fi.
const transferWrite = 5 * time.Minute

// transfer takes one of the maxTransfers turns of an export or import,
// waiting up to transferWait; where none comes free it answers the
// request itself and returns false. done gives the turn back. The time
// the request has to send its body and to be answered starts with its
// turn: write is how long its answer may take.
func (s *Server) transfer(w http.ResponseWriter, r *http.Request, write time.Duration) (done func(), ok bool) {
	t := time.NewTimer(transferWait)
	defer t.Stop()
	select {
	case s.transfers <- struct{}{}:
		rc := http.NewResponseController(w)
		rc.SetReadDeadline(time.Now().Add(readTimeout))
		rc.SetWriteDeadline(time.Now().Add(write))
		return func() { <-s.transfers }, true
	case <-t.C:
	case <-r.Context().Done():
	}
	w.Header().Set("Retry-After", "30")
	s.fail(w, r, http.StatusServiceUnavailable, fmt.Sprintf("The server is busy with other exports and imports (it runs %d at once, so that the laptop keeps up): nothing was done. Try again in a minute.", maxTransfers))
	return nil, false
}

// exportAll writes every list of the folder into one zip, as it goes: a
// list at a time is in memory, whatever the folder holds.
func (s *Server) exportAll(w http.ResponseWriter, r *http.Request) {
	names, _, err := s.lists.names()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The lists folder could not be read.")
		return
	}
	done, ok := s.transfer(w, r, transferWrite)
	if !ok {
		return
	}
	defer done()
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": "playaid-lists.zip"}))
	zw := zip.NewWriter(w)
	for _, n := range names {
		src, err := s.lists.read(n)
		if err != nil {
			continue // not a list file: left out of the backup
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: n + ext, Method: zip.Deflate, Modified: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err == nil {
			_, err = f.Write(src)
		}
		if err != nil {
			// The answer has begun: the browser sees the download
			// broken off, and the server's terminal why.
			log.Printf("playaid serve: export: %v", err)
			return
		}
	}
	if err := zw.Close(); err != nil {
		log.Printf("playaid serve: export: %v", err)
	}
}

// importRow is one file of an import and what became of it.
type importRow struct {
	File   string // as uploaded
	Name   string // the list it was saved as; "" when refused
	Status string // VALID, INVALID
	Note   string // why it was refused, or that it was renamed
}

type importView struct {
	chrome
	Rows    []importRow
	Problem string
}

// importLists reads uploaded .toml files and zips of them.
func (s *Server) importLists(w http.ResponseWriter, r *http.Request) {
	done, ok := s.transfer(w, r, writeTimeout)
	if !ok {
		return
	}
	defer done()
	v := &importView{chrome: chrome{Title: "Import lists", Nav: "lists"}}
	mr, err := r.MultipartReader()
	if err != nil {
		v.Problem = "Choose one or more .toml list files, or a zip of them, to import."
		s.render(w, r, http.StatusBadRequest, "import", v)
		return
	}
	total := 0
	for len(v.Rows) <= maxImportFiles {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			v.Problem = tooBig(err, "The upload could not be read whole.")
			break
		}
		if part.FormName() != "files" || part.FileName() == "" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, maxImportBytes+1))
		if err != nil || len(data) > maxImportBytes {
			v.Problem = tooBig(err, "The upload could not be read whole.")
			break
		}
		file := path.Base(strings.ReplaceAll(part.FileName(), `\`, "/"))
		if strings.EqualFold(path.Ext(file), ".zip") {
			v.Rows = append(v.Rows, s.importZip(file, data, &total)...)
			continue
		}
		v.Rows = append(v.Rows, s.importOne(file, data))
	}
	if len(v.Rows) > maxImportFiles {
		v.Rows = v.Rows[:maxImportFiles]
		v.Problem = fmt.Sprintf("An import holds at most %d lists; the rest were left out.", maxImportFiles)
	}
	if len(v.Rows) == 0 && v.Problem == "" {
		v.Problem = "No files were chosen: choose one or more .toml list files, or a zip of them."
	}
	status := http.StatusOK
	if v.Problem != "" {
		status = http.StatusBadRequest
	}
	s.render(w, r, status, "import", v)
}

func tooBig(err error, otherwise string) string {
	var big *http.MaxBytesError
	if errors.As(err, &big) || err == nil {
		return fmt.Sprintf("The upload is bigger than the %d MB an import may be; import the lists in smaller batches.", maxImportBytes>>20)
	}
	return otherwise
}

// importZip imports the .toml files of a zip, each bounded; folders in
// the zip are flattened, other files skipped.
func (s *Server) importZip(file string, data []byte, total *int) []importRow {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return []importRow{{File: file, Note: "This is not a zip file that can be read."}}
	}
	if overlapping(zr.File) {
		return []importRow{{File: file, Note: "Some of this zip's files share their bytes with others (a zip made to unpack one file many times over): nothing in it was imported."}}
	}
	var rows []importRow
	for _, f := range zr.File {
		if len(rows) >= maxImportFiles {
			rows = append(rows, importRow{File: file, Note: fmt.Sprintf("The zip holds more than %d lists; the rest were left out.", maxImportFiles)})
			break
		}
		name := path.Base(strings.ReplaceAll(f.Name, `\`, "/"))
		if f.FileInfo().IsDir() || !strings.EqualFold(path.Ext(name), ext) || strings.HasPrefix(name, ".") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			rows = append(rows, importRow{File: name, Note: "This file of the zip cannot be read."})
			continue
		}
		src, err := io.ReadAll(io.LimitReader(rc, maxListBytes+1))
		rc.Close()
		switch {
		case err != nil:
			rows = append(rows, importRow{File: name, Note: "This file of the zip cannot be read."})
			continue
		case len(src) > maxListBytes:
			rows = append(rows, importRow{File: name, Note: fmt.Sprintf("More than the %d KB a list may have: not imported.", maxListBytes>>10)})
			continue
		}
		if *total += len(src); *total > maxImportTotal {
			rows = append(rows, importRow{File: file, Note: "The zip unpacks to more than an import may hold; the rest were left out."})
			break
		}
		rows = append(rows, s.importOne(name, src))
	}
	if len(rows) == 0 {
		rows = append(rows, importRow{File: file, Note: "The zip holds no .toml lists."})
	}
	return rows
}

// overlapping reports whether two entries of a zip share bytes: a zip a
// tool makes stores each file once, one after another, so entries that
// point at the same stored bytes were made to unpack them many times.
func overlapping(files []*zip.File) bool {
	type span struct{ from, to int64 }
	spans := make([]span, 0, len(files))
	for _, f := range files {
		off, err := f.DataOffset()
		if err != nil {
			return true
		}
		// Each entry has a header before its data: two are never at one
		// place, even when empty.
		spans = append(spans, span{off, off + max(int64(f.CompressedSize64), 1)})
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	for i := 1; i < len(spans); i++ {
		if spans[i].from < spans[i-1].to {
			return true
		}
	}
	return false
}

// importOne checks one uploaded list and saves it under its own name, or
// the first free one like it. A list too dear to check, or one the folder
// has no room for, is refused before it is checked.
func (s *Server) importOne(file string, src []byte) importRow {
	row := importRow{File: file}
	if len(src) > maxListBytes {
		row.Note = fmt.Sprintf("More than the %d KB a list may have: not imported.", maxListBytes>>10)
		return row
	}
	if !strings.EqualFold(path.Ext(file), ext) {
		row.Note = "Not a .toml list file: not imported."
		return row
	}
	name := bareName(file)
	if checkName(name) != nil {
		name = slug(name)
	}
	s.lists.mu.Lock()
	err := s.lists.room("", len(src))
	s.lists.mu.Unlock()
	if err != nil {
		row.Note = err.Error() + " Not imported."
		return row
	}
	rep, dl, why := s.validate(name, src)
	if why != "" {
		row.Note = why + " Not imported."
		return row
	}
	row.Status = "INVALID"
	switch {
	case rep != nil && rep.Valid():
		row.Status = "VALID"
	case rep == nil && (!utf8.Valid(src) || bytes.IndexByte(src, 0) >= 0):
		row.Note, row.Status = "This file is not text, so not a list: not imported.", ""
		return row
	case rep == nil:
		// The lists folder keeps a file that does not read as a list yet
		// (its page shows what to mend), and exports it: so that an
		// export imports again, it comes in as it is, saying why.
		cause := ""
		if len(dl) > 0 {
			cause = " (" + diagText(dl[0]) + ")"
		}
		row.Note = "This file does not read as an army list yet" + cause + ": it is imported as it is, and its page says what to mend."
	}
	s.lists.mu.Lock()
	free, err := s.lists.free(name)
	if err == nil {
		err = s.lists.write(free, src)
	}
	s.lists.mu.Unlock()
	if err != nil {
		row.Status = ""
		row.Note = err.Error()
		row.Note = strings.ToUpper(row.Note[:1]) + row.Note[1:] // the store's messages start in ASCII
		var fl *full
		var nf *noFreeName
		if !errors.As(err, &fl) && !errors.As(err, &nf) {
			row.Note = "It could not be saved in the lists folder: " + err.Error()
		}
		row.Note = strings.TrimSuffix(row.Note, ".") + ". Not imported."
		return row
	}
	s.keep(free, rep, dl)
	row.Name = free
	if free != name {
		row.Note = strings.TrimSpace(row.Note + " " + fmt.Sprintf("A list called %s%s is already here, so this one is saved as %s%s: nothing was written over.", name, ext, free, ext))
	}
	return row
}
