/* API playground: builds the request from the form on an API page and, in interactive mode,
   sends it from the browser with fetch. No dependencies; loaded only on operation pages. */
(function () {
  "use strict";
  // the theme's words in the page's language (#mdxsite-words, on non-English pages), else English
  var words = {};
  try { words = JSON.parse(document.getElementById("mdxsite-words").textContent); } catch (e) { /* English */ }
  function t(key, english) { return words[key] || english; }

  function $(root, sel) { return root.querySelector(sel); }
  function $all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }

  // a form body the way form APIs (Stripe's) read nested values: a[b]=c, a[0]=x; a field the
  // media type's encoding styles is spelled as a query parameter of that style (text=a&text=b)
  function formEncode(text, encoding) {
    var value;
    try { value = JSON.parse(text); } catch (e) { return text; }  // already encoded
    if (value === null || typeof value !== "object") return text;
    var out = [];
    function add(prefix, v) {
      if (v === null || v === undefined) return;
      if (typeof v === "object") {
        Object.keys(v).forEach(function (k) { add(prefix ? prefix + "[" + k + "]" : k, v[k]); });
      } else {
        out.push(encodeURIComponent(prefix).replace(/%5B/g, "[").replace(/%5D/g, "]") + "=" +
                 encodeURIComponent(String(v)));
      }
    }
    Object.keys(value).forEach(function (k) {
      var styled = encoding && encoding[k], v = value[k];
      // an array of plain values with no encoding: OpenAPI's default, form exploded (a=1&a=2)
      if (!styled && Array.isArray(v) && v.every(function (x) {
        return x === null || typeof x !== "object"; })) {
        styled = ["form", true];
        v = v.filter(function (x) { return x !== null && x !== undefined; });
      }
      if (!styled || styled[0] === "deepObject" || v === null || typeof v !== "object") {
        add(k, v);
        return;
      }
      styledPairs(k, v, styled[0], styled[1]).forEach(function (pair) {
        out.push(encodeURIComponent(pair[0]) + "=" + encodeURIComponent(pair[1]));
      });
    });
    return out.join("&");
  }

  // a query parameter's array or object value (written as JSON, or an array as a comma
  // list) spelled as its style and explode say, as the request samples spell it: ids=1&ids=2
  // (form, exploded: the default), tags=a,b (explode false), filter[status]=open (deepObject)
  var DELIMITERS = { form: ",", spaceDelimited: " ", pipeDelimited: "|" };
  function asText(v) {
    return v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  }
  function queryPairs(input, name, text) {
    var shape = input.getAttribute("data-shape"), value;
    if (!shape) return [[name, text]];
    try { value = JSON.parse(text); } catch (e) { value = undefined; }
    if (shape === "array" && !Array.isArray(value)) {
      value = text.split(",").map(function (v) { return v.trim(); })
        .filter(function (v) { return v !== ""; });
    }
    if (value === null || typeof value !== "object") return [[name, text]];
    return styledPairs(name, value, input.getAttribute("data-style") || "form",
                       input.getAttribute("data-explode") === "true");
  }
  function styledPairs(name, value, style, explode) {
    if (Array.isArray(value)) {
      if (explode || !DELIMITERS.hasOwnProperty(style)) {
        return value.map(function (v) { return [name, asText(v)]; });
      }
      return [[name, value.map(asText).join(DELIMITERS[style])]];
    }
    var keys = Object.keys(value);
    if (style === "deepObject") {
      return keys.map(function (k) { return [name + "[" + k + "]", asText(value[k])]; });
    }
    if (explode) return keys.map(function (k) { return [k, asText(value[k])]; });
    return [[name, keys.map(function (k) { return k + "," + asText(value[k]); }).join(",")]];
  }

  // a path, header or cookie parameter's array or object spelled as its style says, as the
  // request samples spell it (samples.styled_value): X-Ids: 1,2 (simple, their default in a
  // path or header), /items/.a.b (label, exploded), /items/;id=a,b (matrix), ids=a,b (cookie)
  function simple(value, explode, piece) {
    if (Array.isArray(value)) return value.map(function (v) { return piece(asText(v)); }).join(",");
    if (value !== null && typeof value === "object") {
      return Object.keys(value).map(function (k) {
        return piece(k) + (explode ? "=" : ",") + piece(asText(value[k]));
      }).join(",");
    }
    return piece(asText(value));
  }
  function styledValue(input, where, name, text) {
    var shape = input.getAttribute("data-shape"), value = text;
    if (shape === "array" || shape === "object") {
      try { value = JSON.parse(text); } catch (e) { value = undefined; }
      if (shape === "array" && !Array.isArray(value)) {
        value = text.split(",").map(function (v) { return v.trim(); })
          .filter(function (v) { return v !== ""; });
      }
      if (value === null || typeof value !== "object") value = text;
    }
    var explode = input.getAttribute("data-explode") === "true";
    if (where !== "path") return simple(value, explode && where === "header", String);
    var style = input.getAttribute("data-style") || "simple", piece = encodeURIComponent;
    var many = value !== null && typeof value === "object";
    if (style === "label") {
      return "." + (explode && many ? simple(value, true, piece).split(",").join(".")
                                    : simple(value, false, piece));
    }
    if (style === "matrix") {
      if (explode && Array.isArray(value)) {
        return value.map(function (v) { return ";" + name + "=" + piece(asText(v)); }).join("");
      }
      if (explode && many) {
        return Object.keys(value).map(function (k) {
          return ";" + piece(k) + "=" + piece(asText(value[k]));
        }).join("");
      }
      return ";" + name + "=" + simple(value, false, piece);
    }
    return simple(value, explode, piece);
  }

  function setup(section) {
    var holder = $(section, ".api-playground-config");
    if (!holder) return;
    var config;
    try { config = JSON.parse(holder.textContent); } catch (e) { return; }
    var form = $(section, "form");
    var select = $(section, "[data-pg-server]");
    var preview = $(section, "[data-pg-preview]");

    function serverIndex() { return select ? Number(select.value) || 0 : 0; }

    // a body of several media types: the chosen one's field is shown and sent, with its type
    var contentChoice = $(section, "[data-pg-content-type]");
    function bodyConfig() {
      var choices = config.body && config.body.choices;
      return choices ? choices[Number(contentChoice.value) || 0] : config.body;
    }
    function bodyFields() {
      return contentChoice ? $(section, '[data-pg-content="' + (Number(contentChoice.value) || 0) +
                                '"]') : section;
    }

    // several alternative security requirements: the chosen one's credentials are shown and sent
    var authChoice = $(section, "[data-pg-auth-option]");
    function authOption() { return authChoice ? Number(authChoice.value) || 0 : 0; }

    function showVariables() {
      var index = String(serverIndex());
      $all(section, "[data-server-index]").forEach(function (label) {
        label.hidden = label.getAttribute("data-server-index") !== index;
      });
      $all(section, "[data-pg-content]").forEach(function (box) {
        box.hidden = box.getAttribute("data-pg-content") !== String(contentChoice.value || 0);
      });
      $all(section, "[data-auth-options]").forEach(function (label) {
        label.hidden = label.getAttribute("data-auth-options").split(" ").indexOf(String(authOption())) < 0;
      });
    }

    function serverUrl() {
      var server = config.servers[serverIndex()];
      if (!server) return "";
      var label = $all(section, '[data-server-index="' + serverIndex() + '"] [data-pg-var]');
      var values = {};
      label.forEach(function (input) { values[input.getAttribute("data-pg-var")] = input.value; });
      var url = server.url.replace(/\{([^{}]+)\}/g, function (all, name) {
        if (values[name] !== undefined) return values[name];
        var v = server.variables[name];
        return v ? v["default"] : all;
      });
      return url.replace(/\/+$/, "");
    }

    // an array field holds its items as JSON; sent, as a browser sends a form's repeated
    // inputs and as OpenAPI's default encoding has it, one part per item under the field's
    // name (tags=a, tags=b), unless its encoding keeps it whole: "json", or "csv" (a,b)
    function partValues(input) {
      var how = input.getAttribute("data-pg-array"), items = null;
      if (!how || how === "json") return [input.value];
      try { items = JSON.parse(input.value); } catch (e) { items = null; }
      if (!Array.isArray(items) || !items.length || items.some(function (item) {
        return item !== null && typeof item === "object";
      })) return [input.value];
      var texts = items.map(function (item) {
        return typeof item === "string" ? item : item === null ? "" : JSON.stringify(item);
      });
      return how === "csv" ? [texts.join(",")] : texts;
    }

    function build() {
      var path = config.path, query = [], headers = {}, cookies = [];
      $all(section, "[data-pg-param]").forEach(function (input) {
        var name = input.getAttribute("data-pg-param"), where = input.getAttribute("data-in");
        var value = input.value;
        if (where === "path") {
          path = path.split("{" + name + "}").join(value ? styledValue(input, where, name, value)
                                                         : "{" + name + "}");
        } else if (value === "") {
          return;
        } else if (where === "query") {
          queryPairs(input, name, value).forEach(function (pair) {
            query.push(encodeURIComponent(pair[0]) + "=" + encodeURIComponent(pair[1]));
          });
        } else if (where === "header") {
          headers[name] = styledValue(input, where, name, value);
        } else if (where === "cookie") {
          cookies.push(name + "=" + styledValue(input, where, name, value));
        }
      });
      config.auth.forEach(function (auth) {
        if (auth.options && auth.options.indexOf(authOption()) < 0) return;
        var fields = {};
        $all(section, '[data-pg-auth="' + auth.name + '"]').forEach(function (input) {
          fields[input.getAttribute("data-part")] = input.value;
        });
        if (auth.type === "http" && auth.scheme === "basic") {
          if (fields.username || fields.password) {
            headers.Authorization = "Basic " + btoa((fields.username || "") + ":" + (fields.password || ""));
          }
        } else if (!fields.token) {
          return;
        } else if (auth.type === "apiKey" && auth["in"] === "query") {
          query.push(encodeURIComponent(auth.param) + "=" + encodeURIComponent(fields.token));
        } else if (auth.type === "apiKey" && auth["in"] === "cookie") {
          cookies.push(auth.param + "=" + fields.token);
        } else if (auth.type === "apiKey") {
          headers[auth.param] = fields.token;
        } else {
          var scheme = auth.scheme && auth.scheme !== "bearer" ? auth.scheme : "Bearer";
          headers.Authorization = scheme.charAt(0).toUpperCase() + scheme.slice(1) + " " + fields.token;
        }
      });
      var body = null, shown = null, chosen = bodyConfig(), fields = bodyFields();
      var parts = $all(fields, "[data-pg-part]");
      if (parts.length) {
        // multipart: the browser writes the Content-Type with its boundary itself
        body = new FormData();
        shown = [];
        parts.forEach(function (input) {
          var name = input.getAttribute("data-pg-part");
          if (input.type === "file") {
            Array.prototype.forEach.call(input.files || [], function (file) {
              body.append(name, file, file.name);
              shown.push(name + ": <file " + file.name + ", " + file.size + " bytes>");
            });
          } else if (input.value !== "") {
            partValues(input).forEach(function (value) {
              body.append(name, value);
              shown.push(name + ": " + value);
            });
          }
        });
        shown = ["Content-Type: " + chosen.type + "; boundary=(set by the browser)", ""]
          .concat(shown);
      } else {
        var bodyField = $(fields, "[data-pg-body]");
        body = bodyField && bodyField.value.trim() ? bodyField.value : null;
        if (body !== null && chosen) {
          headers["Content-Type"] = chosen.type;
          if (/x-www-form-urlencoded/i.test(chosen.type)) body = formEncode(body, chosen.encoding);
        }
      }
      // a path written with a query of its own (/query?format=tabular) takes the others after &
      var url = serverUrl() + path + (query.length ? (path.indexOf("?") < 0 ? "?" : "&") +
                                      query.join("&") : "");
      return { method: config.method, url: url, headers: headers, cookies: cookies, body: body,
               shown: shown };
    }

    function render() {
      var req = build();
      var lines = [req.method + " " + (req.url || "(no server) " + config.path)];
      Object.keys(req.headers).forEach(function (k) { lines.push(k + ": " + req.headers[k]); });
      if (req.cookies.length) lines.push("Cookie: " + req.cookies.join("; "));
      if (req.shown) lines = lines.concat(req.shown);
      else if (req.body !== null) lines.push("", req.body);
      preview.textContent = lines.join("\n");
    }

    function show(status, ok, time, headers, body) {
      var out = $(section, "[data-pg-response]");
      out.hidden = false;
      var statusEl = $(out, "[data-pg-status]");
      statusEl.textContent = status;
      statusEl.className = ok ? "ok" : "fail";
      $(out, "[data-pg-time]").textContent = time;
      $(out, "[data-pg-headers]").textContent = headers;
      $(out, "[data-pg-body-out]").textContent = body;
      // on a phone the response is below the form: bring its status into the dialog's view
      if (out.scrollIntoView) out.scrollIntoView({ block: "nearest" });
    }


    // a browser never lets a page write the Cookie header: cookies are set on this site for
    // the request (sent when the API shares its host, with credentials), then removed
    function setCookies(cookies, remove) {
      cookies.forEach(function (pair) {
        var name = pair.split("=")[0];
        document.cookie = (remove ? name + "=" : pair) + "; path=/; SameSite=Lax" +
          (remove ? "; expires=Thu, 01 Jan 1970 00:00:00 GMT" : "");
      });
    }

    function showMedia(blob, type) {
      var holder = $(section, "[data-pg-media]");
      holder.innerHTML = "";
      var url = URL.createObjectURL(blob);
      var kind = type.split("/")[0], el;
      if (kind === "image") { el = document.createElement("img"); el.alt = t("response_image", "Response image"); }
      else if (kind === "audio" || kind === "video") { el = document.createElement(kind); el.controls = true; }
      else {
        el = document.createElement("a");
        el.download = "response";
        el.textContent = t("download_response", "Download the response ({size} bytes)").replace("{size}", blob.size);
      }
      el[el.tagName === "A" ? "href" : "src"] = url;
      holder.appendChild(el);
      holder.hidden = false;
    }

    function send() {
      var req = build();
      var init = { method: req.method, headers: req.headers };
      if (req.body !== null && req.method !== "GET" && req.method !== "HEAD") init.body = req.body;
      // api.playground.credentials: the browser sends its cookies and HTTP auth to the API
      if (config.credentials) init.credentials = "include";
      if (req.cookies.length) { init.credentials = "include"; setCookies(req.cookies, false); }
      var button = $(section, "[data-pg-send]");
      button.disabled = true;
      $(section, "[data-pg-media]").hidden = true;
      var started = performance.now();
      fetch(new URL(req.url, window.location.href).toString(), init).then(function (res) {
        var type = (res.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
        var binary = /^(image|audio|video)\//.test(type) ||
          /^application\/(octet-stream|pdf|zip|gzip)$/.test(type);
        return (binary ? res.blob() : res.text()).then(function (content) {
          var elapsed = Math.round(performance.now() - started) + " ms";
          var headers = [];
          res.headers.forEach(function (value, key) { headers.push(key + ": " + value); });
          var pretty = content;
          if (binary) {
            pretty = "(" + type + ", " + content.size + " bytes)";
            showMedia(content, type);
          } else {
            try { pretty = JSON.stringify(JSON.parse(content), null, 2); } catch (e) { /* not JSON */ }
          }
          show(res.status + " " + res.statusText, res.ok, elapsed, headers.join("\n"), pretty);
        });
      }).catch(function (err) {
        show(t("request_failed", "Request failed"), false, Math.round(performance.now() - started) + " ms", "",
             String(err && err.message || err) +
             "\nThe API may be unreachable, or may not allow requests from this site (CORS).");
      }).then(function () {
        button.disabled = false;
        if (req.cookies.length) setCookies(req.cookies, true);
      });
    }

    $all(section, "[data-pg-example]").forEach(function (picker) {
      var holder = picker.closest("[data-pg-content]");
      var body = holder ? config.body.choices[Number(holder.getAttribute("data-pg-content"))]
                        : config.body;
      picker.addEventListener("change", function () {
        var chosen = body.examples[Number(picker.value)];
        if (chosen) $(holder || section, "[data-pg-body]").value = chosen.text;
      });
    });
    // the reference's picker of the body's media type and this one choose together, so the
    // request samples (which follow the reference's) show the type the playground sends
    var bodyPick = contentChoice &&
      $(section.closest("[data-api-operation]") || document, "[data-media-pick][data-media-samples]");
    if (bodyPick) {
      contentChoice.addEventListener("change", function () {
        if (bodyPick.selectedIndex === Number(contentChoice.value)) return;
        bodyPick.selectedIndex = Number(contentChoice.value);
        bodyPick.dispatchEvent(new Event("change"));
      });
      bodyPick.addEventListener("change", function () {
        if (String(bodyPick.selectedIndex) === contentChoice.value) return;
        contentChoice.value = String(bodyPick.selectedIndex);
        showVariables();
        render();
      });
    }
    form.addEventListener("input", render);
    form.addEventListener("change", function () { showVariables(); render(); });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (config.mode === "interactive" && $(section, "[data-pg-send]")) send();
    });
    showVariables();
    render();
  }

  // The endpoint bar's "Try it" button opens the playground's dialog and its Close button
  // closes it through the browser's invoker commands (commandfor/command), and a click on the
  // backdrop through closedby="any"; a browser without them gets the same from here. Esc, the
  // focus kept inside and given back to the button on closing are the modal dialog's own.
  function wireDialog(dialog) {
    if (typeof dialog.showModal !== "function") return;
    if (!("command" in HTMLButtonElement.prototype)) {
      $all(document, '[commandfor="' + dialog.id + '"]').forEach(function (button) {
        button.addEventListener("click", function () {
          if (button.getAttribute("command") === "close") dialog.close();
          else if (!dialog.open) dialog.showModal();
        });
      });
    }
    if (!("closedBy" in HTMLDialogElement.prototype)) {
      dialog.addEventListener("click", function (event) {
        var box = dialog.getBoundingClientRect();
        if (event.target === dialog && (event.clientX < box.left || event.clientX > box.right ||
            event.clientY < box.top || event.clientY > box.bottom)) dialog.close();
      });
    }
  }

  // a body or response of several media types: the chosen type's schema shows, the others
  // hide (the .api-media boxes that follow the picker); a body's picker (data-media-samples)
  // also shows the request samples of that type, on the tab the reader had chosen
  function wireMediaPicker(select) {
    var label = select.closest("label"), boxes = [], next = label.nextElementSibling;
    while (next && next.classList.contains("api-media")) {
      boxes.push(next);
      next = next.nextElementSibling;
    }
    var sets = select.hasAttribute("data-media-samples") ?
      $all(select.closest("[data-api-operation]") || document, ".api-sample-set") : [];
    function show() {
      boxes.forEach(function (box, i) { box.hidden = i !== select.selectedIndex; });
      var before = sets.filter(function (set) { return !set.hidden; })[0];
      var tab = before && $(before, '.tab-button[aria-selected="true"]');
      var title = tab ? tab.textContent.trim() : "";
      sets.forEach(function (set) {
        set.hidden = set.getAttribute("data-media") !== select.value;
        var same = set.hidden ? [] : $all(set, ".tab-button").filter(function (b) {
          return b.textContent.trim() === title && b.getAttribute("aria-selected") !== "true";
        });
        if (same.length) same[0].click();
      });
    }
    label.hidden = false;
    select.addEventListener("change", show);
    show();
  }

  function init() {
    $all(document, "[data-media-pick]").forEach(wireMediaPicker);
    $all(document, "[data-playground]").forEach(setup);
    $all(document, "dialog.api-playground-dialog").forEach(wireDialog);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
