// kirifuda — the table page: one WebSocket to the server (docs/protocol.md), the table drawn from the
// presentation model by common.js, and the seat's choices as buttons. A choice of several cards is built by
// selecting cards (only those of some legal choice can be selected), which narrows the choices to those holding
// every selected card; each choice is a <button> whose accessible name starts with its record text.

import {
  UI,
  apiUrl,
  both,
  callsView,
  cardName,
  cardSVG,
  el,
  infoView,
  languageButton,
  logView,
  onLang,
  seatView,
  seatsAround,
  sheetView,
  t,
  tableIdFromPath,
  zoneView,
} from "./common.js";

const SHOWN_AT_MOST = 30; // more choices than this wait for a card to be selected first

const tableId = tableIdFromPath();
// the seat's token travels in the link's fragment (#token=…), which no request carries; the old ?token= form still
// works (deprecated). It is shown to the server in the socket's first message, never in a URL.
const token = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
const page = {
  state: null,
  selection: [], // [{zone, index, card}]
  selectionVersion: -1,
  sent: false,
  socket: null,
  retry: 0,
  closedForGood: false,
  status: "connecting",
  error: null,
};

const root = document.getElementById("app");

function socketUrl() {
  const url = new URL(apiUrl(`ws/tables/${encodeURIComponent(tableId)}`));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.toString();
}

function connect() {
  page.status = page.retry ? "reconnecting" : "connecting";
  render();
  const socket = new WebSocket(socketUrl());
  page.socket = socket;
  socket.addEventListener("open", () => {
    if (token) socket.send(JSON.stringify({ type: "auth", token }));
    page.status = "connected";
    page.retry = 0;
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    if (event.code === 4403 || event.code === 4404) {
      page.closedForGood = true;
      render();
      return;
    }
    page.status = "reconnecting";
    page.retry += 1;
    render();
    setTimeout(connect, Math.min(10000, 500 * 2 ** Math.min(page.retry, 5)));
  });
}

function receive(message) {
  if (message.type === "error") {
    page.error = message;
    page.sent = false;
    render();
    return;
  }
  if (message.type !== "state") return;
  if (!page.state || message.version !== page.state.version) {
    if (page.state && message.version !== page.state.version) page.error = null;
    page.selection = [];
  }
  page.state = message;
  page.sent = false;
  if (token) remember(message);
  render();
}

function remember(state) {
  // the lobby's "my tables": this browser's seats, so a player finds the way back
  const mine = JSON.parse(localStorage.getItem("kirifuda.mine") || "{}");
  mine[tableId] = { seat: state.seat, token, game: state.view ? state.view.title : null, finished: state.finished };
  localStorage.setItem("kirifuda.mine", JSON.stringify(mine));
}

function act(action) {
  if (!page.state || page.sent || !page.socket || page.socket.readyState !== WebSocket.OPEN) return;
  page.sent = true;
  page.socket.send(JSON.stringify({ type: "act", version: page.state.version, action }));
  render();
}

// --- choices ---------------------------------------------------------------------------------------------------

function count(list) {
  const out = new Map();
  for (const item of list) out.set(item, (out.get(item) || 0) + 1);
  return out;
}

function holds(choiceCards, selectedCards) {
  const have = count(choiceCards);
  for (const [card, n] of count(selectedCards)) if ((have.get(card) || 0) < n) return false;
  return true;
}

/** How the seat's choices map onto cards: direct (a card that is one choice by itself), the rest by zone. */
function plan(state) {
  const choices = state.choices || [];
  const byCard = new Map(); // "zone card" → choices holding it
  for (const choice of choices) {
    for (const card of new Set(choice.cards)) {
      const key = `${choice.zone} ${card}`;
      if (!byCard.has(key)) byCard.set(key, []);
      byCard.get(key).push(choice);
    }
  }
  const direct = new Map(); // "zone card" → the one choice
  for (const [key, list] of byCard) {
    if (list.length === 1 && list[0].cards.length === 1) direct.set(key, list[0]);
  }
  const directChoices = new Set(direct.values());
  return { choices, byCard, direct, rest: choices.filter((c) => !directChoices.has(c)) };
}

