// kirifuda — what every page shares: the language switch, SVG cards, and the generic renderer of the
// presentation model (kirifuda.presentation.model, docs/presentation.md). No game is named here: a table is
// zones of cards by kind, seats round it, facts, calls and a score sheet.

export const UI = {
  lobby: { ja: "ロビー", en: "Lobby" },
  language: { ja: "English", en: "日本語" },
  languageName: { ja: "Switch to English", en: "日本語に切り替え" },
  you: { ja: "あなた", en: "you" },
  spectator: { ja: "観戦中", en: "spectating" },
  yourTurn: { ja: "あなたの番です", en: "Your turn" },
  waitingFor: { ja: "待っています: ", en: "Waiting for " },
  connecting: { ja: "接続中…", en: "connecting…" },
  connected: { ja: "接続済み", en: "connected" },
  reconnecting: { ja: "再接続中…", en: "reconnecting…" },
  player: { ja: "プレイヤー", en: "player" },
  open: { ja: "空席", en: "open seat" },
  away: { ja: "離席中", en: "away" },
  botPlays: { ja: "ボットが代打ち中", en: "a bot plays for the player" },
  bot: { ja: "ボット", en: "bot" },
  cards: { ja: "枚", en: " cards" },
  score: { ja: "得点", en: "score" },
  total: { ja: "合計", en: "total" },
  sheet: { ja: "得点表", en: "score sheet" },
  log: { ja: "経過", en: "log" },
  calls: { ja: "発声", en: "calls" },
  choices: { ja: "選べる手", en: "your choices" },
  select: { ja: "選ぶ", en: "select" },
  selectCards: { ja: "カードを選んでください(候補 ", en: "select cards (" },
  selectCardsEnd: { ja: " 通り)", en: " choices)" },
  clear: { ja: "選択を解除", en: "clear selection" },
  gameOver: { ja: "ゲーム終了", en: "Game over" },
  winners: { ja: "勝者", en: "winners" },
  record: { ja: "棋譜をダウンロード", en: "Download the record" },
  replay: { ja: "リプレイを見る", en: "Watch the replay" },
  faceDown: { ja: "伏せ札", en: "face-down card" },
  hidden: { ja: "枚伏せ", en: " face down" },
  seatWord: { ja: "席", en: "Seat " },
  inviteTitle: { ja: "招待リンク", en: "invite links" },
};

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const SVG = "http://www.w3.org/2000/svg";

let lang = localStorage.getItem("kirifuda.lang") || ((navigator.language || "").startsWith("ja") ? "ja" : "en");
const listeners = [];

export function getLang() {
  return lang;
}

export function setLang(value) {
  lang = value;
  localStorage.setItem("kirifuda.lang", value);
  document.documentElement.lang = value;
  for (const listener of listeners) listener(value);
}

export function onLang(listener) {
  listeners.push(listener);
}

/** A bilingual text ({ja, en}) in the current language. */
export function t(text) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return lang === "ja" ? text.ja : text.en;
}

/** Both languages, for accessible names that must not depend on the switch. */
export function both(text) {
  if (text == null) return "";
  return text.ja === text.en ? text.en : `${text.en} / ${text.ja}`;
}

/** The language switch button (pages draw themselves again on a switch: see onLang). */
export function languageButton() {
  document.documentElement.lang = lang;
  return el(
    "button",
    { class: "lang", type: "button", id: "lang", "aria-label": t(UI.languageName), onclick: () => setLang(lang === "ja" ? "en" : "ja") },
    t(UI.language)
  );
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// --- cards ---------------------------------------------------------------------------------------------------

/** A card's parts from its record text: rank ("10" for T), suit letter, symbol; null suit for the Joker. */
export function cardParts(text) {
  if (text === "JK") return { rank: "JK", suit: null, symbol: "🃏", name: "Joker" };
  if (text === "??") return null;
  const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  const suit = text.slice(-1);
  return { rank, suit, symbol: SUITS[suit] || suit, name: `${SUITS[suit] || suit}${rank}` };
}

/** The card as a person reads it: ♠Q, ♥10, Joker, or a face-down card. */
export function cardName(text) {
  const parts = cardParts(text);
  return parts ? parts.name : t(UI.faceDown);
}

function svgNode(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text != null) node.textContent = text;
  return node;
}

