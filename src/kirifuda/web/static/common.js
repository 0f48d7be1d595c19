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
  result: { ja: "結果", en: "result" },
  dealResult: { ja: "第{n}ディールの結果", en: "Deal {n} result" },
  finalPosition: { ja: "最後の場", en: "final position" },
  dealScore: { ja: "このディールの得点", en: "deal score" },
  rule: { ja: "得点の内訳", en: "scoring" },
  continue: { ja: "続ける", en: "Continue" },
  waitingContinue: { ja: "他のプレイヤーを待っています: ", en: "Waiting for the others to continue: " },
  nextDealIn: { ja: "まもなく次のディール", en: "the next deal comes shortly" },
  rules: { ja: "ルール", en: "Rules" },
  close: { ja: "閉じる", en: "Close" },
  history: { ja: "このディールの経過", en: "This deal so far" },
  historyShort: { ja: "経過", en: "This deal" },
  sound: { ja: "手番の音", en: "turn sound" },
  name: { ja: "名前", en: "name" },
  yourName: { ja: "あなたの名前", en: "Your name" },
  save: { ja: "保存", en: "Save" },
  playAgain: { ja: "もう一度遊ぶ", en: "Play again" },
  nextGame: { ja: "次のゲームへ", en: "Join the next game" },
  turnTitle: { ja: "● あなたの番", en: "● Your turn" },
};

/** A label with {n} filled in. */
export function fill(text, n) {
  return { ja: text.ja.replace("{n}", n), en: text.en.replace("{n}", n) };
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const SVG = "http://www.w3.org/2000/svg";

let playerNames = new Map(); // seat → the name its player chose (text only: never parsed as markup)
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

/** A bilingual text ({ja, en}) in the current language, every seat a player has named called by that name. */
export function t(text) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return withNames(lang === "ja" ? text.ja : text.en);
}

const SEAT_IN_TEXT = /(席\s?|[Ss]eat )(\d+)/g;

function withNames(text) {
  // text only: the name lands in a text node, never in markup
  if (!playerNames.size || !text) return text;
  return text.replace(SEAT_IN_TEXT, (whole, _, seat) => playerNames.get(Number(seat)) ?? whole);
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

/** The mark of a practice table (dealt from a seed its creator chose: not a served game), said in both languages at once. */
export function practiceMark() {
  return el(
    "span",
    { class: "practice", id: "practice", title: "練習卓:作成者が選んだシードで配られます — a practice table: dealt from the seed its creator chose" },
    "練習 / practice"
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


/** The names players chose, from the state message's players (the replay has none). */
export function setPlayerNames(players) {
  playerNames = new Map((players || []).filter((p) => p.name).map((p) => [p.seat, p.name]));
}

/** A seat as people call it: its player's name, else "Seat N" / "席N". */
export function seatName(view, seat) {
  if (seat == null) return null;
  if (playerNames.has(seat)) return playerNames.get(seat);
  const found = view && view.seats.find((s) => s.seat === seat);
  return found ? t(found.name) : `${t(UI.seatWord)}${seat}`;
}

const seatLabel = seatName;

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
  const box = el("section", { class: classes.join(" "), "data-seat": seat.seat, "aria-label": seatName(view, seat.seat) });
  const title = el(
    "h2",
    { class: "seat-name" },
    seatName(view, seat.seat),
    playerNames.has(seat.seat) ? el("span", { class: "seat-no" }, ` ${lang === "ja" ? seat.name.ja : seat.name.en}`) : null,
    seat.you ? el("span", { class: "you-tag" }, ` (${t(UI.you)})`) : null
  );
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
  const head = el("tr", {}, el("th", { scope: "col" }, ""), seats.map((s) => el("th", { scope: "col" }, seatName(view, s.seat))));
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
    el("ul", {}, lines.map((line) => el("li", line.mistake ? { class: "mistake" } : {}, t(line.line))))
  );
}

export function infoView(view) {
  return el("div", { class: "info" }, el("p", { class: "status" }, t(view.status)), facts(view.info));
}

// --- a table round the felt ----------------------------------------------------------------------------------

const AREAS = {
  2: ["top"],
  3: ["left", "right"],
  4: ["left", "top", "right"],
  5: ["left", "top-left", "top-right", "right"],
  6: ["left", "top-left", "top", "top-right", "right"],
  7: ["left", "top-left", "top", "top-right", "right", "bottom-right"],
};

/** Where each seat sits round the table: the viewer (or, for a spectator, the first seat) at the bottom, the
 * others from the left over the top to the right in play order. A map seat → area name. */
export function seatAreas(view) {
  const seats = seatsAround(view);
  const me = seats.find((s) => s.you) || seats[seats.length - 1];
  const others = seats.filter((s) => s !== me);
  const areas = AREAS[seats.length] || others.map(() => "top");
  const out = new Map([[me.seat, "bottom"]]);
  others.forEach((s, i) => out.set(s.seat, areas[i] || "top"));
  return out;
}

/** The zone of the center played in front of each seat: the current trick, else the first trick-like zone. */
export function trickZone(view) {
  const tricks = view.center.filter((z) => z.kind === "trick" && z.cards.every((c) => c.seat != null));
  return tricks.find((z) => z.key === "trick") || tricks[0] || null;
}

/** A trick laid out round the table: each card in front of the seat that played it, the winner marked. */
export function trickView(view, zone, areas, { held = false } = {}) {
  const box = el("section", { class: "trick-spot" + (held ? " collect" : ""), "data-zone": zone.key, "aria-label": t(zone.title) });
  box.append(el("h3", { class: "zone-title" }, t(zone.title), zone.note ? el("small", {}, ` ${t(zone.note)}`) : null));
  for (const card of zone.cards) {
    const area = areas.get(card.seat) || "center";
    const node = cardView(card, { seatLabel: seatName(view, card.seat) });
    node.classList.add("in-front", `at-${area}`);
    if (card.highlight) node.setAttribute("aria-label", `${node.getAttribute("aria-label")} ★`);
    box.append(node);
  }
  return box;
}

// --- the end of a deal -----------------------------------------------------------------------------------------

/**
 * The result of a deal as the page draws it: the presentation model's ``result`` when the server sends one, else
 * what the table shows at the end of the deal (its zones, the deal's row of the score sheet and the totals).
 */
export function dealResult(view, scores, deal) {
  if (view && view.result) return view.result;
  const rows = (scores && scores.deals) || [];
  const index = Math.min(deal, rows.length) - 1;
  if (index < 0) return null;
  const zones = view ? [...view.center, ...view.seats.flatMap((s) => s.zones)] : [];
  return {
    deal: index + 1,
    title: fill(UI.dealResult, index + 1),
    zones,
    lines: [],
    scores: rows[index],
    totals: scores.totals,
    over: Boolean(view && view.over),
  };
}

/** The result of a deal: the final position's zones, the rule × seat table, the deal's scores and the totals. */
export function resultView(view, result) {
  const seats = view.seats.slice().sort((a, b) => a.seat - b.seat);
  const head = el("tr", {}, el("th", { scope: "col" }, t(UI.rule)), seats.map((s) => el("th", { scope: "col" }, seatName(view, s.seat))));
  const lines = (result.lines || []).map((line) =>
    el(
      "tr",
      { class: "rule-line", "data-rule": line.rule },
      el("th", { scope: "row" }, t(line.name)),
      line.amounts.map((v) => el("td", {}, v == null ? "" : String(v)))
    )
  );
  const scoreRow = el(
    "tr",
    { class: "deal-scores" },
    el("th", { scope: "row" }, t(UI.dealScore)),
    result.scores.map((v, seat) => el("td", { "data-seat": seat }, String(v)))
  );
  const totalRow = el(
    "tr",
    { class: "totals" },
    el("th", { scope: "row" }, t(UI.total)),
    result.totals.map((v, seat) => el("td", { class: view.winners.includes(seat) ? "winner" : null }, String(v)))
  );
  return el(
    "div",
    { class: "result" },
    result.zones.length
      ? el("section", { class: "final-position", "aria-label": t(UI.finalPosition) }, el("h3", {}, t(UI.finalPosition)), el("div", { class: "result-zones" }, result.zones.map((z) => zoneView(view, z))))
      : null,
    el("div", { class: "sheet-scroll" }, el("table", { class: "result-table" }, el("thead", {}, head), el("tbody", {}, lines, scoreRow), el("tfoot", {}, totalRow)))
  );
}

// --- the rules of a game ---------------------------------------------------------------------------------------

function inline(text) {
  // **bold** and `code`, as text nodes: nothing in the rules text is parsed as markup
  const out = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    out.push(token.startsWith("**") ? el("strong", {}, token.slice(2, -2)) : el("code", {}, token.slice(1, -1)));
    last = match.index + token.length;
  }
  out.push(text.slice(last));
  return out;
}

