package markers

import (
	"os"
	"testing"
)

func TestZZWrite(t *testing.T) {
	cat := shipped(t)
	b, err := Render(cat.Systems, Options{})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(os.Getenv("ZZOUT"), b, 0o644)
}
