// Names the layout of the page: "classic" (gabrielecirulli/2048's markup),
// "gridgames" (this project's web/2048.html) or "" (neither, yet).
(() => {
  if (document.querySelector('.tile-container') && document.querySelector('.grid-row')) return 'classic';
  if (document.querySelector('#board #tiles') && document.getElementById('bg')) return 'gridgames';
  return '';
})()