/** A rules page (docs/rules/<game>.md): the section in the current language and the shared ones, drawn from a
 * small subset of Markdown (headings, paragraphs, lists, tables). */
export function rulesView(markdown) {
  const sections = [];
  let current = { title: null, lines: [] };
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) {
      sections.push(current);
      current = { title: line.slice(3).trim(), lines: [] };
    } else current.lines.push(line);
  }
  sections.push(current);
  const skip = lang === "ja" ? "English" : "日本語";
  const box = el("div", { class: "rules-text" });
  for (const section of sections) {
    if (section.title === skip) continue;
    if (section.title) box.append(el("h3", {}, section.title));
    let list = null;
    let table = null;
    let paragraph = [];
    const flush = () => {
      if (paragraph.length) box.append(el("p", {}, inline(paragraph.join(" "))));
      paragraph = [];
      list = null;
      table = null;
    };
    for (const raw of section.lines) {
      const line = raw.trim();
      if (!line) { flush(); continue; }
      if (line.startsWith("# ")) { flush(); box.append(el("h2", {}, line.slice(2))); continue; }
      if (line.startsWith("### ")) { flush(); box.append(el("h4", {}, line.slice(4))); continue; }
      if (/^([-*]|\d+\.) /.test(line)) {
        if (paragraph.length) { box.append(el("p", {}, inline(paragraph.join(" ")))); paragraph = []; }
        if (!list) { list = el("ul", {}); box.append(list); }
        list.append(el("li", {}, inline(line.replace(/^([-*]|\d+\.) /, ""))));
        continue;
      }
      if (line.startsWith("|")) {
        if (/^\|[\s:|-]+\|$/.test(line)) continue;
        if (!table) { flush(); table = el("table", {}); box.append(table); }
        table.append(el("tr", {}, line.slice(1, -1).split("|").map((cell) => el("td", {}, inline(cell.trim())))));
        continue;
      }
      if (list && raw.startsWith("  ")) { list.lastChild.append(" ", ...inline(line)); continue; }
      paragraph.push(line);
    }
    flush();
  }
  return box;
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
