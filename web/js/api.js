// The JSON API client: every call returns the parsed body or throws an Error
// whose message is the server's message for people, shown as it is, with the
// status and the server's code (docs/api.md: "illegal_move", "stale",
// "not_found"...): the pages decide on the code, never on the message.
export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { /* empty or not JSON */ }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.code = (data && data.code) || '';
    throw err;
  }
  return data;
}

// refused says whether err is the server refusing an action the game does not
// allow now (an illegal move, the game over, not this side's turn, nothing to
// undo...): the game is as it was, and the message says why.
export const refused = (err) => ['illegal_move', 'game_over', 'wrong_turn', 'conflict'].includes(err.code);

// limits are the server's bounds (GET /api/limits: board sizes, levels, the
// name's length...), read once; the pages build their controls from them.
let limitsRead = null;
export function limits() {
  limitsRead ??= api('GET', '/api/limits');
  return limitsRead;
}

// Saved games: which game this browser is playing, and its token.
export function savedGame(kind) {
  try { return JSON.parse(localStorage.getItem('gridgames:' + kind)) || null; } catch { return null; }
}
export function saveGame(kind, id, token) {
  localStorage.setItem('gridgames:' + kind, JSON.stringify({ id, token }));
}

// announce puts text on the page's aria-live status line.
export function announce(text) {
  const el = document.getElementById('status');
  if (el) el.textContent = text;
}

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// typing reports whether a key event belongs to a text field or open dialog control.
export function typing(e) {
  const t = e.target;
  return t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) || t.closest?.('dialog[open]'));
}
