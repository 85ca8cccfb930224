package catalog_test

// The catalogue knows no engine: its tests load the shipped rule sets,
// whose blocks of numbers the engines register (rules/engines).
import _ "github.com/playaid/playaid/rules/engines"
