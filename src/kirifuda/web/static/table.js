// kirifuda — the table page: one WebSocket to the server (docs/protocol.md), the table drawn from the
// presentation model by common.js round a felt (you at the bottom, the others left, top and right), and the
// seat's hand and choices in a dock fixed at the bottom of the window, so they never need a scroll. A choice of
// several cards is built by selecting cards (only those of some legal choice can be selected), which narrows the
// choices to those holding every selected card; each choice is a <button> whose accessible name starts with its
// record text. The end of a deal is a dialog the player closes with Continue (the server waits for it).

import {
  UI,
  apiUrl,
  both,
  callsView,
  cardName,
  cardSVG,
  dealResult,
  el,
  fill,
  getLang,
  infoView,
  languageButton,
  logView,
  onLang,
  practiceMark,
  resultView,
  rulesView,
  seatAreas,
  seatName,
  seatView,
  setPlayerNames,
  sheetView,
  t,
  tableIdFromPath,
  trickView,
  trickZone,
  zoneView,
} from "./common.js";

const SHOWN_AT_MOST = 30; // more choices than this wait for a card to be selected first
const TRICK_HOLD_MS = 1200; // a finished trick stays on the table this long before it is collected

const tableId = tableIdFromPath();
// the seat's token travels in the link's fragment (#token=…), which no request carries; the old ?token= form still
// works (deprecated). It is shown to the server in the socket's first message, never in a URL.
const token = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
const page = {
  state: null, // the state drawn
  latest: null, // the newest state received (differs from state while a deal's result is held)
  selection: [], // [{zone, index, card}]
  sent: false,
  socket: null,
  retry: 0,
  closedForGood: false,
  status: "connecting",
  error: null,
  continued: 0, // the last deal whose result this page has closed
  held: null, // a finished trick shown a moment longer: {zone, until}
  panel: null, // "rules" | "history" | null
  rules: null, // the rules text once fetched
  history: null, // this deal's events as the seat saw them, once asked for
  sound: localStorage.getItem("kirifuda.sound") === "on",
  wasMyTurn: false,
  askedAgain: false,
  nameSent: false,
};

const root = document.getElementById("app");
const dialogs = el("div", { id: "dialogs" });
document.body.append(dialogs);

function socketUrl() {
  const url = new URL(apiUrl(`ws/tables/${encodeURIComponent(tableId)}`));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("continue", "1"); // this page answers the end of a deal (docs/protocol.md)
  return url.toString();
}

/** The page of a seat at a table (the invite link's form). */
function seatLink(table, seatToken) {
  const url = apiUrl(`table/${encodeURIComponent(table)}`);
  return seatToken ? `${url}#token=${encodeURIComponent(seatToken)}` : url;
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
    page.nameSent = false;
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

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "error") {
    page.error = message;
    page.sent = false;
    render();
    return;
  }
  if (message.type === "history") {
    page.history = { lines: message.lines, tricks: message.tricks || [] };
    renderPanel();
    return;
  }
  if (message.type !== "state") return;
  page.latest = message;
  page.sent = false;
  if (token) remember(message);
  if (message.again && message.again.token && page.askedAgain) {
    location.href = seatLink(message.again.table, message.again.token); // I asked to play again: go there
    return;
  }
  offerName(message);
  const shown = page.state;
  // a player's page keeps the result of a deal until it is closed: a newer deal is not drawn before Continue (a
  // spectator's follows the table, which deals on after its pause)
  if (shown && shown.seat != null && resultPending(shown) && message.deal > shown.deal) {
    render();
    return;
  }
  adopt(message);
}

function adopt(message) {
  const before = page.state;
  if (!before || message.version !== before.version || message.deal !== before.deal) {
    if (before && message.version !== before.version) page.error = null;
    page.selection = [];
    holdTrick(before, message);
  }
  page.state = message;
  if (page.panel === "history" && before && message.version !== before.version) askHistory();
  render();
}

