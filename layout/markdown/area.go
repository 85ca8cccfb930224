package markdown

// Where text goes on a page, for callers that draw on the rest of a page
// the Markdown leaves (the briefing's table map): from the renderer's own
// geometry, so they need not restate its margins.

// TextArea is the box the text of every page fills with opt, in mm from
// the paper's top-left corner: inside the margin, under the running
// header and above the footer.
func TextArea(opt Options) (x, y, w, h float64, err error) {
	opt, err = opt.withDefaults()
	if err != nil {
		return 0, 0, 0, 0, err
	}
	m := opt.Margin
	top, bottom := m+headerH, opt.Paper.Height-m-footerH
	return m, top, opt.Paper.Width - 2*m, bottom - top, nil
}

// End lays md out as Render does, without drawing, and reports its last
// page and how far down that page its content reaches, in mm from the
// paper's top edge (Layout.End).
func End(md []byte, opt Options) (page int, y float64, err error) {
	l, err := Measure(md, opt)
	if err != nil {
		return 0, 0, err
	}
	page, y = l.End()
	return page, y, nil
}
