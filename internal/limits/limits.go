// Package limits holds the bounds on every number that enters playaid from
// a file or a flag: the size and shape of input files and the game numbers
// of the rule data, army lists and odds questions. Loaders refuse what lies
// outside them with a message; nothing past a loader then needs to fear an
// overflow, a runaway loop or an allocation of gigabytes.
//
// Each bound is generous: far beyond any rule set, army or table a club
// could field, yet small enough that the work it allows is a fraction of a
// second and the arithmetic on it cannot overflow an int64. The reason is
// written beside each.
package limits

// Input files (rule data, army lists, anything decoded as TOML).
const (
	// MaxFileSize is the size of one TOML file, in bytes. The biggest
	// shipped file is 18 KB, all of Imperial Mars 40 KB; 256 KiB is
	// fourteen times the biggest, and the worst a file that size can do
	// costs a fifth of a second and 60 MB.
	MaxFileSize = 256 << 10

	// MaxDataSize is the size of all the files of a run's data together
	// (shipped and club), in bytes. The shipped data is 115 KB.
	MaxDataSize = 4 << 20

	// MaxFontSize is the size of the TrueType font a club names with
	// --font, in bytes. The embedded Go font is 130 KB; a font with every
	// Chinese, Japanese and Korean character is 4 to 24 MB (Droid Sans
	// Fallback, Arial Unicode). The PDF writer keeps the whole file in
	// memory and embeds only the characters used.
	MaxFontSize = 32 << 20

	// MaxFiles is the number of TOML files a data folder may hold. The
	// shipped data has 17; a thousand means --data names the wrong folder.
	MaxFiles = 1000

	// MaxDepth is how deep values may nest: levels of [ ] and { } in a
	// value, and parts of a dotted key or table header ("a.b.c" is 3).
	// The deepest shipped value (a map feature's points) is 7 levels of
	// tables and arrays; the TOML parser's work grows with the square of
	// the depth.
	MaxDepth = 32

	// MaxEntries is how many entries of one kind a rule set may have
	// (units, weapons, charts …), and how many items one list in the
	// data may hold (rows of a table, points of a map feature, labels of
	// a marker …). The shipped rule sets have at most 40 of a kind; the
	// pages print every entry, and look entries up by id one by one.
	MaxEntries = 1000

	// MaxErrors is how many errors are shown for one file: a user mends
	// the first ones first, and thousands would scroll them away.
	MaxErrors = 100

	// MaxLabel is the length, in bytes, of a name a player types: an
	// army's name, a player's, a unit's label. A long army name is some
	// 60 characters; 200 still print whole on the roster and the unit
	// cards, and the builder's fields take as many.
	MaxLabel = 200

	// MaxNote is the length, in bytes, of a note on a list or a unit:
	// a paragraph, printed whole on the roster.
	MaxNote = 2000
)

// Game numbers.
const (
	// MaxDie is the number of faces of a die. The rule sets roll d6, d10
	// and d20; d100 (percentile dice) is the largest die a wargame rolls.
	// Charts are checked face by face.
	MaxDie = 100

	// MaxRoll bounds, either side of zero, a chart row's roll ("25+",
	// "<=-6") and any modifier added to a roll: ten times the biggest die.
	// Rolls plus modifiers then stay far inside an int.
	MaxRoll = 10 * MaxDie

	// MaxChartRows is the number of rows of a chart: one for every face of
	// the biggest die, and as many again for modified totals.
	MaxChartRows = 2 * MaxDie

	// MaxPoints is the points of one unit, one force line, one side or one
	// army. The biggest shipped army is 600 points. Sums of counts times
	// points over every line a file can hold stay below 2^53.
	MaxPoints = 100_000

	// MaxCount is how many of a thing one number may ask for: units in a
	// force line or army entry, elements or figures in a unit, boxes on a
	// track. No table fields ten thousand of anything.
	MaxCount = 10_000

	// MaxMarkers is the number of pieces of one marker kind in one print:
	// a thousand 25 mm counters fill some fifteen pages. (The blips run
	// 1–999: four numbered, four dummies and at most 995 decoys.)
	MaxMarkers = 1000

	// MaxDice is the number of dice of one attack or test: every element
	// of a big unit rolling several dice is well under a thousand, and the
	// exact odds of a thousand dice take milliseconds.
	MaxDice = 1000

	// MaxAskDice is the dice (or trays) of one odds question a person
	// asks ('playaid odds', the web odds page). A unit of the shipped rule
	// sets has a handful of stands or trays, each rolling a few dice: a
	// hundred is several units' fire at once, and its exact odds take a
	// few milliseconds where a thousand Imperial Mars trays took seconds.
	MaxAskDice = 100

	// MaxAskScore bounds, either side of zero, a stat, score or modifier
	// of an odds question a person asks: beyond the faces of every die
	// the games roll (d10, d20), so the ends of every table are in reach.
	MaxAskScore = MaxStat

	// MaxStat bounds, either side of zero, a stat or rule number that is
	// not a count or points: Defense, Armor, Power, scores, factors,
	// modifiers, turns, rounds, percentages. Every such number of the rule
	// sets lies within it (the largest is a chart's 100 percent); tables
	// the pages print with a row per value stay a page long.
	MaxStat = 100

	// MaxLengthMM is the longest length in the data, in millimetres:
	// 100 ft, beyond any range or table. A range stick that long is 1,200
	// inch marks.
	MaxLengthMM = 100 * 304.8

	// MaxTableMM is the longest side of a scenario's table, in
	// millimetres: 12 ft, more than the biggest club table. The briefing's
	// map draws a table that size at its smallest scale (1 cm = 12 in) on
	// A4 and Letter alike.
	MaxTableMM = 12 * 304.8

	// MaxMarkerMM is the longest side of a marker piece, in millimetres:
	// it fits the printable area of both A4 and Letter paper (188 × 237
	// mm inside the margins of a marker page) either way round.
	MaxMarkerMM = 180
)

