package catalog

import "testing"

// TestNormASCII: an ASCII name is spelt in one pass exactly as the
// general spelling spells it.
func TestNormASCII(t *testing.T) {
	for _, name := range []string{
		"", " ", "Drop-Pods", "rough-riders", "  Heat  Ray ", "Tow_Cable", "a-_-b", "-x-",
		"Mk II Baldwin", "tab\there", "line\nend\r", "v\vf\fend", "ALL CAPS", "x", "s", "class",
		"Gatling Guns", "a--b__c  d", "don't", "1st Rank", "~!@#$%^&*()", "\x7f\x00",
	} {
		got, ok := normASCII(name)
		if want := normWords(name); !ok || got != want {
			t.Errorf("normASCII(%q) = %q, %v; normWords says %q", name, got, ok, want)
		}
	}
	if _, ok := normASCII("Dürer"); ok {
		t.Error("normASCII took a name that is not ASCII")
	}
	if got := NormName("Drop-Pods"); got != "drop pod" {
		t.Errorf("NormName(Drop-Pods) = %q, want %q", got, "drop pod")
	}
}
