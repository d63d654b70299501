package solver

// The built-in networks are made by the gridgames command line, deterministically,
// on one CPU: the 4-tuple one (ntuple_default.bin.gz, about 16 minutes) and the
// 6-tuple one (ntuple6_default.bin.gz, about an hour). `go generate` in this
// directory makes both again, byte for byte. TestBuiltInNetworkPinned and
// TestBuiltInNetwork6Pinned hold the files to the sums of those recipes' outputs.
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames 2048 train --games 125000 --seed 1 --rate 0.1 --out $d/step1.gz && $d/gridgames 2048 train --games 100000 --seed 2 --rate 0.02 --from $d/step1.gz --out ntuple_default.bin.gz && rm -r $d"
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames 2048 train --games 200000 --seed 1 --rate 0.1 --out $d/step1.gz && $d/gridgames 2048 train --games 50000 --seed 2 --rate 0.02 --from $d/step1.gz --out ntuple6_default.bin.gz && rm -r $d"
