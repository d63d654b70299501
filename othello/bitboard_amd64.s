// This file is hot code: legal moves and flips with AVX2, the four line
// directions of each side in the four 64-bit lanes of one vector. The method is
// the scalar one of bitboard.go (a parallel-prefix fill of the opponent's discs
// along each direction), done for four directions at once.

#include "textflag.h"

// Shifts for east, south, south-east and south-west (toward higher bits); the
// same shifts to the right go west, north, north-west and north-east.
DATA shift1<>+0(SB)/8, $1
DATA shift1<>+8(SB)/8, $8
DATA shift1<>+16(SB)/8, $9
DATA shift1<>+24(SB)/8, $7
GLOBL shift1<>(SB), RODATA|NOPTR, $32

DATA shift2<>+0(SB)/8, $2
DATA shift2<>+8(SB)/8, $16
DATA shift2<>+16(SB)/8, $18
DATA shift2<>+24(SB)/8, $14
GLOBL shift2<>(SB), RODATA|NOPTR, $32

// Discs a line may run through in each direction: not columns a and h, except
// for the vertical lines.
DATA inner<>+0(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA inner<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA inner<>+16(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA inner<>+24(SB)/8, $0x7E7E7E7E7E7E7E7E
GLOBL inner<>(SB), RODATA|NOPTR, $32

// The legal-moves kernels' common ends. MOVES_START loads P into Y0, O' (o's
// discs a line may run through) into Y1, the shifts s into Y2 and 2s into Y3, and
// starts the fills: FL = O' & (P << s) in Y4, FR = O' & (P >> s) in Y5.
// MOVES_FINISH shifts the fills once more onto the moves (FL << s | FR >> s), ors
// the four lanes, keeps the empty squares of mask and returns them.
#define MOVES_START \
	VPBROADCASTQ p+0(FP), Y0; \
	VPBROADCASTQ o+8(FP), Y1; \
	VPAND        inner<>(SB), Y1, Y1; \
	VMOVDQU      shift1<>(SB), Y2; \
	VMOVDQU      shift2<>(SB), Y3; \
	VPSLLVQ      Y2, Y0, Y4; \
	VPAND        Y1, Y4, Y4; \
	VPSRLVQ      Y2, Y0, Y5; \
	VPAND        Y1, Y5, Y5

#define MOVES_FINISH \
	VPSLLVQ      Y2, Y4, Y4; \
	VPSRLVQ      Y2, Y5, Y5; \
	VPOR         Y5, Y4, Y4; \
	VEXTRACTI128 $1, Y4, X5; \
	VPOR         X5, X4, X4; \
	VPSHUFD      $0x4E, X4, X5; \
	VPOR         X5, X4, X4; \
	VMOVQ        X4, AX; \
	VZEROUPPER; \
	MOVQ         p+0(FP), BX; \
	ORQ          o+8(FP), BX; \
	NOTQ         BX; \
	ANDQ         BX, AX; \
	ANDQ         mask+16(FP), AX; \
	MOVQ         AX, ret+24(FP); \
	RET

// func legalMovesAuto(p, o, mask uint64) uint64
TEXT ·legalMovesAuto(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ  portable
	CMPB ·useAVX512(SB), $0
	JNE  avx512
	JMP  ·legalMovesAVX2(SB)
avx512:
	JMP  ·legalMovesAVX512(SB)
portable:
	JMP  ·legalMovesGo(SB)

// func flipsAuto(p, o uint64, sq int) uint64
TEXT ·flipsAuto(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ  portable
	CMPB ·useAVX512(SB), $0
	JNE  avx512
	JMP  ·flipsAVX2(SB)
avx512:
	JMP  ·flipsAVX512(SB)
portable:
	JMP  ·flipsGo(SB)

// func flipsAVX512(p, o uint64, sq int) uint64
//
// flipsGo's method, the four rays toward higher bits in one vector and the four
// toward lower bits in another (rays[sq] is those eight masks in that order). Up a
// ray, the first square that is not o's is the lowest set bit of ray &^ o; down a
// ray, the highest, found by VPLZCNTQ (AVX-512 CD and VL). If that square is p's,
// the ray's squares before it flip.
TEXT ·flipsAVX512(SB), NOSPLIT, $0-32
	MOVQ    sq+16(FP), CX
	ANDQ    $63, CX
	SHLQ    $6, CX
	LEAQ    ·rays(SB), AX
	VMOVDQU (AX)(CX*1), Y0         // the rays up: E, S, SW, SE
	VMOVDQU 32(AX)(CX*1), Y1       // the rays down: W, N, NE, NW
	VPBROADCASTQ o+8(FP), Y2       // O
	VPBROADCASTQ p+0(FP), Y3       // P
	VPXOR    Y4, Y4, Y4            // zero
	VPCMPEQQ Y4, Y4, Y8            // all ones

	// Up: x = lowest(ray &^ O) & P; the flips are ray & (x - 1), none when x == 0.
	VPANDN   Y0, Y2, Y5            // e = ray &^ O
	VPSUBQ   Y5, Y4, Y6            // -e
	VPAND    Y5, Y6, Y6            // e & -e
	VPAND    Y3, Y6, Y6            // x
	VPCMPEQQ Y4, Y6, Y7            // all ones where x == 0
	VPADDQ   Y8, Y6, Y6            // x - 1
	VPAND    Y0, Y6, Y6
	VPANDN   Y6, Y7, Y6            // ray & (x - 1), where x != 0

	// Down: x = highest(ray &^ O) & P; the flips are ray & -(x << 1), none when x == 0.
	VPANDN   Y1, Y2, Y9            // e = ray &^ O
	VPLZCNTQ Y9, Y9                // 64 where e == 0
	VPSLLQ   $63, Y8, Y10          // the top bit
	VPSRLVQ  Y9, Y10, Y10          // highest(e), or 0
	VPAND    Y3, Y10, Y10          // x
	VPADDQ   Y10, Y10, Y10         // x << 1
	VPSUBQ   Y10, Y4, Y10          // -(x << 1)
	VPAND    Y1, Y10, Y10

	VPOR    Y10, Y6, Y6
	VEXTRACTI128 $1, Y6, X7
	VPOR    X7, X6, X6
	VPSHUFD $0x4E, X6, X7
	VPOR    X7, X6, X6
	VMOVQ   X6, AX
	VZEROUPPER
	MOVQ    AX, ret+24(FP)
	RET

// func legalMovesAVX2(p, o, mask uint64) uint64
TEXT ·legalMovesAVX2(SB), NOSPLIT, $0-32
	MOVES_START


	VPSLLVQ Y2, Y4, Y6 // FL |= O' & (FL << s)
	VPAND   Y1, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y2, Y5, Y7 // FR |= O' & (FR >> s)
	VPAND   Y1, Y7, Y7
	VPOR    Y7, Y5, Y5

	VPSLLVQ Y2, Y1, Y8 // PL = O' & (O' << s)
	VPAND   Y1, Y8, Y8
	VPSRLVQ Y2, Y8, Y9 // PR = PL >> s

	VPSLLVQ Y3, Y4, Y6 // FL |= PL & (FL << 2s), twice
	VPAND   Y8, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y3, Y5, Y7 // FR |= PR & (FR >> 2s), twice
	VPAND   Y9, Y7, Y7
	VPOR    Y7, Y5, Y5
	VPSLLVQ Y3, Y4, Y6
	VPAND   Y8, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y3, Y5, Y7
	VPAND   Y9, Y7, Y7
	VPOR    Y7, Y5, Y5

	MOVES_FINISH

// func flipsAVX2(p, o uint64, sq int) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ    sq+16(FP), CX
	MOVL    $1, AX
	SHLQ    CX, AX
	MOVQ    AX, X0
	VPBROADCASTQ X0, Y0            // the move's bit in every lane
	VPBROADCASTQ o+8(FP), Y1
	VPAND   inner<>(SB), Y1, Y1    // O'
	VPBROADCASTQ p+0(FP), Y10      // P
	VMOVDQU shift1<>(SB), Y2
	VMOVDQU shift2<>(SB), Y3

	VPSLLVQ Y2, Y0, Y4 // FL = O' & (bit << s)
	VPAND   Y1, Y4, Y4
	VPSRLVQ Y2, Y0, Y5 // FR = O' & (bit >> s)
	VPAND   Y1, Y5, Y5

	VPSLLVQ Y2, Y4, Y6 // FL |= O' & (FL << s)
	VPAND   Y1, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y2, Y5, Y7
	VPAND   Y1, Y7, Y7
	VPOR    Y7, Y5, Y5

	VPSLLVQ Y2, Y1, Y8 // PL = O' & (O' << s), PR = PL >> s
	VPAND   Y1, Y8, Y8
	VPSRLVQ Y2, Y8, Y9

	VPSLLVQ Y3, Y4, Y6 // FL |= PL & (FL << 2s), twice; FR alike
	VPAND   Y8, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y3, Y5, Y7
	VPAND   Y9, Y7, Y7
	VPOR    Y7, Y5, Y5
	VPSLLVQ Y3, Y4, Y6
	VPAND   Y8, Y6, Y6
	VPOR    Y6, Y4, Y4
	VPSRLVQ Y3, Y5, Y7
	VPAND   Y9, Y7, Y7
	VPOR    Y7, Y5, Y5

	// A run flips when the square after it is P: ((run | bit) shifted once) & P.
	VPOR    Y0, Y4, Y6
	VPSLLVQ Y2, Y6, Y6
	VPAND   Y10, Y6, Y6
	VPXOR   Y11, Y11, Y11
	VPCMPEQQ Y11, Y6, Y6  // all ones where no bracket
	VPANDN  Y4, Y6, Y4    // FL where bracketed
	VPOR    Y0, Y5, Y7
	VPSRLVQ Y2, Y7, Y7
	VPAND   Y10, Y7, Y7
	VPCMPEQQ Y11, Y7, Y7
	VPANDN  Y5, Y7, Y5

	VPOR    Y5, Y4, Y4
	VEXTRACTI128 $1, Y4, X5
	VPOR    X5, X4, X4
	VPSHUFD $0x4E, X4, X5
	VPOR    X5, X4, X4
	VMOVQ   X4, AX
	VZEROUPPER
	MOVQ    AX, ret+24(FP)
	RET

// The fill steps shared by the kernels below. FILL grows the runs FL (toward
// higher bits) and FR (toward lower bits) through the discs OM, whose doubled-step
// masks are PL and PR; SH1 and SH2 hold the shifts and T is scratch.
#define FILL(FL, FR, OM, PL, PR, SH1, SH2, T) \
	VPSLLVQ SH1, FL, T \
	VPAND   OM, T, T \
	VPOR    T, FL, FL \
	VPSRLVQ SH1, FR, T \
	VPAND   OM, T, T \
	VPOR    T, FR, FR \
	VPSLLVQ SH2, FL, T \
	VPAND   PL, T, T \
	VPOR    T, FL, FL \
	VPSRLVQ SH2, FR, T \
	VPAND   PR, T, T \
	VPOR    T, FR, FR \
	VPSLLVQ SH2, FL, T \
	VPAND   PL, T, T \
	VPOR    T, FL, FL \
	VPSRLVQ SH2, FR, T \
	VPAND   PR, T, T \
	VPOR    T, FR, FR

// func perftCount2AVX2(p, o, mask uint64) uint64
//
// The leaves two plies below (p, o): for each legal move, the number of the
// child's legal moves, or 1 when it has none (a pass, or the end). p must have a
// legal move.
TEXT ·perftCount2AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), R8
	MOVQ o+8(FP), R9
	MOVQ mask+16(FP), R10
	VMOVDQU shift1<>(SB), Y15
	VMOVDQU shift2<>(SB), Y14
	VMOVDQU inner<>(SB), Y13
	VPXOR   Y12, Y12, Y12

	VPBROADCASTQ p+0(FP), Y11 // PB
	VPBROADCASTQ o+8(FP), Y10 // OB
	VPAND   Y13, Y10, Y9      // O'
	VPSLLVQ Y15, Y9, Y8       // PL = O' & (O' << s)
	VPAND   Y9, Y8, Y8
	VPSRLVQ Y15, Y8, Y7       // PR = PL >> s

	// The parent's moves.
	VPSLLVQ Y15, Y11, Y1
	VPAND   Y9, Y1, Y1
	VPSRLVQ Y15, Y11, Y2
	VPAND   Y9, Y2, Y2
	FILL(Y1, Y2, Y9, Y8, Y7, Y15, Y14, Y3)
	VPSLLVQ Y15, Y1, Y1
	VPSRLVQ Y15, Y2, Y2
	VPOR    Y2, Y1, Y1
	VEXTRACTI128 $1, Y1, X2
	VPOR    X2, X1, X1
	VPSHUFD $0x4E, X1, X2
	VPOR    X2, X1, X1
	VMOVQ   X1, SI           // SI: the moves left to try
	MOVQ    R8, R12
	ORQ     R9, R12
	NOTQ    R12
	ANDQ    R10, R12         // R12: the empty squares
	ANDQ    R12, SI
	XORQ    DI, DI           // DI: the count

loop:
	TESTQ SI, SI
	JZ    done
	BSFQ  SI, CX
	LEAQ  -1(SI), AX
	ANDQ  AX, SI
	MOVL  $1, R11
	SHLQ  CX, R11            // the move's bit
	VMOVQ R11, X0
	VPBROADCASTQ X0, Y0

	// Flips: runs of O' from the move, kept where the square after is P.
	VPSLLVQ Y15, Y0, Y1
	VPAND   Y9, Y1, Y1
	VPSRLVQ Y15, Y0, Y2
	VPAND   Y9, Y2, Y2
	FILL(Y1, Y2, Y9, Y8, Y7, Y15, Y14, Y3)
	VPOR    Y0, Y1, Y3
	VPSLLVQ Y15, Y3, Y3
	VPAND   Y11, Y3, Y3
	VPCMPEQQ Y12, Y3, Y3
	VPANDN  Y1, Y3, Y1
	VPOR    Y0, Y2, Y4
	VPSRLVQ Y15, Y4, Y4
	VPAND   Y11, Y4, Y4
	VPCMPEQQ Y12, Y4, Y4
	VPANDN  Y2, Y4, Y2
	VPOR    Y2, Y1, Y1
	VPERMQ  $0x4E, Y1, Y2    // every lane: the OR of all four
	VPOR    Y2, Y1, Y1
	VPSHUFD $0x4E, Y1, Y2
	VPOR    Y2, Y1, Y5       // Y5: the flips, in every lane

	// The child: the opponent (O without the flips) to move against P, the flips
	// and the move.
	VPANDN  Y10, Y5, Y6      // NP = O &^ F
	VPOR    Y11, Y5, Y5
	VPOR    Y0, Y5, Y5       // NO = P | F | bit
	VPAND   Y13, Y5, Y5      // NO'
	VPSLLVQ Y15, Y5, Y4      // its PL and PR
	VPAND   Y5, Y4, Y4
	VPSRLVQ Y15, Y4, Y3
	VPSLLVQ Y15, Y6, Y1
	VPAND   Y5, Y1, Y1
	VPSRLVQ Y15, Y6, Y2
	VPAND   Y5, Y2, Y2
	FILL(Y1, Y2, Y5, Y4, Y3, Y15, Y14, Y0)
	VPSLLVQ Y15, Y1, Y1
	VPSRLVQ Y15, Y2, Y2
	VPOR    Y2, Y1, Y1
	VEXTRACTI128 $1, Y1, X2
	VPOR    X2, X1, X1
	VPSHUFD $0x4E, X1, X2
	VPOR    X2, X1, X1
	VMOVQ   X1, AX
	MOVQ    R12, BX
	ANDNQ   BX, R11, BX      // the child's empty squares: ours but the move
	ANDQ    BX, AX
	POPCNTQ AX, AX
	XORQ    BX, BX
	TESTQ   AX, AX
	SETEQ   BX               // a child without moves is one leaf
	ADDQ    BX, AX
	ADDQ    AX, DI
	JMP     loop

done:
	VZEROUPPER
	MOVQ DI, ret+24(FP)
	RET

// func legalMovesAVX512(p, o, mask uint64) uint64
//
// legalMovesAVX2 with each step's "or with the and of two" as one VPTERNLOGQ
// (AVX-512 VL), shortening every link of the fills' dependency chains.
TEXT ·legalMovesAVX512(SB), NOSPLIT, $0-32
	MOVES_START
	VPSLLVQ Y2, Y1, Y8 // PL = O' & (O' << s)
	VPAND   Y1, Y8, Y8
	VPSRLVQ Y2, Y8, Y9 // PR = PL >> s

	VPSLLVQ    Y2, Y4, Y6 // FL |= O' & (FL << s)
	VPTERNLOGQ $0xF8, Y6, Y1, Y4
	VPSRLVQ    Y2, Y5, Y7 // FR |= O' & (FR >> s)
	VPTERNLOGQ $0xF8, Y7, Y1, Y5

	VPSLLVQ    Y3, Y4, Y6 // FL |= PL & (FL << 2s), twice
	VPTERNLOGQ $0xF8, Y6, Y8, Y4
	VPSRLVQ    Y3, Y5, Y7 // FR |= PR & (FR >> 2s), twice
	VPTERNLOGQ $0xF8, Y7, Y9, Y5
	VPSLLVQ    Y3, Y4, Y6
	VPTERNLOGQ $0xF8, Y6, Y8, Y4
	VPSRLVQ    Y3, Y5, Y7
	VPTERNLOGQ $0xF8, Y7, Y9, Y5

	MOVES_FINISH
