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

document.addEventListener("DOMContentLoaded", () => {
  const params = launchParams();
  applyTheme(params);
  const board = document.getElementById("board");
  if (!board) return;
  if (board.dataset.events) keepLive(board);
  else if (board.dataset.app) openApp(board, params);
});
