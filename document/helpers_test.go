package document

import "github.com/playaid/playaid/layout/markdown"

func markdownOptions() markdown.Options { return markdown.Options{Title: "Test"} }
