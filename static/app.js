/* Progressive enhancement only: every page works without this script. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // Selects that apply themselves (the language switch).
  $$("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
    var button = select.form.querySelector("button[type=submit]");
    if (button) { button.classList.add("hidden"); }
  });

  // Steppers: − and + beside a number.
  $$("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-target"));
      if (!input) { return; }
      var value = parseInt(input.value || "0", 10) || 0;
      var next = value + parseInt(button.getAttribute("data-step"), 10);
      var min = input.hasAttribute("min") ? parseInt(input.min, 10) : -Infinity;
      var max = input.hasAttribute("max") ? parseInt(input.max, 10) : Infinity;
      input.value = String(Math.max(min, Math.min(max, next)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // Live filters over lists of cards or rulings.
  $$("input[data-filter]").forEach(function (input) {
    var root = $(input.getAttribute("data-filter"));
    if (!root) { return; }
    var fold = function (s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); };
    var apply = function () {
      var q = fold(input.value.trim());
      $$("[data-name]", root).forEach(function (item) {
        item.classList.toggle("hidden", q !== "" && fold(item.getAttribute("data-name") + " " + item.textContent).indexOf(q) < 0);
      });
      $$("ul", root).forEach(function (list) {
        var any = $$("[data-name]", list).some(function (li) { return !li.classList.contains("hidden"); });
        list.classList.toggle("hidden", !any);
        var head = list.previousElementSibling;
        while (head && (head.tagName === "H3" || head.tagName === "H2") && !head.classList.contains("age-head")) {
          head.classList.toggle("hidden", !any); head = head.previousElementSibling;
        }
      });
    };
    input.addEventListener("input", apply);
    input.form && input.form.addEventListener("submit", function (e) {
      if (input.form.getAttribute("method") !== "get" || !input.form.querySelector("[name=q]")) { return; }
      if (input.name === "q") { return; }
      e.preventDefault(); apply();
    });
  });

  // My city: tokens, stages, held cards and the live score, without a page load.
  var form = $("#city-form");
  if (form) {
    var hidden = form.querySelector("input[name=military]");
    var list = $("#token-list");
    var unsaved = $("#unsaved");
    var timer = null;
    var markUnsaved = function () { if (unsaved) { unsaved.classList.remove("hidden"); } };
    var preview = function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var data = new FormData(form);
        data.delete("token_action");
        fetch(form.getAttribute("data-preview"), { method: "POST", body: data, credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.json() : null; })
          .then(function (json) {
            var live = $("#live");
            if (json && live) { live.outerHTML = json.html; }
          }).catch(function () {});
      }, 350);
    };
    var tokens = function () { return hidden && hidden.value ? hidden.value.split(",").filter(Boolean).map(Number) : []; };
    var drawTokens = function (values) {
      if (!list) { return; }
      list.innerHTML = "";
      if (!values.length) {
        var none = document.createElement("li"); none.className = "muted small"; none.textContent = list.getAttribute("data-empty") || "—";
        list.appendChild(none);
      }
      values.forEach(function (v, i) {
        var li = document.createElement("li");
        var b = document.createElement("button");
        b.type = "button"; b.className = "token" + (v < 0 ? " defeat" : ""); b.textContent = (v > 0 ? "+" : "") + v;
        b.addEventListener("click", function () { var t = tokens(); t.splice(i, 1); setTokens(t); });
        li.appendChild(b); list.appendChild(li);
      });
    };
    var setTokens = function (values) { hidden.value = values.join(","); drawTokens(values); markUnsaved(); preview(); };
    if (list && hidden) {
      var empty = $("#no-tokens"); if (empty) { list.setAttribute("data-empty", empty.textContent); }
      $$("button[data-token]", form).forEach(function (b) {
        b.type = "button";
        b.addEventListener("click", function () { var t = tokens(); t.push(Number(b.getAttribute("data-token"))); setTokens(t); });
      });
      drawTokens(tokens());
    }
    var counts = {};
    try { counts = JSON.parse(form.getAttribute("data-stage-counts") || "{}"); } catch (e) { counts = {}; }
    var updateStages = function () {
      var wonder = form.querySelector("select[name=wonder]");
      var side = form.querySelector("input[name=side]:checked");
      if (!wonder || !side || !counts[wonder.value]) { return; }
      var max = counts[wonder.value][side.value];
      $$("#stage-choices li", form).forEach(function (li) {
        var n = Number(li.getAttribute("data-stage"));
        li.classList.toggle("hidden", n > max);
        var radio = li.querySelector("input");
        if (n > max && radio.checked) { form.querySelector("#stage-choices li[data-stage='" + max + "'] input").checked = true; }
      });
    };
    var heldCount = $("#held-count");
    form.addEventListener("change", function (e) {
      if (e.target.name === "cards") {
        var li = e.target.closest("li"); if (li) { li.classList.toggle("held", e.target.checked); }
        if (heldCount) { heldCount.textContent = String($$("input[name=cards]:checked", form).length); }
      }
      if (e.target.name === "wonder" || e.target.name === "side") { updateStages(); }
      markUnsaved(); preview();
    });
    form.addEventListener("input", function (e) { if (e.target.type === "number" || e.target.type === "text") { markUnsaved(); preview(); } });
  }

  // The scoreboard follows the table: poll, replace when something changed.
  var board = $("#live-board");
  if (board && window.fetch) {
    var url = board.getAttribute("data-poll");
    var seconds = Math.max(1, Number(board.getAttribute("data-seconds") || 2));
    var etag = null;
    var poll = function () {
      if (document.hidden) { return; }
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(url, { headers: headers, credentials: "same-origin", cache: "no-store" }).then(function (r) {
        if (r.status === 200) {
          etag = r.headers.get("ETag");
          return r.text().then(function (html) {
            var current = $("#board");
            var state = current ? current.getAttribute("data-state") : null;
            var holder = document.createElement("div"); holder.innerHTML = html;
            var fresh = holder.querySelector("#board");
            if (fresh && fresh.getAttribute("data-state") !== state) { current.outerHTML = html; }
          });
        }
      }).catch(function () {});
    };
    setInterval(poll, seconds * 1000);
    document.addEventListener("visibilitychange", poll);
    // Tap a cell: where its points come from, in a sheet from the bottom.
    document.addEventListener("click", function (e) {
      var link = e.target.closest && e.target.closest("a[data-detail]");
      if (!link) { return; }
      var block = document.getElementById(link.getAttribute("data-detail"));
      if (!block) { return; }
      e.preventDefault();
      var backdrop = document.createElement("div"); backdrop.className = "sheet-backdrop";
      var sheet = document.createElement("div"); sheet.className = "sheet"; sheet.setAttribute("role", "dialog");
      var player = link.closest("table").querySelectorAll("thead th")[link.closest("td").cellIndex];
      var title = document.createElement("p"); title.className = "small muted"; title.textContent = player ? player.textContent : "";
      sheet.appendChild(title); sheet.appendChild(block.cloneNode(true));
      var close = function () { backdrop.remove(); sheet.remove(); };
      var button = document.createElement("button"); button.type = "button"; button.textContent = "×"; button.className = "small";
      button.setAttribute("aria-label", "Close"); button.addEventListener("click", close);
      sheet.insertBefore(button, sheet.firstChild);
      backdrop.addEventListener("click", close);
      document.addEventListener("keydown", function esc(ev) { if (ev.key === "Escape") { close(); document.removeEventListener("keydown", esc); } });
      document.body.appendChild(backdrop); document.body.appendChild(sheet);
    });
  }
})();
