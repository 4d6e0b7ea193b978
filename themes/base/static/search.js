// Search dialog (Ctrl/Cmd+K): Pagefind's own UI, loaded from this site on first use.
(function () {
  "use strict";
  var dialog = null;
  // this script is /<base>/_mdxsite/search.<hash>.js: the site's base URL is what precedes it
  var self = document.currentScript && document.currentScript.getAttribute("src") || "/_mdxsite/";
  var siteBase = self.replace(/_mdxsite\/[^\/]*$/, "");
  // a site with versions has one index per version (plugins/search.py bundle_dir)
  function bundle() {
    var version = document.body.getAttribute("data-version");
    return siteBase + "_pagefind/" + (version ? version.toLowerCase().replace(/[^a-z0-9._-]/g, "-") + "/" : "");
  }
  function open() {
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.className = "search-dialog";
      dialog.setAttribute("aria-label", "Search");
      dialog.innerHTML = '<div id="mdxsite-search"></div>';
      document.body.appendChild(dialog);
      dialog.addEventListener("click", function (e) { if (e.target === dialog) dialog.close(); });
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = bundle() + "pagefind-ui.css";
      document.head.appendChild(css);
      var script = document.createElement("script");
      script.src = bundle() + "pagefind-ui.js";
      script.onload = function () {
        new window.PagefindUI({ element: "#mdxsite-search", showSubResults: true,
          bundlePath: bundle(), baseUrl: siteBase, showImages: false,
          resetStyles: false, autofocus: true });
      };
      script.onerror = function () {
        dialog.querySelector("#mdxsite-search").textContent = "Search is not available on this build.";
      };
      document.head.appendChild(script);
    }
    dialog.showModal();
    var input = dialog.querySelector("input");
    if (input) input.focus();
  }
  document.addEventListener("mdxsite:search", open);
})();
