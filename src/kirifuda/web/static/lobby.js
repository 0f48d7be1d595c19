// kirifuda — the lobby: create a table (game, options, a human or a bot at every seat), hand out the invite
// links, join an open seat, watch a game, and find finished games' records and replays.

import { UI, apiUrl, el, languageButton, onLang, t } from "./common.js";

const L = {
  title: { ja: "切り札 kirifuda — ブラウザで対戦", en: "切り札 kirifuda — play in the browser" },
  create: { ja: "卓を立てる", en: "Start a table" },
  game: { ja: "ゲーム", en: "game" },
  seed: { ja: "シード(非公開の練習卓のみ)", en: "seed (private practice tables only)" },
  private: { ja: "ロビーに載せない(招待リンクのみ)", en: "keep out of the lobby (invite links only)" },
  human: { ja: "人間(招待リンク)", en: "human (invite link)" },
  openSeat: { ja: "公開席(誰でも着席可)", en: "open seat (anyone may join)" },
  seat: { ja: "席", en: "seat " },
  auto: { ja: "自動", en: "auto" },
  start: { ja: "卓を立てる", en: "Create the table" },
  created: { ja: "卓ができました", en: "Your table is ready" },
  play: { ja: "この席で遊ぶ", en: "Play this seat" },
  watch: { ja: "観戦する", en: "Watch" },
  copy: { ja: "コピー", en: "Copy" },
  openTables: { ja: "進行中の卓", en: "Tables in play" },
  finished: { ja: "終わったゲーム", en: "Finished games" },
  mine: { ja: "この端末の席", en: "Your seats on this device" },
  none: { ja: "ありません", en: "none" },
  join: { ja: "席に着く", en: "Join seat" },
  replay: { ja: "リプレイ", en: "replay" },
  record: { ja: "棋譜", en: "record" },
  back: { ja: "席に戻る", en: "back to the table" },
  spectatorLink: { ja: "観戦リンク", en: "spectator link" },
  actions: { ja: "手", en: "actions" },
  yourName: { ja: "あなたの名前(任意)", en: "your name (optional)" },
  mySeat: { ja: "あなたの席", en: "your seat" },
  me: { ja: "あなた", en: "you" },
  firstDealer: { ja: "(最初の配り役)", en: " (the first dealer)" },
  bots: { ja: "ボット: random(ランダム)・heuristic(定石)・easy・normal・hard", en: "bots: random, heuristic (club player), easy, normal, hard" },
};

const page = {
  games: [],
  bots: [],
  game: null,
  options: {},
  seats: [], // each seat's kind besides the creator's own: "human" (an invitation), "open" or a bot
  seatCount: 0,
  mySeat: null, // the creator's own seat
  mySeatChosen: false, // chosen in the form (else it follows the game's default: the first seat dealt cards)
  personSeat: 0, // the game's default seat for a person
  error: null,
  created: null,
  open: [],
  finished: [],
  seed: "", // what was typed, kept while the form is drawn again
  private: false,
};
const root = document.getElementById("app");

async function api(path, init) {
  const response = await fetch(apiUrl(path), init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw body;
  return body;
}

function describeError(error) {
  if (error && error.en) return t({ ja: error.ja, en: error.en });
  if (error && error.detail) return JSON.stringify(error.detail);
  return String(error);
}

async function start() {
  const data = await api("api/games");
  page.games = data.games;
  page.bots = data.bots;
  selectGame(page.games[0].id);
  await refresh();
  setInterval(refresh, 5000);
}

function selectGame(id) {
  page.game = page.games.find((g) => g.id === id);
  page.mySeatChosen = false;
  page.options = {};
  for (const option of page.game.options) page.options[option.name] = option.default;
  checkOptions();
}

async function checkOptions() {
  try {
    const result = await api(`api/games/${page.game.id}/check`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(chosenOptions()),
    });
    page.error = null;
    page.seatCount = result.seats;
    page.personSeat = result.person_seat ?? 0;
    while (page.seats.length < result.seats) page.seats.push("normal");
    page.seats.length = result.seats;
    // a 6-player Gonin-kan deals its first dealer no cards in round 1: the creator sits elsewhere unless they choose it
    if (!page.mySeatChosen || page.mySeat == null || page.mySeat >= result.seats) page.mySeat = page.personSeat;
  } catch (error) {
    page.error = describeError(error);
  }
  render();
}

