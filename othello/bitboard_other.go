//go:build !amd64

package othello

// useAVX2 is never set off amd64; the portable code runs.
var useAVX2 = false

func legalMoves(p, o, mask uint64) uint64 { return legalMovesGo(p, o, mask) }

func flips(p, o uint64, sq int) uint64 { return flipsGo(p, o, sq) }

func perftCount2AVX2(p, o, mask uint64) uint64 { panic("othello: no AVX2 off amd64") }
