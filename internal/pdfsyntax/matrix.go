package pdfsyntax

import "math"

// Matrix is a PDF transformation [a b c d e f]: (x, y) goes to
// (a·x + c·y + e, b·x + d·y + f).
type Matrix [6]float64

// Identity is the matrix that moves nothing.
var Identity = Matrix{1, 0, 0, 1, 0, 0}

// Mul returns m × n: m applied first.
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// Apply is where m moves the point (x, y).
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// Scale is how much m enlarges a length, on average over directions.
func (m Matrix) Scale() float64 { return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2])) }
