// Search dialog (Ctrl/Cmd+K): Pagefind's own UI, loaded from this site on first use.
(function () {
  "use strict";
  // the theme's words in the page's language (#mdxsite-words, on non-English pages), else English
  var words = {};
  try { words = JSON.parse(document.getElementById("mdxsite-words").textContent); } catch (e) { /* English */ }
  function t(key, english) { return words[key] || english; }
  var dialog = null;
  // this script is /<base>/_mdxsite/search.<hash>.js: the site's base URL is what precedes it
  var self = document.currentScript && document.currentScript.getAttribute("src") || "/_mdxsite/";
  var siteBase = self.replace(/_mdxsite\/[^\/]*$/, "");
  // a site with versions has one index per version (plugins/search.py bundle_dir)
  function bundle() {
    var version = document.body.getAttribute("data-version");
    return siteBase + "_pagefind/" + (version ? version.toLowerCase().replace(/[^a-z0-9._-]/g, "-") + "/" : "");
  }
  // A large index is split into shards, listed in shard~list.json (plugins/search.py
  // SHARD_LIST, written for an index of one shard too); without that file (an older build)
  // the folder holds the one index. Pagefind searches every
  // merged shard in the first one's language and falls back to a shard's largest language
  // when it lacks the reader's, so only shards holding the reader's language are searched.
  function shardsFor(listing) {
    var all = listing && listing.shards && listing.shards.length ? listing.shards : [{ path: "" }];
    var lang = (document.documentElement.getAttribute("lang") || "unknown").toLowerCase();
    var mine = all.filter(function (shard) {
      var languages = shard.languages || [];
      return languages.indexOf(lang) >= 0 || languages.indexOf(lang.split("-")[0]) >= 0;
    });
    return mine.length ? mine : all;
  }
  // docs.json search.prompt, written on the search button by the theme
  function prompt() {
    var button = document.querySelector("[data-search-open]");
    return button && button.getAttribute("data-prompt") || t("search", "Search");
  }
  function start(listing) {
    var base = bundle();
    var shards = shardsFor(listing);
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = base + "pagefind-ui.css";
    document.head.appendChild(css);
    var script = document.createElement("script");
    script.src = base + "pagefind-ui.js";
    script.onload = function () {
      var merged = shards.slice(1).map(function (s) { return { bundlePath: base + s.path }; });
      var pending = dialog.querySelector(".search-pending");
      var typed = pending ? pending.value : "";
      var hadFocus = pending && document.activeElement === pending;
      var ui = new window.PagefindUI({ element: "#mdxsite-search", showSubResults: true,
        bundlePath: base + shards[0].path, mergeIndex: merged, baseUrl: siteBase,
        showImages: false, resetStyles: false, autofocus: true,
        translations: { placeholder: prompt() } });
      if (pending) pending.remove();
      // hand over what the reader typed while Pagefind loaded: the input shows it, caret at
      // its end, and its results are listed
      var input = dialog.querySelector("#mdxsite-search input");
      if (input && typed) {
        input.value = typed;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        ui.triggerSearch(typed);
      }
      if (input && (hadFocus || dialog.open)) {
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      }
    };
    script.onerror = function () {
      dialog.querySelector("#mdxsite-search").textContent = t("search_unavailable", "Search is not available on this build.");
    };
    document.head.appendChild(script);
  }
  function open() {
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.className = "search-dialog";
      dialog.setAttribute("aria-label", t("search", "Search"));
      // a plain input takes the keys typed before Pagefind's UI has loaded (the first
      // keystrokes after Ctrl+K would be lost otherwise); start() swaps it for Pagefind's
      dialog.innerHTML = '<input class="search-pending" type="search" autocomplete="off">' +
        '<div id="mdxsite-search"></div>';
      var pending = dialog.querySelector(".search-pending");
      pending.setAttribute("placeholder", prompt());
      pending.setAttribute("aria-label", prompt());
      document.body.appendChild(dialog);
      dialog.addEventListener("click", function (e) { if (e.target === dialog) dialog.close(); });
      // the arrow keys walk the results, as in the platform's search: Down from the box
      // enters the list, Up from its first result returns to the box, Enter opens a result
      // (it is a link); Tab still goes through every control
      dialog.addEventListener("keydown", function (e) {
        if (e.key !== "ArrowDown" && e.key !== "ArrowUp" || e.altKey || e.ctrlKey || e.metaKey) return;
        var items = Array.prototype.slice.call(
          dialog.querySelectorAll(".pagefind-ui__result-link, .pagefind-ui__button"));
        if (!items.length) return;
        var at = items.indexOf(document.activeElement);
        var box = dialog.querySelector("#mdxsite-search input");
        e.preventDefault();
        if (e.key === "ArrowDown") items[Math.min(at + 1, items.length - 1)].focus();
        else if (at > 0) items[at - 1].focus();
        else if (box) box.focus();
      });
      // revalidated, not taken from the cache: a redeploy may add or drop shards
      fetch(bundle() + "shard~list.json", { cache: "no-cache" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; })
        .then(start);
    }
    dialog.showModal();
    var input = dialog.querySelector("input");
    if (input) input.focus();
  }
  document.addEventListener("mdxsite:search", open);
})();
