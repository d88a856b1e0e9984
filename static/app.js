/* Progressive enhancement only: every page works without this script. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  document.documentElement.classList.add("js");

  // The installable app: a service worker keeps the pages this phone opened for a reload
  // with no network (assistant/web/pwa.py).
  var sw = document.body.getAttribute("data-sw");
  if (sw && "serviceWorker" in navigator) {
    window.addEventListener("load", function () { navigator.serviceWorker.register(sw, { scope: "/" }).catch(function () { /* not offered */ }); });
    // The first page a phone opens came before its worker: once the worker takes the page,
    // it fetches the page again, so that it is kept too.
    if (!navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener("controllerchange", function () { refreshCopy(); });
    }
  }
  // After a save, the copy of this page the phone keeps is fetched again, so that a reload
  // with no network shows what was saved.
  var refreshCopy = function () {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) { return; }
    fetch(location.href, { credentials: "same-origin", headers: { "X-Keep-Copy": "1", "Accept": "text/html" } }).catch(function () { /* kept as it was */ });
  };

  // Selects that apply themselves (the language switch).
  $$("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
    var button = select.form.querySelector("button[type=submit]");
    if (button) { button.classList.add("hidden"); }
  });

  // Steppers: − and + beside a number (hidden until this script runs).
  $$("button[data-step]").forEach(function (button) {
    button.hidden = false;
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

  // ± beside a number that may be negative (a phone's number pad often has no minus key).
  $$("button[data-sign]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-sign"));
      var value = parseInt(input.value || "0", 10) || 0;
      input.value = String(-value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // A tap that asks first ("Lock the game?"): the button's data-confirm is the question.
  $$("[data-confirm]").forEach(function (button) {
    button.addEventListener("click", function (e) {
      if (!window.confirm(button.getAttribute("data-confirm"))) { e.preventDefault(); }
    });
  });

  var fold = function (s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); };

  // Live filters over lists of cards or rulings.
  $$("input[data-filter]").forEach(function (input) {
    var root = $(input.getAttribute("data-filter"));
    if (!root) { return; }
    input.hidden = false;
    var visible = function () { return $$("[data-name]", root).filter(function (item) { return !item.classList.contains("hidden"); }); };
    var apply = function () {
      var q = fold(input.value.trim());
      $$("[data-name]", root).forEach(function (item) {
        item.classList.toggle("hidden", q !== "" && fold(item.getAttribute("data-name") + " " + item.textContent).indexOf(q) < 0);
      });
      $$("ul", root).forEach(function (list) {
        var any = $$("[data-name]", list).some(function (li) { return !li.classList.contains("hidden"); });
        list.classList.toggle("hidden", !any);
        var group = list.closest(".colour-group");
        if (group) { group.classList.toggle("hidden", !any); }
        var head = list.previousElementSibling;
        while (head && (head.tagName === "H3" || head.tagName === "H2") && !head.classList.contains("age-head")) {
          head.classList.toggle("hidden", !any); head = head.previousElementSibling;
        }
      });
    };
    input.addEventListener("input", apply);
    // Enter never sends the form from here: with one card left, it takes that card.
    input.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") { return; }
      e.preventDefault();
      var left = visible();
      var box = left.length === 1 ? left[0].querySelector("input[type=checkbox]:not([disabled])") : null;
      if (box) {
        box.checked = !box.checked;
        box.dispatchEvent(new Event("change", { bubbles: true }));
        input.value = ""; apply();
      }
    });
    input.form && input.form.addEventListener("submit", function (e) {
      if (input.form.getAttribute("method") !== "get" || !input.form.querySelector("[name=q]")) { return; }
      if (input.name === "q") { return; }
      e.preventDefault(); apply();
    });
  });

  // New game: how many play, at the top. That many seats show, the others' fields are left out
  // of the form (kept on the page, should the count go back up); two players show the Free
  // City's row. With no count chosen every seat shows, and the Free City's row once exactly
  // two players are named.
  var setup = $("#new-game"), freeRow = $("#free-city-row"), countRow = $("#player-count");
  if (setup) {
    var seats = $$(".seats .seat-row:not(.free-city-row)", setup);
    var chosen = function () { var r = countRow && countRow.querySelector("input:checked"); return r ? Number(r.value) : 0; };
    var layout = function () {
      var count = chosen();
      seats.forEach(function (row, i) {
        var off = count > 0 && i >= count;
        row.classList.toggle("hidden", off);
        $$("input, select", row).forEach(function (input) { input.disabled = off; });
      });
      if (freeRow) {
        var n = $$("input[name$='-player']", setup).filter(function (i) { return !i.disabled && i.value.trim() !== ""; }).length;
        var two = count === 2 || (count === 0 && n === 2);
        freeRow.classList.toggle("hidden", !two);
        $$("input, select", freeRow).forEach(function (input) { input.disabled = !two && count > 0; });
      }
    };
    if (countRow) {
      countRow.hidden = false;
      var filled = $$("input[name$='-player']", setup).filter(function (i) { return i.value.trim() !== ""; }).length;
      var preset = countRow.querySelector("input[value='" + filled + "']");
      if (preset && filled >= 2) { preset.checked = true; }
      countRow.addEventListener("change", layout);
    }
    setup.addEventListener("input", layout); layout();
  }
  // New game: ticking an expansion sets the form up for it at once (its seats, its boards),
  // keeping the names typed: the same post as the button the page shows without the script.
  var setUpFor = setup && $("#expansions .apply", setup);
  if (setUpFor) {
    $$("#expansions input[type=checkbox]", setup).forEach(function (box) {
      box.addEventListener("change", function () { setUpFor.click(); });
    });
  }
  // Pads: another edition or expansion shows at once the players it seats and its expansions.
  var padsForm = $("#pads");
  if (padsForm) {
    $$("select[name=edition], input[name=expansions]", padsForm).forEach(function (input) {
      input.addEventListener("change", function () { padsForm.submit(); });
    });
  }

  // Card pickers: the chips of what is held, and of what chains free from it.
  var pickers = function (form, name) {
    var heldStrip = $("#held-strip", form), chainStrip = $("#chain-strip", form), count = $("#held-count", form);
    var chip = function (tile) {
      var box = tile.querySelector("input");
      var label = document.createElement("label");
      label.className = "chip " + (tile.getAttribute("data-color") || "");
      label.htmlFor = box.id; label.setAttribute("data-card", box.value);
      label.textContent = tile.querySelector(".tile-name").textContent.replace(/\u00ad/g, "");  // soft hyphens: a chip is wide
      return label;
    };
    var refresh = function () {
      var tiles = $$(".tile", form);
      var held = {};
      tiles.forEach(function (tile) { var box = tile.querySelector("input"); if (box.checked || box.disabled) { held[box.value] = true; } });
      if (heldStrip) {
        heldStrip.innerHTML = "";
        var any = false;
        tiles.forEach(function (tile) { var box = tile.querySelector("input"); if (box.checked && !box.disabled) { heldStrip.appendChild(chip(tile)); any = true; } });
        if (!any) { var none = document.createElement("span"); none.className = "muted small"; none.textContent = heldStrip.getAttribute("data-empty"); heldStrip.appendChild(none); }
      }
      if (count) { count.textContent = String($$("input[name=" + name + "]:checked", form).length); }
      var chained = [];
      tiles.forEach(function (tile) {
        var parents = (tile.getAttribute("data-chain") || "").split(" ").filter(Boolean);
        var free = !tile.hasAttribute("data-gone") && parents.some(function (p) { return held[p]; });
        tile.classList.toggle("chained", free);
        if (free && !tile.querySelector("input").checked && !tile.querySelector("input").disabled) { chained.push(tile); }
      });
      if (chainStrip) {
        $$("label.chip", chainStrip).forEach(function (c) { c.remove(); });
        chained.forEach(function (tile) { chainStrip.appendChild(chip(tile)); });
        chainStrip.classList.toggle("empty", !chained.length);
      }
    };
    form.addEventListener("change", function (e) { if (e.target.name === name) { refresh(); } });
    return refresh;
  };

  // The city's picker: an expansion's own families of cards (its leaders, its black cards) open
  // together in a sheet docked under the page, from a button each (that scrolls the sheet to
  // its family), so that the picker stays about a screen tall. The sheet stays open while cards
  // are tapped, in it or in the picker above it, so that a city in the order its hand held the
  // cards takes one tap a card (issue 43); its Close button, Escape or a tap elsewhere on the
  // page (as on a backdrop) closes it. Without the script the families sit inline.
  var families = function (picker) {
    var groups = $$(".colour-group[data-family]", picker);
    if (!groups.length || !window.HTMLDialogElement) { return; }
    var root = document.documentElement;
    var bar = document.createElement("div");
    bar.className = "families";
    picker.parentNode.insertBefore(bar, picker);
    var filter = $("#card-filter");
    var sheet = document.createElement("dialog");
    sheet.className = "sheet families-sheet";
    sheet.id = "families-sheet";
    var head = document.createElement("div"); head.className = "sheet-head";
    var h = document.createElement("h3"); h.id = "families-sheet-title";
    sheet.setAttribute("aria-labelledby", h.id);
    var close = document.createElement("button");
    close.type = "button"; close.className = "sheet-close"; close.textContent = "×";
    close.setAttribute("aria-label", picker.getAttribute("data-close") || "Close");
    head.appendChild(h); head.appendChild(close);
    var body = document.createElement("div"); body.className = "sheet-body";
    sheet.appendChild(head); sheet.appendChild(body);
    var buttons = [], titles = [], opener = null;
    var shut = function () { if (sheet.open) { sheet.close(); } };
    sheet.addEventListener("close", function () {
      root.classList.remove("sheet-docked");
      buttons.forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
    });
    groups.forEach(function (group) {
      var title = (group.querySelector(".colour-head") || group).textContent.trim();
      titles.push(title);
      body.appendChild(group);
      var open = document.createElement("button");
      open.type = "button"; open.className = "button small " + group.getAttribute("data-color");
      open.setAttribute("data-family", group.getAttribute("data-color"));
      open.setAttribute("aria-haspopup", "dialog");
      open.setAttribute("aria-controls", sheet.id);
      open.setAttribute("aria-expanded", "false");
      var count = document.createElement("span"); count.className = "badge";
      open.appendChild(document.createTextNode(title + " ")); open.appendChild(count);
      bar.appendChild(open);
      buttons.push(open);
      var held = function () {
        count.textContent = String($$("input:checked", group).length);
        var q = filter ? filter.value.trim() : "";
        open.classList.toggle("found", q !== "" && $$(".tile", group).some(function (t) { return !t.classList.contains("hidden"); }));
      };
      open.addEventListener("click", function () {
        opener = open;
        if (!sheet.open) {
          sheet.show();
          root.classList.add("sheet-docked");
          buttons.forEach(function (b) { b.setAttribute("aria-expanded", "true"); });
        }
        body.scrollTop = group.offsetTop - body.offsetTop;  // this family at the top of the sheet
      });
      group.addEventListener("change", held);
      if (filter) { filter.addEventListener("input", function () { setTimeout(held, 0); }); }
      held();
    });
    h.textContent = titles.join(" · ");
    picker.appendChild(sheet);
    close.addEventListener("click", shut);
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && sheet.open) { shut(); (opener || buttons[0]).focus(); }
    });
    document.addEventListener("click", function (e) {
      if (sheet.open && e.target.closest && !e.target.closest("#structures")) { shut(); }
    });
  };
  var cityPicker = $("#city-form #picker.compact");
  if (cityPicker) { families(cityPicker); }

  // --- My city: every change saves itself -------------------------------------------------------
  var form = $("#city-form");
  if (form && window.fetch && window.FormData) {
    var stateEl = $("#save-state"), retry = $("#save-retry"), savebar = $("#savebar");
    var versionEl = form.querySelector("input[name=version]"), baseEl = form.querySelector("input[name=base]");
    var key = form.getAttribute("data-storage-key");
    var editable = !!stateEl;
    var state = "idle", timer = null, inflight = false, again = false, heldBack = null, backoff = 2000, reloading = false;
    var refreshPicker = pickers(form, "cards");
    if (savebar && editable) { savebar.classList.add("hidden"); }

    var show = function (next, text) {
      state = next;
      if (!stateEl) { return; }
      stateEl.setAttribute("data-state", next);
      stateEl.textContent = text || stateEl.getAttribute("data-" + next) || "";
      if (retry) { retry.hidden = !(next === "offline" || next === "error-server"); }
      // With no network the total cannot follow the taps: it says so until they are saved.
      var total = $("#live-total");
      if (total) { total.classList.toggle("stale", next === "offline"); }
    };
    var dirty = function () { return state === "unsaved" || state === "saving" || state === "offline" || state === "error" || state === "error-server" || state === "conflict"; };
    var snapshot = function () {
      var out = [];
      new FormData(form).forEach(function (value, name) { if (name !== "csrf_token" && name !== "save") { out.push([name, value]); } });
      return out;
    };
    var keep = function () { try { localStorage.setItem(key, JSON.stringify({ fields: snapshot(), at: Date.now() })); } catch (e) { /* private mode */ } };
    var forget = function () { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } };
    var clearErrors = function () {
      $$(".errors.live", form).forEach(function (el) { el.remove(); });
      $$(".has-error.live", form).forEach(function (el) { el.classList.remove("has-error", "live"); });
    };
    var showErrors = function (errors) {
      clearErrors();
      Object.keys(errors || {}).forEach(function (name) {
        var input = form.querySelector("[name='" + name + "']");
        if (!input) { return; }
        var holder = input.closest(".field, .token-row, fieldset") || input.parentNode;
        holder.classList.add("has-error", "live");
        var list = document.createElement("div"); list.className = "errors live"; list.setAttribute("role", "alert");
        errors[name].forEach(function (m) { var p = document.createElement("p"); p.textContent = m; list.appendChild(p); });
        holder.appendChild(list);
      });
    };
    var replaceLive = function (json) {
      var live = $("#live"), total = $("#live-total");
      if (json.live && live) { live.outerHTML = json.live; }
      if (json.total !== undefined && total) { total.innerHTML = json.total; }
    };
    var save = function () {
      clearTimeout(timer);
      if (!editable || state === "conflict" || state === "locked") { return; }
      if (inflight) { again = true; return; }
      inflight = true; again = false;
      show("saving");
      keep();
      var body = new FormData(form);
      body.delete("save");
      fetch(form.getAttribute("action"), {
        method: "POST", body: body, credentials: "same-origin",
        headers: { "Accept": "application/json", "X-Protocol": document.body.getAttribute("data-protocol") || "" }
      }).then(function (r) {
        return r.json().then(function (json) { return { status: r.status, json: json }; }, function () { return { status: r.status, json: null }; });
      }).then(function (res) {
        inflight = false;
        var json = res.json || {};
        if (res.status === 200 && json.saved) {
          versionEl.value = String(json.version); baseEl.value = json.base;
          backoff = 2000; clearErrors(); replaceLive(json);
          if (again) { save(); return; }
          forget();
          show("saved", json.message ? (stateEl.getAttribute("data-saved") + " · " + json.message) : null);
          refreshCopy();
        } else if (res.status === 409 && json.conflict) {
          heldBack = json;
          var slot = $("#conflict-slot"); if (slot) { slot.innerHTML = json.banner; wireConflict(); }
          show("conflict");
        } else if (res.status === 409 && json.reload) {
          keep(); reloading = true; location.reload();  // a new release: the new page sends the edits kept
        } else if (res.status === 409 && json.locked) {
          forget(); show("locked", json.message);
          $$("fieldset", form).forEach(function (f) { f.disabled = true; });
        } else if (res.status === 400) {
          showErrors(json.errors); show("error");
        } else {
          show("error-server"); schedule(backoff); backoff = Math.min(backoff * 2, 30000);
        }
      }).catch(function () {
        inflight = false;
        show("offline"); schedule(backoff); backoff = Math.min(backoff * 2, 30000);
      });
    };
    var schedule = function (ms) { clearTimeout(timer); timer = setTimeout(save, ms); };
    var changed = function () { if (!editable) { return; } if (state !== "conflict" && state !== "locked") { show("unsaved"); } keep(); schedule(700); };
    var wireConflict = function () {
      var mine = $("[data-keep-mine]"), theirs = $("[data-take-theirs]");
      if (mine) {
        mine.addEventListener("click", function (e) {
          e.preventDefault();
          if (heldBack) { versionEl.value = String(heldBack.version); baseEl.value = heldBack.base; heldBack = null; }
          var slot = $("#conflict-slot"); if (slot) { slot.innerHTML = ""; }
          state = "unsaved"; save();
        });
      }
      if (theirs) { theirs.addEventListener("click", function () { forget(); state = "idle"; }); }
    };
    wireConflict();
    if (retry) { retry.addEventListener("click", function () { backoff = 2000; save(); }); }
    window.addEventListener("online", function () { if (state === "offline") { save(); } });
    window.addEventListener("beforeunload", function (e) {
      if (editable && !reloading && (dirty() || inflight)) { keep(); e.preventDefault(); e.returnValue = form.getAttribute("data-leave") || ""; return e.returnValue; }
    });
    // Enter in any field saves now (never a token or a card by accident).
    form.addEventListener("submit", function (e) { e.preventDefault(); save(); });
    // A row a field works out (the Babel tiles, the naval strengths) is typed only while the
    // field is not given: it follows the field as it is typed.
    $$("[data-computed-by]", form).forEach(function (row) {
      var key = row.getAttribute("data-computed-by");
      var inputs = $$("input", form).filter(function (i) { return i.name === key || i.name.indexOf(key + "-") === 0; });
      var typed = $(".typed-input", row), note = $(".computed-note", row), box = $("input", typed);
      var follow = function () {
        var given = inputs.some(function (i) { return i.value !== "" && i.value !== "0"; });
        typed.hidden = given; note.hidden = !given; box.disabled = given;
      };
      inputs.forEach(function (i) { i.addEventListener("input", follow); i.addEventListener("change", follow); });
    });
    // Cards or the pad's numbers: the switch goes with the version saved last, once the
    // changes made on this page are saved (the switch keeps what is entered).
    var entrySwitch = $("#entry-switch");
    if (entrySwitch && editable) {
      entrySwitch.addEventListener("submit", function (e) {
        var version = $("input[name=version]", entrySwitch);
        if (!dirty() && !inflight) { version.value = versionEl.value; return; }
        e.preventDefault();
        var waited = 0;
        var go = function () {
          if (!dirty() && !inflight) { version.value = versionEl.value; entrySwitch.submit(); }
          else if (waited++ < 100) { setTimeout(go, 100); }
        };
        if (!inflight) { save(); }
        go();
      });
    }

    // Stages follow the wonder side's number of stages.
    var counts = {};
    try { counts = JSON.parse(form.getAttribute("data-stage-counts") || "{}"); } catch (e) { counts = {}; }
    // A board not known stage by stage: its wonder points are typed (the row shows for it only).
    var typedWonder = $("#typed-wonder", form);
    var updateTypedBoard = function () {
      var wonder = form.querySelector("select[name=wonder]");
      if (!typedWonder || !wonder) { return; }
      var typed = (typedWonder.getAttribute("data-typed-boards") || "").split(" ");
      typedWonder.classList.toggle("hidden", typed.indexOf(wonder.value) < 0);
    };
    var updateStages = function () {
      updateTypedBoard();
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
      updateStageAges();
    };
    // During play: an age to give for each stage built, no more.
    var updateStageAges = function () {
      var built = form.querySelector("input[name=stages]:checked");
      var n = built ? Number(built.value) : 0;
      $$("[data-stage-age]", form).forEach(function (row) {
        row.classList.toggle("hidden", Number(row.getAttribute("data-stage-age")) > n);
      });
    };
    form.addEventListener("change", function (e) {
      if (e.target.id === "show-effects" || e.target.id === "card-filter") { return; }
      if (e.target.name === "wonder" || e.target.name === "side") { updateStages(); }
      if (e.target.name === "stages") { updateStageAges(); }
      changed();
    });
    form.addEventListener("input", function (e) {
      if (e.target.type === "number" || e.target.type === "text") { changed(); }
    });

    // Edits kept on this phone when the network dropped: put them back and save them.
    if (editable) {
      var pending = null;
      try { pending = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { pending = null; }
      if (pending && pending.fields && Date.now() - pending.at < 7 * 24 * 3600 * 1000) {
        var byName = {};
        pending.fields.forEach(function (pair) { (byName[pair[0]] = byName[pair[0]] || []).push(pair[1]); });
        $$("input, select", form).forEach(function (input) {
          var name = input.name;
          if (!name || name === "csrf_token" || !(name in byName)) {
            if (input.type === "checkbox" && name && !(name in byName) && !input.disabled) { input.checked = false; }
            return;
          }
          var values = byName[name];
          if (input.type === "checkbox" || input.type === "radio") { input.checked = values.indexOf(input.value) >= 0; }
          else if (input.tagName === "SELECT" || input.type !== "hidden" || name === "version" || name === "base") { input.value = values[0]; }
        });
        refreshPicker(); updateStages(); show("unsaved"); save();
      }
    }
  }

  // Can I build it? The answers follow each tap, without a page load.
  $$("form[data-live]").forEach(function (f) {
    var slot = $("#verdicts-slot", f), wait = null, head = $(".build-head", f);
    // The answers sit above the hand; a thumb tapping low in the hand sees them in a strip
    // of the sticky head instead: a chip a card ("✓ Statue · 6 coins"), tap it for the reason.
    var strip = null;
    if (head) {
      strip = document.createElement("ul");
      strip.className = "answer-strip";
      strip.id = "answer-strip";
      head.appendChild(strip);
    }
    var fillStrip = function () {
      if (!strip || !slot) { return; }
      strip.innerHTML = "";
      $$(".verdict", slot).forEach(function (v) {
        var li = document.createElement("li"), a = document.createElement("a");
        var name = $("b", v), what = $(".price, .badge", v);
        if (!v.id) { v.id = "verdict-" + (v.getAttribute("data-card") || "x"); }
        a.href = "#" + v.id;
        a.className = v.classList.contains("yes") ? "yes" : "no";
        a.textContent = (v.classList.contains("yes") ? "✓ " : "✗ ") + (name ? name.textContent.trim() : "") +
          (what ? " · " + what.textContent.trim() : "");
        li.appendChild(a);
        strip.appendChild(li);
      });
      strip.hidden = !strip.children.length;
    };
    fillStrip();
    var ask = function () {
      clearTimeout(wait);
      wait = setTimeout(function () {
        var params = new URLSearchParams(new FormData(f));
        fetch(f.getAttribute("data-live") + "&" + params.toString(), { credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html !== null && slot) { slot.innerHTML = html; fillStrip(); } })
          .catch(function () {});
      }, 250);
    };
    f.addEventListener("change", function (e) {
      // Another way to build shows other cards (the discard pile): load the page for it.
      // (The form has a button named "submit", which hides the form's own submit method.)
      if (e.target.name === "via") { HTMLFormElement.prototype.submit.call(f); return; }
      ask();
    });
    f.addEventListener("input", function (e) { if (e.target.type === "number") { ask(); } });
  });

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
            if (fresh && fresh.getAttribute("data-state") !== state) {
              var open = $$("details[open]", current).map(function (d) { return d.id; });
              current.outerHTML = html;
              open.forEach(function (id) { var d = document.getElementById(id); if (d) { d.open = true; } });
            }
          });
        }
      }).catch(function () {});
    };
    setInterval(poll, seconds * 1000);
    document.addEventListener("visibilitychange", poll);
  }
})();