function chosenOptions() {
  const out = {};
  for (const option of page.game.options) {
    const value = page.options[option.name];
    if (value === null || value === "" || value === undefined) continue;
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const seed = form.elements.seed.value.trim();
  const seats = page.seats.map((kind, seat) => (seat === page.mySeat ? "human" : kind));
  const body = { game: page.game.id, options: chosenOptions(), seats, creator: page.mySeat, private: form.elements.private.checked };
  if (seed) body.seed = Number(seed);
  const name = form.elements.name.value.trim();
  localStorage.setItem("kirifuda.name", name);
  if (name) body.names = seats.map((_, seat) => (seat === page.mySeat ? name : null));
  try {
    page.created = await api("api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    page.error = null;
    const mine = JSON.parse(localStorage.getItem("kirifuda.mine") || "{}");
    for (const seat of page.created.seats) {
      if (seat.token && seat.creator) mine[page.created.id] = { seat: seat.seat, token: seat.token, game: page.game.title };
    }
    localStorage.setItem("kirifuda.mine", JSON.stringify(mine));
  } catch (error) {
    page.error = describeError(error);
  }
  render();
  refresh();
}

async function refresh() {
  // only the lists are drawn again, and only when they changed: the form keeps what is typed and the focus
  try {
    page.open = (await api("api/tables?state=open")).tables;
    page.finished = (await api("api/tables?state=finished&limit=20")).tables;
  } catch (error) {
    page.error = describeError(error);
  }
  renderLists();
}

async function join(table, seat) {
  try {
    const claimed = await api(`api/tables/${table}/seats/${seat}/claim`, { method: "POST" });
    location.href = claimed.url;
  } catch (error) {
    page.error = describeError(error);
    render();
  }
}

// --- drawing ---------------------------------------------------------------------------------------------------

function optionInput(option) {
  const id = `option-${option.name}`;
  const value = page.options[option.name];
  const label = el("label", { for: id, title: option.doc }, option.name, option.doc ? el("span", { class: "muted" }, ` — ${option.doc}`) : null);
  let input;
  if (option.choices) {
    input = el(
      "select",
      {
        id,
        name: option.name,
        onchange: (e) => {
          page.options[option.name] = option.choices[Number(e.target.value)];
          checkOptions();
        },
      },
      option.choices.map((choice, i) => el("option", { value: i, selected: choice === value }, JSON.stringify(choice)))
    );
  } else if (typeof option.default === "boolean") {
    input = el("input", { id, type: "checkbox", checked: value, onchange: (e) => ((page.options[option.name] = e.target.checked), checkOptions()) });
  } else {
    input = el("input", {
      id,
      type: "number",
      min: 0,
      value: value ?? "",
      placeholder: value == null ? t(L.auto) : null,
      onchange: (e) => {
        page.options[option.name] = e.target.value === "" ? option.default : Number(e.target.value);
        checkOptions();
      },
    });
  }
  return [label, input];
}

function mySeatInput() {
  const firstDealer = page.game && page.game.id === "goninkan" && page.personSeat > 0 ? 0 : null;
  return [
    el("label", { for: "my-seat" }, t(L.mySeat)),
    el(
      "select",
      {
        id: "my-seat",
        name: "my-seat",
        onchange: (e) => {
          page.mySeat = Number(e.target.value);
          page.mySeatChosen = true;
          render();
        },
      },
      page.seats.map((_, seat) => el("option", { value: seat, selected: seat === page.mySeat }, `${t(L.seat)}${seat}${seat === firstDealer ? t(L.firstDealer) : ""}`))
    ),
  ];
}

function seatInputs() {
  return page.seats.map((kind, seat) => {
    const id = `seat-${seat}`;
    if (seat === page.mySeat) return [el("label", { for: id }, `${t(L.seat)}${seat}`), el("output", { id, class: "me" }, t(L.me))];
    return [
      el("label", { for: id }, `${t(L.seat)}${seat}`),
      el(
        "select",
        { id, name: id, onchange: (e) => ((page.seats[seat] = e.target.value), render()) },
        el("option", { value: "human", selected: kind === "human" }, t(L.human)),
        el("option", { value: "open", selected: kind === "open" }, t(L.openSeat)),
        page.bots.map((bot) => el("option", { value: bot, selected: kind === bot }, `${t(UI.bot)}: ${bot}`))
      ),
    ];
  });
}

function createPanel() {
  if (!page.game) return null;
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, t(L.create)),
    el(
      "form",
      { id: "create", onsubmit: create },
      el(
        "div",
        { class: "form-grid" },
        el("label", { for: "game" }, t(L.game)),
        el(
          "select",
          { id: "game", name: "game", onchange: (e) => selectGame(e.target.value) },
          page.games.map((g) => el("option", { value: g.id, selected: g.id === page.game.id }, `${t(g.title)} (${g.id})`))
        ),
        page.game.options.map(optionInput),
        mySeatInput(),
        seatInputs(),
        el("label", { for: "seed" }, t(L.seed)),
        el("input", { id: "seed", name: "seed", type: "number", min: 0, value: page.seed, oninput: (e) => (page.seed = e.target.value) }),
        el("label", { for: "private" }, t(L.private)),
        el("input", { id: "private", name: "private", type: "checkbox", checked: page.private, onchange: (e) => (page.private = e.target.checked) }),
        el("label", { for: "name" }, t(L.yourName)),
        el("input", { id: "name", name: "name", maxlength: 32, autocomplete: "nickname", value: localStorage.getItem("kirifuda.name") || "" })
      ),
      el("p", { class: "muted" }, t(L.bots)),
      el("button", { type: "submit", class: "primary", id: "create-table" }, t(L.start))
    )
  );
}