/** A trick that has just been completed stays a moment in front of the seats before it is collected. */
function holdTrick(before, after) {
  if (!before || !before.view || !after.view || after.deal !== before.deal) return;
  const old = trickZone(before.view);
  const now = trickZone(after.view);
  if (!old || !now) return;
  const last = after.view.center.find((z) => z.key === "last_trick");
  let finished = null;
  if (now.key === "trick" && now.cards.length < old.cards.length) {
    finished = last && last.cards.length ? last : old; // the whole trick when the table keeps it
  } else if (now.key !== "trick" && now.cards.length && JSON.stringify(now.cards) !== JSON.stringify(old.cards)) {
    return; // a trick shown whole by itself (a simultaneous reveal): it is on the table already
  }
  if (!finished) return;
  page.held = { zone: finished, until: Date.now() + TRICK_HOLD_MS };
  setTimeout(() => {
    if (page.held && Date.now() >= page.held.until) {
      page.held = null;
      render();
    }
  }, TRICK_HOLD_MS + 20);
}

function resultPending(state) {
  return Boolean(state.pause) && state.pause.deal > page.continued;
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

function continueDeal() {
  const state = page.state;
  if (!state || !state.pause) return;
  page.continued = state.pause.deal;
  if (state.seat != null) send({ type: "continue", deal: state.pause.deal });
  if (page.latest && page.latest.deal > state.deal) adopt(page.latest);
  else render();
  const target = document.querySelector("#dock") || root;
  target.focus({ preventScroll: true });
}

// --- names -------------------------------------------------------------------------------------------------------

function storedName() {
  return (localStorage.getItem("kirifuda.name") || "").trim();
}

function offerName(state) {
  // a seat without a name takes the name this browser uses (chosen in the lobby or here)
  if (state.seat == null || page.nameSent) return;
  const mine = (state.players || []).find((p) => p.seat === state.seat);
  const name = storedName();
  if (mine && !mine.name && name) {
    page.nameSent = true;
    send({ type: "name", name });
  }
}

function nameForm(state) {
  if (state.seat == null) return null;
  const mine = (state.players || []).find((p) => p.seat === state.seat);
  if (mine && mine.name) return null;
  return el(
    "form",
    {
      class: "name-form",
      onsubmit: (event) => {
        event.preventDefault();
        const value = event.target.elements.name.value.trim();
        if (!value) return;
        localStorage.setItem("kirifuda.name", value);
        send({ type: "name", name: value });
      },
    },
    el("label", { for: "player-name" }, t(UI.yourName)),
    el("input", { id: "player-name", name: "name", maxlength: 32, autocomplete: "nickname" }),
    el("button", { type: "submit" }, t(UI.save))
  );
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
  const zones = new Set(choices.map((c) => c.zone).filter((z) => z && z !== "hand"));
  return { choices, byCard, direct, zones, rest: choices.filter((c) => !directChoices.has(c)) };
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
  if (!holding) {
    if (zone.kind !== "hand") return null;
    // a card of the hand no choice uses now: clearly out of play this turn
    return el("span", { class: "card unplayable", role: "img", "aria-label": `${cardName(card.card)} (${t({ ja: "出せない", en: "not playable" })})`, "data-card": card.card }, cardSVG(card.card));
  }
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
      "data-key": `${zone.key}:${index}`,
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
  const box = el("section", { class: "choices", "aria-label": t(UI.choices) });
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
    box.append(el("button", { type: "button", class: "clear", onclick: () => ((page.selection = []), render()) }, t(UI.clear)));
  }
  return box;
}

// --- drawing -----------------------------------------------------------------------------------------------------

function header(state) {
  const view = state && state.view;
  const who = !state ? "" : state.seat == null ? t(UI.spectator) : `${seatName(view, state.seat)} (${t(UI.you)})`;
  const status = page.closedForGood ? "" : t(UI[page.status]);
  return el(
    "header",
    { class: "top" },
    el("a", { href: apiUrl("/"), class: "home" }, `切り札 · ${t(UI.lobby)}`),
    el("h1", {}, view ? t(view.title) : "kirifuda", el("small", {}, ` #${tableId}`)),
    state && state.practice ? practiceMark() : null,
    el("span", { class: "who" }, who),
    el("span", { class: `net ${page.status}`, role: "status" }, status),
    el(
      "span",
      { class: "tools" },
      state && state.view ? el("button", { type: "button", id: "open-history", "aria-expanded": page.panel === "history" ? "true" : "false", onclick: () => togglePanel("history") }, t(UI.historyShort)) : null,
      state && state.view ? el("button", { type: "button", id: "open-rules", "aria-expanded": page.panel === "rules" ? "true" : "false", onclick: () => togglePanel("rules") }, t(UI.rules)) : null,
      el(
        "label",
        { class: "sound" },
        el("input", {
          type: "checkbox",
          id: "sound",
          checked: page.sound,
          onchange: (e) => {
            page.sound = e.target.checked;
            localStorage.setItem("kirifuda.sound", page.sound ? "on" : "off");
          },
        }),
        ` ${t(UI.sound)}`
      )
    ),
    languageButton()
  );
}

