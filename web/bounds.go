package web

import (
	"time"

	"github.com/playaid/playaid/internal/limits"
)

// The web's bounds, in one place: those of the numbers and files the CLI
// also reads are playaid's shared bounds (internal/limits); the rest are
// the server's own. They are far above any club's army and far below what
// would hurt the server.
const (
	// maxListBytes bounds a list file read from --lists or written by a
	// save, as every TOML file is bounded: a list of maxUnits units with
	// long labels fits many times.
	maxListBytes = limits.MaxFileSize
	// maxBodyBytes bounds a request body: a builder form is about the
	// size of the list it writes.
	maxBodyBytes = maxListBytes
	// maxUnits bounds the [[unit]] tables the builder edits.
	maxUnits = 200
	// maxFormFields bounds the fields of a builder form: the list's own
	// and up to 16 for each unit.
	maxFormFields = 32 + 16*maxUnits
	// maxFieldBytes bounds one typed value (a label, a name); maxNoteBytes
	// a note.
	maxFieldBytes = 200
	maxNoteBytes  = 2000
	// maxNameBytes bounds a list's file name.
	maxNameBytes = 64
	// maxLists and maxFolderBytes are the lists folder's quota: the lists
	// it may hold, and the bytes of all its files (lists, the copies a
	// save keeps, deleted lists waiting for their undo). A club has tens
	// of lists of a few KB; the quota is far above that and keeps what
	// a stranger on the club's Wi-Fi can make the server write (saves,
	// imports, copies) to a size the laptop does not notice. A save,
	// import, copy or undo past it is refused, saying so.
	maxLists       = 1000
	maxFolderBytes = 64 << 20
	// keepDeleted bounds the deleted lists kept for an undo: the oldest
	// go first.
	keepDeleted = 10

	// cacheBytes bounds the documents kept rendered in memory.
	cacheBytes = 64 << 20
	// maxHeaderBytes bounds request headers.
	maxHeaderBytes = 32 << 10
)

// Timeouts of the HTTP server. Writes allow for the slowest document (the
// print pack's biggest PDF on a busy laptop).
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 20 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownTimeout   = 20 * time.Second
)
