/**
 * The pages' one script, inline (allowed by its hash in the page's CSP) and run after the content is shown.
 * Without it the page still shows and prints everything; with it:
 *  - a language chosen before in the app (localStorage 'lang') opens the page in that language, and the
 *    language link keeps the choice for the app too;
 *  - Print buttons print, Share shares the page's link (or copies it);
 *  - `data-app` buttons (the letter's PDF, cancel and my-data) load the web app into the page, which then
 *    shows the same screen with its own dialogs; the button pressed is pressed again in the app once it shows;
 *  - on a page marked `data-staff-app`, a signed-in staff member (a token in localStorage) gets the app at once:
 *    the bill's staff copies, print layouts and cancel buttons live there;
 *  - on a page marked `data-app-now` (the registration form), everyone gets the app at once: it takes the form
 *    over with what was typed (docs/decisions/0042-registration-form-in-its-html.md);
 *  - the language link keeps the choice in the `lang` cookie too, as the app does, so that the next page the site
 *    draws in the visitor's language (the registration form) is in the one chosen.
 * The app is found through /index.html, whose scripts and styles (its inline entry stylesheet too: the fonts, the skip
 * link's place) are added to this page (the app renders into #root).
 */
export const ENHANCE_SCRIPT = `(function () {
  var d = document, root = d.getElementById('root'), url = new URL(location.href), loading = false;
  function read(k) { try { return localStorage.getItem(k); } catch (e) { return null; } }
  function keep(k, v) { try { localStorage.setItem(k, v); } catch (e) {} d.cookie = k + '=' + v + '; path=/; max-age=31536000; samesite=lax'; }
  var chosen = read('lang');
  if (!url.searchParams.has('lang') && (chosen === 'en' || chosen === 'hi') && chosen !== d.documentElement.lang) {
    url.searchParams.set('lang', chosen);
    location.replace(url.href);
    return;
  }
  d.documentElement.classList.add('js');
  function note(text) { var n = d.querySelector('[data-note]'); if (n) n.textContent = text; }
  function share(el) {
    var link = location.origin + location.pathname;
    if (navigator.share) return navigator.share({ url: link, title: el.getAttribute('data-title') || d.title }).catch(function () {});
    if (navigator.clipboard) return navigator.clipboard.writeText(link).then(function () { note(el.getAttribute('data-copied')); }, function () { note(link); });
    note(link);
  }
  function loadApp(action) {
    if (loading) return;
    loading = true;
    if (action) new MutationObserver(function (_, watch) {
      var again = root.querySelector('[data-testid="' + action + '"]:not([data-app])');
      if (again) { watch.disconnect(); again.click(); }
    }).observe(root, { childList: true, subtree: true });
    fetch('/index.html').then(function (r) { return r.text(); }).then(function (text) {
      var shell = new DOMParser().parseFromString(text, 'text/html');
      shell.querySelectorAll('head style,link[rel=stylesheet],link[rel=modulepreload],script[type=module]').forEach(function (el) {
        var copy = d.createElement(el.tagName);
        for (var i = 0; i < el.attributes.length; i++) copy.setAttribute(el.attributes[i].name, el.attributes[i].value);
        copy.textContent = el.textContent;
        d.head.appendChild(copy);
      });
    }, function () { loading = false; });
  }
  d.addEventListener('click', function (e) {
    var el = e.target.closest && e.target.closest('[data-lang],[data-print],[data-share],[data-app]');
    if (!el) return;
    if (el.hasAttribute('data-lang')) return keep('lang', el.getAttribute('data-lang'));
    e.preventDefault();
    if (el.hasAttribute('data-print')) print();
    else if (el.hasAttribute('data-share')) share(el);
    else loadApp(el.getAttribute('data-app'));
  });
  if (root.hasAttribute('data-app-now') || (root.hasAttribute('data-staff-app') && read('token'))) loadApp();
})();`;