function turnBanner(state) {
  if (state.finished) return null;
  if (state.pause) {
    const waiting = state.pause.waiting.filter((s) => !state.pause.ready.includes(s));
    const others = waiting.filter((s) => s !== state.seat);
    if (!others.length && waiting.length) return null; // only this page's Continue is awaited: the dialog asks
    const text = others.length ? `${t(UI.waitingContinue)}${others.map((s) => seatName(state.view, s)).join(", ")}` : t(UI.nextDealIn);
    return el("p", { class: "turn", role: "status" }, text);
  }
  if (state.legal.length) return el("p", { class: "turn mine", role: "status" }, t(UI.yourTurn));
  if (!state.to_act.length) return null;
  const names = state.to_act.map((s) => seatName(state.view, s)).join(", ");
  return el("p", { class: "turn", role: "status" }, `${t(UI.waitingFor)}${names}`);
}

function playAgainView(state) {
  if (state.again && !state.again.token) {
    return el("a", { class: "button primary", id: "next-game", href: seatLink(state.again.table, null) }, t(UI.nextGame));
  }
  if (state.again) {
    return el("a", { class: "button primary", id: "next-game", href: seatLink(state.again.table, state.again.token) }, t(UI.nextGame));
  }
  if (state.seat == null) return null;
  return el(
    "button",
    {
      type: "button",
      class: "primary",
      id: "play-again",
      onclick: () => {
        page.askedAgain = true;
        send({ type: "again" });
      },
    },
    t(UI.playAgain)
  );
}

