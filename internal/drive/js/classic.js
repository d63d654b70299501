// The classic 2048 layout (gabrielecirulli/2048), for runtime.js: the elements
// whose changes a move makes, and a reading of the page: the grid's size from
// .grid-row and its .grid-cell children, every .tile-container .tile's classes
// (tile-<value> tile-position-<col>-<row>), the score container's own text (not
// its "+N" child), the .game-message state, and whether an animation runs inside
// the tile container. Go makes the board of it.
({
  watch: '.tile-container, .score-container, .game-message',
  read() {
    const tiles = document.querySelector('.tile-container');
    const grid = document.querySelector('.grid-container') || document;
    const rows = [...grid.querySelectorAll('.grid-row')];
    if (!tiles || !rows.length) {
      return { found: false, missing: tiles ? 'no .grid-row' : 'no .tile-container' };
    }
    const scoreEl = document.querySelector('.score-container');
    const own = scoreEl ? [...scoreEl.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim() : '';
    const msg = document.querySelector('.game-message');
    return {
      found: true,
      rows: rows.length,
      cols: rows[0].querySelectorAll('.grid-cell').length,
      tiles: [...tiles.querySelectorAll('.tile')].map((el) => ({ class: el.getAttribute('class') || '' })),
      score: own || (scoreEl ? scoreEl.textContent : ''),
      over: !!msg && msg.classList.contains('game-over'),
      won: !!msg && msg.classList.contains('game-won'),
      busy: document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target && tiles.contains(a.effect.target)),
    };
  },
})
