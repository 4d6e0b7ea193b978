// mdxsite dev client: added to every HTML page the dev server sends (never to built files).
// Listens to the server's rebuild events: reloads this tab when its page changed (at the
// same scroll position) and shows build errors in an overlay until a rebuild succeeds.
(function () {
  'use strict';
  var KEY = 'mdxsite-dev-scroll';
  var overlay = null;

  function here() {
    var p = location.pathname;
    return /\/$|\.[A-Za-z0-9]+$/.test(p) ? p : p + '/';
  }

  try {  // a reload we caused: go back to where the reader was
    var saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    if (saved && saved.path === location.pathname) {
      sessionStorage.removeItem(KEY);
      history.scrollRestoration = 'manual';
      var restore = function () { window.scrollTo(saved.x, saved.y); };
      restore();
      window.addEventListener('DOMContentLoaded', restore);
      window.addEventListener('load', restore);
    }
  } catch (e) { /* storage disabled: a plain reload */ }

  function reload() {
    try {
      sessionStorage.setItem(KEY, JSON.stringify({path: location.pathname,
                                                  x: window.scrollX, y: window.scrollY}));
    } catch (e) { /* ignore */ }
    location.reload();
  }

  function showErrors(lines) {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'mdxsite-dev-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;' +
        'background:rgba(20,20,24,.92);color:#fff;padding:32px;font:14px/1.5 ui-monospace,' +
        'SFMono-Regular,Menlo,Consolas,monospace';
      document.body.appendChild(overlay);
    }
    overlay.textContent = '';
    var title = document.createElement('h2');
    title.textContent = 'Build failed: the last good pages stay served';
    title.style.cssText = 'margin:0 0 16px;font-size:18px;color:#ff8a80';
    overlay.appendChild(title);
    lines.forEach(function (line) {
      var pre = document.createElement('pre');
      pre.className = 'mdxsite-dev-error';
      pre.style.cssText = 'white-space:pre-wrap;margin:0 0 12px;padding:12px;' +
        'background:rgba(255,255,255,.06);border-left:4px solid #ff5252';
      pre.textContent = line;
      overlay.appendChild(pre);
    });
    var note = document.createElement('p');
    note.textContent = 'Fix the file and save: this closes by itself.';
    note.style.cssText = 'opacity:.7';
    overlay.appendChild(note);
  }

  function clearErrors() {
    if (overlay) { overlay.remove(); overlay = null; }
  }

  function handle(event) {
    if (event.errors && event.errors.length) { showErrors(event.errors); } else { clearErrors(); }
    if (event.type === 'rebuilt' && (event.reloadAll || (event.pages || []).indexOf(here()) >= 0)) {
      reload();
    }
  }

  function connect() {
    var source = new EventSource('/_mdxsite/dev/events');
    source.onmessage = function (msg) {
      try { handle(JSON.parse(msg.data)); } catch (e) { /* a malformed event: ignore */ }
      window.__mdxsiteDev.connected = true;  // the server sends this tab every rebuild from now on
    };
  }

  window.__mdxsiteDev = {handle: handle, connected: false};
  if (document.body) { connect(); } else { document.addEventListener('DOMContentLoaded', connect); }
})();