function gameOverView(state) {
  const view = state.view;
  const names = state.scores.winners.map((s) => seatName(view, s)).join(", ");
  const result = view && dealResult(view, state.scores, state.scores.deals.length);
  return el(
    "section",
    { class: "summary", id: "summary", role: "dialog", "aria-labelledby": "summary-title" },
    el("h2", { id: "summary-title" }, `${t(UI.gameOver)} — ${t(UI.result)}`),
    el("p", { class: "winners" }, `${t(UI.winners)}: ${names}`),
    el(
      "ol",
      { class: "final" },
      state.scores.totals
        .map((total, seat) => ({ total, seat }))
        .sort((a, b) => b.total - a.total)
        .map(({ total, seat }) => el("li", { class: state.scores.winners.includes(seat) ? "winner" : null }, `${seatName(view, seat)}: ${total}`))
    ),
    result ? el("details", { class: "last-deal", open: true }, el("summary", {}, t(result.title)), resultView(view, result)) : null,
    el(
      "p",
      { class: "links" },
      playAgainView(state),
      " ",
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

function feltView(state, decorate) {
  const view = state.view;
  const players = new Map((state.players || []).map((p) => [p.seat, p]));
  const areas = seatAreas(view);
  const trick = trickZone(view);
  const held = page.held && page.held.until > Date.now() ? page.held.zone : null;
  const shownTrick = held && (!trick || trick.cards.length === 0) ? held : trick;
  const center = view.center.filter((z) => z !== trick && !(held && z.key === held.key && z !== trick));
  const seats = view.seats.map((s) => {
    const box = seatView(view, s, players.get(s.seat));
    box.classList.add("around", `at-${areas.get(s.seat)}`);
    return box;
  });
  return el(
    "div",
    { class: `felt seats-${view.seats.length}` },
    seats,
    el(
      "div",
      { class: "middle" },
      infoView(view),
      callsView(view),
      shownTrick ? trickView(view, shownTrick, areas, { held: shownTrick === held }) : null,
      el("div", { class: "center" }, center.map((zone) => zoneView(view, zone, decorate)))
    )
  );
}

function dockView(state, choicePlan, decorate) {
  const view = state.view;
  const pickZones = view ? view.center.filter((z) => choicePlan.zones.has(z.key)) : [];
  return el(
    "section",
    { class: "dock", id: "dock", tabindex: "-1", "aria-label": t(UI.choices) },
    turnBanner(state),
    page.error && !page.closedForGood ? el("p", { class: "error", role: "alert" }, t({ ja: page.error.ja, en: page.error.en })) : null,
    pickZones.map((zone) => zoneView(view, zone, decorate)),
    view && view.hand ? zoneView(view, view.hand, decorate) : null,
    choicesView(choicePlan)
  );
}

function render() {
  const state = page.state;
  setPlayerNames(state && state.players);
  const parts = [header(state)];
  if (page.closedForGood && page.error) parts.push(el("p", { class: "error", role: "alert" }, t({ ja: page.error.ja, en: page.error.en })));
  let dock = null;
  if (state) {
    const view = state.view;
    const choicePlan = plan(state);
    const live = state.legal.length && !resultPending(state);
    const decorate = (zone, card, index) => (live ? cardButton(zone, card, index, choicePlan) : null);
    if (state.finished) parts.push(gameOverView(state));
    if (view) {
      // a card the player picks from the center (Anou's take) is offered in the dock; the felt shows it plainly
      const plainInFelt = (zone, card, index) => (choicePlan.zones.has(zone.key) ? null : decorate(zone, card, index));
      parts.push(nameForm(state));
      parts.push(el("main", { class: "table", id: "table", tabindex: "-1" }, feltView(state, plainInFelt), el("div", { class: "side" }, sheetView(view), logView(state.log))));
      dock = dockView(state, live ? choicePlan : { ...choicePlan, zones: new Set(), rest: [] }, decorate);
    } else {
      parts.push(plainView(state), logView(state.log));
      dock = el("section", { class: "dock", id: "dock", tabindex: "-1" }, turnBanner(state), choicesView(choicePlan));
    }
  }
  const focus = focusKey();
  root.replaceChildren(...parts.filter(Boolean));
  if (dock) root.append(dock);
  restoreFocus(focus);
  sizeDock();
  root.dataset.version = state ? state.version : "";
  root.dataset.finished = state && state.finished ? "true" : "false";
  root.dataset.deals = state ? state.scores.deals.length : "0";
  root.dataset.lastDeal = state && state.scores.deals.length ? state.scores.deals[state.scores.deals.length - 1].join(" ") : "";
  root.dataset.deal = state ? state.deal || 0 : "0";
  root.dataset.legal = state && !resultPending(state) ? state.legal.length : "0";
  root.dataset.sent = page.sent ? "true" : "false";
  root.dataset.seat = state && state.seat != null ? state.seat : "";
  root.dataset.paused = state && resultPending(state) ? String(state.pause.deal) : "";
  renderResult();
  renderPanel();
  announceTurn(state);
}

/** What had the focus, to find it again after the page is drawn anew. */
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active)) return null;
  for (const attr of ["id", "data-action", "data-key"]) {
    const value = active.getAttribute(attr);
    if (value) return { attr, value };
  }
  return { attr: null, value: null };
}

function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  let target = key.attr ? root.querySelector(`[${key.attr}="${CSS.escape(key.value)}"]`) : null;
  if (target && target.disabled) target = null;
  // the button pressed is gone (its action was sent): the focus stays in the table, on the dock
  target = target || root.querySelector("#dock") || root.querySelector("#table");
  if (target) target.focus({ preventScroll: true });
}

function sizeDock() {
  const dock = root.querySelector("#dock");
  document.documentElement.style.setProperty("--dock-h", dock ? `${Math.ceil(dock.getBoundingClientRect().height)}px` : "0px");
}

function announceTurn(state) {
  const mine = Boolean(state && state.legal.length && !resultPending(state) && !state.finished);
  const title = state && state.view ? `${t(state.view.title)} · kirifuda` : "kirifuda";
  document.title = mine ? `${t(UI.turnTitle)} · ${title}` : title;
  if (mine && !page.wasMyTurn && page.sound) beep();
  page.wasMyTurn = mine;
}

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    // no sound on this device
  }
}

// --- the deal's result, the rules, this deal's history -----------------------------------------------------------

let shownResult = null;

