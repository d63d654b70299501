package server

// maxGameID bounds a game id in a path. The ids this server makes are
// newID(16): 22 characters of the URL-safe base64 alphabet; longer ones, up to
// this, of the same alphabet are taken (tests and hand-made stores use them).
const maxGameID = 64

// checkGameID answers 400 for an id no game can have (empty, too long, or a
// character outside letters, digits, '-' and '_': a NUL, a space, bytes that
// are not UTF-8), before any store is asked: the stores would answer such ids
// differently (an error on PostgreSQL, "not found" on SQLite).
func checkGameID(id string) error {
	ok := id != "" && len(id) <= maxGameID
	for i := 0; ok && i < len(id); i++ {
		c := id[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
	}
	if ok {
		return nil
	}
	shown := id
	if len(shown) > maxGameID {
		shown = shown[:maxGameID] + "..."
	}
	return errorf(CodeBadRequest, "%q is not a game id: ids are 1 to %d letters, digits, '-' or '_'", shown, maxGameID)
}
