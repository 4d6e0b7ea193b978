// Draws each <pre class="mermaid"> with the bundled mermaid script (linked only on pages that
// have a diagram) and draws them again when the reader switches between light and dark.
// A drawn diagram gets the platform's zoom and pan controls when it is taller than 120px, or
// as its block's actions option says (data-actions), in the corner its placement option names
// (data-placement, bottom-right by default).
(function () {
  var blocks = Array.prototype.slice.call(document.querySelectorAll('pre.mermaid'));
  if (!window.mermaid || !blocks.length) return;  // no bundle: the source stays readable
  var root = document.documentElement;
  // the theme's words in the page's language (#mdxsite-words, on non-English pages), else English
  var words = {};
  try { words = JSON.parse(document.getElementById('mdxsite-words').textContent); } catch (e) { /* English */ }
  function t(key, english) { return words[key] || english; }
  var sources = blocks.map(function (b) { return b.textContent; });
  var drawnDark = null;
  function draw() {
    var dark = root.classList.contains('dark');
    if (dark === drawnDark) return;
    drawnDark = dark;
    blocks.forEach(function (b, i) { b.removeAttribute('data-processed'); b.textContent = sources[i]; });
    window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict',
                                theme: dark ? 'dark' : 'default' });
    window.mermaid.run({ nodes: blocks }).then(function () {
      blocks.forEach(controls);
    }).catch(function (err) {
      if (window.console) console.warn('mermaid:', err);
    });
  }
  var views = blocks.map(function () { return { x: 0, y: 0, scale: 1 }; });
  function show(i) {
    var svg = blocks[i].querySelector('svg');
    var v = views[i];
    if (svg) svg.style.transform = 'translate(' + v.x + 'px, ' + v.y + 'px) scale(' + v.scale + ')';
  }
  // [label, text, what it does to the view]; null leaves a cell of the 3x3 pad empty
  var BUTTONS = [
    [t('zoom_in', 'Zoom in'), '+', function (v) { v.scale = Math.min(v.scale * 1.25, 8); }],
    [t('pan_up', 'Pan up'), '\u2191', function (v) { v.y -= 40; }],
    [t('zoom_out', 'Zoom out'), '\u2212', function (v) { v.scale = Math.max(v.scale / 1.25, 0.2); }],
    [t('pan_left', 'Pan left'), '\u2190', function (v) { v.x -= 40; }],
    [t('reset_view', 'Reset view'), '\u27f2', function (v) { v.x = 0; v.y = 0; v.scale = 1; }],
    [t('pan_right', 'Pan right'), '\u2192', function (v) { v.x += 40; }],
    null,
    [t('pan_down', 'Pan down'), '\u2193', function (v) { v.y += 40; }],
    null
  ];
  function controls(block, i) {
    show(i);  // a redraw (light/dark) keeps the reader's view
    var svg = block.querySelector('svg');
    var wanted = block.getAttribute('data-actions');
    if (!svg || block.parentNode.classList.contains('mermaid-frame') || wanted === 'false' ||
        (wanted !== 'true' && svg.getBoundingClientRect().height <= 120)) return;
    var frame = document.createElement('div');
    frame.className = 'mermaid-frame';
    block.parentNode.insertBefore(frame, block);
    frame.appendChild(block);
    var pad = document.createElement('div');
    pad.className = 'mermaid-controls mermaid-controls-' +
      (block.getAttribute('data-placement') || 'bottom-right');
    pad.setAttribute('role', 'group');
    pad.setAttribute('aria-label', t('diagram_view', 'Diagram view'));
    BUTTONS.forEach(function (b) {
      if (!b) { pad.appendChild(document.createElement('span')); return; }
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = b[1];
      button.setAttribute('aria-label', b[0]);
      button.title = b[0];
      button.addEventListener('click', function () { b[2](views[i]); show(i); });
      pad.appendChild(button);
    });
    frame.appendChild(pad);
  }
  draw();
  new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ['class'] });
})();
