// kirifuda — a finished game, step by step: the table after each event, as a spectator or any one seat saw it
// (the record is public once the game is over). Drawn by the same renderer as the live table.

import { UI, apiUrl, callsView, el, infoView, languageButton, logView, onLang, seatView, seatsAround, sheetView, t, tableIdFromPath, zoneView } from "./common.js";

const L = {
  replay: { ja: "リプレイ", en: "Replay" },
  first: { ja: "最初", en: "first" },
  previous: { ja: "前へ", en: "previous" },
  next: { ja: "次へ", en: "next" },
  last: { ja: "最後", en: "last" },
  step: { ja: "手順", en: "step" },
  viewpoint: { ja: "視点", en: "viewpoint" },
  spectator: { ja: "観戦者", en: "spectator" },
  record: { ja: "棋譜をダウンロード", en: "Download the record" },
};

const tableId = tableIdFromPath();
const params = new URLSearchParams(location.search);
const page = { step: Number(params.get("step") || 1), seat: params.get("seat") === null ? null : Number(params.get("seat")), data: null, error: null, seats: 0 };
const root = document.getElementById("app");
let loading = 0;

async function load(step) {
  const ticket = ++loading;
  const query = new URLSearchParams({ step: String(Math.max(0, step)) });
  if (page.seat !== null) query.set("seat", String(page.seat));
  const response = await fetch(apiUrl(`api/tables/${encodeURIComponent(tableId)}/replay?${query}`));
  const body = await response.json();
  if (ticket !== loading) return;
  if (!response.ok) {
    page.error = t({ ja: body.ja, en: body.en });
  } else {
    page.data = body;
    page.step = body.step;
    page.seats = body.view ? body.view.seats.length : page.seats;
    page.error = null;
    const url = new URL(location.href);
    url.searchParams.set("step", String(body.step));
    history.replaceState(null, "", url);
  }
  render();
}

function go(step) {
  if (!page.data) return;
  load(Math.min(Math.max(0, step), page.data.steps));
}

function controls() {
  const data = page.data;
  const steps = data ? data.steps : 0;
  return el(
    "nav",
    { class: "replay-controls", "aria-label": t(L.replay) },
    el("button", { type: "button", onclick: () => go(0), "aria-label": t(L.first) }, "|◀"),
    el("button", { type: "button", onclick: () => go(page.step - 1), "aria-label": t(L.previous), id: "previous" }, "◀"),
    el("input", {
      type: "range",
      min: 0,
      max: steps,
      value: page.step,
      "aria-label": t(L.step),
      oninput: (e) => go(Number(e.target.value)),
    }),
    el("button", { type: "button", onclick: () => go(page.step + 1), "aria-label": t(L.next), id: "next" }, "▶"),
    el("button", { type: "button", onclick: () => go(steps), "aria-label": t(L.last), id: "last" }, "▶|"),
    el("span", { id: "step" }, `${t(L.step)} ${page.step} / ${steps}`),
    el("label", { for: "viewpoint" }, t(L.viewpoint)),
    el(
      "select",
      {
        id: "viewpoint",
        onchange: (e) => {
          page.seat = e.target.value === "" ? null : Number(e.target.value);
          const url = new URL(location.href);
          if (page.seat === null) url.searchParams.delete("seat");
          else url.searchParams.set("seat", String(page.seat));
          history.replaceState(null, "", url);
          load(page.step);
        },
      },
      el("option", { value: "", selected: page.seat === null }, t(L.spectator)),
      Array.from({ length: page.seats }, (_, s) => el("option", { value: s, selected: page.seat === s }, `${t(UI.seatWord)}${s}`))
    ),
    el("a", { href: apiUrl(`api/tables/${tableId}/record?download=true`), download: "" }, t(L.record))
  );
}

function render() {
  const data = page.data;
  const view = data && data.view;
  const parts = [
    el("header", { class: "top" }, el("a", { href: apiUrl("/"), class: "home" }, `切り札 · ${t(UI.lobby)}`), el("h1", {}, `${t(L.replay)} `, view ? t(view.title) : "", el("small", {}, ` #${tableId}`)), languageButton()),
    controls(),
  ];
  if (page.error) parts.push(el("p", { class: "error", role: "alert" }, page.error));
  if (data && data.event) parts.push(el("p", { class: "replay-event", id: "event" }, t(data.event)));
  if (view) {
    const seats = seatsAround(view);
    parts.push(
      el(
        "main",
        { class: "table" },
        el("div", { class: "others" }, seats.filter((s) => !s.you).map((s) => seatView(view, s))),
        el("div", { class: "middle" }, infoView(view), callsView(view), el("div", { class: "center" }, view.center.map((z) => zoneView(view, z)))),
        el("div", { class: "mine" }, seats.filter((s) => s.you).map((s) => seatView(view, s)), view.hand ? zoneView(view, view.hand) : null),
        el("div", { class: "side" }, sheetView(view), logView(data.log))
      )
    );
  }
  root.replaceChildren(...parts);
  root.dataset.step = String(page.step);
  root.dataset.steps = data ? String(data.steps) : "";
  document.title = `${t(L.replay)} · kirifuda`;
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === "ArrowRight") go(page.step + 1);
  if (event.key === "ArrowLeft") go(page.step - 1);
});

onLang(render);
render();
load(page.step);
