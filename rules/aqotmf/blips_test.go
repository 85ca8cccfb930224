package aqotmf

import (
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
)

// TestAQBlips counts by hand with the shipped [aqotmf.blips]: one blip a
// unit on the table at the start, two decoys for each infantry blip.
func TestAQBlips(t *testing.T) {
	sys := shipped.Catalog(t).System("aqotmf")
	inf := func(n int) BlipUnit { return BlipUnit{Count: n, Type: "Infantry"} }
	tank := func(n int) BlipUnit { return BlipUnit{Count: n, Type: "Tank"} }
	ambush := func(u BlipUnit) BlipUnit { u.Ambush = true; return u }
	held := func(u BlipUnit) BlipUnit { u.Reinforcement = true; return u }
	tests := []struct {
		name          string
		units         []BlipUnit
		blips, decoys int
	}{
		{"nothing", nil, 0, 0},
		// Boys of Company C as listed: the company, the HMG in ambush,
		// the Rough Riders held back.
		{"boys of company c", []BlipUnit{inf(1), ambush(inf(1)), held(inf(1))}, 1, 2},
		// Morale Wagon: the HMG team starts in ambush; six tanks bring
		// no decoys.
		{"morale wagon", []BlipUnit{inf(1), ambush(inf(1)), tank(6), inf(1)}, 8, 4},
		{"type spelt in capitals", []BlipUnit{{Count: 2, Type: "INFANTRY"}}, 2, 4},
		{"no units on a line", []BlipUnit{inf(0), tank(-1)}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := CountBlips(sys, tt.units)
			if err != nil {
				t.Fatal(err)
			}
			if b.Blips != tt.blips || b.Decoys != tt.decoys || b.PerUnit != 2 {
				t.Errorf("%d blips, %d decoys (%d a blip); want %d, %d (2)", b.Blips, b.Decoys, b.PerUnit, tt.blips, tt.decoys)
			}
			sum := 0
			for _, n := range b.Units {
				sum += n
			}
			if sum != b.Blips || len(b.Units) != len(tt.units) {
				t.Errorf("per line %v does not add up to %d blips", b.Units, b.Blips)
			}
		})
	}
	if _, err := CountBlips(shipped.Catalog(t).System("imperial-mars"), nil); err == nil {
		t.Error("blips counted for a rule set without them")
	}
}
