package server

import "net/http"

// playerCookie holds the browser's player id, which makes the best score shown
// the player's own.
const playerCookie = "gridgames_player"

// playerIDLen is the length of a player id: newID(16).
const playerIDLen = 22

// playerOf returns the request's player id from its cookie, or a new one when
// it has none or one this server would not have made.
func playerOf(r *http.Request) string {
	if c, err := r.Cookie(playerCookie); err == nil && validPlayer(c.Value) {
		return c.Value
	}
	return newID(16)
}

func validPlayer(id string) bool {
	if len(id) != playerIDLen {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// setPlayer (re)sets the player cookie, for about 400 days (browsers' limit).
func setPlayer(w http.ResponseWriter, r *http.Request, player string) {
	http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: player, Path: "/", MaxAge: 400 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
}
