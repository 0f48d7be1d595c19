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
  practiceMark,
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
  review: { ja: "検討", en: "Review" },
  reviewing: { ja: "検討中…(数十秒かかることがあります)", en: "Reviewing… (this may take a minute)" },
  reviewSeat: { ja: "検討する席を視点で選んでください", en: "Choose a seat as the viewpoint to review its decisions" },
  reviewTitle: { ja: "検討 席{0}({1})", en: "Review of seat {0} ({1})" },
  reviewSummary: { ja: "{0}手を検討 · 平均損失 {1} · 悪手 {2}", en: "{0} decisions reviewed · mean loss {1} · mistakes {2}" },
  played: { ja: "選んだ手", en: "played" },
  best: { ja: "最善", en: "best" },
  loss: { ja: "損失", en: "loss" },
  mistake: { ja: "?? 悪手", en: "?? mistake" },
  now: { ja: "検討: {0} を選択 · 最善 {1} · 損失 {2}", en: "Review: played {0} · best {1} · loss {2}" },
};

const tableId = tableIdFromPath();
const params = new URLSearchParams(location.search);
const page = { step: Number(params.get("step") || 1), seat: params.get("seat") === null ? null : Number(params.get("seat")), data: null, error: null, seats: 0, review: null, reviewing: false };
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

/** The review of the viewpoint's seat (computed by the server once, then kept): marks on the moves. */
async function review() {
  if (page.seat === null) {
    page.error = t(L.reviewSeat);
    render();
    return;
  }
  const seat = page.seat;
  page.reviewing = true;
  page.error = null;
  render();
  const query = new URLSearchParams({ seat: String(seat), bot: params.get("bot") || "normal" });
  const response = await fetch(apiUrl(`api/tables/${encodeURIComponent(tableId)}/review?${query}`));
  const body = await response.json();
  page.reviewing = false;
  if (!response.ok) page.error = t({ ja: body.ja, en: body.en });
  else page.review = { seat, data: body, byEvent: new Map(body.decisions.map((d) => [d.event, d])) };
  render();
}

/** ``text`` with {0}, {1}, … replaced by ``args`` in both languages. */
function fmt(text, ...args) {
  const put = (s) => args.reduce((out, arg, i) => out.replace(`{${i}}`, String(arg)), s);
  return { ja: put(text.ja), en: put(text.en) };
}

function lossText(d) {
  return `−${d.loss.toFixed(2)}${d.loss_stderr === null ? "" : ` ± ${d.loss_stderr.toFixed(2)}`}`;
}

/** The log's lines with each reviewed decision's loss (a mistake marked), by the event each line shows. */
function markedLog(data) {
  if (!page.review || !data.log) return data.log;
  const first = data.step - data.log.length;
  return data.log.map((line, k) => {
    const d = page.review.byEvent.get(first + k);
    if (!d) return line;
    const mark = `[${lossText(d)}${d.mistake ? " ??" : ""}]`;
    return { ...line, line: { ja: `${line.line.ja} ${mark}`, en: `${line.line.en} ${mark}` }, mistake: d.mistake };
  });
}

function reviewPanel() {
  if (page.reviewing) return el("p", { class: "replay-review", id: "review-status", role: "status" }, t(L.reviewing));
  if (!page.review) return null;
  const { seat, data } = page.review;
  const summary = data.summary;
  const rows = data.decisions.map((d) =>
    el(
      "tr",
      { class: d.mistake ? "mistake" : "", "data-event": d.event },
      el("td", {}, el("button", { type: "button", class: "link", onclick: () => go(d.event + 1) }, String(d.event + 1))),
      el("td", {}, d.played),
      el("td", {}, d.best),
      el("td", {}, lossText(d)),
      el("td", {}, d.mistake ? t(L.mistake) : "")
    )
  );
  return el(
    "section",
    { class: "replay-review", id: "review", "aria-labelledby": "review-title" },
    el("h2", { id: "review-title" }, t(fmt(L.reviewTitle, seat, data.bot))),
    el("p", {}, t(fmt(L.reviewSummary, summary.decisions, summary.mean_loss.toFixed(3), summary.mistakes))),
    el(
      "table",
      { class: "review-moves" },
      el("thead", {}, el("tr", {}, el("th", {}, t(L.step)), el("th", {}, t(L.played)), el("th", {}, t(L.best)), el("th", {}, t(L.loss)), el("th", {}, ""))),
      el("tbody", {}, rows)
    )
  );
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
const reviewButton = el("button", { type: "button", id: "review-button", onclick: () => review() });
const controlsNav = el("nav", { class: "replay-controls" }, buttons.first, buttons.previous, slider, buttons.next, buttons.last, stepLabel, viewpointLabel, viewpoint, reviewButton, recordLink);
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
  reviewButton.textContent = t(L.review);
  reviewButton.disabled = page.reviewing;
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
    el("header", { class: "top" }, el("a", { href: apiUrl("/"), class: "home" }, `切り札 · ${t(UI.lobby)}`), el("h1", {}, `${t(L.replay)} `, view ? t(view.title) : "", el("small", {}, ` #${tableId}`)), data && data.practice ? practiceMark() : null, languageButton())
  );
  controls();
  const parts = [];
  if (page.error) parts.push(el("p", { class: "error", role: "alert" }, page.error));
  if (data && data.event) parts.push(el("p", { class: "replay-event", id: "event" }, t(data.event)));
  const decision = page.review && page.review.byEvent.get(page.step - 1);
  if (decision) {
    const text = t(fmt(L.now, decision.played, decision.best, lossText(decision))) + (decision.mistake ? ` ${t(L.mistake)}` : "");
    parts.push(el("p", { class: `replay-event${decision.mistake ? " mistake" : ""}`, id: "review-now" }, text));
  }
  parts.push(reviewPanel());
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
        el("div", { class: "side" }, view.hand ? zoneView(view, view.hand) : null, sheetView(view), logView(markedLog(data)))
      )
    );
  }
  content.replaceChildren(...parts.filter(Boolean));
  root.dataset.step = String(page.step);
  root.dataset.steps = data ? String(data.steps) : "";
  root.dataset.reviewed = page.review ? String(page.review.data.decisions.length) : "";
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
