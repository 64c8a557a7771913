// @ts-check
// The colour theme, set before the first paint: index.html loads this classic script from <head>,
// where it blocks rendering for a moment (an inline script would be simpler, but the page's CSP
// allows none, and a module script runs too late: the page would flash light first).
// The choice is 'light' or 'dark' under localStorage 'leaderboard:theme'; none means the system's.
// web/src/theme/theme.ts reads and writes the same key and keeps the theme in step afterwards.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('leaderboard:theme');
  } catch {
    // storage disabled: follow the system
  }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