function createdPanel() {
  const created = page.created;
  if (!created) return null;
  return el(
    "section",
    { class: "panel", id: "created" },
    el("h2", {}, `${t(L.created)} #${created.id}`),
    created.seats
      .filter((s) => s.invite_url)
      .map((s) =>
        el(
          "div",
          { class: "invite" },
          el("span", {}, `${t(L.seat)}${s.seat}`),
          el("input", { readonly: true, value: s.invite_url, "aria-label": `${t(UI.inviteTitle)} ${t(L.seat)}${s.seat}` }),
          el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(s.invite_url) }, t(L.copy)),
          el("a", { href: s.invite_url, class: "play-seat", "data-seat": s.seat }, t(L.play))
        )
      ),
    el("div", { class: "invite" }, el("span", {}, t(L.spectatorLink)), el("input", { readonly: true, value: created.url, "aria-label": t(L.spectatorLink) }), el("a", { href: created.url }, t(L.watch)))
  );
}

function seatsLine(table) {
  return table.seats
    .map((s) => `${s.seat}: ` + (s.kind === "bot" ? `${t(UI.bot)} ${s.playing || s.bot}` : s.open ? t(UI.open) : s.connected ? t(UI.player) : `${t(UI.player)} (${t(UI.away)})`))
    .join(" · ");
}

