// docs.json integrations: each analytics or chat tool's own script, from the tool's own servers,
// with the ids from the page's #mdxsite-integrations JSON (mdxsite.output.integrations), and
// the customScripts by their URLs ("lazyOnload" ones once the browser is idle).
// With integrations.cookies, nothing loads until localStorage[key] === value (the reader's
// consent, as a cookie banner records it); the check runs again when that entry changes.
(function () {
  "use strict";
  var blob = document.getElementById("mdxsite-integrations");
  if (!blob) return;
  var config = JSON.parse(blob.textContent);
  var w = window, loaded = false;

  function script(src, attrs, onload) {
    var el = document.createElement("script");
    el.async = true;
    el.src = src;
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (onload) el.onload = onload;
    document.head.appendChild(el);
    return el;
  }

  function queue(name) {  // the stub most tools expect before their script arrives
    return w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
  }

  var loaders = {
    ga4: function (c) {
      w.dataLayer = w.dataLayer || [];
      w.gtag = w.gtag || function () { w.dataLayer.push(arguments); };
      w.gtag("js", new Date());
      w.gtag("config", c.measurementId);
      script("https://www.googletagmanager.com/gtag/js?id=" + encodeURIComponent(c.measurementId));
    },
    gtm: function (c) {
      w.dataLayer = w.dataLayer || [];
      w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      script("https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(c.tagId));
    },
    posthog: function (c) {
      var host = (c.apiHost || "https://us.i.posthog.com").replace(/\/$/, "");
      script(host.replace(".i.posthog.com", "-assets.i.posthog.com") + "/static/array.js", {}, function () {
        w.posthog.init(c.apiKey, { api_host: host, disable_session_recording: !c.sessionRecording });
      });
    },
    plausible: function (c) {
      script("https://" + (c.server || "plausible.io") + "/js/script.js", { "data-domain": c.domain });
    },
    segment: function (c) {
      var analytics = w.analytics = w.analytics || [];
      analytics._writeKey = c.key;
      analytics.push(["page"]);
      script((c.cdnUrl || "https://cdn.segment.com").replace(/\/$/, "") + "/analytics.js/v1/" +
             encodeURIComponent(c.key) + "/analytics.min.js");
    },
    mixpanel: function (c) {
      var hosts = { eu: "https://api-eu.mixpanel.com", in: "https://api-in.mixpanel.com" };
      script("https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js", {}, function () {
        w.mixpanel.init(c.projectToken, hosts[c.region] ? { api_host: hosts[c.region] } : {});
      });
    },
    amplitude: function (c) {
      script("https://cdn.amplitude.com/script/" + encodeURIComponent(c.apiKey) + ".js", {}, function () {
        if (w.amplitude && w.amplitude.init) w.amplitude.init(c.apiKey);
      });
    },
    intercom: function (c) {
      w.intercomSettings = { app_id: c.appId };
      queue("Intercom");
      script("https://widget.intercom.io/widget/" + encodeURIComponent(c.appId), {}, function () {
        w.Intercom("boot", { app_id: c.appId });
      });
    },
    hotjar: function (c) {
      w._hjSettings = { hjid: Number(c.hjid), hjsv: Number(c.hjsv || 6) };
      queue("hj");
      script("https://static.hotjar.com/c/hotjar-" + encodeURIComponent(c.hjid) + ".js?sv=" + encodeURIComponent(c.hjsv || 6));
    },
    clarity: function (c) {
      queue("clarity");
      script("https://www.clarity.ms/tag/" + encodeURIComponent(c.projectId));
    },
    fathom: function (c) { script("https://cdn.usefathom.com/script.js", { "data-site": c.siteId }); },
    heap: function (c) {
      var heap = w.heap = w.heap || [];
      heap.appid = c.appId;
      heap.config = {};
      script("https://cdn.heapanalytics.com/js/heap-" + encodeURIComponent(c.appId) + ".js");
    },
    pirsch: function (c) { script("https://api.pirsch.io/pa.js", { id: "pianjs", "data-code": c.id }); },
    logrocket: function (c) {
      script("https://cdn.lr-ingest.com/LogRocket.min.js", {}, function () { w.LogRocket.init(c.appId); });
    },
    koala: function (c) { script("https://cdn.getkoala.com/v1/" + encodeURIComponent(c.publicApiKey) + "/sdk.js"); },
    hightouch: function (c) {
      script("https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js", {}, function () {
        w.htevents.load(c.writeKey, c.apiHost ? { apiHost: c.apiHost } : {});
        w.htevents.page();
      });
    },
    adobe: function (c) { script(c.launchUrl); },
    clearbit: function (c) { script("https://tag.clearbitscripts.com/v1/" + encodeURIComponent(c.publicApiKey) + "/tags.js"); },
    frontchat: function (c) {
      script("https://chat-assets.frontapp.com/v1/chat.bundle.js", {}, function () {
        w.FrontChat("init", { chatId: c.snippetId, useDefaultLauncher: true });
      });
    },
    transcend: function (c) {
      script("https://transcend-cdn.com/cm/" + encodeURIComponent(c.bundleId) + "/airgap.js", { "data-cfasync": "false" });
    },
    onetrust: function (c) {
      script(c.scriptSource || "https://cdn.cookielaw.org/scripttemplates/otSDKStub.js",
             { "data-domain-script": c.domainScript, charset: "UTF-8" });
    }
  };

  function consented() {
    var consent = config.consent || {};
    if (!consent.key) return true;
    try { return w.localStorage.getItem(consent.key) === consent.value; } catch (e) { return false; }
  }

  function oneTrustAllows() {  // with a category, analytics wait for OneTrust to allow it
    var c = config.providers.onetrust;
    return !c || !c.categoryId || String(w.OnetrustActiveGroups || "").indexOf(c.categoryId) >= 0;
  }

  function load() {
    if (loaded || !consented()) return;
    if (config.providers.onetrust && !w.__mdxsiteOneTrust) {
      w.__mdxsiteOneTrust = true;
      loaders.onetrust(config.providers.onetrust);
    }
    if (!oneTrustAllows()) return;
    loaded = true;
    Object.keys(config.providers).forEach(function (name) {
      if (name !== "onetrust" && loaders[name]) loaders[name](config.providers[name]);
    });
    (config.scripts || []).forEach(function (s) {  // integrations.customScripts
      if (s.strategy !== "lazyOnload") return script(s.src);
      var idle = w.requestIdleCallback || function (f) { setTimeout(f, 1); };
      idle(function () { script(s.src); });
    });
  }

  w.addEventListener("storage", function (e) { if (e.key === (config.consent || {}).key) load(); });
  w.addEventListener("OneTrustGroupsUpdated", load);
  w.mdxsiteConsentChanged = load;  // a consent banner on the same page can call this
  load();
})();
