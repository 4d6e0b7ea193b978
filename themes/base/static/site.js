// mdxsite reader behaviour: dark mode, tabs, copy buttons, selectors, drilldown, TOC, menu.
(function () {
  "use strict";
  var doc = document.documentElement;
  // the theme's words in the page's language (#mdxsite-words, on non-English pages), else English
  var words = {};
  try { words = JSON.parse(document.getElementById("mdxsite-words").textContent); } catch (e) { /* English */ }
  function t(key, english) { return words[key] || english; }

  function on(selector, event, handler) {
    document.addEventListener(event, function (e) {
      var el = e.target.closest ? e.target.closest(selector) : null;
      if (el) handler(e, el);
    });
  }

  on("[data-theme-toggle]", "click", function () {
    var dark = doc.classList.toggle("dark");
    try { localStorage.setItem("mdxsite-theme", dark ? "dark" : "light"); } catch (e) { /* private mode */ }
  });

  // a dismissed banner stays closed until its content changes (its id is a hash of the text)
  on("[data-banner-close]", "click", function (e, btn) {
    var banner = btn.closest("[data-banner]");
    banner.hidden = true;
    try { localStorage.setItem("mdxsite-banner", banner.getAttribute("data-banner")); } catch (err) { /* private mode */ }
  });

  // contextual menu (docs.json contextual.options): copy or view the page's .md copy, or open
  // an AI tool with a prompt naming it
  on("[data-contextual-toggle]", "click", function (e, btn) {
    var menu = btn.parentNode.querySelector(".contextual-menu");
    menu.hidden = !menu.hidden;
    btn.setAttribute("aria-expanded", menu.hidden ? "false" : "true");
    if (!menu.hidden) { var item = menu.querySelector("a"); if (item) item.focus(); }
  });
  on("[data-contextual] [data-option]", "click", function (e, link) {
    var box = link.closest("[data-contextual]");
    var md = new URL(box.getAttribute("data-markdown"), location.href).href;
    var option = link.getAttribute("data-option"), url = link.getAttribute("data-url");
    if (option === "copy") {
      e.preventDefault();
      fetch(md).then(function (r) { return r.text(); }).then(function (text) {
        return navigator.clipboard.writeText(text);
      }).then(function () { link.setAttribute("data-copied", t("copied", "Copied")); setTimeout(function () { link.removeAttribute("data-copied"); }, 1500); });
    } else if (option === "custom") {
      e.preventDefault();
      var target = url.replace(/\$path/g, encodeURIComponent(location.pathname));
      if (target.indexOf("$page") < 0) { window.open(target, "_blank", "noopener"); return; }
      fetch(md).then(function (r) { return r.text(); }).then(function (text) {
        window.open(target.replace(/\$page/g, encodeURIComponent(text)), "_blank", "noopener");
      });
    } else if (option === "assistant") {
      e.preventDefault();
      document.dispatchEvent(new CustomEvent("mdxsite:assistant"));
    } else if (url) {
      e.preventDefault();
      var prompt = "Read " + md + " so I can ask questions about it.";
      window.open(url.replace("{prompt}", encodeURIComponent(prompt)), "_blank", "noopener");
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    document.querySelectorAll(".contextual-menu:not([hidden])").forEach(function (menu) {
      menu.hidden = true;
      menu.parentNode.querySelector("[data-contextual-toggle]").setAttribute("aria-expanded", "false");
    });
  });

  // the phone's navigation panel: the menu button opens and closes it, as do Escape and
  // following a link in it
  function setMenu(open) {
    document.body.classList.toggle("menu-open", open);
    document.querySelectorAll("[data-menu-toggle]").forEach(function (btn) {
      btn.setAttribute("aria-expanded", open ? "true" : "false");
      btn.setAttribute("aria-label", open ? t("close_navigation", "Close navigation") : t("open_navigation", "Open navigation"));
    });
  }
  on("[data-menu-toggle]", "click", function () { setMenu(!document.body.classList.contains("menu-open")); });
  on(".sidebar a[href]", "click", function () { setMenu(false); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && document.body.classList.contains("menu-open")) {
      setMenu(false);
      var btn = document.querySelector("[data-menu-toggle]");
      if (btn) btn.focus();
    }
  });

  on("[data-navigate]", "change", function (e, select) { window.location.href = select.value; });

  // tabs (Tabs, CodeGroup): one panel visible. A tab list is one stop of the Tab key, its
  // chosen tab (the WAI-ARIA tabs pattern, as the platform's tabs): the arrow keys, Home and
  // End move between its tabs; Tab went through every tab before reaching the panel
  document.querySelectorAll(".tab-list > .tab-button").forEach(function (b) {
    b.tabIndex = b.getAttribute("aria-selected") === "true" ? 0 : -1;
  });
  on(".tab-button", "click", function (e, btn) { selectTab(btn); });
  on(".tab-button", "keydown", function (e, btn) {
    var all = Array.prototype.slice.call(btn.parentElement.children), at = all.indexOf(btn);
    var to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    var sib = all[(to + all.length) % all.length];
    selectTab(sib); sib.focus();
  });
  on("[data-code-select]", "change", function (e, select) {
    var list = select.closest(".code-group").querySelector(":scope > .tab-list");
    selectTab(list.children[select.selectedIndex]);
  });
  function selectTab(btn) {
    var list = btn.parentElement, box = list.parentElement;
    var buttons = Array.prototype.slice.call(list.children);
    var panels = Array.prototype.filter.call(box.children, function (c) { return c.classList.contains("tab-panel"); });
    var index = buttons.indexOf(btn);
    buttons.forEach(function (b, i) {
      b.setAttribute("aria-selected", i === index ? "true" : "false");
      b.tabIndex = i === index ? 0 : -1;
    });
    panels.forEach(function (p, i) { p.hidden = i !== index; });
    var select = box.querySelector(":scope > .code-group-bar > select");  // CodeGroup dropdown
    if (select) select.selectedIndex = index;
    // Tabs sync (the platform's default): the same title is chosen in the page's other synced tabs
    if (!box.hasAttribute("data-tabs-sync") || selectTab.syncing) return;
    selectTab.syncing = true;
    document.querySelectorAll("[data-tabs-sync] > .tab-list > .tab-button").forEach(function (other) {
      if (other.parentElement !== list && other.textContent.trim() === btn.textContent.trim() &&
          other.getAttribute("aria-selected") !== "true") selectTab(other);
    });
    selectTab.syncing = false;
  }

  on(".copy-button", "click", function (e, btn) {
    var block = btn.closest(".code-block");
    var code = block && block.querySelector("pre");
    if (!code || !navigator.clipboard) return;
    code = code.cloneNode(true);  // copy the code, not the line numbers
    Array.prototype.forEach.call(code.querySelectorAll(".linenos"), function (n) { n.remove(); });
    navigator.clipboard.writeText(code.textContent.replace(/\n$/, "")).then(function () {
      btn.textContent = t("copied", "Copied");
      setTimeout(function () { btn.textContent = t("copy", "Copy"); }, 1500);
    });
  });
  // <Prompt>: the copy action copies the prompt as its author wrote it
  on("[data-prompt-copy]", "click", function (e, btn) {
    var source = btn.closest("[data-prompt]").querySelector("template.prompt-text");
    if (!source || !navigator.clipboard) return;
    navigator.clipboard.writeText(source.content.textContent).then(function () {
      btn.setAttribute("data-copied", "");
      setTimeout(function () { btn.removeAttribute("data-copied"); }, 1500);
    });
  });
  // <Terminal interactive>: a command's button copies that command alone
  on("[data-copy-command]", "click", function (e, btn) {
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(btn.getAttribute("data-copy-command")).then(function () {
      btn.setAttribute("data-copied", "");
      setTimeout(function () { btn.removeAttribute("data-copied"); }, 1500);
    });
  });
  // <Popup>: an open popup closes on a click outside it and on Escape
  function closePopups(except) {
    document.querySelectorAll("details[data-popup][open]").forEach(function (popup) {
      if (popup !== except) popup.removeAttribute("open");
    });
  }
  document.addEventListener("click", function (e) {
    closePopups(e.target.closest && e.target.closest("details[data-popup]"));
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") closePopups(null); });
  // <Color.Item>: a click copies the colour's value (the one its mode shows)
  on(".color-item[data-color]", "click", function (e, item) {
    var dark = document.documentElement.classList.contains("dark") && item.getAttribute("data-color-dark");
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(dark || item.getAttribute("data-color")).then(function () {
      item.setAttribute("data-copied", "");
      setTimeout(function () { item.removeAttribute("data-copied"); }, 1500);
    });
  });
  on(".code-expand", "click", function (e, btn) {
    var open = btn.closest(".code-block").classList.toggle("expanded");
    btn.setAttribute("aria-expanded", open ? "true" : "false");
    if (!btn.dataset.label) btn.dataset.label = btn.textContent;
    btn.textContent = open ? t("show_less", "Show less") : btn.dataset.label;
  });

  // drilldown: choosing a nested group goes to its first page; otherwise it only toggles
  on(".nav-subgroup > details > summary", "click", function (e, summary) {
    if (document.body.getAttribute("data-drilldown") !== "true") return;
    var first = summary.parentElement.getAttribute("data-first");
    if (first) { e.preventDefault(); window.location.href = first; }
  });

  // menus (<details class="dropdown">): one open at a time; a click elsewhere or Escape closes
  function closeMenus(except) {
    document.querySelectorAll("details.dropdown[open]").forEach(function (d) { if (d !== except) d.open = false; });
  }
  document.addEventListener("click", function (e) {
    closeMenus(e.target.closest ? e.target.closest("details.dropdown") : null);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    var open = document.querySelector("details.dropdown[open]");
    if (open) { open.open = false; open.querySelector("summary").focus(); }
  });
  // arrow keys move through an open menu's items (Down from its button enters the menu)
  document.addEventListener("keydown", function (e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    var menu = e.target.closest ? e.target.closest("details.dropdown") : null;
    if (!menu) return;
    var items = Array.prototype.slice.call(menu.querySelectorAll(".dropdown-item"));
    if (!items.length) return;
    e.preventDefault();
    if (!menu.open) menu.open = true;
    var at = items.indexOf(e.target);
    var next = at < 0 ? (e.key === "ArrowDown" ? 0 : items.length - 1)
      : (at + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
    items[next].focus();
  });

  function openCurrentGroup() {  // the groups of each link to the page (it may be listed twice)
    var marked = document.querySelectorAll('.sidebar [aria-current="page"]');
    for (var i = 0; i < marked.length; i++) {
      for (var el = marked[i]; el; el = el.parentElement) {
        if (el.tagName === "DETAILS") el.open = true;
      }
    }
    var current = marked[0];
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  // the TOC marks the section being read: the last heading above the top third of the window
  // (at the page's end, the last heading), on every scroll
  function trackToc() {
    var links = Array.prototype.slice.call(document.querySelectorAll(".toc a[href^='#']"));
    var pairs = links.map(function (a) {
      return [a, document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)))];
    }).filter(function (pair) { return pair[1]; });
    if (!pairs.length) return;
    var queued = false;
    function mark() {
      queued = false;
      var line = window.innerHeight / 3, current = pairs[0];
      var atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      pairs.forEach(function (pair) { if (pair[1].getBoundingClientRect().top <= line) current = pair; });
      if (atEnd && window.scrollY > 0) current = pairs[pairs.length - 1];
      // the platform's hooks for a site's own CSS and scripts: li.toc-item[data-active] on the
      // current entry and the entries it sits under, [data-active-deepest] on the current one
      var trail = [], depth = Infinity, at = pairs.indexOf(current);
      for (var i = at; i >= 0; i--) {
        var d = Number(pairs[i][0].parentElement.getAttribute("data-depth")) || 0;
        if (i === at || d < depth) { trail.push(pairs[i]); depth = d; }
      }
      pairs.forEach(function (pair) {
        var on = pair === current, item = pair[0].parentElement;
        pair[0].classList.toggle("active", on);
        if (on) pair[0].setAttribute("aria-current", "location"); else pair[0].removeAttribute("aria-current");
        if (!item || !item.classList.contains("toc-item")) return;
        item.toggleAttribute("data-active", trail.indexOf(pair) >= 0);
        item.toggleAttribute("data-active-deepest", on);
      });
    }
    window.addEventListener("scroll", function () {
      if (!queued) { queued = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }

  // back to top: the button shows once the reader is a screen down the page
  function trackBackToTop() {
    var button = document.querySelector("[data-back-to-top]");
    if (!button) return;
    function toggle() { button.hidden = window.scrollY < window.innerHeight; }
    window.addEventListener("scroll", toggle, { passive: true });
    toggle();
  }
  on("[data-back-to-top]", "click", function () {
    window.scrollTo({ top: 0, behavior: "smooth" });
    var target = document.getElementById("content-area");
    if (target) { target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: true }); }
  });

  // image zoom, as on the platform: an image in the page opens larger over it on click (not
  // one with noZoom, nor one inside a link); Escape, the close button or a click closes it
  var lightbox = null;
  on(".prose img, .custom-canvas img", "click", function (e, img) {
    if (img.hasAttribute("data-no-zoom") || img.closest("a, button, [data-no-zoom]")) return;
    if (!lightbox) {
      lightbox = document.createElement("dialog");
      lightbox.className = "lightbox";
      lightbox.setAttribute("aria-label", t("image", "Image"));
      lightbox.innerHTML = '<img alt=""><button type="button" class="lightbox-close">\u00d7</button>';
      lightbox.querySelector("button").setAttribute("aria-label", t("close_image", "Close image"));
      lightbox.addEventListener("click", function () { lightbox.close(); });
      document.body.appendChild(lightbox);
    }
    var big = lightbox.querySelector("img");
    big.src = img.currentSrc || img.src;
    big.alt = img.alt || "";
    lightbox.showModal();
    lightbox.querySelector(".lightbox-close").focus();
  });

  // Ctrl/Cmd+K opens search (the search plugin listens for this event)
  document.addEventListener("keydown", function (e) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
      e.preventDefault();
      document.dispatchEvent(new CustomEvent("mdxsite:search"));
    }
  });
  // Ctrl/Cmd+C with nothing selected copies the page as Markdown (its .md copy), as on the
  // platform; a selection, or focus in a field, copies as usual
  document.addEventListener("keydown", function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== "c") return;
    var selection = window.getSelection(), target = e.target;
    if ((selection && !selection.isCollapsed) || (target.closest && target.closest("input, textarea, select, [contenteditable]"))) return;
    var link = document.querySelector('link[rel="alternate"][type="text/markdown"]');
    if (!link || !navigator.clipboard) return;
    e.preventDefault();
    fetch(link.href).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) { return navigator.clipboard.writeText(text); })
      .then(function () {
        var toast = document.querySelector(".copy-toast");
        if (!toast) {
          toast = document.createElement("div");
          toast.className = "copy-toast";
          toast.setAttribute("role", "status");
          document.body.appendChild(toast);
        }
        toast.textContent = t("page_copied", "Page copied as Markdown");
        clearTimeout(toast.timer);
        toast.timer = setTimeout(function () { toast.textContent = ""; }, 2000);
      }, function () { /* the clipboard refused: nothing copied, nothing said */ });
  });
  on("[data-search-open]", "click", function () { document.dispatchEvent(new CustomEvent("mdxsite:search")); });

  // docs.json variations (the willow theme): each <Variation> block shows while the reader's
  // variation is one of its ids: ?variation=<id>, else the one kept in local storage, else
  // docs.json's first; the choice is kept and put in the URL, as on the platform
  (function () {
    var selects = Array.prototype.slice.call(document.querySelectorAll("[data-variation-select]"));
    var blocks = Array.prototype.slice.call(document.querySelectorAll("[data-variation]"));
    if (!selects.length && !blocks.length) return;
    var ids = selects.length ? Array.prototype.map.call(selects[0].options, function (o) { return o.value; }) : null;
    function known(id) { return !!id && (!ids || ids.indexOf(id) >= 0); }
    var stored = null;
    try { stored = localStorage.getItem("mdxsite-variation"); } catch (err) { /* private mode */ }
    var asked = new URLSearchParams(location.search).get("variation");
    function apply(id, remember) {
      blocks.forEach(function (b) { b.hidden = b.getAttribute("data-variation").split(" ").indexOf(id) < 0; });
      selects.forEach(function (s) { s.value = id; });
      document.querySelectorAll(".toc a[href^='#']").forEach(function (a) {  // headings hidden with their block
        var target = document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)));
        var block = target && target.closest("[data-variation]");
        a.parentNode.hidden = !!(block && block.hidden);
      });
      if (remember) { try { localStorage.setItem("mdxsite-variation", id); } catch (err) { /* private mode */ } }
      if (ids) {
        var url = new URL(location.href);
        url.searchParams.set("variation", id);
        history.replaceState(history.state, "", url);
      }
    }
    var first = known(asked) ? asked : known(stored) ? stored : ids ? ids[0] : null;
    if (first) apply(first, first === asked);
    selects.forEach(function (s) { s.addEventListener("change", function () { apply(s.value, true); }); });
  })();

  // <Update> tag filter in the table of contents: show only the updates carrying the pressed
  // tags (none pressed: all of them), and their table-of-contents entries
  on("[data-update-tag]", "click", function (e, button) {
    button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
    var wanted = [];
    document.querySelectorAll('[data-update-tag][aria-pressed="true"]').forEach(function (b) {
      wanted.push(b.getAttribute("data-update-tag"));
    });
    document.querySelectorAll("section.update").forEach(function (section) {
      var tags = (section.getAttribute("data-tags") || "").split("|");
      var shown = !wanted.length || wanted.some(function (t) { return tags.indexOf(t) >= 0; });
      section.hidden = !shown;
      var entry = section.id && document.querySelector('.toc a[href="#' + section.id + '"]');
      if (entry) entry.parentNode.hidden = !shown;
    });
  });

  // <View>: the page's views form one menu above the first of them, as on the platform; only
  // the chosen view shows (without script every view shows under its own title)
  function setUpViews() {
    var views = Array.prototype.slice.call(document.querySelectorAll(".prose .view[data-view], .custom-canvas .view[data-view]"));
    if (views.length < 2) return;
    var titles = [];
    views.forEach(function (v) { var t = v.getAttribute("data-view"); if (titles.indexOf(t) < 0) titles.push(t); });
    var bar = document.createElement("div");
    bar.className = "view-bar";
    var select = document.createElement("select");
    select.className = "view-select";
    select.setAttribute("aria-label", t("view", "View"));
    titles.forEach(function (t) { var o = document.createElement("option"); o.textContent = t; select.appendChild(o); });
    bar.appendChild(select);
    views[0].parentNode.insertBefore(bar, views[0]);
    function show() {
      views.forEach(function (v) { v.hidden = v.getAttribute("data-view") !== select.value; });
    }
    select.addEventListener("change", show);
    document.documentElement.classList.add("has-view-menu");
    show();
  }

  // <Tree>: the keyboard of the platform's tree (the WAI-ARIA tree pattern): one tab stop,
  // arrows move through the visible items, right opens a folder or enters it, left closes it or
  // goes to its parent, Home and End, Enter or Space toggle, * opens the sibling folders, typing
  // jumps to the next item whose name starts with the letters typed
  function treeItems(tree) {
    return Array.prototype.filter.call(tree.querySelectorAll('[role="treeitem"]'), function (item) {
      for (var d = item.parentElement.closest("details"); d && tree.contains(d); d = d.parentElement.closest("details")) {
        if (!d.open) return false;  // inside a closed folder
      }
      return true;
    });
  }
  function treeFocus(tree, item) {
    Array.prototype.forEach.call(tree.querySelectorAll('[role="treeitem"]'), function (other) {
      other.tabIndex = other === item ? 0 : -1;
    });
    item.focus();
  }
  function treeOpen(details, open) {  // aria-expanded at once: the toggle event comes later
    details.open = open;
    details.parentElement.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function treeLabel(item) {
    var label = item.querySelector(":scope > details > summary, :scope > .tree-label");
    return (label || item).textContent.trim().toLowerCase();
  }
  function setUpTrees() {
    document.querySelectorAll('.tree[role="tree"]').forEach(function (tree) {
      tree.querySelectorAll('[role="treeitem"]').forEach(function (item, n) {
        item.tabIndex = n ? -1 : 0;
        var details = item.querySelector(":scope > details");
        if (!details) return;
        details.querySelector(":scope > summary").tabIndex = -1;
        item.setAttribute("aria-expanded", details.open ? "true" : "false");
        details.addEventListener("toggle", function () {
          item.setAttribute("aria-expanded", details.open ? "true" : "false");
        });
      });
      var typed = "", typedAt = 0;
      tree.addEventListener("focusin", function (e) {
        var item = e.target.closest('[role="treeitem"]');
        if (item && item.tabIndex !== 0) treeFocus(tree, item);
      });
      tree.addEventListener("keydown", function (e) {
        var item = e.target.closest('[role="treeitem"]');
        if (!item || e.altKey || e.ctrlKey || e.metaKey) return;
        var items = treeItems(tree), at = items.indexOf(item);
        var details = item.querySelector(":scope > details");
        var parent = item.parentElement.closest('[role="treeitem"]');
        var next = null;
        if (e.key === "ArrowDown") next = items[at + 1];
        else if (e.key === "ArrowUp") next = items[at - 1];
        else if (e.key === "Home") next = items[0];
        else if (e.key === "End") next = items[items.length - 1];
        else if (e.key === "ArrowRight" && details) {
          if (!details.open) treeOpen(details, true);
          else next = details.querySelector('[role="treeitem"]');
        } else if (e.key === "ArrowLeft") {
          if (details && details.open) treeOpen(details, false);
          else next = parent;
        } else if ((e.key === "Enter" || e.key === " ") && details) treeOpen(details, !details.open);
        else if (e.key === "*") {
          Array.prototype.forEach.call(item.parentElement.children, function (sibling) {
            var d = sibling.querySelector(":scope > details");
            if (d) treeOpen(d, true);
          });
        } else if (e.key.length === 1 && e.key.trim()) {
          typed = (Date.now() - typedAt < 700 ? typed : "") + e.key.toLowerCase();
          typedAt = Date.now();
          var order = items.slice(at + (typed.length > 1 ? 0 : 1)).concat(items.slice(0, at + 1));
          next = order.filter(function (other) { return treeLabel(other).indexOf(typed) === 0; })[0];
        } else return;
        e.preventDefault();
        if (next) treeFocus(tree, next);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { setUpViews(); setUpTrees(); openCurrentGroup(); trackToc(); trackBackToTop(); });
})();
