// Package train learns the 2048 solver's n-tuple networks, apart from the
// solver that plays with them: temporal-difference learning of afterstate
// values by self-play (Train4 for the 4-tuple solver.Network, Train6 and
// Trainer6 for the 6-tuple Network6), with temporal coherence, restarts from
// late boards, a late stage (Promote) and checkpoints that resume a run exactly
// (Trainer6.WriteCheckpoint, ReadCheckpoint6) on a CheckpointSchedule; Recent
// keeps a run's last games for the figures it reports. A trained Network6 becomes the
// solver's play-only solver.Network6 by Network6.Solver, or a network file by
// Network6.WriteTo. The geometry (which cells each weight reads) is the
// solver's: solver.Indexes6, solver.Indexes4 and solver.LateBoard. The built-in
// networks are made by the recipes in game2048/solver/generate.go.
package train
