// @ts-check
// Starts downloading the board while the page's own script is still downloading and compiling:
// index.html loads this classic script from <head>, where it runs as soon as it is parsed (a
// module script runs only once the whole bundle is in, which made the board wait for it).
// web/src/early-fetch.ts takes the response and must ask for the same file; it fetches itself
// when this did not run (a page saved without it).
(function () {
  var repo = (new URLSearchParams(window.location.search).get('repo') || '').trim();
  var base = repo ? './leaderboard-repos/' + encodeURIComponent(repo) + '/' : './';
  // A published site carries the index only when its page says so (see web/src/lib/site-mode.ts).
  var published = document.querySelector('meta[name="leaderboard-site"][content="published"]') !== null;
  var file = !published || document.querySelector('meta[name="leaderboard-index"]') !== null ? 'leaderboard-index.json' : 'leaderboard-data.json';
  var url = base + file;
  var response = fetch(url, { cache: 'no-store' });
  response.catch(function () {}); // the taker handles a failure; this only silences an early rejection
  /** @type {any} */ (window).__leaderboardEarlyFetch = { url: url, response: response };
})();
