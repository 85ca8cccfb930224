package web

import (
	"bytes"
	"encoding/base64"
	"html/template"
)

// The reading pages — reference sheets, rules notes and briefings as
// HTML — are the documents the print pack writes, served as they are
// (sandboxed: their templates are the club's) inside the site's frame:
// its header, so a reader is never stranded on a page with no way
// back, and a link back to the print pack after the text. The frame
// is spliced in at the marks markdown.HTML writes round the document.

// readingMarks are where the frame goes: its styles before the end of
// the head, the header at the top of the body, the way back after main.
var readingMarks = struct{ head, body, main string }{"</head>", "<body>\n", "</main>\n"}

// readingFrame puts doc, a document as markdown.HTML writes it, inside
// the site's frame. A document without the marks is served as it is.
func (s *Server) readingFrame(doc []byte) ([]byte, error) {
	head := bytes.Index(doc, []byte(readingMarks.head))
	body := bytes.Index(doc, []byte(readingMarks.body))
	main := bytes.LastIndex(doc, []byte(readingMarks.main))
	if head < 0 || body < head || main < body {
		return doc, nil
	}
	css, err := assets.ReadFile("static/reading.css")
	if err != nil {
		return nil, err
	}
	icon, err := assets.ReadFile("static/icon.svg")
	if err != nil {
		return nil, err
	}
	var bar bytes.Buffer
	v := chrome{Nav: "print", Icon: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(icon))}
	if err := s.tmpl.ExecuteTemplate(&bar, "topbar", v); err != nil {
		return nil, err
	}
	body += len(readingMarks.body)
	main += len(readingMarks.main)
	var out bytes.Buffer
	out.Write(doc[:head])
	out.WriteString("<style>\n")
	out.Write(css)
	out.WriteString("</style>\n")
	out.Write(doc[head:body])
	out.Write(bar.Bytes())
	out.Write(doc[body:main])
	out.WriteString(`<footer class="back"><a href="/#print">Back to the print pack</a></footer>` + "\n")
	out.Write(doc[main:])
	return out.Bytes(), nil
}
