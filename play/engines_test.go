package play

// The tests load the shipped rule sets: their engines registered, as
// the program registers them.
import _ "github.com/playaid/playaid/rules/engines"
