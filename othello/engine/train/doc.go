// Package train makes the Othello engine's learned weights, apart from the
// engine that plays with them: it plays sample games and labels their positions
// (EndgameSamples by exact solves, MidgameSamples by solves and searches with the
// phases learned before), fits pattern weights to the samples (TrainPatterns,
// TrainMidgame; LearnMidgame does both for every phase), and takes each midgame phase's tempo error out of its constant
// weight (CalibrateTempo). The engine's built-in files are made from these by the
// recipes in othello/engine/generate.go; the opening book is built by
// engine.Book.Build.
package train
