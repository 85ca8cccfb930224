package pdfsyntax

import (
	"reflect"
	"testing"
)

func TestValue(t *testing.T) {
	tests := []struct {
		in   string
		want []any
	}{
		{`(a\(b\)c\n\101\0537) (x(y)z) (line\
join)`, []any{"a(b)c\nA+7", "x(y)z", "linejoin"}},
		{`<48 65 6c6C6f> <4>`, []any{"Hello", "\x40"}},
		{`/F1 12 -3.5 .5 true false null`, []any{Name("F1"), 12.0, -3.5, 0.5, true, false, nil}},
		{`[1 (a) /N] << /Type /Page /Kids [3 0 R] >>`, []any{[]any{1.0, "a", Name("N")}, Dict{"Type": Name("Page"), "Kids": []any{Ref{3, 0}}}}},
		{"1 0 0 1 5 6 cm % a comment\nBT", []any{1.0, 0.0, 0.0, 1.0, 5.0, 6.0, Op("cm"), Op("BT")}},
		{`0 0 0 RG`, []any{0.0, 0.0, 0.0, Op("RG")}},
	}
	for _, tt := range tests {
		l := &Lexer{B: []byte(tt.in)}
		var got []any
		for {
			l.SkipSpace()
			if l.Pos >= len(l.B) {
				break
			}
			v, err := l.Value()
			if err != nil {
				t.Fatalf("%q: %v", tt.in, err)
			}
			got = append(got, v)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\n got %#v\nwant %#v", tt.in, got, tt.want)
		}
	}
}

func TestValueErrors(t *testing.T) {
	for _, in := range []string{`(open`, `<4g>`, `<< 1 2 >>`, `[1 2`, `)`, `1.2.3`} {
		l := &Lexer{B: []byte(in)}
		var err error
		for err == nil && l.Pos < len(l.B) {
			_, err = l.Value()
		}
		if err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestMatrix(t *testing.T) {
	m := Matrix{2, 0, 0, 2, 10, 20}.Mul(Matrix{0, 1, -1, 0, 0, 0}) // scale, move, then turn
	if x, y := m.Apply(1, 0); x != -20 || y != 12 {
		t.Errorf("Apply(1, 0) = %v, %v; want -20, 12", x, y)
	}
	if s := m.Scale(); s != 2 {
		t.Errorf("Scale = %v, want 2", s)
	}
	if Identity.Mul(m) != m || m.Mul(Identity) != m {
		t.Error("Identity moves something")
	}
}
