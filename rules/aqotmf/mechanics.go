package aqotmf

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// All Quiet on the Martian Front: shooting and assault, the Tripod Damage
// Chart, morale, reinforcements, tow cables and initiative. Every threshold
// comes from the [aqotmf] block, the charts and the profiles of the data.

// aqRules returns the system's AQotMF numbers and its die, or an error when
// the system is not an AQotMF rule set.
func aqRules(sys *catalog.System) (*Rules, int, error) {
	if sys == nil {
		return nil, 0, fmt.Errorf("aqotmf: no rule set given")
	}
	if RulesOf(sys) == nil {
		return nil, 0, fmt.Errorf("%s: no [aqotmf] block in the data", sys.ID)
	}
	if sys.About.Die <= 0 {
		return nil, 0, fmt.Errorf("%s: [about] has no die", sys.ID)
	}
	return RulesOf(sys), sys.About.Die, nil
}

// aqChart returns the chart with the id, or an error naming the rule that
// wants it.
func aqChart(sys *catalog.System, id, rule string) (*catalog.Chart, error) {
	c := sys.Chart(id)
	if c == nil {
		return nil, fmt.Errorf("%s: %s chart %q not found", sys.ID, rule, id)
	}
	if c.Die <= 0 {
		return nil, fmt.Errorf("%s: chart %q has no die", sys.ID, id)
	}
	return c, nil
}

