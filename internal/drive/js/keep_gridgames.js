// Clicks "Keep going" in the gridgames page's end dialog; false when there is none.
(() => {
  const b = [...document.querySelectorAll('#dlg-end button')].find((el) => /keep going/i.test(el.textContent));
  if (!b) return false;
  b.click();
  return true;
})()
