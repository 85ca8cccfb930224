#!/bin/sh
# sync.sh keeps this copy of BurntSushi/toml equal to the upstream release
# plus the patches in patches/, applied in the order of their names, with
# the import of its internal package rewritten to this folder's path (see
# README.md). Run it from anywhere:
#
#   sync.sh apply       rebuild the copy from upstream and the patches
#   sync.sh check       fail unless the copy is exactly upstream + the patches
#   sync.sh diff NAME   after editing the copy: write what the patches lack
#                       as patches/NAME.patch, the last of the series
#   sync.sh test        build and vet upstream after each patch in turn; run
#                       toml's own test suite on upstream + all the patches
#
# Upstream comes from the Go module proxy (or the module cache).
set -eu
VERSION=v1.6.0
UP=github.com/BurntSushi/toml
OURS=github.com/playaid/playaid/internal/toml
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

src=$(cd "$tmp" && go mod download -json "$UP@$VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
test -n "$src" || { echo "sync.sh: cannot download $UP@$VERSION" >&2; exit 1; }
cp -R "$src" "$tmp/a"
chmod -R u+w "$tmp/a"

series() { ls "$here"/patches/*.patch 2>/dev/null | sort; }

# copied lists the files the copy holds: the package's sources, the
# internal package they import, its licence, and whatever the patches add
# or change but upstream's module files (the copy is a package of
# playaid's module). Upstream's tests, their data and its commands stay
# upstream ('test' runs them there).
copied() {
	(cd "$tmp/a" && ls *.go internal/*.go COPYING | grep -v '_test\.go$')
	series | while read -r p; do sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"; done | grep -v '^go\.\(mod\|sum\)$'
}

# held lists the files the copy holds now: everything in this folder but
# what keeps it (README.md, sync.sh, the patches) and what go test leaves.
held() {
	(cd "$here" && find . -type f ! -name README.md ! -name sync.sh ! -path './patches/*' ! -name '*.test' ! -name '*.prof' | sed 's|^\./||' | sort)
}

# patched writes upstream + the patches to $tmp/toml; with an argument,
# it runs that command there after each patch.
patched() {
	cp -R "$tmp/a" "$tmp/toml"
	series | while read -r p; do
		(cd "$tmp/toml" && patch -s -p1 <"$p") || { echo "sync.sh: $(basename "$p") does not apply" >&2; exit 1; }
		if [ $# -gt 0 ]; then (cd "$tmp/toml" && "$@") || { echo "sync.sh: after $(basename "$p"): $* failed" >&2; exit 1; }; fi
	done
}

# rehome FILE rewrites the import of upstream's internal package to the
# copy's (the one line in which a file of the copy is not upstream's).
rehome() { sed "s|\"$UP/internal\"|\"$OURS/internal\"|" "$1"; }

case "${1:-}" in
apply)
	patched
	copied | sort -u | while read -r f; do
		mkdir -p "$here/$(dirname "$f")"
		rehome "$tmp/toml/$f" >"$here/$f"
	done
	;;
check)
	patched
	copied | sort -u >"$tmp/want"
	held >"$tmp/have"
	diff "$tmp/want" "$tmp/have" >&2 || { echo "sync.sh: the copy's files are not upstream's plus the patches' (< missing, > extra)" >&2; exit 1; }
	while read -r f; do
		rehome "$tmp/toml/$f" | cmp -s - "$here/$f" || { echo "sync.sh: $f is not upstream + the patches" >&2; exit 1; }
	done <"$tmp/want"
	;;
diff) # the copy against upstream + the series, as one more patch
	name=${2:?usage: sync.sh diff NAME (the new patch, e.g. 03-what-it-does)}
	patched
	out="$here/patches/$name.patch"
	test ! -e "$out" || { echo "sync.sh: $out exists" >&2; exit 1; }
	{
		echo "One line: what this change does"
		echo
		echo "Why: what was wrong or slow, and what it does instead."
		echo
		held | while read -r f; do
			mkdir -p "$tmp/b/$(dirname "$f")"
			sed "s|\"$OURS/internal\"|\"$UP/internal\"|" "$here/$f" >"$tmp/b/$f"
			if [ -f "$tmp/toml/$f" ]; then
				diff -u --label "a/$f" --label "b/$f" "$tmp/toml/$f" "$tmp/b/$f" || true
			else
				diff -u --label /dev/null --label "b/$f" /dev/null "$tmp/b/$f" || true
			fi
		done
	} >"$tmp/new.patch"
	grep -q '^+++ ' "$tmp/new.patch" || { echo "sync.sh: the copy is upstream + the patches already" >&2; exit 1; }
	mv "$tmp/new.patch" "$out"
	echo "sync.sh: wrote $out; write its first lines (what and why)" >&2
	;;
test) # each step builds and vets; then all of toml's tests
	patched sh -c 'go build . && go vet .'
	cd "$tmp/toml" && go test ./...
	;;
*)
	echo "usage: sync.sh apply|check|diff NAME|test" >&2
	exit 2
	;;
esac
