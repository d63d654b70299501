package engine

// The built-in weights are made by the gridgames command line from recipes that
// depend only on their flags (and this package's code): `go generate` in this
// directory makes them again, byte for byte, and tests pin each file's SHA-256 to
// its recipe's output.
//
// patterns_default.bin.gz, the solver's move-ordering patterns (about an hour on
// two CPUs: 22,000 games' late positions solved exactly, then fitted):
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello samples --games 6000 --seed 1 --empties 10-20 --out $d/s1.txt && $d/gridgames othello samples --games 8000 --seed 2 --empties 10-20 --out $d/s2.txt && $d/gridgames othello samples --games 8000 --seed 3 --empties 10-20 --out $d/s3.txt && $d/gridgames othello train $d/s1.txt $d/s2.txt $d/s3.txt --rate 0.002 --epochs 40 --out patterns_default.bin.gz && rm -r $d"
//
// midgame_default.bin.gz, the learned midgame evaluation of levels 5-10 (about 20
// minutes on two CPUs: 20,000 games' positions per phase, the late ones solved
// exactly, the others valued by a 4-ply search over the phases learned before):
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames othello midgame --games 20000 --seed 1 --out midgame_default.bin.gz && rm -r $d"
