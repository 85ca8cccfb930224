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

// End lays md out as Render does and reports its last page and how far
// down that page its content reaches, in mm from the paper's top edge.
func End(md []byte, opt Options) (page int, y float64, err error) {
	_, top, _, h, err := TextArea(opt)
	if err != nil {
		return 0, 0, err
	}
	opt, _ = opt.withDefaults()
	rec := &recorder{}
	if err := render(md, opt, rec); err != nil {
		return 0, 0, err
	}
	const eps = 1e-6
	y = top
	for _, o := range rec.ops {
		// The running header and footer lie outside the text area.
		if o.page == rec.pages && o.y0 >= top-eps && o.y1 <= top+h+eps {
			y = max(y, o.y1)
		}
	}
	return rec.pages, y, nil
}
