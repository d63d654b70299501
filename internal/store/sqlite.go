package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// sqliteNotADB is SQLite's result code for a file that is not a database.
const sqliteNotADB = 26

// OpenDefault opens the database at DefaultPath, creating its directory if needed,
// and returns it with its path.
func OpenDefault() (*SQLite, string, error) {
	path, err := DefaultPath()
	if err != nil {
		return nil, "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, path, fmt.Errorf("store: %w", err)
	}
	s, err := Open(path)
	return s, path, err
}

// SQLite is the Store kept in one SQLite file in WAL mode. Every write is one
// transaction committed before the call returns; with synchronous=NORMAL a
// committed transaction survives the process being killed (a power cut may lose the
// last few, which synchronous=FULL would keep at a cost of one fsync each).
type SQLite struct {
	db *sql.DB
	// The statements of AppendAction, prepared once: it runs for every move.
	advance, insert, raise *sql.Stmt
}

// Open opens (creating if needed) the database file at path and brings its schema
// up to date. The directory must exist: a missing one wraps ErrNoDirectory, and a
// file that is not an SQLite database wraps ErrNotDatabase.
func Open(path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrNoDirectory, dir)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%w: %s is not a directory", ErrNoDirectory, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory", ErrNotDatabase, path)
	}
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(NORMAL)", "busy_timeout(5000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One connection: SQLite has one writer at a time anyway, and a single
	// connection never waits on its own lock.
	db.SetMaxOpenConns(1)
	s := &SQLite{db: db}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		var se interface{ Code() int }
		if errors.As(err, &se) && se.Code() == sqliteNotADB {
			return nil, fmt.Errorf("%w: %s", ErrNotDatabase, path)
		}
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	for _, st := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&s.advance, `UPDATE games SET actions = actions + 1, score = ?, over = ?, updated = ? WHERE id = ? AND actions = ?`},
		{&s.insert, `INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)`},
		{&s.raise, `INSERT INTO best (key, score) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET score = max(score, excluded.score)`},
	} {
		if *st.stmt, err = db.Prepare(st.sql); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: %s: %w", path, err)
		}
	}
	return s, nil
}

// migrations are applied in order; PRAGMA user_version counts those done.
var migrations = []string{
	`CREATE TABLE games (
		id TEXT PRIMARY KEY,
		kind TEXT NOT NULL,
		token_hash BLOB NOT NULL,
		params TEXT NOT NULL,
		actions INTEGER NOT NULL DEFAULT 0,
		score INTEGER NOT NULL DEFAULT 0,
		over INTEGER NOT NULL DEFAULT 0,
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL
	);
	CREATE TABLE actions (
		game_id TEXT NOT NULL REFERENCES games(id),
		seq INTEGER NOT NULL,
		action TEXT NOT NULL,
		PRIMARY KEY (game_id, seq)
	) WITHOUT ROWID;
	CREATE TABLE best (
		key TEXT PRIMARY KEY,
		score INTEGER NOT NULL
	);
	CREATE TABLE scores (
		game_id TEXT PRIMARY KEY REFERENCES games(id),
		board TEXT NOT NULL,
		name TEXT NOT NULL,
		score INTEGER NOT NULL,
		max_tile INTEGER NOT NULL,
		moves INTEGER NOT NULL,
		created INTEGER NOT NULL
	);
	CREATE INDEX scores_board ON scores(board, score DESC);`,
	// 2: who made each game and whether it is ranked; entries made before they
	// were checked leave the ranked boards.
	`ALTER TABLE games ADD COLUMN player TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;
	UPDATE scores SET board = '` + UnverifiedPrefix + `' || board;`,
}

func (s *SQLite) migrate(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if version > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this program (%d)", version, len(migrations))
	}
	for i := version; i < len(migrations); i++ {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// CreateGame implements Store.
func (s *SQLite) CreateGame(ctx context.Context, g Game) error {
	now := time.Now().UnixMilli()
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO games (id, kind, token_hash, params, player, ranked, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Kind, g.TokenHash, string(g.Params), g.Player, g.Ranked, now, now)
	if err != nil {
		return fmt.Errorf("store: create game: %w", err)
	}
	return nil
}

// Game implements Store.
func (s *SQLite) Game(ctx context.Context, id string) (Game, error) {
	g := Game{ID: id}
	var params string
	var created, updated int64
	var n int
	err := s.db.QueryRowContext(ctx,
		`SELECT kind, token_hash, params, player, ranked, actions, created, updated FROM games WHERE id = ?`, id).
		Scan(&g.Kind, &g.TokenHash, &params, &g.Player, &g.Ranked, &n, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: game %s: %w", id, err)
	}
	g.Params = []byte(params)
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	rows, err := s.db.QueryContext(ctx, `SELECT action FROM actions WHERE game_id = ? ORDER BY seq`, id)
	if err != nil {
		return Game{}, fmt.Errorf("store: game %s actions: %w", id, err)
	}
	defer rows.Close()
	g.Actions = make([]string, 0, n)
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return Game{}, fmt.Errorf("store: game %s actions: %w", id, err)
		}
		g.Actions = append(g.Actions, a)
	}
	if err := rows.Err(); err != nil {
		return Game{}, fmt.Errorf("store: game %s actions: %w", id, err)
	}
	return g, nil
}