function choiceName(choice) {
  const label = both(choice.label);
  const group = choice.group ? ` (${both(choice.group)})` : "";
  return `${choice.action} — ${label}${group}`;
}

function selectedCards(zoneKey) {
  return page.selection.filter((s) => s.zone === zoneKey).map((s) => s.card);
}

function matching(rest) {
  const zones = new Set(page.selection.map((s) => s.zone));
  return rest.filter((choice) => {
    if (page.selection.length && !zones.has(choice.zone)) return false;
    return holds(choice.cards, selectedCards(choice.zone));
  });
}

function cardButton(zone, card, index, choicePlan) {
  const key = `${zone.key} ${card.card}`;
  const direct = choicePlan.direct.get(key);
  if (direct) {
    const first = zone.cards.findIndex((c) => c.card === card.card) === index; // a second copy is the same choice
    if (!first) return null;
    return el(
      "button",
      {
        type: "button",
        class: "card playable",
        "aria-label": choiceName(direct),
        "data-action": direct.action,
        disabled: page.sent,
        onclick: () => act(direct.action),
      },
      cardSVG(card.card)
    );
  }
  const holding = choicePlan.byCard.get(key);
  if (!holding) return null;
  const selected = page.selection.some((s) => s.zone === zone.key && s.index === index);
  const wouldFit = selected || matching(choicePlan.rest).some((c) => c.zone === zone.key && holds(c.cards, [...selectedCards(zone.key), card.card]));
  return el(
    "button",
    {
      type: "button",
      class: "card selectable" + (selected ? " selected" : ""),
      "aria-pressed": selected ? "true" : "false",
      "aria-label": `${t(UI.select)} ${cardName(card.card)}`,
      "data-select": card.card,
      disabled: page.sent || !wouldFit,
      onclick: () => {
        if (selected) page.selection = page.selection.filter((s) => !(s.zone === zone.key && s.index === index));
        else page.selection = [...page.selection.filter((s) => s.zone === zone.key), { zone: zone.key, index, card: card.card }];
        render();
      },
    },
    cardSVG(card.card)
  );
}

function choicesView(choicePlan) {
  const rest = choicePlan.rest;
  if (!rest.length) return null;
  const fitting = matching(rest);
  const box = el("section", { class: "choices", "aria-label": t(UI.choices) }, el("h3", {}, t(UI.choices)));
  let shown = fitting;
  if (!page.selection.length && fitting.length > SHOWN_AT_MOST) {
    shown = fitting.filter((c) => !c.cards.length);
    box.append(el("p", { class: "hint" }, `${t(UI.selectCards)}${fitting.length}${t(UI.selectCardsEnd)}`));
  } else if (fitting.length > SHOWN_AT_MOST) {
    shown = fitting.filter((c) => c.cards.length === page.selection.length || !c.cards.length);
    box.append(el("p", { class: "hint" }, `${t(UI.selectCards)}${fitting.length}${t(UI.selectCardsEnd)}`));
  }
  const exact = (c) => c.cards.length > 0 && c.cards.length === page.selection.length;
  const list = el("div", { class: "choice-list" });
  for (const choice of shown) {
    const label = t(choice.label) + (choice.group && !t(choice.label).includes(t(choice.group)) ? ` · ${t(choice.group)}` : "");
    list.append(
      el(
        "button",
        {
          type: "button",
          class: "choice" + (exact(choice) ? " confirm" : ""),
          "aria-label": choiceName(choice),
          "data-action": choice.action,
          disabled: page.sent,
          onclick: () => act(choice.action),
        },
        label
      )
    );
  }
  box.append(list);
  if (page.selection.length) {
    box.append(
      el("button", { type: "button", class: "clear", onclick: () => ((page.selection = []), render()) }, t(UI.clear))
    );
  }
  return box;
}

// --- drawing -----------------------------------------------------------------------------------------------------

function header(state) {
  const view = state && state.view;
  const who = !state ? "" : state.seat == null ? t(UI.spectator) : `${t(UI.seatWord)}${state.seat} (${t(UI.you)})`;
  const status = page.closedForGood ? "" : t(UI[page.status]);
  return el(
    "header",
    { class: "top" },
    el("a", { href: apiUrl("/"), class: "home" }, `切り札 · ${t(UI.lobby)}`),
    el("h1", {}, view ? t(view.title) : "kirifuda", el("small", {}, ` #${tableId}`)),
    el("span", { class: "who" }, who),
    el("span", { class: `net ${page.status}`, role: "status" }, status),
    languageButton()
  );
}

