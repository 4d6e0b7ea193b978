// Assistant chat widget: asks POST {endpoint}/{domain}/message and reads the AI SDK v4 data
// stream line by line (0: text, h: source, d: finish with threadId, 3: error). Linked only
// when docs.json enables the assistant plugin; the key comes from the server at run time.
(function () {
  "use strict";
  var state = { config: null, key: null, threadId: null, messages: [], busy: false };
  function base() {
    var link = document.querySelector('link[href$="_mdxsite/style.css"]');
    return link ? link.getAttribute("href").replace(/_mdxsite\/style\.css$/, "") : "/";
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }
  function json(url, options) {
    return fetch(url, options).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        if (!r.ok) throw new Error((body.error && body.error.message) || "HTTP " + r.status);
        return body;
      });
    });
  }
  function setup() {
    if (state.config) return Promise.resolve();
    return json(base() + "_mdxsite/assistant.json").then(function (config) {
      return json(config.endpoint + "/" + encodeURIComponent(config.domain) + "/widget")
        .then(function (w) { state.config = config; state.key = w.key; });
    });
  }
  function safeUrl(url) {
    return /^(\/|https?:\/\/)/.test(url) ? url : "#";
  }
  function ask(question, log) {
    var turn = el("div", "assistant-turn assistant-user", question);
    log.appendChild(turn);
    var answer = el("div", "assistant-turn assistant-answer");
    var text = el("div", "assistant-text");
    var sources = el("ol", "assistant-sources");
    answer.appendChild(text);
    answer.appendChild(sources);
    log.appendChild(answer);
    answer.setAttribute("aria-busy", "true");
    state.messages.push({ id: "m" + Date.now(), role: "user", content: question,
      parts: [{ type: "text", text: question }] });
    return setup().then(function () {
      var url = state.config.endpoint + "/" + encodeURIComponent(state.config.domain) + "/message";
      return fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Authorization": "Bearer " + state.key },
        body: JSON.stringify({ fp: "anonymous", messages: state.messages, threadId: state.threadId,
          retrievalPageSize: 5 })
      });
    }).then(function (r) {
      if (!r.ok) {
        return r.json().catch(function () { return {}; }).then(function (body) {
          throw new Error((body.error && body.error.message) || "HTTP " + r.status);
        });
      }
      var reader = r.body.getReader();
      var decoder = new TextDecoder();
      var buffer = "";
      var full = "";
      function line(l) {
        var i = l.indexOf(":");
        if (i < 1) return;
        var code = l.slice(0, i), value = JSON.parse(l.slice(i + 1));
        if (code === "0") { full += value; text.textContent = full; log.scrollTop = log.scrollHeight; }
        else if (code === "h") {
          var li = el("li"), a = el("a", null, value.title || value.url);
          a.href = safeUrl(value.url);
          li.appendChild(a);
          sources.appendChild(li);
        } else if (code === "d" && value.threadId) { state.threadId = value.threadId; }
        else if (code === "3") { answer.appendChild(el("p", "assistant-error", value)); }
      }
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) {
            if (buffer) line(buffer);
            state.messages.push({ id: "a" + Date.now(), role: "assistant", content: full,
              parts: [{ type: "text", text: full }] });
            return;
          }
          buffer += decoder.decode(chunk.value, { stream: true });
          var lines = buffer.split("\n");
          buffer = lines.pop();
          lines.forEach(line);
          return pump();
        });
      }
      return pump();
    }).catch(function (err) {
      state.messages.pop();
      answer.appendChild(el("p", "assistant-error", err.message));
    }).then(function () { answer.removeAttribute("aria-busy"); });
  }
  function build() {
    var words = {};  // the page's words (#mdxsite-words on non-English pages), else English
    try { words = JSON.parse(document.getElementById("mdxsite-words").textContent); } catch (e) { /* English */ }
    function t(key, english) { return words[key] || english; }
    var open = el("button", "assistant-open", t("ask_ai", "Ask AI"));
    open.type = "button";
    open.id = "assistant-entry";  // the platform's identifier, which sites' own CSS styles
    open.setAttribute("aria-expanded", "false");
    var panel = el("section", "assistant-panel");
    panel.id = "chat-assistant-sheet";
    panel.hidden = true;
    panel.setAttribute("aria-label", t("ask_the_docs", "Ask the docs"));
    var head = el("header", "assistant-head");
    head.appendChild(el("h2", null, t("ask_the_docs", "Ask the docs")));
    var close = el("button", "assistant-close", "\u00d7");
    close.type = "button";
    close.setAttribute("aria-label", t("close", "Close"));
    head.appendChild(close);
    var log = el("div", "assistant-log");
    log.setAttribute("aria-live", "polite");
    var form = el("form", "assistant-form");
    var input = el("input");
    input.id = "chat-assistant-textarea";
    input.type = "text";
    input.name = "question";
    input.placeholder = t("ask_placeholder", "Ask a question about these docs");
    input.setAttribute("aria-label", t("question", "Question"));
    var send = el("button", null, t("send", "Send"));
    send.type = "submit";
    form.appendChild(input);
    form.appendChild(send);
    panel.appendChild(head);
    panel.appendChild(log);
    panel.appendChild(form);
    document.body.appendChild(open);
    document.body.appendChild(panel);
    function toggle(show) {
      panel.hidden = !show;
      open.setAttribute("aria-expanded", String(show));
      if (show) input.focus();
    }
    open.addEventListener("click", function () { toggle(panel.hidden); });
    close.addEventListener("click", function () { toggle(false); open.focus(); });
    panel.addEventListener("keydown", function (e) { if (e.key === "Escape") { toggle(false); open.focus(); } });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var q = input.value.trim();
      if (!q || state.busy) return;
      input.value = "";
      state.busy = true;
      send.disabled = true;
      ask(q, log).then(function () { state.busy = false; send.disabled = false; input.focus(); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build);
  else build();
})();
