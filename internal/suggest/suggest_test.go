package suggest

import "testing"

func TestClosest(t *testing.T) {
	c := []string{"assault-tripod", "infantry-company", "hmg-unit"}
	if got := Closest("asault-tripod", c); got != "assault-tripod" {
		t.Errorf("Closest = %q", got)
	}
	if got := Closest("zeppelin", c); got != "" {
		t.Errorf("Closest of an unrelated word = %q, want none", got)
	}
}
