# carry.sh keeps a copy of an upstream Go package, carried as a package of
# playaid's module, equal to the upstream release plus the patches in the
# copy's patches/, applied in the order of their names. It is not run
# itself: the copy's sync.sh says what is the copy's own and sources it.
# What a sync.sh sets:
#
#   MODULE   upstream's module path
#   VERSION  the release carried
#   FILES    upstream's files the copy holds, as shell patterns (tests
#            that match are left out)
#   TESTS    upstream's tests the copy holds all the same (may be unset)
#   IMPORT   the copy's import path, where upstream's files import other
#            packages of upstream's module that the copy holds: those
#            imports are the copy's one difference from upstream + the
#            patches (may be unset)
#   SKIP     upstream's tests 'test' skips, a pattern for go test -skip
#            (may be unset)
#   WHY      what the first lines of a new patch must say, after its title
#
# What sync.sh does, run from anywhere:
#
#   sync.sh apply       rebuild the copy from upstream and the patches
#   sync.sh check       fail unless the copy is exactly upstream + the patches
#   sync.sh diff NAME   after editing the copy: write what the patches lack
#                       as patches/NAME.patch, the last of the series
#   sync.sh test        build and vet upstream after each patch in turn; run
#                       upstream's own test suite on upstream + all the patches
#
# Upstream comes from the Go module proxy (or the module cache).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# $tmp/a is pristine upstream, writable; $up is upstream + the patches, in
# a folder named as upstream's, where fpdf's tests look for their files.
src=$(cd "$tmp" && go mod download -json "$MODULE@$VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
test -n "$src" || { echo "sync.sh: cannot download $MODULE@$VERSION" >&2; exit 1; }
cp -R "$src" "$tmp/a"
chmod -R u+w "$tmp/a"
up=$tmp/${MODULE##*/}

series() { ls "$here"/patches/*.patch 2>/dev/null | sort; }

# copied lists the files the copy holds: FILES and TESTS, and whatever the
# patches add or change but upstream's module files (the copy is a package
# of playaid's module).
copied() {
	(cd "$tmp/a" && ls $FILES | grep -v '_test\.go$')
	for t in ${TESTS:-}; do echo "$t"; done
	series | while read -r p; do sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"; done | grep -v '^go\.\(mod\|sum\)$'
}

# held lists the files the copy holds now: everything in its folder but
# what keeps it (README.md, sync.sh, the patches) and what go test leaves.
held() {
	(cd "$here" && find . -type f ! -name README.md ! -name sync.sh ! -path './patches/*' ! -name '*.test' ! -name '*.prof' | sed 's|^\./||' | sort)
}

# patched writes upstream + the patches to $up; with an argument, it runs
# that command there after each patch.
patched() {
	cp -R "$tmp/a" "$up"
	series | while read -r p; do
		(cd "$up" && patch -s -p1 <"$p") || { echo "sync.sh: $(basename "$p") does not apply" >&2; exit 1; }
		if [ $# -gt 0 ]; then (cd "$up" && "$@") || { echo "sync.sh: after $(basename "$p"): $* failed" >&2; exit 1; }; fi
	done
}

# rehome FILE writes an upstream file as the copy holds it; unhome FILE a
# file of the copy as upstream's (see IMPORT).
rehome() { if [ -n "${IMPORT:-}" ]; then sed "s|\"$MODULE/|\"$IMPORT/|" "$1"; else cat "$1"; fi; }
unhome() { if [ -n "${IMPORT:-}" ]; then sed "s|\"$IMPORT/|\"$MODULE/|" "$1"; else cat "$1"; fi; }

case "${1:-}" in
apply)
	patched
	copied | sort -u | while read -r f; do
		mkdir -p "$here/$(dirname "$f")"
		rehome "$up/$f" >"$here/$f"
	done
	;;
check)
	patched
	copied | sort -u >"$tmp/want"
	held >"$tmp/have"
	diff "$tmp/want" "$tmp/have" >&2 || { echo "sync.sh: the copy's files are not upstream's plus the patches' (< missing, > extra)" >&2; exit 1; }
	while read -r f; do
		rehome "$up/$f" | cmp -s - "$here/$f" || { echo "sync.sh: $f is not upstream + the patches" >&2; exit 1; }
	done <"$tmp/want"
	;;
diff) # the copy against upstream + the series, as one more patch
	next=$(printf %02d $(($(series | wc -l) + 1)))
	[ -n "${2:-}" ] || { echo "usage: sync.sh diff NAME (the new patch, e.g. $next-what-it-does)" >&2; exit 2; }
	name=$2
	patched
	out="$here/patches/$name.patch"
	test ! -e "$out" || { echo "sync.sh: $out exists" >&2; exit 1; }
	{
		echo "One line: what this change does"
		echo
		echo "$WHY"
		echo
		held | while read -r f; do
			mkdir -p "$tmp/b/$(dirname "$f")"
			unhome "$here/$f" >"$tmp/b/$f"
			if [ -f "$up/$f" ]; then
				diff -u --label "a/$f" --label "b/$f" "$up/$f" "$tmp/b/$f" || true
			else
				diff -u --label /dev/null --label "b/$f" /dev/null "$tmp/b/$f" || true
			fi
		done
	} >"$tmp/new.patch"
	grep -q '^+++ ' "$tmp/new.patch" || { echo "sync.sh: the copy is upstream + the patches already" >&2; exit 1; }
	mv "$tmp/new.patch" "$out"
	echo "sync.sh: wrote $out; write its first lines (what and why)" >&2
	;;
test) # each step builds and vets; then upstream's tests but SKIP's
	patched sh -c 'go build . && go vet .'
	cd "$up" && go test ${SKIP:+-skip "$SKIP"} ./...
	;;
*)
	echo "usage: sync.sh apply|check|diff NAME|test" >&2
	exit 2
	;;
esac
