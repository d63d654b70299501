package store

import (
	"context"
	"fmt"
)

// A schema is a list of migrations applied in order, each the SQL of one step;
// a database records how many it has applied, its version. Both stores bring
// their schema up to date the same way, through migrate, each keeping its
// version where its database keeps such things (SQLite in PRAGMA user_version,
// PostgreSQL in the table gridgames_schema).

// versionStore is one transaction on a database being migrated: it reads and
// writes the database's schema version and runs a migration's SQL. Everything
// done through it is committed together or not at all.
type versionStore interface {
	version(ctx context.Context) (int, error)
	setVersion(ctx context.Context, v int) error
	exec(ctx context.Context, sql string) error
}

// migrate applies the migrations of schema that the database behind tx has not
// (those past its version), in order, and sets its version to len(schema). A
// database whose version is past the end of schema was made by a newer program:
// it is refused, and nothing changes. An error names the migration that failed
// (from 1).
func migrate(ctx context.Context, tx versionStore, schema []string) error {
	have, err := tx.version(ctx)
	if err != nil {
		return fmt.Errorf("reading the schema version: %w", err)
	}
	if have > len(schema) {
		return fmt.Errorf("database schema version %d is newer than this program (%d)", have, len(schema))
	}
	if have == len(schema) {
		return nil
	}
	for i := have; i < len(schema); i++ {
		if err := tx.exec(ctx, schema[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	return tx.setVersion(ctx, len(schema))
}
