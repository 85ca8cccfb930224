package army

import (
	"encoding/json"
	"os"
	"testing"
)

func TestGen(t *testing.T) {
	if os.Getenv("GEN") == "" {
		t.Skip()
	}
	cat := testCatalog(t)
	var out [][]string
	for _, c := range validationCases {
		_, dl := Validate("army.toml", []byte(c.src), cat)
		msgs := []string{}
		for _, d := range dl {
			msgs = append(msgs, d.Error())
		}
		out = append(out, msgs)
	}
	b, _ := json.Marshal(out)
	os.WriteFile("/tmp/gen/out.json", b, 0o644)
}
