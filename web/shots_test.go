package web

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestScreenshots writes screenshots of every page at a phone's and a
// laptop's width, for a person to look at: go test ./web -run
// TestScreenshots -shots DIR. Each page is saved whole and cut into
// screen-high pieces.
func TestScreenshots(t *testing.T) {
	t.Parallel()
	if *shotsDir == "" {
		t.Skip("no -shots DIR")
	}
	ctx := browser(t)
	acceptDialogs(ctx)
	s, dir := newServer(t, "")
	pages := append(sitePages(t, dir), readingPages...)
	srv := httptest.NewServer(s.Handler())
	defer func() { s.Close(); srv.Close() }() // the page waiting on a game is answered first
	if err := os.MkdirAll(*shotsDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{390, 1366} {
		height := 844
		if width > 400 {
			height = 768
		}
		for _, p := range pages {
			steps := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(int64(width), int64(height)), chromedp.Navigate(srv.URL + p.path)}
			if err := chromedp.Do(ctx, append(steps, p.then...)...); err != nil {
				t.Fatalf("%s at %d px: %v", p.name, width, err)
			}
			buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatalf("%s at %d px: %v", p.name, width, err)
			}
			base := filepath.Join(*shotsDir, fmt.Sprintf("%s-%d", p.name, width))
			if err := os.WriteFile(base+".png", buf, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := cut(buf, base, height); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("screenshots in %s", *shotsDir)
}

// cut saves a tall screenshot as screen-high pieces: base-1.png, base-2.png …
func cut(shot []byte, base string, height int) error {
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return err
	}
	b := img.Bounds()
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return fmt.Errorf("cannot cut a %T", img)
	}
	for i, y := 1, b.Min.Y; y < b.Max.Y; i, y = i+1, y+height {
		var out bytes.Buffer
		if err := png.Encode(&out, sub.SubImage(image.Rect(b.Min.X, y, b.Max.X, min(y+height, b.Max.Y)))); err != nil {
			return err
		}
		if err := os.WriteFile(fmt.Sprintf("%s-%d.png", strings.TrimSuffix(base, ".png"), i), out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
