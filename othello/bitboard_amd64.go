package othello

import (
	"os"

	"golang.org/x/sys/cpu"
)

// This file is hot code: on amd64 with AVX2, legal moves and flips run in
// assembly (bitboard_amd64.s), four line directions at a time; with AVX-512 (the
// CD and VL extensions) flips find each line's bracketing disc by a leading-zero
// count instead of filling along the line, and legal moves merge each fill step's
// and-then-or into one three-input logic instruction.

// useAVX2 chooses the assembly; tests turn it off to check both ways agree, and
// GRIDGAMES_NOASM=1 turns it off for a whole run (to compare speeds, or to rule
// the assembly out).
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT && os.Getenv("GRIDGAMES_NOASM") == ""

// useAVX512 chooses the AVX-512 flips kernel (it is only set with useAVX2).
var useAVX512 = useAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512CD && cpu.X86.HasAVX512VL

//go:noescape
func legalMovesAVX2(p, o, mask uint64) uint64

//go:noescape
func legalMovesAVX512(p, o, mask uint64) uint64

//go:noescape
func flipsAVX2(p, o uint64, sq int) uint64

//go:noescape
func flipsAVX512(p, o uint64, sq int) uint64

// legalMovesAuto and flipsAuto jump to the AVX2 kernel when useAVX2 is set (to the
// AVX-512 one when useAVX512 is set too) and to the Go code otherwise. The choice
// is made in assembly so that legalMoves and flips are one call each, small enough
// to inline into their callers (the search calls the kernel directly, not through
// a Go function that calls it).
//
//go:noescape
func legalMovesAuto(p, o, mask uint64) uint64

//go:noescape
func flipsAuto(p, o uint64, sq int) uint64

func legalMoves(p, o, mask uint64) uint64 { return legalMovesAuto(p, o, mask) }

func flips(p, o uint64, sq int) uint64 { return flipsAuto(p, o, sq) }

//go:noescape
func perftCount2AVX2(p, o, mask uint64) uint64
