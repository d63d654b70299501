package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrBadURL means a PostgreSQL URL could not be read.
var ErrBadURL = errors.New("store: " + reasonBadURL)

// IsPostgresURL reports whether db names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than an SQLite file.
func IsPostgresURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Postgres is the Store kept in a PostgreSQL database, which several server
// instances can share. Every write is one statement, so one transaction,
// committed before the call returns. AppendAction is safe with any number of
// writers: its UPDATE locks the game's row and advances it only from the action
// count the caller read, so of two appends with the same seq one wins and the
// other gets ErrConflict (and the (game_id, seq) primary key would refuse a
// duplicate anyway).
type Postgres struct {
	pool *pgxpool.Pool
}

var (
	_ Store = (*Postgres)(nil)
	_ Store = (*SQLite)(nil)
)

// connectTimeout bounds each connection attempt when the URL sets no
// connect_timeout: an unreachable host fails in seconds, not minutes.
const connectTimeout = 10 * time.Second

// OpenPostgres connects to the database named by url
// (postgres://user:password@host:port/dbname?sslmode=disable, or any URL pgx
// reads), checks that it answers and brings its schema up to date; ctx bounds
// the connecting and migrating. A URL that cannot be read wraps ErrBadURL.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message repeats the URL (password hidden): the caller names it.
		why := err.Error()
		if _, rest, ok := strings.Cut(why, "`: "); ok && strings.HasPrefix(why, "cannot parse `") {
			why = rest
		}
		return nil, refused(ErrBadURL, reasonBadURL, err, "%s", why)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, &Error{Reason: "PostgreSQL: " + err.Error(), Err: err}
	}
	s := &Postgres{pool: pool}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, &Error{Reason: "PostgreSQL: " + err.Error(), Err: err}
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, &Error{Reason: "PostgreSQL schema: " + err.Error(), Err: err}
	}
	return s, nil
}

// pgMigrations are applied in order; the table gridgames_schema counts those
// done. They mirror the SQLite schema, with PostgreSQL's types.
var pgMigrations = []string{
	`CREATE TABLE games (
		id TEXT PRIMARY KEY,
		kind TEXT NOT NULL,
		token_hash BYTEA NOT NULL,
		params TEXT NOT NULL,
		actions INTEGER NOT NULL DEFAULT 0,
		score BIGINT NOT NULL DEFAULT 0,
		over BOOLEAN NOT NULL DEFAULT FALSE,
		created TIMESTAMPTZ NOT NULL DEFAULT now(),
		updated TIMESTAMPTZ NOT NULL DEFAULT now()
	);
	CREATE TABLE actions (
		game_id TEXT NOT NULL REFERENCES games(id),
		seq INTEGER NOT NULL,
		action TEXT NOT NULL,
		PRIMARY KEY (game_id, seq)
	);
	CREATE TABLE best (
		key TEXT PRIMARY KEY,
		score BIGINT NOT NULL
	);
	CREATE TABLE scores (
		game_id TEXT PRIMARY KEY REFERENCES games(id),
		board TEXT NOT NULL,
		name TEXT NOT NULL,
		score BIGINT NOT NULL,
		max_tile BIGINT NOT NULL,
		moves INTEGER NOT NULL,
		created TIMESTAMPTZ NOT NULL DEFAULT now()
	);
	CREATE INDEX scores_board ON scores (board, score DESC, created);`,
	// 2: as SQLite's.
	`ALTER TABLE games ADD COLUMN player TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN ranked BOOLEAN NOT NULL DEFAULT FALSE;
	UPDATE scores SET board = '` + UnverifiedPrefix + `' || board;`,
}

// migrateLock is the advisory lock key that serialises migrations, so that
// instances started together do not race to create the schema.
const migrateLock = 0x67726964 // "grid"

// migrate applies the missing migrations in one transaction, holding migrateLock.
func (s *Postgres) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrateLock); err != nil {
			return err
		}
		return migrate(ctx, pgVersions{tx}, pgMigrations)
	})
}

// pgVersions is a migration's transaction on PostgreSQL: the version is the one
// row of the table gridgames_schema, made when the first migration runs.
type pgVersions struct{ tx pgx.Tx }

func (v pgVersions) version(ctx context.Context) (int, error) {
	if _, err := v.tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS gridgames_schema (version INTEGER NOT NULL)`); err != nil {
		return 0, err
	}
	var n int
	err := v.tx.QueryRow(ctx, `SELECT version FROM gridgames_schema`).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = v.tx.Exec(ctx, `INSERT INTO gridgames_schema (version) VALUES (0)`)
	}
	return n, err
}

func (v pgVersions) setVersion(ctx context.Context, n int) error {
	_, err := v.tx.Exec(ctx, `UPDATE gridgames_schema SET version = $1`, n)
	return err
}

func (v pgVersions) exec(ctx context.Context, sql string) error {
	_, err := v.tx.Exec(ctx, sql)
	return err
}

// CreateGame implements Store.
func (s *Postgres) CreateGame(ctx context.Context, g Game) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO games (id, kind, token_hash, params, player, ranked) VALUES ($1, $2, $3, $4, $5, $6)`,
		g.ID, g.Kind, g.TokenHash, string(g.Params), g.Player, g.Ranked)
	if err != nil {
		return pgWrap("create game", err)
	}
	return nil
}

// Game implements Store. The game and its actions are read in one statement, so
// from one snapshot.
func (s *Postgres) Game(ctx context.Context, id string) (Game, error) {
	g := Game{ID: id}
	var params string
	err := s.pool.QueryRow(ctx,
		`SELECT kind, token_hash, params, player, ranked, created, updated,
			ARRAY(SELECT action FROM actions WHERE game_id = $1 ORDER BY seq)
		 FROM games WHERE id = $1`, id).
		Scan(&g.Kind, &g.TokenHash, &params, &g.Player, &g.Ranked, &g.Created, &g.Updated, &g.Actions)
	if errors.Is(err, pgx.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, pgWrap("game "+id, err)
	}
	g.Params = []byte(params)
	return g, nil
}

