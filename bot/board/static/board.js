// The live scoreboard's one script (the Content-Security-Policy allows no other): keeps the
// board live by Server-Sent Events, applies Telegram's theme when opened as a Mini App, and
// on the Mini App's first page sends Telegram's initData to be checked.
"use strict";

function launchParams() {
  // Telegram passes its launch parameters in the address's fragment (tgWebAppData, …).
  return new URLSearchParams(window.location.hash.slice(1));
}

function applyTheme(params) {
  const raw = params.get("tgWebAppThemeParams");
  if (!raw) return;
  let theme;
  try { theme = JSON.parse(raw); } catch (e) { return; }
  const root = document.documentElement.style;
  const colours = { bg_color: "--bg", text_color: "--fg", hint_color: "--hint",
                    button_color: "--accent", secondary_bg_color: "--card" };
  for (const [name, variable] of Object.entries(colours)) {
    const value = theme[name];
    if (typeof value === "string" && /^#[0-9a-fA-F]{3,8}$/.test(value)) {
      root.setProperty(variable, value);
    }
  }
}

function keepLive(board) {
  const events = new EventSource(board.dataset.events);
  events.addEventListener("board", (event) => {
    board.innerHTML = JSON.parse(event.data).html; // written and escaped by the server
    document.body.classList.remove("stale");
  });
  events.addEventListener("expired", (event) => {
    board.innerHTML = JSON.parse(event.data).html;
    events.close();
  });
  events.onerror = () => document.body.classList.add("stale");
}

async function openApp(board, params) {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("tgWebAppStartParam") || "";
  const initData = params.get("tgWebAppData") || "";
  const refused = () => {
    for (const p of board.querySelectorAll(".message")) p.hidden = !p.hidden;
  };
  if (!initData || !token) return refused();
  let opened;
  try {
    const response = await fetch(board.dataset.app, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: token, init_data: initData }),
    });
    if (!response.ok) return refused();
    opened = await response.json();
  } catch (e) {
    return refused(); // the server away: said, rather than "opening…" for ever
  }
  window.location.replace(opened.board + window.location.hash);
}

// --- The form of a hand: every answer a tap, sent with Telegram's initData ---

function randomKey() {
  // One per hand: a double tap or a form sent again is recorded once.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function valueOf(field) {
  if (field.classList.contains("choice")) return field.dataset.value || "";
  return field.querySelector(".value").dataset.value || "";
}

function setShown(field, value) {
  const shown = field.querySelector(".value");
  shown.dataset.value = value;
  shown.textContent = value ? value.split(",").join(" ") : "—";
}

function wireForm(area, initData, reopen) {
  const form = area.querySelector("#entry");
  if (!form) return;
  const fields = Array.from(form.querySelectorAll(".field"));
  const typed = fields.filter((f) => !f.classList.contains("choice"));
  const pad = form.querySelector(".pad");
  const outcome = form.querySelector(".outcome");
  const send = form.querySelector(".send");
  let nonce = randomKey();
  let active = null;

  function activate(field) {
    active = field;
    for (const f of typed) f.querySelector(".value").classList.toggle("active", f === field);
    pad.hidden = !field || !field.classList.contains("number");
    for (const palette of form.querySelectorAll(".palette")) {
      palette.hidden = !field || field.dataset.palette !== palette.id;
    }
  }
  function advance() {
    const next = typed[typed.indexOf(active) + 1] || null;
    activate(next);
  }
  for (const field of fields) {
    if (field.classList.contains("choice")) {
      for (const option of field.querySelectorAll("[data-option]")) {
        option.addEventListener("click", () => {
          field.dataset.value = option.dataset.option;
          for (const o of field.querySelectorAll("[data-option]")) {
            o.setAttribute("aria-pressed", String(o === option));
          }
        });
      }
    } else {
      field.querySelector(".value").addEventListener("click", () => activate(field));
    }
  }
  for (const key of form.querySelectorAll("[data-key]")) {
    key.addEventListener("click", () => {
      if (!active) return;
      const now = valueOf(active);
      const most = Number(active.dataset.most);
      if (key.dataset.key === "next") return advance();
      if (active.classList.contains("number")) {
        if (key.dataset.key === "back") return setShown(active, now.slice(0, -1));
        const digits = now === "0" ? key.dataset.key : now + key.dataset.key;
        if (Number(digits) <= most) setShown(active, digits);
      } else if (key.dataset.key === "back") {
        setShown(active, now.split(",").filter(Boolean).slice(0, -1).join(","));
      }
    });
  }
  for (const card of form.querySelectorAll("[data-card]")) {
    card.addEventListener("click", () => {
      if (!active || !active.classList.contains("cards")) return;
      const cards = valueOf(active).split(",").filter(Boolean);
      if (cards.length >= Number(active.dataset.most)) return;
      cards.push(card.dataset.card);
      setShown(active, cards.join(","));
      if (cards.length >= Number(active.dataset.most)) advance();
    });
  }
  form.querySelector(".close").addEventListener("click", () => {
    area.innerHTML = "";
    document.getElementById("write").hidden = false;
  });
  const tapped = () => {
    const values = {};
    for (const field of fields) values[field.dataset.name] = valueOf(field);
    return values;
  };
  const preview = form.querySelector(".preview");
  if (preview) {
    preview.addEventListener("click", async () => {
      let answer = null;
      try {
        const response = await fetch(preview.dataset.preview, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ stamp: form.dataset.stamp, values: tapped() }),
        });
        answer = await response.json();
      } catch (e) {
        answer = null;
      }
      if (!answer || !answer.said) return;
      outcome.textContent = answer.said;
      outcome.classList.toggle("refused", answer.status !== "taken");
      if (answer.status === "stale") reopen(answer.said);
    });
  }
  send.addEventListener("click", async () => {
    const values = tapped();
    send.disabled = true;
    outcome.classList.remove("refused");
    let answer = null;
    try {
      const response = await fetch(form.dataset.post, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ init_data: initData, nonce: nonce, stamp: form.dataset.stamp,
                               values: values }),
      });
      answer = await response.json();
    } catch (e) {
      answer = null; // the answer lost: the same key sent again records it once
    }
    send.disabled = false;
    if (!answer || !answer.said) {
      outcome.textContent = "…";
      return;
    }
    outcome.textContent = answer.said;
    outcome.classList.toggle("refused", answer.status !== "taken" && answer.status !== "sent");
    form.dataset.status = answer.status;
    if (answer.status === "stale") reopen(answer.said);
    else if (answer.status === "taken" || answer.status === "sent") {
      nonce = randomKey(); // the next hand is another
      reopen(answer.said);
    }
  });
}

async function openForm(button, area, initData, said) {
  let html;
  try {
    const response = await fetch(button.dataset.form);
    html = await response.text();
  } catch (e) {
    return;
  }
  area.innerHTML = html; // written and escaped by the server
  button.hidden = true; // the form is open: its Close button brings this one back
  const reopen = (text) => openForm(button, area, initData, text);
  wireForm(area, initData, reopen);
  const outcome = area.querySelector(".outcome");
  if (said && outcome) outcome.textContent = said;
}

document.addEventListener("DOMContentLoaded", () => {
  const params = launchParams();
  applyTheme(params);
  const board = document.getElementById("board");
  if (!board) return;
  if (board.dataset.events) keepLive(board);
  else if (board.dataset.app) openApp(board, params);
  const write = document.getElementById("write");
  const initData = params.get("tgWebAppData");
  if (write && initData) {
    write.hidden = false;
    const area = document.getElementById("entry-area");
    write.addEventListener("click", () => openForm(write, area, initData, ""));
  }
});
