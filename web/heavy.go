package web

import (
	"bytes"
	"math/big"
	"net/http"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/rules"
)

// oddsAnswer answers an odds query whose values are read and in bounds.
// An answer is deterministic, so its page is kept as a document is (the
// same cache, the same bound on the renders running at once): the same
// question asked again, or by forty browsers at once, is worked out once.
func (s *Server) oddsAnswer(w http.ResponseWriter, r *http.Request, q *rules.Query, sys *catalog.System, vals rules.Args, v *oddsView) {
	share := "/odds/" + q.Name + "?" + shareQuery(q, vals)
	page, err := s.docs.cache.get("odds|"+s.docs.version+"|"+share, func() ([]byte, error) {
		a, err := q.Answer(sys, vals)
		if err != nil {
			return nil, err
		}
		av := *v
		av.Answer, av.Share = pageAnswer(a), share
		var b bytes.Buffer
		if err := s.tmpl.ExecuteTemplate(&b, "odds", &av); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	})
	switch {
	case err != nil:
		// The rules refuse the question (errors are not kept).
		v.Problem = plain.Shorten(err.Error())
		s.render(w, r, http.StatusBadRequest, "odds", v)
	default:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(page)
	}
}

// maxFracBits bounds the exact fractions a page prints: about 45 digits
// above and below the line. Beyond, the fraction is too long to read (a
// thousand d20s make fractions of 1300 digits) and costs the server more
// to print than the answer cost to work out; the page says how long it is.
const maxFracBits = 150

// frac prints an exact fraction, or, when it is too long to read, says so.
func frac(r *big.Rat) string {
	if r.Num().BitLen() > maxFracBits || r.Denom().BitLen() > maxFracBits {
		return "too long to show (about " + itoaDigits(r.Denom().BitLen()) + " digits below the line)"
	}
	return dice.RatString(r)
}

// itoaDigits is the number of decimal digits of a number of bits bits long.
func itoaDigits(bits int) string {
	return big.NewInt(int64(float64(bits)*0.30103) + 1).String()
}
