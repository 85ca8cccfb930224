package web

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/refcards"
)

// TestCardImages: the home page offers each deck's print-shop images, and
// the zip holds the images 'reference --cards --print-shop --png' writes,
// byte for byte, in the deck's order; a deck that does not exist is not
// found.
func TestCardImages(t *testing.T) {
	t.Parallel()
	s, _ := newServer(t, "")
	h := s.Handler()
	if body := get(t, h, "/").Body.String(); !strings.Contains(body, `href="/docs/card-images/imperial-mars.zip" download>Print-shop images (zip)</a>`) {
		t.Error("the home page does not offer the print-shop images")
	}
	w := get(t, h, "/docs/card-images/imperial-mars.zip")
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/zip" {
		t.Fatalf("%d %s", w.Code, w.Header().Get("Content-Type"))
	}
	if cd := w.Header().Get("Content-Disposition"); !strings.Contains(cd, "filename=reference-cards-imperial-mars-print-shop-png.zip") {
		t.Errorf("Content-Disposition %q", cd)
	}
	cat := shipped.Catalog(t)
	dk, _ := refcards.Lookup(cat, "imperial-mars")
	pdf, err := dk.Render(cat, refcards.Options{Shop: &cardsShop{}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := cardsShop{}.Images(pdf)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(w.Body.Bytes()), int64(w.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(want) || len(want) < 2 {
		t.Fatalf("%d files in the zip, want %d", len(zr.File), len(want))
	}
	for i, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name != want[i].Name || !bytes.Equal(b, want[i].PNG) {
			t.Errorf("file %d: %s, want %s with the CLI's bytes", i+1, f.Name, want[i].Name)
		}
	}
	for _, path := range []string{"/docs/card-images/nope.zip", "/docs/card-images/imperial-mars.pdf", "/docs/card-images/.zip", "/docs/card-images/reference-cards-aqotmf.zip"} {
		if w := get(t, h, path); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, w.Code)
		}
	}
}
