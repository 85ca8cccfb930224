// Package data embeds the shipped rule data: one folder per rule set, TOML
// files inside. A club's --data folder is laid over it (see catalog.Load).
package data

import "embed"

// FS holds every shipped TOML file.
//
//go:embed */*.toml */*/*.toml
var FS embed.FS
