/* API pages: the endpoint's copy button, and lazy schemas. A nested schema past the page's inline budget is a <details class="api-lazy">
   whose fields load from a fragment the first time it opens (without scripts, its link opens
   that fragment). Fragments hold lazy nodes too: the same handler serves them. */
(function () {
  "use strict";
  // the theme's words in the page's language (#mdxsite-words, on non-English pages), else English
  var words = {};
  try { words = JSON.parse(document.getElementById("mdxsite-words").textContent); } catch (e) { /* English */ }
  function t(key, english) { return words[key] || english; }

  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (!box.classList || !box.classList.contains("api-lazy") || !box.open) return;
    if (box.getAttribute("data-state")) return;
    var body = box.querySelector(".expandable-body");
    var src = box.getAttribute("data-src");
    if (!body || !src) return;
    box.setAttribute("data-state", "loading");
    fetch(src, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + response.statusText);
      return response.text();
    }).then(function (html) {
      // a fragment is our own build's output, drawn from the document's escaped text
      body.innerHTML = html;
      box.setAttribute("data-state", "loaded");
    }).catch(function (error) {
      box.removeAttribute("data-state");  // opening it again retries
      var note = document.createElement("p");
      note.className = "api-note api-error";
      note.textContent = t("fields_not_loaded", "These fields could not be loaded ({error}).").replace("{error}", error.message) + " ";
      body.appendChild(note);
    });
  }, true);  // toggle does not bubble: listen while it descends

  // the endpoint's copy button: its full URL (the first server's), as a reader pastes it
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy-endpoint]");
    if (!button || !navigator.clipboard) return;
    event.stopPropagation();
    navigator.clipboard.writeText(button.getAttribute("data-copy-endpoint")).then(function () {
      button.textContent = t("copied", "Copied");
      setTimeout(function () { button.textContent = t("copy", "Copy"); }, 1500);
    });
  }, true);
})();
