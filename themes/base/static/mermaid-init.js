// Draws each <pre class="mermaid"> with the bundled mermaid script (linked only on pages that
// have a diagram) and draws them again when the reader switches between light and dark.
(function () {
  var blocks = Array.prototype.slice.call(document.querySelectorAll('pre.mermaid'));
  if (!window.mermaid || !blocks.length) return;  // no bundle: the source stays readable
  var root = document.documentElement;
  var sources = blocks.map(function (b) { return b.textContent; });
  var drawnDark = null;
  function draw() {
    var dark = root.classList.contains('dark');
    if (dark === drawnDark) return;
    drawnDark = dark;
    blocks.forEach(function (b, i) { b.removeAttribute('data-processed'); b.textContent = sources[i]; });
    window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict',
                                theme: dark ? 'dark' : 'default' });
    window.mermaid.run({ nodes: blocks }).catch(function (err) {
      if (window.console) console.warn('mermaid:', err);
    });
  }
  draw();
  new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ['class'] });
})();