function turnBanner(state) {
  if (state.finished) return null;
  if (state.legal.length) return el("p", { class: "turn mine", role: "status" }, t(UI.yourTurn));
  if (!state.to_act.length) return null;
  const names = state.to_act.map((s) => `${t(UI.seatWord)}${s}`).join(", ");
  return el("p", { class: "turn", role: "status" }, `${t(UI.waitingFor)}${names}`);
}

function summary(state) {
  if (!state.finished) return null;
  const names = state.scores.winners.map((s) => `${t(UI.seatWord)}${s}`).join(", ");
  return el(
    "section",
    { class: "summary", id: "summary", role: "dialog", "aria-label": t(UI.gameOver) },
    el("h2", {}, t(UI.gameOver)),
    el("p", { class: "winners" }, `${t(UI.winners)}: ${names}`),
    el(
      "ol",
      { class: "final" },
      state.scores.totals
        .map((total, seat) => ({ total, seat }))
        .sort((a, b) => b.total - a.total)
        .map(({ total, seat }) => el("li", { class: state.scores.winners.includes(seat) ? "winner" : null }, `${t(UI.seatWord)}${seat}: ${total}`))
    ),
    el(
      "p",
      { class: "links" },
      el("a", { href: apiUrl(`api/tables/${tableId}/record?download=true`), download: "" }, t(UI.record)),
      " · ",
      el("a", { href: apiUrl(`replay/${tableId}`) + (state.seat == null ? "" : `?seat=${state.seat}`) }, t(UI.replay))
    )
  );
}

function plainView(state) {
  // the presentation failed on the server: the observation as text, and plain buttons
  return el("pre", { class: "plain" }, JSON.stringify(state.observation, null, 1));
}

function render() {
  const state = page.state;
  const parts = [header(state)];
  if (page.closedForGood && page.error) parts.push(el("p", { class: "error", role: "alert" }, t({ ja: page.error.ja, en: page.error.en })));
  if (state) {
    const view = state.view;
    const choicePlan = plan(state);
    if (page.error && !page.closedForGood) parts.push(el("p", { class: "error", role: "alert" }, t({ ja: page.error.ja, en: page.error.en })));
    parts.push(turnBanner(state));
    parts.push(summary(state));
    if (view) {
      const players = new Map((state.players || []).map((p) => [p.seat, p]));
      const decorate = (zone, card, index) => (state.legal.length ? cardButton(zone, card, index, choicePlan) : null);
      const seats = seatsAround(view);
      const others = seats.filter((s) => !s.you);
      const me = seats.find((s) => s.you);
      parts.push(
        el(
          "main",
          { class: "table" },
          el("div", { class: "others" }, others.map((s) => seatView(view, s, players.get(s.seat)))),
          el(
            "div",
            { class: "middle" },
            infoView(view),
            callsView(view),
            el("div", { class: "center" }, view.center.map((zone) => zoneView(view, zone, decorate)))
          ),
          el(
            "div",
            { class: "mine" },
            me ? seatView(view, me, players.get(me.seat)) : null,
            view.hand ? zoneView(view, view.hand, decorate) : null,
            choicesView(choicePlan)
          ),
          el("div", { class: "side" }, sheetView(view), logView(state.log))
        )
      );
    } else {
      parts.push(plainView(state), choicesView(choicePlan), logView(state.log));
    }
  }
  root.replaceChildren(...parts.filter(Boolean));
  root.dataset.version = state ? state.version : "";
  root.dataset.finished = state && state.finished ? "true" : "false";
  root.dataset.deals = state ? state.scores.deals.length : "0";
  root.dataset.legal = state ? state.legal.length : "0";
  root.dataset.sent = page.sent ? "true" : "false";
  root.dataset.seat = state && state.seat != null ? state.seat : "";
  document.title = state && state.view ? `${t(state.view.title)} · kirifuda` : "kirifuda";
}

onLang(render);
connect();