function openPanel() {
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, t(L.openTables)),
    page.open.length
      ? el(
          "ul",
          { class: "tables", id: "open-tables" },
          page.open.map((table) =>
            el(
              "li",
              { "data-table": table.id },
              el("strong", {}, t(table.title)),
              el("span", { class: "muted" }, `#${table.id} · ${table.version} ${t(L.actions)}`),
              el("span", { class: "seats-line" }, seatsLine(table)),
              table.seats
                .filter((s) => s.open)
                .map((s) => el("button", { type: "button", onclick: () => join(table.id, s.seat) }, `${t(L.join)} ${s.seat}`)),
              el("a", { href: apiUrl(`table/${table.id}`) }, t(L.watch))
            )
          )
        )
      : el("p", { class: "muted" }, t(L.none))
  );
}

function finishedPanel() {
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, t(L.finished)),
    page.finished.length
      ? el(
          "ul",
          { class: "tables", id: "finished-tables" },
          page.finished.map((table) =>
            el(
              "li",
              { "data-table": table.id },
              el("strong", {}, t(table.title)),
              el("span", { class: "muted" }, `#${table.id} · ${new Date(table.created * 1000).toLocaleString()}`),
              el("a", { href: apiUrl(`replay/${table.id}`) }, t(L.replay)),
              el("a", { href: apiUrl(`api/tables/${table.id}/record?download=true`), download: "" }, t(L.record))
            )
          )
        )
      : el("p", { class: "muted" }, t(L.none))
  );
}

function minePanel() {
  const mine = Object.entries(JSON.parse(localStorage.getItem("kirifuda.mine") || "{}"));
  if (!mine.length) return null;
  return el(
    "section",
    { class: "panel" },
    el("h2", {}, t(L.mine)),
    el(
      "ul",
      { class: "tables" },
      mine.slice(-10).map(([id, seat]) =>
        el(
          "li",
          {},
          el("strong", {}, seat.game ? t(seat.game) : id),
          el("span", { class: "muted" }, `#${id} · ${t(L.seat)}${seat.seat}`),
          el("a", { href: apiUrl(`table/${id}#token=${encodeURIComponent(seat.token)}`) }, t(L.back))
        )
      )
    )
  );
}

const slots = {
  header: el("div"),
  error: el("div"),
  created: el("div"),
  create: el("div"),
  open: el("div"),
  mine: el("div"),
  finished: el("div"),
};
const drawn = { open: null, mine: null, finished: null };

function swap(slot, key, draw) {
  // draw a list again only if what it shows changed (a focused button in it stays put otherwise)
  const data = JSON.stringify([key, t({ ja: "ja", en: "en" })]);
  if (drawn[slot] === data) return;
  drawn[slot] = data;
  slots[slot].replaceChildren(...[draw()].filter(Boolean));
}

function renderLists() {
  slots.error.replaceChildren(...(page.error ? [el("p", { class: "error", role: "alert" }, page.error)] : []));
  swap("open", page.open, openPanel);
  swap("mine", localStorage.getItem("kirifuda.mine"), minePanel);
  swap("finished", page.finished, finishedPanel);
}

function render() {
  const active = document.activeElement;
  const focused = active && active.id && slots.create.contains(active) ? { id: active.id, start: active.selectionStart } : null;
  slots.header.replaceChildren(el("header", { class: "top" }, el("h1", {}, t(L.title)), el("a", { href: apiUrl("docs"), class: "home" }, "API"), languageButton()));
  slots.created.replaceChildren(...[createdPanel()].filter(Boolean));
  slots.create.replaceChildren(...[createPanel()].filter(Boolean));
  for (const key of Object.keys(drawn)) drawn[key] = null;
  renderLists();
  if (focused) {
    const again = document.getElementById(focused.id);
    if (again) again.focus();
  }
  document.title = "kirifuda";
}

root.replaceChildren(
  slots.header,
  el("main", { class: "lobby" }, slots.error, slots.created, slots.create, slots.open, slots.mine, slots.finished)
);
onLang(render);
start().catch((error) => {
  page.error = describeError(error);
  render();
});
