package exact

import "fmt"

func name(rows, cols int, four float64, goal uint64) string {
	s := fmt.Sprintf("%dx%d/four=%v", rows, cols, four)
	if goal != 0 {
		s += fmt.Sprintf("/goal=%d", goal)
	}
	return s
}
