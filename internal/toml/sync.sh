#!/bin/sh
# sync.sh keeps this copy of BurntSushi/toml equal to the upstream release
# plus the patches in patches/ (see README.md):
#   sync.sh apply|check|diff NAME|test, run from anywhere.
# What it sets is all that is toml's own; the work is ../carry.sh's, which
# says what each command does.
MODULE=github.com/BurntSushi/toml
VERSION=v1.6.0
# The package's sources, the internal package of local time zones they
# import, its licence. Upstream's tests, their data and its commands stay
# upstream ('test' runs them there).
FILES='*.go internal/*.go COPYING'
# The import of that internal package points at this folder's: the one
# line in which a file of the copy is not upstream + the patches.
IMPORT=github.com/playaid/playaid/internal/toml
WHY='Why: what was wrong or slow, and what it does instead.'
. "$(dirname "$0")/../carry.sh"