// aqRow returns the index of the chart row a modified total answers to.
func aqRow(c *catalog.Chart, total int) (int, error) {
	for i, r := range c.Rows {
		if r.Roll.Contains(total) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("chart %q has no row for a total of %d", c.ID, total)
}

// aqNoteText returns the text of the source note with the id.
func aqNoteText(sys *catalog.System, id string) (string, error) {
	n := sys.Note(id)
	if n == nil {
		return "", fmt.Errorf("%s: source note %q not found", sys.ID, id)
	}
	return strings.TrimSpace(n.Text), nil
}

// aqNotes returns the texts of the source notes touching any of the topics.
func aqNotes(sys *catalog.System, topics ...string) []string {
	var out []string
	for _, n := range sys.NotesTouching(topics...) {
		out = append(out, strings.TrimSpace(n.Text))
	}
	return out
}

// AttackQuery is one AQotMF attack (shooting or assault): Dice rolled by
// the attacking elements against one target.
type AttackQuery struct {
	Dice    int // one per element per weapon; a Rapid Fire weapon rolls its dice per stand
	Defense int // the target's Defense as printed
	Armor   int // the target's Armor: for a damaged tripod, its current Armor
	Power   int // the weapon's Power bonus (0 for "–")
	// Cover is "", "soft" or "hard": the data's cover bonus is added to the
	// target's Defense.
	Cover       string
	Immobilised bool // the target is immobilised (tow cables): Defense -4
	DugIn       bool // the target is dug in: Armor +2, but see TripodClose
	// TripodClose says the attacker is a tripod within the data's
	// [aqotmf.dug_in] tripod_within of the target: the dug-in bonus does
	// not count.
	TripodClose bool
	// Tripod says the target is a tripod: damage is not removal but one
	// roll on the Tripod Damage Chart.
	Tripod bool
}

// AttackResult is the exact outcome of an attack.
type AttackResult struct {
	HitOn    int      // the score a die needs to hit (Defense with modifiers)
	DamageOn int      // the score a hit needs to damage (Armor with modifiers, less Power)
	DieHit   *big.Rat // one die hits
	DieDmg   *big.Rat // one die hits and damages
	// HitDamages is the chance a hit damages, P(damage | hit): the
	// damage roll's own chance, whether or not a die can hit at all.
	HitDamages *big.Rat
	Hit        *big.Rat // at least one die hits
	Damage     *big.Rat // at least one point of damage
	Points     []*big.Rat
	// Points[k] is the chance of exactly k damage points, k = 0 … Dice.
	// Destroyed is, for a tripod target, the chance the attack destroys it
	// (one roll on the Tripod Damage Chart at +1 per point beyond the
	// first); nil for other targets, whose damaged elements are removed.
	Destroyed *big.Rat
	Notes     []string // source notes that bear on this attack (lucky hits)
}

// aqAttackTargets works out the scores needed to hit and to damage.
func aqAttackTargets(r *Rules, q AttackQuery) (hitOn, damageOn, armor int, err error) {
	hitOn = q.Defense
	switch q.Cover {
	case "":
	case "soft":
		hitOn += r.Cover.Soft
	case "hard":
		hitOn += r.Cover.Hard
	default:
		return 0, 0, 0, fmt.Errorf("cover %q: expected \"\", \"soft\" or \"hard\"", q.Cover)
	}
	if q.Immobilised {
		hitOn += r.ImmobilisedDefense
	}
	armor = q.Armor
	if q.DugIn && !q.TripodClose {
		armor += r.DugIn.Armor
	}
	return hitOn, armor - q.Power, armor, nil
}

// Attack computes an attack exactly: a die hits on a score equal to or
// greater than the target's Defense (plus cover, less 4 when immobilised),
// so a Defense of 1 or less always hits and one above the die's faces never
// does; a hit damages on a score plus Power equal to or greater than the
// Armor (plus 2 when dug in, unless a tripod shoots from within 6"), so an
// Armor above 10 needs Power. No lucky hits are counted: the quick-start
// never describes them, and the result carries that note where it matters.
func Attack(sys *catalog.System, q AttackQuery) (AttackResult, error) {
	return aqAttack(sys, q, nil)
}

// aqAttack is Attack; a table of attacks on one tripod passes its rolls,
// so that they work out each chance on the Tripod Damage Chart once.
func aqAttack(sys *catalog.System, q AttackQuery, rolls aqRolls) (AttackResult, error) {
	res, err := aqDie(sys, q)
	if err != nil {
		return AttackResult{}, err
	}
	n := max(q.Dice, 0) // none rolled: no damage
	points := dice.Binomial(n, res.DieDmg)
	res.Points = make([]*big.Rat, n+1)
	for k := range res.Points {
		res.Points[k] = points.Prob(k)
	}
	res.Hit = aqAtLeastOnce(res.DieHit, n)
	res.Damage = points.AtLeast(1)
	if q.Tripod {
		res.Destroyed, err = aqDestroyedBy(sys, points, q.Armor, rolls)
		if err != nil {
			return AttackResult{}, err
		}
	}
	return res, nil
}

// aqDie is an attack's chances for one die (HitOn to DieDmg, and the
// lucky-hit note), without the pool's that Attack adds: the tables of one
// die's chances need no more.
func aqDie(sys *catalog.System, q AttackQuery) (AttackResult, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return AttackResult{}, err
	}
	for _, err := range []error{rules.CheckDice("dice", max(q.Dice, 0)), rules.CheckScore("Defense", q.Defense),
		rules.CheckScore("Armor", q.Armor), rules.CheckScore("Power", q.Power)} {
		if err != nil {
			return AttackResult{}, err
		}
	}
	hitOn, damageOn, armor, err := aqAttackTargets(r, q)
	if err != nil {
		return AttackResult{}, err
	}
	d := dice.Die(die)
	res := AttackResult{HitOn: hitOn, DamageOn: damageOn, DieHit: d.AtLeast(hitOn), HitDamages: d.AtLeast(damageOn)}
	res.DieDmg = new(big.Rat).Mul(res.DieHit, res.HitDamages)
	if armor > die && damageOn > die {
		text, err := aqNoteText(sys, r.LuckyHitNote)
		if err != nil {
			return AttackResult{}, err
		}
		res.Notes = append(res.Notes, text)
	}
	return res, nil
}

