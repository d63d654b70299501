package store

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

// FuzzSQLiteDSN: whatever the file name, the data source name reads back as
// exactly that path and those pragmas: its first '?' starts the query (the
// driver splits there), it has no '#' (SQLite would drop what follows), and
// percent-decoding the path (as SQLite does) gives the name back.
func FuzzSQLiteDSN(f *testing.F) {
	for _, name := range []string{"games.db", "a?b.db", "a#b.db", "a%41.db", "100%.db", "with space.db",
		"q?x=1&mode=ro#frag%2F.db", "é ü.db", "dir/sub/x.db", "%", "?", "#", "a+b.db", ";=&"} {
		f.Add(name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if strings.ContainsRune(name, 0) {
			t.Skip("a path cannot hold NUL")
		}
		path := "/data/" + name
		pragmas := []string{"journal_mode(WAL)", "busy_timeout(5000)"}
		dsn := sqliteDSN(path, url.Values{"_txlock": {"immediate"}}, pragmas...)
		if strings.Contains(dsn, "#") {
			t.Fatalf("DSN %q holds a '#'", dsn)
		}
		head, query, ok := strings.Cut(dsn, "?")
		if !ok {
			t.Fatalf("DSN %q has no query", dsn)
		}
		u, err := url.Parse(head)
		if err != nil {
			t.Fatalf("DSN %q: %v", dsn, err)
		}
		if u.Scheme != "file" || u.Path != path {
			t.Fatalf("DSN %q names %q (scheme %q), want %q", dsn, u.Path, u.Scheme, path)
		}
		q, err := url.ParseQuery(query)
		if err != nil {
			t.Fatalf("DSN %q query: %v", dsn, err)
		}
		if !slices.Equal(q["_pragma"], pragmas) || q.Get("_txlock") != "immediate" || len(q) != 2 {
			t.Fatalf("DSN %q query %v, want the pragmas %q and _txlock", dsn, q, pragmas)
		}
	})
}
