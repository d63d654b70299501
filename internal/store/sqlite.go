package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// OpenDefault opens the database at DefaultPath, creating its directory if needed,
// and returns it with its path (see Open).
func OpenDefault(ctx context.Context, opts ...Option) (*SQLite, string, error) {
	path, err := DefaultPath()
	if err != nil {
		return nil, "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, path, fmt.Errorf("store: %w", err)
	}
	s, err := Open(ctx, path, opts...)
	return s, path, err
}

// SQLite is the Store kept in one SQLite file in WAL mode. Every write is one
// transaction committed before the call returns; with synchronous=NORMAL a
// committed transaction survives the process being killed (a power cut may lose the
// last few, which synchronous=FULL would keep at a cost of one fsync each).
//
// Writes go through one connection; reads through a pool of read-only ones, so
// that they never wait behind a write, not even one waiting for a lock another
// process holds. Before each write the store checks that its path still names
// the file it opened (a file deleted while open would take the writes with it).
// On a volume low on room it checkpoints the write-ahead log often, and a write
// that finds the volume full checkpoints the log to give its space back, then
// tries once more. Writes it cannot make wrap ErrUnavailable, and Check reports
// the same.
type SQLite struct {
	path   string      // absolute
	opened os.FileInfo // the file as opened, for checkFile
	log    *slog.Logger
	// write is the one writer; read the readers (query_only); probe the
	// connection Check takes the write lock with.
	write, read, probe *sql.DB
	// The statements of AppendAction, prepared once: it runs for every move.
	advance, insert, raise *sql.Stmt
	// failed is the last write's failure for want of the database (nil once a
	// write succeeds), which Check reports for a while.
	failed atomic.Pointer[failure]
	// writes counts the writes made; lowSpace is set while the volume is low
	// on room (see afterWrite).
	writes   atomic.Int64
	lowSpace atomic.Bool
}

// Open opens (creating if needed) the database file at path and brings its schema
// up to date. The directory must exist: a missing one wraps ErrNoDirectory. A
// file that is not an SQLite database wraps ErrNotDatabase, one that cannot be
// written ErrReadOnly, one whose integrity check (PRAGMA quick_check, bounded by
// WithCheckTimeout) fails ErrCorrupt: the store does not open on a file it could
// not serve properly. ctx bounds the opening, the check and the migrations: if it
// ends first, Open returns its error and the store is not opened.
func Open(ctx context.Context, path string, opts ...Option) (*SQLite, error) {
	o := newOptions(opts)
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	dir := filepath.Dir(abs)
	if st, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrNoDirectory, filepath.Dir(path))
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%w: %s is not a directory", ErrNoDirectory, filepath.Dir(path))
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory", ErrNotDatabase, path)
	}
	if err := checkWritable(abs); err != nil {
		return nil, err
	}
	s := &SQLite{path: abs, log: o.log}
	ms := fmt.Sprintf("busy_timeout(%d)", o.busyTimeout.Milliseconds())
	s.write, err = openDB(abs, 1, nil, "journal_mode(WAL)", "synchronous(NORMAL)", ms, "foreign_keys(1)",
		fmt.Sprintf("wal_autocheckpoint(%d)", walCheckpointPages), fmt.Sprintf("journal_size_limit(%d)", walSizeLimit))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := s.quickCheck(ctx, o); err != nil {
		s.Close()
		return nil, openError(path, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, openError(path, err)
	}
	if s.opened, err = os.Stat(abs); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	// The readers and the probe open once the writer has made the file WAL.
	if s.read, err = openDB(abs, readConns, nil, ms, "query_only(1)"); err == nil {
		s.probe, err = openDB(abs, 1, url.Values{"_txlock": {"immediate"}}, ms)
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	for _, st := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&s.advance, `UPDATE games SET actions = actions + 1, score = ?, over = ?, updated = ? WHERE id = ? AND actions = ?`},
		{&s.insert, `INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)`},
		{&s.raise, `INSERT INTO best (key, score) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET score = max(score, excluded.score)`},
	} {
		if *st.stmt, err = s.write.Prepare(st.sql); err != nil {
			s.Close()
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
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := migrate(ctx, sqliteVersions{tx}, migrations); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// sqliteVersions is a migration's transaction on SQLite: the version is PRAGMA
// user_version, which a transaction changes with the rest.
type sqliteVersions struct{ tx *sql.Tx }

func (v sqliteVersions) version(ctx context.Context) (int, error) {
	var n int
	err := v.tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&n)
	return n, err
}

func (v sqliteVersions) setVersion(ctx context.Context, n int) error {
	_, err := v.tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", n))
	return err
}

func (v sqliteVersions) exec(ctx context.Context, sql string) error {
	_, err := v.tx.ExecContext(ctx, sql)
	return err
}

// CreateGame implements Store.
func (s *SQLite) CreateGame(ctx context.Context, g Game) error {
	return s.writeTx(ctx, "create game", func(ctx context.Context) error {
		now := time.Now().UnixMilli()
		_, err := s.write.ExecContext(ctx,
			`INSERT INTO games (id, kind, token_hash, params, player, ranked, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.Kind, g.TokenHash, string(g.Params), g.Player, g.Ranked, now, now)
		return err
	})
}

// readTx runs f in a read transaction on a reader: one snapshot of the database.
func (s *SQLite) readTx(ctx context.Context, what string, f func(tx *sql.Tx) error) error {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s.wrap(what, false, err)
	}
	defer tx.Rollback()
	return s.wrap(what, false, f(tx))
}

// Game implements Store. The game and its actions are read from one snapshot.
func (s *SQLite) Game(ctx context.Context, id string) (Game, error) {
	g := Game{ID: id}
	err := s.readTx(ctx, "game "+id, func(tx *sql.Tx) error {
		var params string
		var created, updated int64
		var n int
		err := tx.QueryRowContext(ctx,
			`SELECT kind, token_hash, params, player, ranked, actions, created, updated FROM games WHERE id = ?`, id).
			Scan(&g.Kind, &g.TokenHash, &params, &g.Player, &g.Ranked, &n, &created, &updated)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		g.Params = []byte(params)
		g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
		rows, err := tx.QueryContext(ctx, `SELECT action FROM actions WHERE game_id = ? ORDER BY seq`, id)
		if err != nil {
			return err
		}
		g.Actions, err = scanActions(rows, n)
		return err
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}

// scanActions reads the actions rows holds, n of them expected, and closes rows.
func scanActions(rows *sql.Rows, n int) ([]string, error) {
	defer rows.Close()
	out := make([]string, 0, n)
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// ActionsFrom implements Store. The actions read are those counted, even if
// another process appends in between; the common answer, nothing new, is one
// query.
func (s *SQLite) ActionsFrom(ctx context.Context, id string, from int) (int, []string, error) {
	what := "game " + id + " actions"
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT actions FROM games WHERE id = ?`, id).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, ErrNotFound
	}
	if err != nil {
		return 0, nil, s.wrap(what, false, err)
	}
	if n <= from {
		return n, nil, nil
	}
	rows, err := s.read.QueryContext(ctx, `SELECT action FROM actions WHERE game_id = ? AND seq >= ? AND seq < ? ORDER BY seq`, id, from, n)
	if err != nil {
		return 0, nil, s.wrap(what, false, err)
	}
	acts, err := scanActions(rows, n-max(from, 0))
	if err != nil {
		return 0, nil, s.wrap(what, false, err)
	}
	return n, acts, nil
}

// AppendAction implements Store.
func (s *SQLite) AppendAction(ctx context.Context, id string, seq int, action string, sum Summary) error {
	return s.writeTx(ctx, "append", func(ctx context.Context) (err error) {
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			return err
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
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			var exists int
			switch err := tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&exists); {
			case errors.Is(err, sql.ErrNoRows):
				return ErrNotFound
			case err != nil:
				return err // the database failed: not a missing game
			}
			return ErrConflict
		}
		if _, err = tx.StmtContext(ctx, s.insert).ExecContext(ctx, id, seq, action); err != nil {
			return err
		}
		for _, key := range []string{sum.BestKey, sum.PlayerBestKey} {
			if key != "" && sum.Score > 0 {
				if _, err = tx.StmtContext(ctx, s.raise).ExecContext(ctx, key, sum.Score); err != nil {
					return err
				}
			}
		}
		return tx.Commit()
	})
}

