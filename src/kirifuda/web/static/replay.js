// kirifuda — a finished game, step by step: the table after each event, as a spectator or any one seat saw it
// (the record is public once the game is over). Drawn by the same renderer as the live table.

import {
  UI,
  apiUrl,
  callsView,
  dealResult,
  el,
  fill,
  infoView,
  languageButton,
  logView,
  onLang,
  resultView,
  seatAreas,
  seatView,
  sheetView,
  t,
  tableIdFromPath,
  trickView,
  trickZone,
  zoneView,
} from "./common.js";

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

// The controls are drawn once and updated in place, so the slider can be dragged and a focused button keeps the
// focus while the steps load.
const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider", oninput: (e) => go(Number(e.target.value)) });
const stepLabel = el("span", { id: "step" });
const viewpoint = el("select", {
  id: "viewpoint",
  onchange: (e) => {
    page.seat = e.target.value === "" ? null : Number(e.target.value);
    const url = new URL(location.href);
    if (page.seat === null) url.searchParams.delete("seat");
    else url.searchParams.set("seat", String(page.seat));
    history.replaceState(null, "", url);
    load(page.step);
  },
});
const buttons = {
  first: el("button", { type: "button", onclick: () => go(0), id: "first" }, "|◀"),
  previous: el("button", { type: "button", onclick: () => go(page.step - 1), id: "previous" }, "◀"),
  next: el("button", { type: "button", onclick: () => go(page.step + 1), id: "next" }, "▶"),
  last: el("button", { type: "button", onclick: () => go(page.data ? page.data.steps : 0), id: "last" }, "▶|"),
};
const viewpointLabel = el("label", { for: "viewpoint" });
const recordLink = el("a", { href: apiUrl(`api/tables/${tableId}/record?download=true`), download: "" });
const controlsNav = el("nav", { class: "replay-controls" }, buttons.first, buttons.previous, slider, buttons.next, buttons.last, stepLabel, viewpointLabel, viewpoint, recordLink);
const headerSlot = el("div");
const content = el("div", { id: "replay-content" });

function controls() {
  const steps = page.data ? page.data.steps : 0;
  controlsNav.setAttribute("aria-label", t(L.replay));
  for (const name of Object.keys(buttons)) buttons[name].setAttribute("aria-label", t(L[name]));
  slider.max = String(steps);
  if (document.activeElement !== slider || !slider.matches(":active")) slider.value = String(page.step);
  slider.setAttribute("aria-label", t(L.step));
  stepLabel.textContent = `${t(L.step)} ${page.step} / ${steps}`;
  viewpointLabel.textContent = t(L.viewpoint);
  recordLink.textContent = t(L.record);
  const options = [el("option", { value: "", selected: page.seat === null }, t(L.spectator))];
  for (let s = 0; s < page.seats; s += 1) options.push(el("option", { value: s, selected: page.seat === s }, `${t(UI.seatWord)}${s}`));
  if (viewpoint.options.length !== options.length || viewpoint.dataset.lang !== t(L.spectator)) {
    viewpoint.replaceChildren(...options);
    viewpoint.dataset.lang = t(L.spectator);
  }
  viewpoint.value = page.seat === null ? "" : String(page.seat);
}

/** At the end of a deal (the next deal is pending) or of the game: the deal's result, as on the live table. */
function resultPanel(view) {
  const rows = view.sheet ? view.sheet.rows.length : 0;
  const atEnd = view.result || view.over || (view.phase === "deal" && rows > 0);
  if (!atEnd) return null;
  const scores = { deals: view.sheet ? view.sheet.rows.map(([, values]) => values.map((v) => v ?? 0)) : [], totals: view.sheet ? view.sheet.totals : [] };
  const result = dealResult(view, scores, rows);
  if (!result) return null;
  return el(
    "section",
    { class: "replay-result", id: "replay-result", "aria-labelledby": "replay-result-title" },
    el("h2", { id: "replay-result-title" }, t(view.result ? view.result.title : fill(UI.dealResult, result.deal))),
    resultView(view, result)
  );
}

function render() {
  const data = page.data;
  const view = data && data.view;
  headerSlot.replaceChildren(
    el("header", { class: "top" }, el("a", { href: apiUrl("/"), class: "home" }, `切り札 · ${t(UI.lobby)}`), el("h1", {}, `${t(L.replay)} `, view ? t(view.title) : "", el("small", {}, ` #${tableId}`)), languageButton())
  );
  controls();
  const parts = [];
  if (page.error) parts.push(el("p", { class: "error", role: "alert" }, page.error));
  if (data && data.event) parts.push(el("p", { class: "replay-event", id: "event" }, t(data.event)));
  if (view) {
    parts.push(resultPanel(view));
    const areas = seatAreas(view);
    const trick = trickZone(view);
    const seats = view.seats.map((s) => {
      const box = seatView(view, s);
      box.classList.add("around", `at-${areas.get(s.seat)}`);
      return box;
    });
    parts.push(
      el(
        "main",
        { class: "table" },
        el(
          "div",
          { class: `felt seats-${view.seats.length}` },
          seats,
          el("div", { class: "middle" }, infoView(view), callsView(view), trick ? trickView(view, trick, areas) : null, el("div", { class: "center" }, view.center.filter((z) => z !== trick).map((z) => zoneView(view, z))))
        ),
        el("div", { class: "side" }, view.hand ? zoneView(view, view.hand) : null, sheetView(view), logView(data.log))
      )
    );
  }
  content.replaceChildren(...parts.filter(Boolean));
  root.dataset.step = String(page.step);
  root.dataset.steps = data ? String(data.steps) : "";
  document.title = `${t(L.replay)} · kirifuda`;
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === "ArrowRight") go(page.step + 1);
  if (event.key === "ArrowLeft") go(page.step - 1);
});

root.replaceChildren(headerSlot, controlsNav, content);
onLang(render);
render();
load(page.step);