// aqAtLeastOnce is the chance that at least one of n independent tries of
// chance p succeeds: 1 - (1-p)^n. With 1-p = a/b in lowest terms that is
// (b^n - a^n) / b^n, whose parts share no factor either.
func aqAtLeastOnce(p *big.Rat, n int) *big.Rat {
	b := p.Denom()
	a := new(big.Int).Sub(b, p.Num()) // 1-p = a/b, in lowest terms as p is
	k := big.NewInt(int64(n))
	none := a.Exp(a, k, nil)
	all := new(big.Int).Exp(b, k, nil)
	return new(big.Rat).SetFrac(none.Sub(all, none), all)
}

// aqTripodRoll answers one roll on the Tripod Damage Chart for a tripod
// of the given current armour.
type aqTripodRoll struct {
	chart    *catalog.Chart
	armor    int
	rowDeath []*big.Rat // per row: the chance it destroys the tripod
	memo     map[int]*big.Rat
}

// aqRolls keeps the Tripod Damage Chart rolls of one table by the
// tripod's armour, so that the table's attacks share what each roll has
// worked out (its memo). A nil aqRolls keeps nothing.
type aqRolls map[int]*aqTripodRoll

// get returns the roll for a tripod of the armour, made on first use.
func (m aqRolls) get(sys *catalog.System, armor int) (*aqTripodRoll, error) {
	if t := m[armor]; t != nil {
		return t, nil
	}
	t, err := newAQTripodRoll(sys, armor)
	if err == nil && m != nil {
		m[armor] = t
	}
	return t, err
}

func newAQTripodRoll(sys *catalog.System, armor int) (*aqTripodRoll, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return nil, err
	}
	c, err := aqChart(sys, r.TripodDamage.Chart, "tripod damage")
	if err != nil {
		return nil, err
	}
	t := &aqTripodRoll{chart: c, armor: armor, memo: map[int]*big.Rat{}}
	for _, row := range c.Rows {
		t.rowDeath = append(t.rowDeath, aqRowDestroys(row, armor))
	}
	return t, nil
}

// faces counts, for a roll at modifier mod, the faces of the chart's die
// that land in each chart row.
func (t *aqTripodRoll) faces(mod int) ([]int64, error) {
	counts := make([]int64, len(t.chart.Rows))
	for f := 1; f <= t.chart.Die; f++ {
		i, err := aqRow(t.chart, f+mod)
		if err != nil {
			return nil, err
		}
		counts[i]++
	}
	return counts, nil
}

// destroyedOf is the chance that a roll whose faces land in the rows as
// counted destroys the tripod: the rows' chances of destroying, weighted
// by their faces, over the die's faces.
func (t *aqTripodRoll) destroyedOf(counts []int64) *big.Rat {
	destroyed, term := new(big.Rat), new(big.Rat)
	for i, n := range counts {
		if n > 0 && t.rowDeath[i].Sign() != 0 {
			term.SetInt64(n)
			destroyed.Add(destroyed, term.Mul(term, t.rowDeath[i]))
		}
	}
	return destroyed.Mul(destroyed, big.NewRat(1, int64(t.chart.Die)))
}

// rowChances returns the chance of each chart row for a roll at modifier
// mod, and the chance that the roll destroys the tripod.
func (t *aqTripodRoll) rowChances(mod int) ([]*big.Rat, *big.Rat, error) {
	counts, err := t.faces(mod)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]*big.Rat, len(counts))
	for i, n := range counts {
		rows[i] = big.NewRat(n, int64(t.chart.Die))
	}
	return rows, t.destroyedOf(counts), nil
}

// destroyed returns the chance that one roll at modifier mod destroys the
// tripod.
func (t *aqTripodRoll) destroyed(mod int) (*big.Rat, error) {
	if p, ok := t.memo[mod]; ok {
		return p, nil
	}
	// When even the lowest total falls in an open row ("10+"), every
	// face lands there: no need to go through the faces.
	if i, err := aqRow(t.chart, 1+mod); err == nil && t.chart.Rows[i].Roll.Max == math.MaxInt {
		return t.rowDeath[i], nil
	}
	counts, err := t.faces(mod)
	if err != nil {
		return nil, err
	}
	p := t.destroyedOf(counts)
	t.memo[mod] = p
	return p, nil
}

