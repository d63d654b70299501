package game2048

import "encoding/json"

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }
