package cli

import "testing"

func TestSettingText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		depth      int
		time       string
		nodes      uint64
		rows, cols int
		want       string
	}{
		{"time", 0, "50ms", 0, 4, 4, "50ms per move"},
		{"nodes", 0, "", 2500000, 4, 4, "2,500,000 moves searched per move"},
		{"depth", 3, "", 0, 4, 4, "depth 3"},
		{"default 4x4", 0, "", 0, 4, 4, "adaptive depth within 1,000,000 moves searched a move (4,000,000 from 8192 on), at most 500ms"},
		{"default 3x3", 0, "", 0, 3, 3, "adaptive depth, at most 50ms a move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := settingText(tc.depth, tc.time, tc.nodes, tc.rows, tc.cols); got != tc.want {
				t.Errorf("settingText = %q, want %q", got, tc.want)
			}
		})
	}
}
