#!/bin/sh
# sync.sh keeps this copy of fpdf equal to the upstream release plus
# PLAYAID.patch (see README.md). Run it from anywhere:
#
#   sync.sh apply   rebuild the copy from upstream and PLAYAID.patch
#   sync.sh diff    rewrite PLAYAID.patch from the copy, after editing it
#   sync.sh check   fail unless the copy is exactly upstream + PLAYAID.patch
#   sync.sh test    run fpdf's own test suite on upstream + PLAYAID.patch
#
# Upstream comes from the Go module proxy (or the module cache).
set -eu
VERSION=v0.12.0
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# $tmp/a is pristine upstream, writable. fpdf's tests find their files by
# looking for a folder named fpdf, hence the link.
src=$(cd "$tmp" && go mod download -json "codeberg.org/go-pdf/fpdf@$VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
test -n "$src" || { echo "sync.sh: cannot download codeberg.org/go-pdf/fpdf@$VERSION" >&2; exit 1; }
cp -R "$src" "$tmp/a"
chmod -R u+w "$tmp/a"
ln -s "$here" "$tmp/b"

# copied lists the files the copy holds: the package's sources, the core
# font metrics it embeds, its licence and module files, and whatever the
# patch adds. Upstream's tests need 5 MB of fonts, images and reference
# PDFs, so they stay upstream ('test' runs them there).
copied() {
	(cd "$tmp/a" && ls *.go font_embed/* LICENSE | grep -v '_test\.go$')
	sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$here/PLAYAID.patch"
}

patched() { # upstream + PLAYAID.patch in $tmp/fpdf
	cp -R "$tmp/a" "$tmp/fpdf"
	if [ -s "$here/PLAYAID.patch" ]; then (cd "$tmp/fpdf" && patch -s -p1 <"$here/PLAYAID.patch"); fi
}

case "${1:-}" in
apply)
	patched
	copied | sort -u | while read -r f; do
		mkdir -p "$here/$(dirname "$f")"
		cp "$tmp/fpdf/$f" "$here/$f"
	done
	;;
diff) # keeps the patch's description, the text before its first diff
	sed -n '/^--- /q;p' "$here/PLAYAID.patch" >"$tmp/new.patch"
	(cd "$tmp" && find -L b -type f ! -name README.md ! -name PLAYAID.patch ! -name sync.sh ! -name '*.test' ! -name '*.prof' ! -name '*.patch' | sed 's|^b/||' | sort |
		while read -r f; do
			if [ -f "a/$f" ]; then
				diff -u --label "a/$f" --label "b/$f" "a/$f" "b/$f" || true
			else
				diff -u --label /dev/null --label "b/$f" /dev/null "b/$f" || true
			fi
		done) >>"$tmp/new.patch"
	mv "$tmp/new.patch" "$here/PLAYAID.patch"
	;;
check)
	patched
	copied | sort -u >"$tmp/want"
	(cd "$tmp" && find -L b -type f ! -name README.md ! -name PLAYAID.patch ! -name sync.sh ! -name '*.test' ! -name '*.prof' ! -name '*.patch' | sed 's|^b/||' | sort) >"$tmp/have"
	diff "$tmp/want" "$tmp/have" >&2 || { echo "sync.sh: the copy's files are not upstream's plus the patch's (< missing, > extra)" >&2; exit 1; }
	while read -r f; do
		cmp -s "$tmp/fpdf/$f" "$here/$f" || { echo "sync.sh: $f is not upstream + PLAYAID.patch" >&2; exit 1; }
	done <"$tmp/want"
	;;
test) # all but two examples that download images from codeberg.org and
	# three that compare compressed streams byte for byte with upstream's
	# reference PDFs (a UTF-8 font, attachments, an ICC profile): the
	# patch compresses with klauspost/compress and cuts CIDToGIDMaps short,
	# on purpose (PLAYAID.patch, items 4 and 7; its tests cover both)
	patched
	# The copy is a package of playaid's module, not a module of its own,
	# so upstream's go.mod lacks the patch's one new dependency: take it
	# at the version playaid's go.mod gives.
	kc=$(sed -n 's|^[[:space:]]*github.com/klauspost/compress \(v[^[:space:]]*\).*|\1|p' "$here/../../go.mod")
	cd "$tmp/fpdf" && go get "github.com/klauspost/compress@$kc" && go test -skip '^(ExampleFpdf_RegisterImageReader|ExampleRegister|ExampleFpdf_AddUTF8Font|ExampleFpdf_SetAttachments|ExampleFpdf_AddOutputIntent)$' ./...
	;;
*)
	echo "usage: sync.sh apply|diff|check|test" >&2
	exit 2
	;;
esac