// ActionsFrom implements Store: one statement, so one snapshot.
func (s *Postgres) ActionsFrom(ctx context.Context, id string, from int) (int, []string, error) {
	var n int
	var actions []string
	err := s.pool.QueryRow(ctx,
		`SELECT actions, ARRAY(SELECT action FROM actions WHERE game_id = $1 AND seq >= $2 ORDER BY seq)
		 FROM games WHERE id = $1`, id, from).Scan(&n, &actions)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, ErrNotFound
	}
	if err != nil {
		return 0, nil, pgWrap("game "+id+" actions", err)
	}
	return n, actions, nil
}

// pgAppend is AppendAction as one statement. The UPDATE advances the game only
// from action count $2, locking its row: a concurrent append of the same seq
// waits for this one, then finds the count moved on and changes nothing. The
// action and the raised best score are written only if the game advanced, and the
// best rows ($6, and the player's $7) are written (and locked) only when the
// score beats them.
const pgAppend = `WITH advanced AS (
		UPDATE games SET actions = actions + 1, score = $3::bigint, over = $4::boolean, updated = now()
		WHERE id = $1::text AND actions = $2::integer
		RETURNING id
	), appended AS (
		INSERT INTO actions (game_id, seq, action) SELECT id, $2, $5::text FROM advanced
	), raised AS (
		INSERT INTO best (key, score) SELECT $6::text, $3 FROM advanced
		WHERE $6 <> '' AND $3 > 0 AND $3 > COALESCE((SELECT score FROM best WHERE key = $6), 0)
		ON CONFLICT (key) DO UPDATE SET score = GREATEST(best.score, excluded.score)
	), raised_player AS (
		INSERT INTO best (key, score) SELECT $7::text, $3 FROM advanced
		WHERE $7 <> '' AND $3 > 0 AND $3 > COALESCE((SELECT score FROM best WHERE key = $7), 0)
		ON CONFLICT (key) DO UPDATE SET score = GREATEST(best.score, excluded.score)
	)
	SELECT (SELECT count(*) FROM advanced), EXISTS (SELECT 1 FROM games WHERE id = $1)`

// pgUniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
const pgUniqueViolation = "23505"

// AppendAction implements Store.
func (s *Postgres) AppendAction(ctx context.Context, id string, seq int, action string, sum Summary) error {
	var advanced int
	var exists bool
	player := sum.PlayerBestKey
	if player == sum.BestKey {
		player = "" // one statement may not write a row twice
	}
	err := s.pool.QueryRow(ctx, pgAppend, id, seq, sum.Score, sum.Over, action, sum.BestKey, player).Scan(&advanced, &exists)
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == pgUniqueViolation:
		return ErrConflict
	case err != nil:
		return pgWrap("append", err)
	case !exists:
		return ErrNotFound
	case advanced != 1:
		return ErrConflict
	}
	return nil
}

// Best implements Store.
func (s *Postgres) Best(ctx context.Context, key string) (int64, error) {
	var best int64
	err := s.pool.QueryRow(ctx, `SELECT score FROM best WHERE key = $1`, key).Scan(&best)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, pgWrap("best", err)
	}
	return best, nil
}

// RaiseBest implements Store.
func (s *Postgres) RaiseBest(ctx context.Context, key string, score int64) error {
	_, err := s.pool.Exec(ctx,
		`INSERT INTO best (key, score) VALUES ($1, $2)
		 ON CONFLICT (key) DO UPDATE SET score = GREATEST(best.score, excluded.score)`, key, score)
	if err != nil {
		return pgWrap("raise best", err)
	}
	return nil
}

// AddScore implements Store.
func (s *Postgres) AddScore(ctx context.Context, sc Score) (Score, error) {
	sc.Name = strings.TrimSpace(sc.Name)
	err := s.pool.QueryRow(ctx,
		`INSERT INTO scores (game_id, board, name, score, max_tile, moves) VALUES ($1, $2, $3, $4, $5, $6)
		 ON CONFLICT (game_id) DO UPDATE SET board = excluded.board, name = excluded.name, score = excluded.score,
		 max_tile = excluded.max_tile, moves = excluded.moves, created = now()
		 RETURNING created`,
		sc.GameID, sc.Board, sc.Name, sc.Score, int64(sc.MaxTile), sc.Moves).Scan(&sc.Created)
	if err != nil {
		return Score{}, pgWrap("add score", err)
	}
	return sc, nil
}

// Leaderboard implements Store.
func (s *Postgres) Leaderboard(ctx context.Context, board string, n int) ([]Score, error) {
	out := []Score{}
	if n <= 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx,
		`SELECT game_id, name, score, max_tile, moves, created FROM scores WHERE board = $1
		 ORDER BY score DESC, created, game_id LIMIT $2`, board, n)
	if err != nil {
		return nil, pgWrap("leaderboard", err)
	}
	defer rows.Close()
	for rows.Next() {
		sc := Score{Board: board}
		var maxTile int64
		if err := rows.Scan(&sc.GameID, &sc.Name, &sc.Score, &maxTile, &sc.Moves, &sc.Created); err != nil {
			return nil, pgWrap("leaderboard", err)
		}
		sc.MaxTile = uint64(maxTile)
		out = append(out, sc)
	}
	if err := rows.Err(); err != nil {
		return nil, pgWrap("leaderboard", err)
	}
	return out, nil
}

// Close implements Store.
func (s *Postgres) Close() error {
	s.pool.Close()
	return nil
}
