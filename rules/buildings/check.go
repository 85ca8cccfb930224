package buildings

import (
	"fmt"

	"github.com/playaid/playaid/catalog"
)

// checkBlock holds a [buildings] block to what the engine reads.
func checkBlock(c *catalog.BlockCheck, r *Rules) {
	c.AtLeast("burn_armor_loss", r.BurnArmorLoss, 1, "a burning building must lose armour each turn, or it may burn for ever")
	for i, t := range r.Types {
		c.AtLeast(fmt.Sprintf("type.%d.armor", i), t.Armor, 0, "an Armor Rating")
	}
}
