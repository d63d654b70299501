// Package store keeps games, their moves and the 2048 scores. SQL lives behind the
// Store interface: the default implementation is SQLite (see Open); PostgreSQL
// (see OpenPostgres) lets several server instances share one database.
//
// A game is stored as its creation parameters and an append-only list of actions
// (moves, undos, ...) that rebuild it when replayed. Appending an action is one
// transaction: when AppendAction returns nil the action is on disk and survives the
// process being killed.
package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Errors a Store reports; test with errors.Is.
var (
	// ErrNotFound means no game has the id.
	ErrNotFound = errors.New("store: game not found")
	// ErrConflict means an action was appended out of sequence: another writer
	// moved the game on since the caller read it.
	ErrConflict = errors.New("store: action out of sequence")
	// ErrNoDirectory means the database's directory does not exist; Open does not
	// create it (OpenDefault does, for the default place).
	ErrNoDirectory = errors.New("store: no such directory")
	// ErrNotDatabase means the file is not an SQLite database.
	ErrNotDatabase = errors.New("store: not an SQLite database")
	// ErrReadOnly means Open found the database file, its write-ahead log or
	// their directory not writable: every write would fail, so the store does
	// not open. The message names what cannot be written.
	ErrReadOnly = errors.New("store: " + reasonReadOnly)
	// ErrCorrupt means Open's integrity check (PRAGMA quick_check) found the
	// database damaged: games would load with actions missing, so the store does
	// not open. The error's message names the first problem found.
	ErrCorrupt = errors.New("store: " + reasonCorrupt)
	// ErrUnavailable means the store cannot keep or read data now: its file was
	// deleted or replaced while open, its disk is full, a lock held elsewhere
	// outlasted the wait, the database server does not answer. The message says
	// which. Nothing was written by the call that returned it; a server answers
	// it with 503, never with success.
	ErrUnavailable = errors.New("store: unavailable")
)

// The reasons of the errors Error wraps, without the package prefix.
const (
	reasonReadOnly = "read-only database"
	reasonCorrupt  = "database is corrupt"
	reasonBadURL   = "not a valid PostgreSQL URL"
)

// Error is how Open, OpenDefault and OpenPostgres refuse a database that cannot be
// written, is damaged, or (PostgreSQL) cannot be reached or read. Its text is
// "store: " then Reason, so a caller that names the database itself (a command's
// --db) shows Reason alone. It wraps Kind (ErrReadOnly, ErrCorrupt, ErrBadURL, or
// nil for a PostgreSQL server that does not answer or migrate) and Err, the cause
// if any, for errors.Is and errors.As.
type Error struct {
	Kind   error
	Reason string // what is wrong and where, for a person: "read-only database: /x/g.db cannot be written"
	Err    error
}

func (e *Error) Error() string { return "store: " + e.Reason }

// Unwrap returns Kind and Err, those that are set.
func (e *Error) Unwrap() []error {
	var errs []error
	for _, err := range []error{e.Kind, e.Err} {
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// refused is an Error of kind whose reason is kind's own followed by the detail.
func refused(kind error, kindReason string, cause error, format string, args ...any) error {
	return &Error{Kind: kind, Reason: kindReason + ": " + fmt.Sprintf(format, args...), Err: cause}
}

// Game is a stored game.
type Game struct {
	ID   string // unguessable id, shown in URLs
	Kind string // "2048" or "othello"
	// TokenHash is the SHA-256 of the secret token that lets a player move; the token
	// itself is never stored.
	TokenHash []byte
	// Params is the game's creation parameters as JSON, owned by the server.
	Params  []byte
	Actions []string // every action in order, replayed to rebuild the game
	// Player is the id of the player (browser) who created the game, "" if unknown
	// (games stored before players had ids).
	Player string
	// Ranked is set for a game whose results may enter a leaderboard: the server,
	// not the client, chose what chance decides (a 2048 game's seed). Games stored
	// before it existed are not ranked.
	Ranked  bool
	Created time.Time
	Updated time.Time
}

// Summary is what an action changed that is worth keeping beside the actions:
// the game's score and end, and the best score of its board kind.
type Summary struct {
	Score int64
	Over  bool
	// BestKey, when not empty, names the board ("2048:4x4") whose best score is
	// raised to Score if Score is higher.
	BestKey string
	// PlayerBestKey, when not empty, is a second key raised the same way: the best
	// score of the game's player on that board (see PlayerKey).
	PlayerBestKey string
}

// Score is a leaderboard entry.
type Score struct {
	GameID  string    `json:"gameId"`
	Board   string    `json:"board"` // e.g. "2048:4x4"
	Name    string    `json:"name"`
	Score   int64     `json:"score"`
	MaxTile uint64    `json:"maxTile"`
	Moves   int       `json:"moves"`
	Created time.Time `json:"created"`
}

// Store persists games and scores. Implementations are safe for concurrent use.
type Store interface {
	// CreateGame stores a new game with no actions.
	CreateGame(ctx context.Context, g Game) error
	// Game returns the game with its actions, or ErrNotFound.
	Game(ctx context.Context, id string) (Game, error)
	// ActionsFrom returns how many actions the game has and those numbered from
	// on (none when it has from or fewer), or ErrNotFound: a cheap check that a
	// copy holding the first from actions is up to date, and the means to bring it
	// up to date when another writer moved the game on.
	ActionsFrom(ctx context.Context, id string, from int) (int, []string, error)
	// AppendAction stores action as the game's action number seq (from 0) and applies
	// sum, atomically. seq must equal the number of actions stored, else ErrConflict.
	AppendAction(ctx context.Context, id string, seq int, action string, sum Summary) error
	// Best returns the best score recorded for a board key, 0 if none.
	Best(ctx context.Context, key string) (int64, error)
	// RaiseBest raises the best score of a board key to score if score is higher
	// (for games played outside the store, such as in the terminal).
	RaiseBest(ctx context.Context, key string, score int64) error
	// AddScore records a leaderboard entry and returns it as stored (name trimmed,
	// Created set); one entry per game, a later one for the same game replaces it.
	AddScore(ctx context.Context, s Score) (Score, error)
	// Leaderboard returns the best n entries of a board (none if n <= 0), highest
	// score first, then the earliest entered.
	Leaderboard(ctx context.Context, board string, n int) ([]Score, error)
	// Check reports whether the store can keep what it is given now: nil, or an
	// error wrapping ErrUnavailable that says why not (the file gone, the disk
	// full, a write lock held elsewhere for longer than a short wait, the server
	// unreachable), or ctx's error. It is cheap enough for every health probe
	// and changes nothing.
	Check(ctx context.Context) error
	// Close releases the store.
	Close() error
}

// BoardKey names a board for best scores and leaderboards: BoardKey("2048", 4, 4)
// is "2048:4x4". The web app and the terminal UI share these keys.
func BoardKey(game string, rows, cols int) string {
	return game + ":" + strconv.Itoa(rows) + "x" + strconv.Itoa(cols)
}

// PlayerKey names one player's best score on a board: PlayerKey("2048:4x4", "p1")
// is "2048:4x4@p1".
func PlayerKey(board, player string) string { return board + "@" + player }

// UnverifiedPrefix starts the board of the leaderboard entries stored before
// entries were checked (ranked games only, finished, unassisted): migration 2
// moves them from "2048:4x4" to "unverified:2048:4x4", off the ranked boards but
// not deleted.
const UnverifiedPrefix = "unverified:"
