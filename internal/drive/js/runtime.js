// The driver's watch on the page, installed once a document and kept in
// window.__gridgamesDrive: a MutationObserver counts every change inside the
// layout's watched elements (the tiles, the score, the end message), so the
// driver can tell when the page has drawn a move without a fixed wait. Called
// with the layout (an object with watch, a CSS selector, and read(), which
// reports the page's state); it returns the watch:
//
//   state()          the page's state on its next frame, with the watch's id and count
//   wait(id, seq, quietMs, limitMs)
//                    resolves, with the same, once the count has passed seq (the
//                    count of the document id) and then a whole frame has gone by
//                    with no change; or, with changed false, after quietMs with no
//                    change; or, with limit true, after limitMs whatever happens
//
// A count from another document (the page reloaded: a new id) counts as changed.
((layout) => {
  const have = window.__gridgamesDrive;
  if (have && have.watch === layout.watch) return have;
  const d = {
    watch: layout.watch,
    id: Math.random().toString(36).slice(2) + Date.now().toString(36),
    seq: 0,
  };
  const relevant = (node) => {
    const el = node && (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
    return !!el && !!el.closest(layout.watch);
  };
  const count = (records) => {
    for (const r of records) {
      if (relevant(r.target)) {
        d.seq++;
        return;
      }
    }
  };
  const observer = new MutationObserver(count);
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  const snapshot = (extra) => {
    count(observer.takeRecords());
    let state;
    try {
      state = layout.read();
    } catch (e) {
      state = { found: false, missing: 'the reading script failed: ' + e };
    }
    return Object.assign({ id: d.id, seq: d.seq, state }, extra);
  };
  // onFrame runs f on the next animation frame, or after 100 ms in a page that
  // gets no frames (in the background).
  const onFrame = (f) => {
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        f();
      }
    };
    requestAnimationFrame(once);
    setTimeout(once, 100);
  };
  d.state = () => new Promise((resolve) => onFrame(() => resolve(snapshot({ changed: true }))));
  d.wait = (id, seq, quietMs, limitMs) => new Promise((resolve) => {
    const start = performance.now();
    const base = id === d.id ? seq : -1;
    count(observer.takeRecords());
    let last = d.seq;
    const tick = () => {
      count(observer.takeRecords());
      const elapsed = performance.now() - start;
      if (d.seq > base && d.seq === last) {
        resolve(snapshot({ changed: true }));
      } else if (elapsed >= limitMs) {
        resolve(snapshot({ changed: d.seq > base, limit: true }));
      } else if (d.seq <= base && elapsed >= quietMs) {
        resolve(snapshot({ changed: false }));
      } else {
        last = d.seq;
        onFrame(tick);
      }
    };
    onFrame(tick);
  });
  window.__gridgamesDrive = d;
  return d;
})
