package solver

// The built-in networks are made by the gridgames command line, deterministically,
// on one CPU: the 4-tuple one (ntuple_default.bin.gz, about 16 minutes) and the
// 6-tuple one (ntuple6_default.bin.gz). `go generate` in this directory makes both
// again, byte for byte. TestBuiltInNetworkPinned and TestBuiltInNetwork6Pinned
// hold the files to the sums of those recipes' outputs.
//
// The 6-tuple network is stage 1 of the training in the README, temporal
// coherence from zero (train --games 2000000 --seed 1 --tc --rate 1
// --checkpoint-light), stopped at 359,372 games: its checkpoint is kept in the
// repository in two parts (train/stage1.light.ckpt.gz.00 and .01, joined by cat),
// and the network is the checkpoint's, written without playing another game.
//
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && $d/gridgames 2048 train --games 125000 --seed 1 --rate 0.1 --out $d/step1.gz && $d/gridgames 2048 train --games 100000 --seed 2 --rate 0.02 --from $d/step1.gz --out ntuple_default.bin.gz && rm -r $d"
//go:generate sh -c "d=$(mktemp -d) && go build -o $d/gridgames ../../cmd/gridgames && cat ../../train/stage1.light.ckpt.gz.* > $d/stage1.ckpt.gz && $d/gridgames 2048 train --games 359372 --resume $d/stage1.ckpt.gz --out ntuple6_default.bin.gz && rm -r $d"
