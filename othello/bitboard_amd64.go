package othello

import (
	"os"

	"golang.org/x/sys/cpu"
)

// This file is hot code: on amd64 with AVX2, legal moves and flips run in
// assembly (bitboard_amd64.s), four line directions at a time.

// useAVX2 chooses the assembly; tests turn it off to check both ways agree, and
// GRIDGAMES_NOASM=1 turns it off for a whole run (to compare speeds, or to rule
// the assembly out).
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT && os.Getenv("GRIDGAMES_NOASM") == ""

//go:noescape
func legalMovesAVX2(p, o, mask uint64) uint64

//go:noescape
func flipsAVX2(p, o uint64, sq int) uint64

func legalMoves(p, o, mask uint64) uint64 {
	if useAVX2 {
		return legalMovesAVX2(p, o, mask)
	}
	return legalMovesGo(p, o, mask)
}

func flips(p, o uint64, sq int) uint64 {
	if useAVX2 {
		return flipsAVX2(p, o, sq)
	}
	return flipsGo(p, o, sq)
}

//go:noescape
func perftCount2AVX2(p, o, mask uint64) uint64