// Templates: a club's --templates files run as Go templates.
const (
	// MaxTemplateSteps bounds the work of one template's execution, so
	// that no template runs for ever ({{ range 10000000000 }}, loops
	// within loops, a template that calls itself twice). Each turn of a
	// range counts the actions and text of its body, each call of a
	// template its size, each call of a function one. The shipped
	// templates take at most 2,500 steps; a million take half a second.
	MaxTemplateSteps = 1_000_000

	// MaxTemplateOutput bounds, in bytes, the Markdown one template
	// writes, and separately the text its functions return along the way
	// (a string doubled in a loop). The biggest shipped document's
	// Markdown is 25 KB; a mebibyte of table rows is 140 pages, which
	// the renderer sets in well under a second.
	MaxTemplateOutput = 1 << 20

	// MaxMarkdownIndent is how far, in columns, a line of a template's
	// Markdown may be indented by spaces, tabs and quote marks (>). The
	// Markdown parser's work grows faster than the text with the depth
	// of lists indented within each other (a thousand deep took 7 s);
	// the shipped Markdown indents at most 2.
	MaxMarkdownIndent = 64

	// MaxMarkdownDepth is how deep quotes and lists may stand within
	// each other in a template's Markdown: the renderer's work on a
	// block grows with the square of its depth (a line 250 quotes deep
	// took 0.5 s; 8 deep, 45 times a plain paragraph's work; 4 deep, 9
	// times). The shipped Markdown nests 1 deep.
	MaxMarkdownDepth = 4

	// MaxMarkdownBrackets is how many closing brackets (]: of links,
	// which print as their text, and of footnote marks) one paragraph of
	// a template's Markdown may hold. The parser's work on a paragraph
	// grows with the square of its brackets (40,000 "[a]" lines took
	// 2.4 s) and, for each unfinished link, with the length of its line;
	// a table's cells are read one by one and do not count. The shipped
	// Markdown has at most 8 in a paragraph.
	MaxMarkdownBrackets = 64
)

// Words: the odds tables' and questions' words a club's odds.toml gives,
// filled with the numbers and with other words ({armor_label} holds the
// words.armor it was made of).
const (
	// MaxWordText is the length, in bytes, of one text of a table's or a
	// question's words once its {names} are filled: a title, a column's
	// head, a note. The longest shipped one is under 300 bytes; 2,000
	// is a paragraph. The bound is checked as the text is filled, so a
	// word that repeats a {name} made of words (2,000 × {armor_label},
	// each 2,000 × {armor}) is refused before it is built, not after
	// gigabytes.
	MaxWordText = 2000

	// MaxTableWords is the length, in bytes, of all the words one odds
	// table or answer fills together. The wordiest shipped table fills
	// 700 bytes; a table of a thousand rows with a long label each stays
	// well inside 256 KiB.
	MaxTableWords = 256 << 10
)