/** An SVG card (record text, or "??" for its back), drawn here: no image files. */
export function cardSVG(text) {
  const svg = svgNode("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  const parts = cardParts(text);
  if (parts === null) {
    svg.append(svgNode("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "back" }));
    svg.append(svgNode("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "back-inner" }));
    svg.append(svgNode("text", { x: 30, y: 51, "text-anchor": "middle", class: "back-mark" }, "切"));
    return svg;
  }
  svg.append(svgNode("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "face" }));
  if (parts.suit === null) {
    svg.classList.add("joker");
    svg.append(svgNode("text", { x: 30, y: 50, "text-anchor": "middle", class: "pip-big" }, "★"));
    svg.append(svgNode("text", { x: 6, y: 18, class: "rank" }, "JK"));
    svg.append(svgNode("text", { x: 54, y: 78, "text-anchor": "end", class: "rank" }, "JK"));
    return svg;
  }
  if (RED.has(parts.suit)) svg.classList.add("red");
  svg.append(svgNode("text", { x: 6, y: 20, class: "rank" }, parts.rank));
  svg.append(svgNode("text", { x: 6, y: 34, class: "pip" }, parts.symbol));
  svg.append(svgNode("text", { x: 30, y: 60, "text-anchor": "middle", class: "pip-big" }, parts.symbol));
  const corner = svgNode("g", { transform: "rotate(180 30 42)" });
  corner.append(svgNode("text", { x: 6, y: 20, class: "rank" }, parts.rank));
  svg.append(corner);
  return svg;
}

/** A card on the table (not clickable): its SVG, its seat and note underneath. */
export function cardView(card, { seatLabel = null } = {}) {
  const box = el("span", {
    class: "card" + (card.highlight ? " highlight" : "") + (card.card === "??" ? " down" : ""),
    role: "img",
    "aria-label": cardName(card.card) + (card.note ? ` (${t(card.note)})` : ""),
    "data-card": card.card,
  });
  box.append(cardSVG(card.card));
  if (seatLabel != null || card.note) {
    box.append(el("span", { class: "card-note" }, [seatLabel, card.note ? t(card.note) : null].filter(Boolean).join(" ")));
  }
  return box;
}

// --- the table -----------------------------------------------------------------------------------------------

function seatLabel(view, seat) {
  if (seat == null) return null;
  const found = view.seats.find((s) => s.seat === seat);
  return found ? t(found.name) : `${t(UI.seatWord)}${seat}`;
}

function facts(list) {
  if (!list || !list.length) return null;
  return el("dl", { class: "facts" }, list.map(([label, value]) => [el("dt", {}, t(label)), el("dd", {}, t(value))]));
}

/**
 * One zone, laid out by its kind: hand, trick, sets, pile, row, columns, facts.
 * `decorate(zone, card, index)` may return an interactive element to stand for a card (the table page's choices).
 */
export function zoneView(view, zone, decorate = null) {
  const box = el("section", { class: `zone zone-${zone.kind}`, "data-zone": zone.key });
  const head = el("h3", { class: "zone-title" }, t(zone.title), zone.note ? el("small", {}, ` ${t(zone.note)}`) : null);
  box.append(head);
  const cardsOf = (z) =>
    z.cards.map((card, index) => {
      const custom = decorate && decorate(z, card, index);
      if (custom) return custom;
      return cardView(card, { seatLabel: z.kind === "trick" ? seatLabel(view, card.seat) : null });
    });
  if (zone.kind === "sets" || zone.kind === "columns") {
    const inner = el("div", { class: zone.kind === "sets" ? "sets" : "columns" });
    for (const sub of zone.zones) inner.append(zoneView(view, sub, decorate));
    if (zone.cards.length) box.append(el("div", { class: "cards" }, cardsOf(zone)));
    box.append(inner);
  } else if (zone.kind !== "facts") {
    const row = el("div", { class: "cards" }, cardsOf(zone));
    if (zone.hidden) {
      row.append(
        el(
          "span",
          { class: "card down stack", role: "img", "aria-label": `${zone.hidden}${t(UI.hidden)}` },
          cardSVG("??"),
          el("span", { class: "card-note" }, `×${zone.hidden}`)
        )
      );
    }
    box.append(row);
    for (const sub of zone.zones) box.append(zoneView(view, sub, decorate));
  }
  const list = facts(zone.facts);
  if (list) box.append(list);
  return box;
}

/** A seat's panel: name, badges, cards in hand, score, its public zones; `player` adds who sits there. */
export function seatView(view, seat, player = null) {
  const classes = ["seat"];
  if (seat.to_act) classes.push("to-act");
  if (seat.you) classes.push("you");
  if (view.winners.includes(seat.seat)) classes.push("winner");
  const box = el("section", { class: classes.join(" "), "data-seat": seat.seat, "aria-label": t(seat.name) });
  const title = el("h2", { class: "seat-name" }, t(seat.name), seat.you ? el("span", { class: "you-tag" }, ` (${t(UI.you)})`) : null);
  box.append(title);
  if (player) box.append(el("div", { class: "player" }, playerText(player)));
  const line = el("div", { class: "seat-line" });
  if (seat.cards != null) line.append(el("span", { class: "count" }, `${seat.cards}${t(UI.cards)}`));
  if (seat.score != null) line.append(el("span", { class: "score" }, `${t(UI.score)} ${seat.score}`));
  box.append(line);
  if (seat.badges.length) box.append(el("div", { class: "badges" }, seat.badges.map((b) => el("span", { class: "badge" }, t(b)))));
  for (const zone of seat.zones) box.append(zoneView(view, zone));
  return box;
}

function playerText(player) {
  if (player.kind === "bot") return `${t(UI.bot)}: ${player.playing || player.bot}`;
  const parts = [t(UI.player)];
  if (!player.taken) parts.push(t(UI.open));
  else if (player.takeover) parts.push(`${t(UI.botPlays)} (${player.playing})`);
  else if (!player.connected) parts.push(t(UI.away));
  return parts.join(" · ");
}

/** The seats in play order starting after the viewer, so the viewer comes last (at the bottom). */
export function seatsAround(view) {
  const seats = view.seats.slice();
  const at = seats.findIndex((s) => s.you);
  return at < 0 ? seats : seats.slice(at + 1).concat(seats.slice(0, at + 1));
}

export function sheetView(view) {
  const sheet = view.sheet;
  if (!sheet) return null;
  const seats = view.seats.slice().sort((a, b) => a.seat - b.seat);
  const head = el("tr", {}, el("th", { scope: "col" }, ""), seats.map((s) => el("th", { scope: "col" }, t(s.name))));
  const rows = sheet.rows.map(([label, values]) =>
    el("tr", {}, el("th", { scope: "row" }, t(label)), values.map((v) => el("td", {}, v == null ? "" : String(v))))
  );
  const totals = el(
    "tr",
    { class: "totals" },
    el("th", { scope: "row" }, t(UI.total)),
    sheet.totals.map((v, i) => el("td", { class: view.winners.includes(i) ? "winner" : null }, String(v)))
  );
  return el(
    "section",
    { class: "sheet", id: "sheet" },
    el("h3", {}, t(sheet.title)),
    el("div", { class: "sheet-scroll" }, el("table", { "data-rows": sheet.rows.length }, el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, totals)))
  );
}

export function callsView(view) {
  if (!view.calls.length) return null;
  return el(
    "section",
    { class: "calls", "aria-label": t(UI.calls) },
    view.calls.map((call) => el("span", { class: "call" }, call.seat == null ? "" : `${seatLabel(view, call.seat)}: `, t(call.text)))
  );
}

export function logView(lines) {
  if (!lines || !lines.length) return null;
  return el(
    "section",
    { class: "log", "aria-label": t(UI.log) },
    el("h3", {}, t(UI.log)),
    el("ul", {}, lines.map((line) => el("li", {}, t(line.line))))
  );
}

export function infoView(view) {
  return el("div", { class: "info" }, el("p", { class: "status" }, t(view.status)), facts(view.info));
}

/** Where the page's API lives, relative to the page (so the server may sit under a path behind a proxy). */
export function apiUrl(path) {
  const here = new URL(document.baseURI);
  const root = new URL(here.pathname.replace(/\/(table|replay)\/[^/]*$/, "/").replace(/[^/]*$/, ""), here);
  return new URL(path.replace(/^\//, ""), root).toString();
}

export function tableIdFromPath() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
}