// Best implements Store.
func (s *SQLite) Best(ctx context.Context, key string) (int64, error) {
	var best int64
	err := s.read.QueryRowContext(ctx, `SELECT score FROM best WHERE key = ?`, key).Scan(&best)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, s.wrap("best", false, err)
	}
	return best, nil
}

// RaiseBest implements Store.
func (s *SQLite) RaiseBest(ctx context.Context, key string, score int64) error {
	return s.writeTx(ctx, "raise best", func(ctx context.Context) error {
		_, err := s.raise.ExecContext(ctx, key, score)
		return err
	})
}

// AddScore implements Store.
func (s *SQLite) AddScore(ctx context.Context, sc Score) (Score, error) {
	sc.Name = strings.TrimSpace(sc.Name)
	now := time.Now().UnixMilli()
	err := s.writeTx(ctx, "add score", func(ctx context.Context) error {
		_, err := s.write.ExecContext(ctx,
			`INSERT INTO scores (game_id, board, name, score, max_tile, moves, created) VALUES (?, ?, ?, ?, ?, ?, ?)
			 ON CONFLICT(game_id) DO UPDATE SET board = excluded.board, name = excluded.name, score = excluded.score,
			 max_tile = excluded.max_tile, moves = excluded.moves, created = excluded.created`,
			sc.GameID, sc.Board, sc.Name, sc.Score, int64(sc.MaxTile), sc.Moves, now)
		return err
	})
	if err != nil {
		return Score{}, err
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
	rows, err := s.read.QueryContext(ctx,
		`SELECT game_id, name, score, max_tile, moves, created FROM scores WHERE board = ?
		 ORDER BY score DESC, created ASC, game_id LIMIT ?`, board, n)
	if err != nil {
		return nil, s.wrap("leaderboard", false, err)
	}
	defer rows.Close()
	for rows.Next() {
		sc := Score{Board: board}
		var maxTile, created int64
		if err := rows.Scan(&sc.GameID, &sc.Name, &sc.Score, &maxTile, &sc.Moves, &created); err != nil {
			return nil, s.wrap("leaderboard", false, err)
		}
		sc.MaxTile, sc.Created = uint64(maxTile), time.UnixMilli(created)
		out = append(out, sc)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap("leaderboard", false, err)
	}
	return out, nil
}

// Close implements Store. The writer closes last, so that its close checkpoints
// the write-ahead log into the database and removes it.
func (s *SQLite) Close() error {
	for _, st := range []*sql.Stmt{s.advance, s.insert, s.raise} {
		if st != nil {
			st.Close()
		}
	}
	for _, db := range []*sql.DB{s.read, s.probe} {
		if db != nil {
			db.Close()
		}
	}
	if s.write == nil {
		return nil
	}
	return s.write.Close()
}