// aqRowDestroys returns the chance that the chart row destroys a tripod of
// the armour. A row tagged "destroyed" always does; a row tagged
// "destroyed-at-zero" lowers the armour by a roll of its armour die and
// destroys at zero or less, i.e. when that roll is at least the armour.
// Other rows (armour -1, crippled, weapons disabled) never do: the seed
// says nothing of armour reaching zero there (the "armor-zero" note).
func aqRowDestroys(row catalog.ChartRow, armor int) *big.Rat {
	switch {
	case row.Has("destroyed"):
		return big.NewRat(1, 1)
	case row.Has("destroyed-at-zero") && row.ArmorDie > 0:
		return dice.Die(row.ArmorDie).AtLeast(armor)
	}
	return new(big.Rat)
}

// aqDestroyedBy returns the chance that a tripod of the armour is
// destroyed by an attack scoring the points distribution: no roll for 0
// points, else one roll at +per_extra_point for each point beyond the
// first. The sum runs on integer weights so that a hundred dice stay cheap.
func aqDestroyedBy(sys *catalog.System, points dice.Dist, armor int, rolls aqRolls) (*big.Rat, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return nil, err
	}
	roll, err := rolls.get(sys, armor)
	if err != nil {
		return nil, err
	}
	// Each per-roll chance is a fraction whose denominator divides the
	// chart die times its armour dice: bring them all over that.
	// (A product of up to limits.MaxChartRows dice: a big.Int, which an
	// int64 would not hold.)
	den := big.NewInt(int64(roll.chart.Die))
	for _, row := range roll.chart.Rows {
		if row.ArmorDie > 0 {
			den.Mul(den, big.NewInt(int64(row.ArmorDie)))
		}
	}
	denR := new(big.Rat).SetInt(den)
	counts := map[int]*big.Int{} // per modifier: destroying outcomes out of den
	num, tmp := new(big.Int), new(big.Int)
	for _, k := range points.Outcomes() {
		if k <= 0 {
			continue
		}
		mod := (k - 1) * r.TripodDamage.PerExtraPoint
		c, ok := counts[mod]
		if !ok {
			p, err := roll.destroyed(mod)
			if err != nil {
				return nil, err
			}
			cr := new(big.Rat).Mul(p, denR)
			if !cr.IsInt() {
				return nil, fmt.Errorf("tripod damage chart %q: chance %s is not a multiple of 1/%d", roll.chart.ID, p.RatString(), den)
			}
			c = cr.Num()
			counts[mod] = c
		}
		num.Add(num, tmp.Mul(points.Weight(k), c))
	}
	total := new(big.Int).Mul(points.Total(), den)
	return new(big.Rat).SetFrac(num, total), nil
}

// Morale returns the chance a human unit passes a morale check after
// losing the given number of elements that turn: a die, less per_loss for
// each element lost, must reach the pass score (5 or greater).
func Morale(sys *catalog.System, losses int) (*big.Rat, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return nil, err
	}
	if losses < 0 {
		return nil, fmt.Errorf("morale: %d elements lost; expected 0 or more", losses)
	}
	return dice.Die(die).AtLeast(r.Morale.Pass + losses*r.Morale.PerLoss), nil
}

// ReinforcementTurn is one turn of a unit's reinforcement tests.
type ReinforcementTurn struct {
	Turn      int
	Arrives   *big.Rat // it arrives this turn (first success)
	CanAttack *big.Rat // it arrives this turn and may attack
	ArrivedBy *big.Rat // it has arrived by this turn
}

// ReinforcementResult is the odds of a unit held back as reinforcements.
type ReinforcementResult struct {
	FromTurn  int      // the first turn it tests
	Arrive    *big.Rat // one test: it arrives (with or without an attack)
	CanAttack *big.Rat // one test: it arrives and may attack
	Turns     []ReinforcementTurn
}

