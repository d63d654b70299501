package solver

// The built-in network (ntuple_default.bin.gz) is made by the gridgames command
// line, deterministically, on one CPU (about 16 minutes): `go generate` in this
// directory makes it again, byte for byte. TestBuiltInNetworkPinned holds the file
// to the sum of that recipe's output.
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames 2048 train --games 125000 --seed 1 --rate 0.1 --out $d/step1.gz && $d/gridgames 2048 train --games 100000 --seed 2 --rate 0.02 --from $d/step1.gz --out ntuple_default.bin.gz && rm -r $d"
