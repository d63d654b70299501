// The gridgames 2048 page (web/2048.html), for runtime.js: the elements whose
// changes a move makes, and a reading of the page: the board's columns from
// #board's --cols and its rows from the #bg cells, every #tiles .tile (data-cell
// "row,col" 0-based and its text), #score, the end dialog (#dlg-end open with
// "Game over" or "You win!"), and whether an animation runs on the board.
({
  watch: '#board, #score, #dlg-end',
  read() {
    const board = document.getElementById('board');
    const tiles = document.getElementById('tiles');
    const bg = document.getElementById('bg');
    if (!board || !tiles || !bg) return { found: false, missing: 'no #board with #tiles and #bg' };
    const cols = parseInt(board.style.getPropertyValue('--cols'), 10);
    const n = bg.children.length;
    if (!(cols > 0) || !n) return { found: false, missing: 'the board is not drawn yet' };
    const dlg = document.getElementById('dlg-end');
    const open = !!dlg && dlg.open;
    const title = ((document.getElementById('end-title') || {}).textContent || '').toLowerCase();
    return {
      found: true,
      rows: Math.round(n / cols),
      cols,
      tiles: [...tiles.querySelectorAll('.tile')].map((el) => ({ class: el.className, cell: el.dataset.cell || '', text: el.textContent.trim() })),
      score: (document.getElementById('score') || {}).textContent || '',
      over: open && title.includes('over'),
      won: open && title.includes('win'),
      busy: document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target && board.contains(a.effect.target)),
    };
  },
})
