// The JSON API client: every call returns the parsed body or throws an Error
// carrying the server's message and status.
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
    throw err;
  }
  return data;
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