function renderResult() {
  const state = page.state;
  const pending = state && resultPending(state) && state.view ? state.pause.deal : null;
  const existing = dialogs.querySelector("#deal-result");
  if (!pending) {
    if (existing) existing.remove();
    shownResult = null;
    return;
  }
  const key = `${pending} ${getLang()}`;
  if (existing && shownResult === key) return;
  const result = dealResult(state.view, state.scores, pending);
  const title = fill(UI.dealResult, pending);
  const dialog = el(
    "div",
    { class: "modal", id: "deal-result", role: "dialog", "aria-modal": "true", "aria-labelledby": "deal-result-title" },
    el(
      "div",
      { class: "modal-box" },
      el("h2", { id: "deal-result-title" }, t(state.view.result ? state.view.result.title : title)),
      result ? resultView(state.view, result) : null,
      el("button", { type: "button", class: "primary", id: "continue", onclick: continueDeal }, t(UI.continue))
    )
  );
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Tab") {
      event.preventDefault(); // the one control: Tab stays on it
      dialog.querySelector("#continue").focus();
    }
  });
  if (existing) existing.replaceWith(dialog);
  else dialogs.append(dialog);
  shownResult = key;
  dialog.querySelector("#continue").focus();
}

function togglePanel(name) {
  const closing = page.panel === name;
  page.panel = closing ? null : name;
  if (page.panel === "rules" && page.rules === null) {
    fetch(apiUrl(`rules/${page.state.view.game}`))
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((text) => {
        page.rules = text;
        renderPanel();
      })
      .catch(() => {
        page.rules = "";
        renderPanel();
      });
  }
  if (page.panel === "history") askHistory();
  render();
  // the panel's close button is gone with it: the focus goes back to the button that opened it, at once
  if (closing) document.getElementById(name === "rules" ? "open-rules" : "open-history")?.focus();
}

function askHistory() {
  if (page.state && page.state.seat != null) send({ type: "history" });
  else page.history = { lines: page.state ? page.state.log : [], tricks: [] };
}

const TRICK = {
  trick: { ja: "第{n}トリック", en: "Trick {n}" },
  events: { ja: "件の出来事", en: " events" },
  led: { ja: "リード", en: "led by" },
  won: { ja: "勝ち", en: "won by" },
  now: { ja: "いま", en: "Now" },
};

/** This deal's events grouped by trick (turn), as the terminal's `t` panel: each completed trick with who led it,
 * who won it (when the table marks a winner), its cards by seat, and the events that led to it; then what has
 * happened since. */
function historyView(history) {
  const view = page.state.view;
  const lineItem = (line) => el("li", { class: line.actor === "deal" ? "deal-line" : null }, t(line.line));
  const groups = [];
  let end = 0;
  for (const trick of history.tricks) {
    const [first, last] = trick.lines;
    const who = trick.led == null ? [] : [`${t(TRICK.led)} ${seatName(view, trick.led)}`];
    if (trick.won != null) who.push(`${t(TRICK.won)} ${seatName(view, trick.won)}`);
    const heading = [t(fill(TRICK.trick, trick.trick)), ...who].join(" · ");
    groups.push(
      el(
        "li",
        { class: "trick-group", "data-trick": trick.trick, "data-led": trick.led, "data-won": trick.won ?? "" },
        zoneView(view, { ...trick.zone, title: { ja: heading, en: heading } }),
        el("details", {}, el("summary", {}, `${last - first}${t(TRICK.events)}`), el("ol", { class: "history" }, history.lines.slice(first, last).map(lineItem)))
      )
    );
    end = last;
  }
  const rest = history.lines.slice(end);
  if (rest.length) groups.push(el("li", { class: "trick-group now" }, el("h3", {}, t(TRICK.now)), el("ol", { class: "history" }, rest.map(lineItem))));
  return el("ol", { class: "tricks" }, groups);
}

function renderPanel() {
  const existing = dialogs.querySelector("#panel");
  if (!page.panel || !page.state) {
    if (existing) existing.remove();
    return;
  }
  const rules = page.panel === "rules";
  let body;
  if (rules) body = page.rules === null ? el("p", {}, "…") : rulesView(page.rules);
  else body = historyView(page.history || { lines: [], tricks: [] });
  const panel = el(
    "aside",
    { class: "panel-side", id: "panel", role: "dialog", "aria-labelledby": "panel-title" },
    el("h2", { id: "panel-title" }, rules ? t(UI.rules) : t(UI.history), el("button", { type: "button", class: "close", id: "close-panel", onclick: () => togglePanel(page.panel) }, t(UI.close))),
    body
  );
  if (existing) {
    const scroll = existing.scrollTop;
    existing.replaceWith(panel);
    panel.scrollTop = scroll;
  } else dialogs.append(panel);
}

window.addEventListener("resize", sizeDock);
onLang(() => {
  render();
});
connect();
