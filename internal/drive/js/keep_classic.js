// Clicks the classic page's "Keep going" button; false when there is none.
(() => {
  const b = document.querySelector('.game-message .keep-playing-button') || document.querySelector('.keep-playing-button');
  if (!b) return false;
  b.click();
  return true;
})()
