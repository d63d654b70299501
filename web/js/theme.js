// Theme: follows the system unless the person picked light or dark, which is kept.
const key = 'gridgames:theme';

export function applyTheme() {
  const t = localStorage.getItem(key);
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}

function toggle() {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark'
    : matchMedia('(prefers-color-scheme: dark)').matches;
  localStorage.setItem(key, dark ? 'light' : 'dark');
  applyTheme();
}

applyTheme();
document.getElementById('theme')?.addEventListener('click', toggle);
