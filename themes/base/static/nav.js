// A large section's page carries only a window of its sidebar (the groups around the page,
// marked and opened by the server) and a link to the page holding the whole sidebar. This
// fetches that page once per section (its name changes with its bytes, so the browser may keep
// it) and swaps its list in: the same markup as an inline sidebar, with the current page
// marked, its groups open, and the current link left where the reader saw it.
(function () {
  "use strict";

  function sameLink(list, href) {
    var links = list.querySelectorAll("a[href]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("href") === href) return links[i];
    }
    return null;
  }

  function swap(box, text) {
    var found = new DOMParser().parseFromString(text, "text/html").querySelector("#nav-full > .nav-list");
    var window_ = box.querySelector(":scope > .nav-list");
    if (!found || !window_) return;
    var full = document.importNode(found, true);
    var sidebar = box.closest(".sidebar") || box.parentNode;
    var current = window_.querySelector('[aria-current="page"]');
    var focused = box.contains(document.activeElement) ? document.activeElement : null;
    var before = current ? current.getBoundingClientRect().top : 0;
    var mark = current ? sameLink(full, current.getAttribute("href")) : null;
    var links = current ? full.querySelectorAll("a[href]") : [];
    for (var i = 0; i < links.length; i++) {  // each link to the page: it may be listed twice
      if (links[i].getAttribute("href") !== current.getAttribute("href")) continue;
      links[i].setAttribute("aria-current", "page");
      for (var el = links[i].parentElement; el && el !== full; el = el.parentElement) {
        if (el.tagName === "DETAILS") el.open = true;
      }
    }
    box.parentNode.replaceChild(full, box);
    // keep the current link where it was: the groups above it now take room
    if (mark && current) sidebar.scrollTop += mark.getBoundingClientRect().top - before;
    // a reader who tabbed into the window stays on the same link
    var again = null;
    if (focused) {  // on a link the whole sidebar also has: that one; else the current page's
      again = (focused.getAttribute("href") && sameLink(full, focused.getAttribute("href"))) ||
        mark || full.querySelector("a[href], summary");
    }
    if (again) {
      for (var up = again.parentElement; up && up !== full; up = up.parentElement) {
        if (up.tagName === "DETAILS") up.open = true;
      }
      again.focus({ preventScroll: true });
    }
  }

  function load() {
    var box = document.querySelector(".sidebar [data-nav-full]");
    if (!box || !window.fetch || !window.DOMParser) return;
    fetch(box.getAttribute("data-nav-full")).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.text();
    }).then(function (text) { swap(box, text); }).catch(function () {
      // the window and its link to the whole sidebar stay: nothing is lost
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  else load();
})();