// Reinforcements returns the per-test chances of the reinforcement
// chart and, for each turn from the first test (turn 2) to the last turn
// of the game, the chance the unit arrives that turn, arrives able to
// attack, and has arrived by then. Units test each turn until they arrive.
func Reinforcements(sys *catalog.System, turns int) (ReinforcementResult, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return ReinforcementResult{}, err
	}
	c, err := aqChart(sys, r.Reinforcements.Chart, "reinforcements")
	if err != nil {
		return ReinforcementResult{}, err
	}
	if err := rules.CheckRange("reinforcement turns", turns, 0, limits.MaxStat); err != nil {
		return ReinforcementResult{}, err
	}
	res := ReinforcementResult{FromTurn: r.Reinforcements.FromTurn, Arrive: new(big.Rat), CanAttack: new(big.Rat)}
	face := big.NewRat(1, int64(c.Die))
	for f := 1; f <= c.Die; f++ {
		i, err := aqRow(c, f)
		if err != nil {
			return ReinforcementResult{}, err
		}
		if c.Rows[i].Has("arrives") {
			res.Arrive.Add(res.Arrive, face)
		}
		if c.Rows[i].Has("can-attack") {
			res.CanAttack.Add(res.CanAttack, face)
		}
	}
	miss := new(big.Rat).Sub(big.NewRat(1, 1), res.Arrive)
	waiting := big.NewRat(1, 1) // still off the table before this turn's test
	for t := res.FromTurn; t <= turns; t++ {
		turn := ReinforcementTurn{
			Turn:      t,
			Arrives:   new(big.Rat).Mul(waiting, res.Arrive),
			CanAttack: new(big.Rat).Mul(waiting, res.CanAttack),
		}
		waiting = new(big.Rat).Mul(waiting, miss)
		turn.ArrivedBy = new(big.Rat).Sub(big.NewRat(1, 1), waiting)
		res.Turns = append(res.Turns, turn)
	}
	return res, nil
}

// TowCableResult is one attempt of a tripod to break free of a tow cable.
type TowCableResult struct {
	BreakFree        *big.Rat // it breaks free of one cable
	Falls            *big.Rat // it is tangled and falls over
	DestroyedIfFalls *big.Rat // a fall (Tripod Damage Chart at +3) destroys it
	Destroyed        *big.Rat // the attempt ends with the tripod destroyed
}

// TowCable returns the odds of one attempt to break free of a tow cable
// for a tripod of the Speed (whole inches) and current Armor: a die equal
// to or less than the Speed breaks free, anything over it falls — and the
// data's falls_on score (a 10) falls even for a Speed of 10. A fall is a
// roll on the Tripod Damage Chart at +fall_modifier. Speeds above the die
// are not covered by the seed and are refused.
func TowCable(sys *catalog.System, speed, armor int) (TowCableResult, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return TowCableResult{}, err
	}
	if speed < 0 || speed > die {
		text, _ := aqNoteText(sys, "tow-cable-speed")
		return TowCableResult{}, fmt.Errorf("tow cable: Speed %d; the rules cover Speeds 0–%d. %s", speed, die, text)
	}
	free := dice.Die(die).ProbIf(func(v int) bool { return v <= speed && v != r.TowCable.FallsOn })
	roll, err := newAQTripodRoll(sys, armor)
	if err != nil {
		return TowCableResult{}, err
	}
	ifFalls, err := roll.destroyed(r.TowCable.FallModifier)
	if err != nil {
		return TowCableResult{}, err
	}
	falls := new(big.Rat).Sub(big.NewRat(1, 1), free)
	return TowCableResult{
		BreakFree:        free,
		Falls:            falls,
		DestroyedIfFalls: ifFalls,
		Destroyed:        new(big.Rat).Mul(falls, ifFalls),
	}, nil
}

// MayDigIn reports whether the profile may be dug in: its type is one
// of [aqotmf.dug_in] types.
func MayDigIn(sys *catalog.System, p *catalog.Profile) bool {
	return RulesOf(sys) != nil && slices.Contains(RulesOf(sys).DugIn.Types, p.Type)
}
