// Loading screen: shows PyScript's start-up stages until Python marks <html class="ready">.
// Deferred classic script, run before handoff.js adds PyScript: it hears every stage.
(function () {
  "use strict";
  // The player's language before Python runs: the one chosen on this device (kept with the
  // screen state, as ui/app.py keeps it), else the browser's (as ui/i18n.best_language picks).
  // The words come from the catalogs (static/loading-words.js, made by tools/compile_catalogs.py).
  var WORDS = window.ESPIONAGE_LOADING_WORDS || {};
  function chosenLanguage() {
    try {
      var kept = JSON.parse(localStorage.getItem("espionage:ui") || "{}").language;
      if (kept && (kept === "en" || WORDS[kept])) return kept;
    } catch (e) { /* no storage, or not ours: the browser's preference */ }
    var wanted = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i]).toLowerCase().split(/[-_]/)[0];
      base = base === "no" || base === "nn" ? "nb" : base;
      if (base === "en" || WORDS[base]) return base;
    }
    return "en";
  }
  var LANGUAGE = chosenLanguage();
  function _(text) {
    var words = WORDS[LANGUAGE];
    return (words && words[text]) || text;
  }
  // PyScript/Polyscript dispatch `py:progress` on window with a short stage text.
  var STAGES = {
    "Loading Pyodide": [10, _("Loading Python runtime…")],
    "Loading Storage": [12, _("Loading Python runtime…")],
    "Loaded Storage": [15, _("Loading Python runtime…")],
    "Loading interpreter": [20, _("Loading Python runtime…")],
    "Loaded interpreter": [75, _("Python runtime loaded")],
    "Loading files": [80, _("Loading game code…")],
    "Loaded files": [90, _("Game code loaded")],
    "Loaded Pyodide": [95, _("Starting the game…")],
  };
  var failed = false;

  function show(percent, text) {
    if (failed) return;
    var bar = document.getElementById("loading-bar");
    var label = document.getElementById("loading-text");
    if (bar && percent !== null && percent > (+bar.value || 0)) bar.value = percent;
    if (label && text) label.textContent = text;
  }

  function fail(message) {
    if (failed || document.documentElement.classList.contains("ready")) return;
    show(null, _("The game could not start:") + " " + message);
    failed = true;
    document.documentElement.classList.add("load-failed");
  }

  window.addEventListener("py:progress", function (event) {
    var stage = STAGES[event.detail];
    if (stage) show(stage[0], stage[1]);
  });
  window.addEventListener("error", function (event) {
    fail(event.message || "a script failed to load");
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail((reason && reason.message) || String(reason));
  });
  if (typeof WebAssembly !== "object") {
    document.addEventListener("DOMContentLoaded", function () {
      fail(_("this browser has no WebAssembly support."));
    });
  }
  function say(selector, text) {
    var element = document.querySelector(selector);
    if (element) element.textContent = text;
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.documentElement.lang = LANGUAGE;
    say("#loading h1", _("Espionage"));
    say("#handed-over h1", _("Espionage"));
    say("#handed-over p", _("This game is already open in another tab of this browser: the link was handed to it. Switch to that tab to play on; you may close this one."));
    say("#open-here", _("Open the game here instead"));
    show(5, _("Loading Python runtime…"));
    // PyScript shows a Python error as a <div class="py-error"> appended to <body>.
    new MutationObserver(function (records, observer) {
      if (document.querySelector(".py-error")) {
        fail(_("a Python error occurred (details below)."));
        observer.disconnect();
      }
    }).observe(document.body, { childList: true });
  });
})();
