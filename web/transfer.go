package web

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/playaid/playaid/army"
)

// A club's lists move as one zip: every list of the folder, for a backup
// or another laptop. Import takes such a zip, or .toml files, back: each
// file is checked, and none is written over a list of the same name (it
// is saved under a free name, and the page says so).

const (
	// maxImportBytes bounds an import's request body; maxImportFiles the
	// lists it may hold, as the home page shows at most maxLists.
	maxImportBytes = 8 << 20
	maxImportFiles = maxLists
	// maxImportTotal bounds the bytes an import's zip unpacks to.
	maxImportTotal = 32 << 20
)

// exportAll writes every list of the folder into one zip.
func (s *Server) exportAll(w http.ResponseWriter, r *http.Request) {
	names, _, err := s.lists.names()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The lists folder could not be read.")
		return
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
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
			s.fail(w, r, http.StatusInternalServerError, "The zip could not be made.")
			return
		}
	}
	if err := zw.Close(); err != nil {
		s.fail(w, r, http.StatusInternalServerError, "The zip could not be made.")
		return
	}
	s.send(w, r, "application/zip", "playaid-lists.zip", b.Bytes(), nil)
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

// importOne checks one uploaded list and saves it under its own name, or
// the first free one like it.
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
	rep, _ := army.Validate(name+ext, src, s.cat)
	if rep == nil {
		row.Note = "This file does not read as an army list: not imported."
		return row
	}
	row.Status = "INVALID"
	if rep.Valid() {
		row.Status = "VALID"
	}
	s.lists.mu.Lock()
	defer s.lists.mu.Unlock()
	free, err := s.lists.free(name)
	if err == nil {
		err = s.lists.write(free, src)
	}
	if err != nil {
		row.Note = "It could not be saved in the lists folder."
		row.Status = ""
		return row
	}
	row.Name = free
	if free != name {
		row.Note = fmt.Sprintf("A list called %s%s is already here, so this one is saved as %s%s: nothing was written over.", name, ext, free, ext)
	}
	return row
}
