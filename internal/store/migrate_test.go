package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// fakeVersions is a versionStore in memory: the version, the SQL run, and a
// step that fails.
type fakeVersions struct {
	v      int
	set    bool
	ran    []string
	failOn string
}

func (f *fakeVersions) version(context.Context) (int, error) { return f.v, nil }

func (f *fakeVersions) setVersion(_ context.Context, v int) error {
	f.v, f.set = v, true
	return nil
}

func (f *fakeVersions) exec(_ context.Context, sql string) error {
	if sql == f.failOn {
		return errors.New("syntax error")
	}
	f.ran = append(f.ran, sql)
	return nil
}

// migrate runs exactly the steps past the database's version, in order, and
// sets the version once at the end; a newer database and a failing step change
// no version, and the error says which.
func TestMigrate(t *testing.T) {
	schema := []string{"one", "two", "three"}
	tests := []struct {
		name    string
		have    int
		failOn  string
		wantRan []string
		wantV   int
		wantErr string
	}{
		{"a new database", 0, "", []string{"one", "two", "three"}, 3, ""},
		{"one step behind", 2, "", []string{"three"}, 3, ""},
		{"up to date", 3, "", nil, 3, ""},
		{"newer than the program", 5, "", nil, 5, "database schema version 5 is newer than this program (3)"},
		{"a step fails", 1, "three", []string{"two"}, 1, "migration 3: syntax error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeVersions{v: tc.have, failOn: tc.failOn}
			err := migrate(context.Background(), f, schema)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if !slices.Equal(f.ran, tc.wantRan) || f.v != tc.wantV {
				t.Fatalf("ran %q, version %d; want %q, %d", f.ran, f.v, tc.wantRan, tc.wantV)
			}
			if f.set != (tc.have < len(schema) && tc.wantErr == "") {
				t.Fatalf("version written: %v", f.set)
			}
		})
	}
}

// Open with an ended context returns the context's error and no store.
func TestOpenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := t.TempDir() + "/games.db"
	if s, err := Open(ctx, path); err == nil || !errors.Is(err, context.Canceled) {
		if s != nil {
			s.Close()
		}
		t.Fatalf("Open with an ended context: %v, want context.Canceled", err)
	}
}