// ActionsFrom implements Store. The actions read are those counted, even if
// another process appends in between.
func (s *SQLite) ActionsFrom(ctx context.Context, id string, from int) (int, []string, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT actions FROM games WHERE id = ?`, id).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, ErrNotFound
	}
	if err != nil {
		return 0, nil, fmt.Errorf("store: game %s actions: %w", id, err)
	}
	if n <= from {
		return n, nil, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT action FROM actions WHERE game_id = ? AND seq >= ? AND seq < ? ORDER BY seq`, id, from, n)
	if err != nil {
		return 0, nil, fmt.Errorf("store: game %s actions: %w", id, err)
	}
	defer rows.Close()
	actions := make([]string, 0, n-from)
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return 0, nil, fmt.Errorf("store: game %s actions: %w", id, err)
		}
		actions = append(actions, a)
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("store: game %s actions: %w", id, err)
	}
	return n, actions, nil
}

// AppendAction implements Store.
func (s *SQLite) AppendAction(ctx context.Context, id string, seq int, action string, sum Summary) (err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	over := 0
	if sum.Over {
		over = 1
	}
	res, err := tx.StmtContext(ctx, s.advance).ExecContext(ctx, sum.Score, over, time.Now().UnixMilli(), id, seq)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		var exists int
		if tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&exists) != nil {
			return ErrNotFound
		}
		return ErrConflict
	}
	if _, err = tx.StmtContext(ctx, s.insert).ExecContext(ctx, id, seq, action); err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	for _, key := range []string{sum.BestKey, sum.PlayerBestKey} {
		if key != "" && sum.Score > 0 {
			if _, err = tx.StmtContext(ctx, s.raise).ExecContext(ctx, key, sum.Score); err != nil {
				return fmt.Errorf("store: append: %w", err)
			}
		}
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	return nil
}

// Best implements Store.
func (s *SQLite) Best(ctx context.Context, key string) (int64, error) {
	var best int64
	err := s.db.QueryRowContext(ctx, `SELECT score FROM best WHERE key = ?`, key).Scan(&best)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: best: %w", err)
	}
	return best, nil
}

// RaiseBest implements Store.
func (s *SQLite) RaiseBest(ctx context.Context, key string, score int64) error {
	if _, err := s.raise.ExecContext(ctx, key, score); err != nil {
		return fmt.Errorf("store: raise best: %w", err)
	}
	return nil
}

// AddScore implements Store.
func (s *SQLite) AddScore(ctx context.Context, sc Score) (Score, error) {
	sc.Name = strings.TrimSpace(sc.Name)
	now := time.Now().UnixMilli()
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO scores (game_id, board, name, score, max_tile, moves, created) VALUES (?, ?, ?, ?, ?, ?, ?)
		 ON CONFLICT(game_id) DO UPDATE SET board = excluded.board, name = excluded.name, score = excluded.score,
		 max_tile = excluded.max_tile, moves = excluded.moves, created = excluded.created`,
		sc.GameID, sc.Board, sc.Name, sc.Score, int64(sc.MaxTile), sc.Moves, now)
	if err != nil {
		return Score{}, fmt.Errorf("store: add score: %w", err)
	}
	sc.Created = time.UnixMilli(now)
	return sc, nil
}

// Leaderboard implements Store.
func (s *SQLite) Leaderboard(ctx context.Context, board string, n int) ([]Score, error) {
	out := []Score{}
	if n <= 0 {
		return out, nil
	}
	rows, err := s.db.QueryContext(ctx,
		`SELECT game_id, name, score, max_tile, moves, created FROM scores WHERE board = ?
		 ORDER BY score DESC, created ASC, game_id LIMIT ?`, board, n)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		sc := Score{Board: board}
		var maxTile, created int64
		if err := rows.Scan(&sc.GameID, &sc.Name, &sc.Score, &maxTile, &sc.Moves, &created); err != nil {
			return nil, fmt.Errorf("store: leaderboard: %w", err)
		}
		sc.MaxTile, sc.Created = uint64(maxTile), time.UnixMilli(created)
		out = append(out, sc)
	}
	return out, rows.Err()
}

// Close implements Store.
func (s *SQLite) Close() error {
	for _, st := range []*sql.Stmt{s.advance, s.insert, s.raise} {
		st.Close()
	}
	return s.db.Close()
}
