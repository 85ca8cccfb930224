#!/bin/sh
# sync.sh keeps this copy of fpdf equal to the upstream release plus the
# patches in patches/, applied in the order of their names (see README.md).
# Run it from anywhere:
#
#   sync.sh apply       rebuild the copy from upstream and the patches
#   sync.sh check       fail unless the copy is exactly upstream + the patches
#   sync.sh diff NAME   after editing the copy: write what the patches lack
#                       as patches/NAME.patch, the last of the series
#   sync.sh test        build and vet upstream after each patch in turn; run
#                       fpdf's own test suite on upstream + all the patches
#
# Upstream comes from the Go module proxy (or the module cache).
set -eu
VERSION=v0.12.0
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# $tmp/a is pristine upstream, writable. fpdf's tests find their files by
# looking for a folder named fpdf, hence the name of $tmp/fpdf below.
src=$(cd "$tmp" && go mod download -json "codeberg.org/go-pdf/fpdf@$VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
test -n "$src" || { echo "sync.sh: cannot download codeberg.org/go-pdf/fpdf@$VERSION" >&2; exit 1; }
cp -R "$src" "$tmp/a"
chmod -R u+w "$tmp/a"
ln -s "$here" "$tmp/b"

series() { ls "$here"/patches/*.patch 2>/dev/null | sort; }

# copied lists the files the copy holds: the package's sources, the core
# font metrics it embeds, its licence, and whatever the patches add or
# change but upstream's module files (the copy is a package of playaid's
# module). Upstream's tests need 5 MB of fonts, images and reference PDFs,
# so they stay upstream ('test' runs them there), but for def_test.go,
# which needs none and is what uses pdfVersionFrom.
copied() {
	(cd "$tmp/a" && ls *.go font_embed/* LICENSE | grep -v '_test\.go$')
	echo def_test.go
	series | while read -r p; do sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"; done | grep -v '^go\.\(mod\|sum\)$'
}

# held lists the files the copy holds now: everything in this folder but
# what keeps it (README.md, sync.sh, the patches) and what go test leaves.
held() {
	(cd "$tmp" && find -L b -type f ! -name README.md ! -name sync.sh ! -path 'b/patches/*' ! -name '*.test' ! -name '*.prof' | sed 's|^b/||' | sort)
}

# patched writes upstream + the patches to $tmp/fpdf; with an argument,
# it runs that command there after each patch.
patched() {
	cp -R "$tmp/a" "$tmp/fpdf"
	series | while read -r p; do
		(cd "$tmp/fpdf" && patch -s -p1 <"$p") || { echo "sync.sh: $(basename "$p") does not apply" >&2; exit 1; }
		if [ $# -gt 0 ]; then (cd "$tmp/fpdf" && "$@") || { echo "sync.sh: after $(basename "$p"): $* failed" >&2; exit 1; }; fi
	done
}

case "${1:-}" in
apply)
	patched
	copied | sort -u | while read -r f; do
		mkdir -p "$here/$(dirname "$f")"
		cp "$tmp/fpdf/$f" "$here/$f"
	done
	;;
check)
	patched
	copied | sort -u >"$tmp/want"
	held >"$tmp/have"
	diff "$tmp/want" "$tmp/have" >&2 || { echo "sync.sh: the copy's files are not upstream's plus the patches' (< missing, > extra)" >&2; exit 1; }
	while read -r f; do
		cmp -s "$tmp/fpdf/$f" "$here/$f" || { echo "sync.sh: $f is not upstream + the patches" >&2; exit 1; }
	done <"$tmp/want"
	;;
diff) # the copy against upstream + the series, as one more patch
	name=${2:?usage: sync.sh diff NAME (the new patch, e.g. 12-what-it-does)}
	patched
	out="$here/patches/$name.patch"
	test ! -e "$out" || { echo "sync.sh: $out exists" >&2; exit 1; }
	{
		echo "One line: what this change does"
		echo
		echo "Why: what was wrong or slow, what it does instead, which PDF bytes change."
		echo
		held | while read -r f; do
			if [ -f "$tmp/fpdf/$f" ]; then
				diff -u --label "a/$f" --label "b/$f" "$tmp/fpdf/$f" "$tmp/b/$f" || true
			else
				diff -u --label /dev/null --label "b/$f" /dev/null "$tmp/b/$f" || true
			fi
		done
	} >"$tmp/new.patch"
	grep -q '^+++ ' "$tmp/new.patch" || { echo "sync.sh: the copy is upstream + the patches already" >&2; exit 1; }
	mv "$tmp/new.patch" "$out"
	echo "sync.sh: wrote $out; write its first lines (what and why)" >&2
	;;
test) # each step builds and vets; then all of fpdf's tests but two
	# examples that download images from codeberg.org and three that compare
	# compressed streams byte for byte with upstream's reference PDFs (a
	# UTF-8 font, attachments, an ICC profile): 07-klauspost-zlib compresses
	# with klauspost/compress and 08-short-cidtogidmap cuts CIDToGIDMaps
	# short, on purpose (their tests cover both)
	patched sh -c 'go build . && go vet .'
	cd "$tmp/fpdf" && go test -skip '^(ExampleFpdf_RegisterImageReader|ExampleRegister|ExampleFpdf_AddUTF8Font|ExampleFpdf_SetAttachments|ExampleFpdf_AddOutputIntent)$' ./...
	;;
*)
	echo "usage: sync.sh apply|check|diff NAME|test" >&2
	exit 2
	;;
esac
