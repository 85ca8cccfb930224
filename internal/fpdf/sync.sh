#!/bin/sh
# sync.sh keeps this copy of fpdf equal to the upstream release plus the
# patches in patches/ (see README.md):
#   sync.sh apply|check|diff NAME|test, run from anywhere.
# What it sets is all that is fpdf's own; the work is ../carry.sh's, which
# says what each command does.
MODULE=codeberg.org/go-pdf/fpdf
VERSION=v0.12.0
# The package's sources, the core-font metrics it embeds, its licence.
FILES='*.go font_embed/* LICENSE'
# Upstream's tests need 5 MB of fonts, images and reference PDFs, so they
# stay upstream ('test' runs them there), but for def_test.go, which needs
# none and is what uses pdfVersionFrom.
TESTS=def_test.go
# 'test' skips two examples that download images from codeberg.org and
# three that compare compressed streams byte for byte with upstream's
# reference PDFs (a UTF-8 font, attachments, an ICC profile):
# 07-klauspost-zlib compresses with klauspost/compress and
# 08-short-cidtogidmap cuts CIDToGIDMaps short, on purpose (their tests
# cover both).
SKIP='^(ExampleFpdf_RegisterImageReader|ExampleRegister|ExampleFpdf_AddUTF8Font|ExampleFpdf_SetAttachments|ExampleFpdf_AddOutputIntent)$'
WHY='Why: what was wrong or slow, what it does instead, which PDF bytes change.'
. "$(dirname "$0")/../carry.sh"
