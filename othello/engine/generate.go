package engine

// The built-in weights are made by the gridgames command line from recipes that
// depend only on their flags (and this package's code): `go generate` in this
// directory makes them again, byte for byte, and tests pin each file's SHA-256 to
// its recipe's output.
//
// patterns_default.bin.gz, the solver's move-ordering patterns (about two and a
// quarter hours on two CPUs: 118,000 games' late positions solved exactly, over a
// million samples, then fitted in half a minute; seeds 1-3 sample 10-20 empties,
// seed 4 12-21 and seeds 5-16 13-19):
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello samples --games 6000 --seed 1 --empties 10-20 --out $d/s1.txt && for k in 2 3; do $d/gridgames othello samples --games 8000 --seed $k --empties 10-20 --out $d/s$k.txt || exit 1; done && $d/gridgames othello samples --games 8000 --seed 4 --empties 12-21 --out $d/s4.txt && for k in 5 6 7 8 9 10 11 12 13 14 15 16; do $d/gridgames othello samples --games 8000 --seed $k --empties 13-19 --out $d/s$k.txt || exit 1; done && $d/gridgames othello train $d/s1.txt $d/s2.txt $d/s3.txt $d/s4.txt $d/s5.txt $d/s6.txt $d/s7.txt $d/s8.txt $d/s9.txt $d/s10.txt $d/s11.txt $d/s12.txt $d/s13.txt $d/s14.txt $d/s15.txt $d/s16.txt --rate 0.002 --epochs 40 --out patterns_default.bin.gz && rm -r $d"
//
// midgame_default.bin.gz, the learned midgame evaluation of levels 5-10, in
// four steps. (1) 480,000 games' positions a phase, the late ones solved exactly,
// the others valued by a 4-ply search over the phases learned before, then each
// phase's side-to-move error, measured by 8- and 9-ply searches on 64 positions,
// taken out of its constant weight (train/tempo.go): m480.t.gz, which plays the
// games of step 3 (about 2.5 hours on two CPUs, the same bytes on any number;
// ../../train/midgame480k.gz.partial holds its first four phases, the costly ones,
// and "--from ../../train/midgame480k.gz.partial" added to its command makes the
// rest, to the same bytes, in about 15 minutes). (2) Its first three phases (1-24
// empties) cut out (at once with --from the checkpoint, or the run itself). (3)
// Phases 3-7 (25-64 empties) learned again from 120,000 games played by m480.t.gz,
// labelled by 8-ply searches (about 2.2 hours on two CPUs: 2,511, 2,524, 2,009,
// 781 and 107 s for phases 3 to 7, the first three beside other work; 6-ply
// labels took 1,136 s and played weaker). (4) The side-to-move error taken out
// again:
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello midgame --games 480000 --seed 1 --out $d/m480.gz && $d/gridgames othello tempo --midgame $d/m480.gz --out $d/m480.t.gz && $d/gridgames othello midgame --games 480000 --seed 1 --phases 3 --from $d/m480.gz --out $d/p012.gz && $d/gridgames othello midgame --games 120000 --seed 1 --depth 8 --player $d/m480.t.gz --from $d/p012.gz --out $d/e8.gz && $d/gridgames othello tempo --midgame $d/e8.gz --out midgame_default.bin.gz && rm -r $d"
//
// book_default.bin.gz, the opening book of levels 6-10 and of analysis: every
// move of the positions up to 10 plies from the start along the moves within 2
// discs of the best, valued by 10-ply searches (9 where that ends on an odd
// number of empties) of the learned evaluation, on one CPU, each position's
// searches from an empty table, so the bytes repeat (455 positions, 6,267
// bytes; 14 s of one CPU). It depends on midgame_default.bin.gz: make it after.
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello book build --depth 10 --plies 10 --margin 2 --out $d/book.gz && mv $d/book.gz book_default.bin.gz && rm -r $d"
//
// eval6_default.txt, the 6x6 evaluation the exact solver orders its moves by and
// guesses its first window from on 6x6 (300 games' positions of 12 to 22 empties
// and their children solved exactly, 2,142 samples, fitted by least squares: 72 s
// of one CPU). The 6x6 opening table below is solved with it, so make it first:
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello eval6 --games 300 --seed 1 --empties 12-22 --workers 1 --out eval6_default.txt && rm -r $d"
//
// opening6_default.txt.gz, the 6x6 opening table of the Perfect player: every
// position within 12 moves of the start where the Perfect player (either colour)
// is to move, solved exactly, with a best move (13,128 positions; 5 + 21 + 16
// CPU-minutes here for the three steps). It is made on one worker in three steps,
// each going on from the one before (--from), so the same code makes the same
// file; a change to the solver's move order may keep another of several equally
// good moves, and then needs a new sum:
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello opening --size 6 --plies 4 --out $d/o4.gz && $d/gridgames othello opening --size 6 --plies 10 --from $d/o4.gz --table-bits 25 --out $d/o10.gz && $d/gridgames othello opening --size 6 --plies 12 --from $d/o10.gz --table-bits 25 --out opening6_default.txt.gz && rm -r $d"
