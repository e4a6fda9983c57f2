// Baton's browser board: the page around the board (players, limits, analysis, FEN,
// PGN, the server's API and polling); the board itself is drawn and played in board.js.
// It holds no rules: every legal move, the end of the game, FEN and PGN come from the
// engine through the server's API (docs/gui-api.md).
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
// The playing levels, the same in every variant: `{level, elo}` each.
let levels = [];
// What the board shows: the game as the server last sent it (`live`), or, while the
// person looks at an earlier move of a game on the clock (`viewing`), that position
// over it.
let state = null;
let live = null;
let viewing = null;
const PARAMS = new URLSearchParams(location.search);
// The server's secret, from the address it printed (`/?token=...`): every API call
// carries it, so pages from other sites, which cannot know it, are refused.
const TOKEN = PARAMS.get("token") || "";
// This page's game, kept by the server: in the address, so a reload finds it again.
let GAME = PARAMS.get("game") || "";

// The page's requests go one after another, in the order the person acted: a click
// on a black piece right after White's move asks for its moves once the move is in.
let queue = Promise.resolve();
// Changes sent and not yet answered: the controls are not set from the game's settings
// meanwhile (a stream event from before the change would set them back for a moment).
let posting = 0;
function api(method, path, body) {
  const change = method !== "GET";
  if (change) posting++;
  const run = queue.then(() => request(method, path, body)).finally(() => {
    if (!change) return;
    posting--;
    // The last change answered: the controls show the game as last drawn (a stream
    // event newer than the answer, drawn meanwhile, set none, and the answer, older
    // than it, is dropped).
    if (!posting && live) showSettings(live);
  });
  queue = run.catch(() => {});
  return run;
}

async function request(method, path, body) {
  const opts = { method, headers: { "X-Baton-Token": TOKEN, "X-Baton-Game": GAME } };
  if (body !== undefined) opts.body = typeof body === "string" ? body : JSON.stringify(body);
  const r = await fetch(path, opts);
  const text = await r.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (r.status === 410) gone(data && data.error);
  if (!r.ok) throw new Error((data && data.error) || text || r.statusText);
  return data;
}

// The status line says whose move it is; an error has its own line, which stays until
// the person dismisses it or acts again (no state from the server replaces it).
function status(text, error) {
  if (error) return showError(text);
  $("status").textContent = text;
}

function showError(text) {
  $("error-text").textContent = text;
  $("error").classList.remove("hidden");
}

function clearError() {
  $("error").classList.add("hidden");
}

// The server dropped this game (a day untouched, or too many games): say so, offer a new one.
function gone(why) {
  if (events) { events.close(); events = null; }
  $("gone-text").textContent = why || "This game is no longer kept by the server.";
  $("gone").classList.remove("hidden");
}

// ---- The live stream of the game (server-sent events) ----

let events = null;
// When the last state came, to run the shown clock between events.
let stateAt = performance.now();

function follow() {
  if (events) events.close();
  const q = new URLSearchParams({ token: TOKEN, game: GAME });
  events = new EventSource("/api/events?" + q.toString());
  events.addEventListener("state", (e) => {
    setState(JSON.parse(e.data));
  });
  events.addEventListener("gone", (e) => gone(e.data));
  events.onerror = () => {
    // The browser reconnects by itself unless the server refused the stream: then ask
    // why (a dropped game answers 410).
    if (events && events.readyState === EventSource.CLOSED) {
      api("GET", "/api/state").then((s) => { setState(s); follow(); }).catch(() => {});
    }
  };
}

function setState(s) {
  // A state older than the one drawn is dropped: a stream event taken just before a
  // move and arriving after the move's answer would draw the old board (and clocks and
  // lines) until the next event.
  if (live && s.game === live.game && s.seq < live.seq) return;
  live = s;
  // The controls show the game's own settings (its clock too, whoever set it).
  if (!posting) showSettings(s);
  // Looking back ends where it no longer fits: the game went back past it, is
  // reviewed, or has no running clock.
  if (viewing && (viewing.at >= s.moves_played || s.review || !s.clock)) viewing = null;
  state = viewing ? Object.assign({}, s, viewing.board) : s;
  stateAt = performance.now();
  render();
}

// Shows the game after `at` of its moves while it goes on (its clocks run, Baton
// thinks): the record is browsed, not changed; the current position ends it.
async function viewMove(at) {
  const n = live.moves_played;
  const to = Math.max(0, Math.min(n, at));
  viewing = to === n ? null : { at: to, board: await api("GET", "/api/view?at=" + to) };
  pick = null;
  stepBar("");
  setState(live);
}

// ---- The page around the board ----

// The FEN box holds what the person typed, not yet set.
let fenTyped = false;

function render() {
  if (!state) return;
  // Baton's limit and level are shown only where Baton plays a side: between two
  // people they would change nothing (analysis always searches at full strength); on
  // the clock Baton plays by its time left, not by its limit a move.
  const baton = state.baton_plays.white || state.baton_plays.black;
  $("baton-think").classList.toggle("hidden", !baton || !!state.settings.clock);
  $("baton-level").classList.toggle("hidden", !baton);
  renderBoard();
  renderClocks();
  // A FEN being typed stays (even when a click on Set FEN has taken the focus from it).
  if (!fenTyped) $("fen").value = state.fen;
  renderLines();
  renderMoves();
  renderStatus();
  const rv = state.review;
  $("review").classList.toggle("hidden", !rv);
  if (rv) $("review-at").textContent = `${rv.at} / ${rv.moves.length}`;
}

// Scores come from White's side (positive: White is better), as lichess shows them.
function scoreText(s) {
  if (s.mate !== undefined) return (s.mate > 0 ? "#" : "#-") + Math.abs(s.mate);
  return (s.cp >= 0 ? "+" : "") + (s.cp / 100).toFixed(2);
}

// White's share of the evaluation bar, 0 to 1.
function whiteShare(s) {
  if (s.mate !== undefined) return s.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-s.cp / 250));
}

function currentLines() {
  // Lines of another position are never shown: the position changed.
  return state.search && state.search.fen === state.fen ? state.search.lines : [];
}

// Plies from the game's start to a FEN's position: its second field is the side to
// move, its sixth the move number (the stones variants add a seventh field after it).
function fenPly(fen) {
  const fields = fen.split(" ");
  return ((parseInt(fields[5], 10) || 1) - 1) * 2 + (fields[1] === "b" ? 1 : 0);
}

// The number a game record writes before the move at `ply`: "3." before White's,
// "2..." before Black's when it is the first move written, else nothing.
function moveNumber(ply, first) {
  if (ply % 2 === 0) return `${ply / 2 + 1}.`;
  return first ? `${(ply + 1) / 2}...` : "";
}

// A line's moves numbered from the position searched, as a game record writes them
// (lichess too): "1... Nc6 2. d4 d5".
function numberedLine(fen, sans) {
  const start = fenPly(fen);
  return sans.map((san, i) => {
    const number = moveNumber(start + i, i === 0);
    return number ? `${number} ${san}` : san;
  }).join(" ");
}

function renderLines() {
  const lines = currentLines();
  const fen = lines.length ? state.search.fen : "";
  $("lines").innerHTML = lines.map((l) => {
    // The moves first: on a narrow screen the line's end is cut, not its start.
    const text = `${numberedLine(fen, l.san)} (depth ${l.depth}/${l.seldepth}, ${l.nodes} nodes, ${l.nps} nps)`;
    return `<div title="${scoreText(l.score)} ${text}"><b>${scoreText(l.score)}</b> ${text}</div>`;
  }).join("") || (state.searching ? "<div>thinking...</div>" : "");
  // Room for every line asked for (`Lines`), whether they have come yet or not.
  $("lines").style.minHeight = `${1.4 * Math.max(1, state.settings.lines)}em`;
  const top = lines.length ? lines[0].score : null;
  $("evalbar").classList.toggle("blank", !top);
  $("evalfill").style.width = (top ? whiteShare(top) * 100 : 50) + "%";
  $("evaltext").textContent = top ? scoreText(top) + " (White's view)" : "";
  $("analyse").classList.toggle("active", state.settings.analysis);
}

let movesDrawn = null;

// The move list in SAN, numbered from the game's start, the current move marked; each
// move is a button that shows the game after it.
function renderMoves() {
  // Numbered from the game's own position, also while an earlier one is shown.
  const g = live || state;
  const first = fenPly(g.fen) - g.moves_played;
  const at = state.review ? state.review.at : viewing ? viewing.at : state.san.length;
  let html = "";
  state.san.forEach((san, i) => {
    const number = moveNumber(first + i, i === 0);
    if (number) html += `<span class="num">${number}</span>`;
    html += `<button class="mv" data-at="${i + 1}">${san}</button> `;
  });
  const list = $("movelist");
  // The buttons already drawn stay (a move coming while a person clicks an earlier
  // one only adds its own): an element replaced between the press and the release of
  // a click would swallow the click.
  if (movesDrawn !== html) {
    if (movesDrawn && html.startsWith(movesDrawn)) list.insertAdjacentHTML("beforeend", html.slice(movesDrawn.length));
    else list.innerHTML = html;
    movesDrawn = html;
  }
  const old = list.querySelector(".current");
  const cur = list.querySelector(`button[data-at="${at}"]`);
  if (old === cur) return;
  if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
  if (!cur) return;
  cur.classList.add("current");
  cur.setAttribute("aria-current", "step");
  list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
}

// Shows the game after `at` of its moves: a loaded game steps; a game being played is
// first taken into review (its PGN loaded back), and goes on from where a move is played.
async function showMove(at) {
  try {
    if (!state.review) {
      // A game on the clock is looked back on while it goes on (as lichess does).
      if (state.clock && !state.outcome) return await viewMove(at);
      if (at >= state.moves_played) return;
      await api("POST", "/api/stop", {});
      await api("POST", "/api/pgn", await fetchText("/api/pgn"));
    }
    const last = state.san.length;
    pick = null;
    setState(await api("POST", "/api/step", { at: Math.min(last, Math.max(0, at)) }));
  } catch (e) { status(e.message, true); }
}

async function fetchText(path) {
  const r = await fetch(path, { headers: { "X-Baton-Token": TOKEN, "X-Baton-Game": GAME } });
  return r.text();
}

// ---- Clocks: kept by the server, run here between its events ----

function clockText(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000), sec = Math.floor((t % 60000) / 1000);
  const tenths = t < 10000 ? "." + Math.floor((t % 1000) / 100) : "";
  return `${m}:${String(sec).padStart(2, "0")}${tenths}`;
}

function renderClocks() {
  const c = state && state.clock;
  $("clocks").classList.toggle("hidden", !c);
  if (!c) return;
  const since = performance.now() - stateAt;
  for (const side of ["white", "black"]) {
    const running = c.running === side;
    const ms = c[side + "_ms"] - (running ? since : 0);
    const el = $("clock-" + side);
    el.textContent = `${side === "white" ? "White" : "Black"} ${clockText(ms)}`;
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 10000);
  }
}
setInterval(() => { if (state && state.clock && state.clock.running) renderClocks(); }, 100);

// "5+3": 5 minutes and 3 seconds a move; "30s+0": 30 seconds; empty: no clock.
function parseTimeControl(text) {
  const t = text.trim();
  if (!t) return null;
  const m = /^(\d+(?:\.\d+)?)(s?)\s*\+\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (!m) throw new Error(`"${t}" is not a time control: write minutes+seconds, as 5+3 (or 30s+0)`);
  const base = Math.round(parseFloat(m[1]) * (m[2] ? 1000 : 60000));
  return { base_ms: base, inc_ms: Math.round(parseFloat(m[3]) * 1000) };
}

function timeControlText(tc) {
  if (!tc) return "";
  const base = tc.base_ms % 60000 === 0 ? String(tc.base_ms / 60000) : tc.base_ms / 1000 + "s";
  return `${base}+${tc.inc_ms / 1000}`;
}

function renderStatus() {
  if (state.outcome) {
    const o = state.outcome;
    const who = o.winner ? (o.winner === "white" ? "White wins" : "Black wins") : "Draw";
    status(`${o.result}: ${who} (${o.reason})`);
  } else if (state.review) {
    status(`Reviewing a loaded game: ${state.side} to move`);
  } else if (viewing) {
    status(`Looking at the position after ${viewing.at} of ${live.moves_played} moves; the game goes on (End returns to it)`);
  } else {
    const baton = state.baton_plays[state.side];
    let s = `${state.side === "white" ? "White" : "Black"} to move` + (baton && state.baton_to_move ? " (Baton is thinking)" : "");
    // Every tab's searches share the machine's cores: this one waits for a free one.
    if (state.waiting) s += ` (${state.waiting})`;
    if (state.check.length) s += ", check";
    if (state.threatened.length) s += ", a king is attacked";
    status(s);
  }
}

async function play(text) {
  pick = null;
  stepBar("");
  // The move is drawn at once, over the position it is played in, until the server's
  // answer comes (a dropped piece does not jump back to its square meanwhile).
  const m = parseMove(text);
  sent = m && Object.assign(m, { fen: live.fen });
  render();
  try {
    const s = await api("POST", "/api/move", { move: text });
    sent = null;
    fenTyped = false; // a move on the board: the box shows the position again
    setState(s);
  } catch (e) {
    sent = null;
    status("Refused: " + e.message, true);
    render();
  }
}

// ---- Settings, kept with the game by the server (a reload brings them back) ----

async function settings(change) {
  try { setState(await api("POST", "/api/settings", change)); }
  catch (e) { status(e.message, true); }
}

function thinkBody() {
  const kind = $("limit-kind").value;
  const n = Math.max(1, parseInt($("limit-value").value, 10) || 1);
  return { [kind]: n };
}

// The Level menu: each level with its strength on Baton's scale (the server's one
// table for every variant, docs/levels.md) beside it, "3 - 971"; built once.
function levelMenu() {
  $("level").innerHTML = `<option value="">full strength</option>` +
    levels.map((l) => `<option value="${l.level}">${l.level} - ${l.elo}</option>`).join("");
}

// The controls as the game `s` says (on loading the page, and with every state), but
// for the one the person is changing.
function showSettings(s) {
  const st = s.settings;
  const set = (id, value) => { if ($(id) !== document.activeElement) $(id).value = value; };
  set("variant", s.variant);
  set("mode", `${st.white}-${st.black}`);
  const [kind, n] = Object.entries(st.think)[0];
  set("limit-kind", kind);
  set("limit-value", n);
  set("tc", timeControlText(st.clock));
  set("multipv", String(st.lines));
  set("level", st.level == null ? "" : String(st.level));
  flipped = st.flipped;
}

async function newGame(fen) {
  viewing = null;
  try {
    const s = await api("POST", "/api/new", { variant: $("variant").value, fen: fen || "" });
    fenTyped = false;
    setState(s);
    pick = null;
    stepBar("");
    legend();
  } catch (e) { status("Refused: " + e.message, true); }
}

// A new game for this page, the old one being gone: a new id in the address.
async function replaceGame() {
  GAME = "";
  const s = await api("POST", "/api/games", { variant: $("variant").value, settings: {} });
  adopt(s);
  $("gone").classList.add("hidden");
  follow();
}

// Takes the game the server made for this page: its id goes into the address (and
// nothing else but the token, so a reload asks for this game and no new one).
function adopt(s) {
  GAME = s.game;
  const q = new URLSearchParams({ token: TOKEN, game: GAME });
  history.replaceState(null, "", "?" + q.toString());
  showSettings(s);
  setState(s);
  legend();
}

function wire() {
  wireBoard();
  // Acting again dismisses an error (a click or a key anywhere but on the error).
  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, (e) => { if (!e.target.closest("#error")) clearError(); }, true);
  }
  $("error-close").onclick = clearError;
  $("gone-new").onclick = () => replaceGame().catch((e) => status(e.message, true));
  // The board's own handler turns it; the server keeps the orientation for a reload.
  $("flip").addEventListener("click", () => settings({ flipped }));
  $("variant").onchange = () => newGame();
  $("new").onclick = () => newGame();
  $("undo").onclick = async () => {
    try { setState(await api("POST", "/api/undo", {})); pick = null; stepBar(""); render(); }
    catch (e) { status(e.message, true); }
  };
  $("mode").onchange = () => {
    const [white, black] = $("mode").value.split("-");
    // The board turns towards a person playing Black (kept with the game's settings).
    turnTowards(white, black);
    settings({ white, black, flipped });
  };
  $("limit-kind").onchange = $("limit-value").onchange = () => settings({ think: thinkBody() });
  $("tc").onchange = () => {
    let clock;
    try { clock = parseTimeControl($("tc").value); } catch (e) { return status(e.message, true); }
    settings({ clock });
  };
  $("level").onchange = () => settings({ level: $("level").value === "" ? null : Number($("level").value) });
  $("analyse").onclick = () => settings({ analysis: true });
  $("stop").onclick = async () => {
    try { setState(await api("POST", "/api/stop", {})); } catch (e) { status(e.message, true); }
  };
  $("multipv").onchange = async () => {
    try { setState(await api("POST", "/api/option", { name: "MultiPV", value: $("multipv").value })); }
    catch (e) { status(e.message, true); }
  };
  $("set-fen").onclick = () => newGame($("fen").value);
  $("fen").addEventListener("input", () => { fenTyped = true; });
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); newGame($("fen").value); }
    // Esc gives the box back to the position shown.
    if (e.key === "Escape") { fenTyped = false; render(); }
  });
  $("save-pgn").onclick = async () => {
    const text = await fetchText("/api/pgn");
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
    a.download = `baton-${state.variant}.pgn`;
    a.click();
  };
  $("load-pgn").onclick = async () => {
    const text = $("pgn-text").value.trim();
    if (!text) { $("pgn-file").click(); return; }
    loadPgn(text);
  };
  $("pgn-file").onchange = async () => {
    const f = $("pgn-file").files[0];
    if (f) loadPgn(await f.text());
  };
  const at = () => (state.review ? state.review.at : viewing ? viewing.at : state.moves_played);
  $("first").onclick = () => showMove(0);
  $("prev").onclick = () => showMove(at() - 1);
  $("next").onclick = () => showMove(at() + 1);
  $("last").onclick = () => showMove(state.san.length);
  $("movelist").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-at]");
    if (b) showMove(parseInt(b.dataset.at, 10));
  });
  // Arrow keys step through the game, unless the board or a field has the focus.
  document.addEventListener("keydown", (e) => {
    if (!state || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest && e.target.closest("#board, input, textarea, select")) return;
    const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: state.san.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    showMove(to);
  });
}

async function loadPgn(text) {
  try {
    setState(await api("POST", "/api/pgn", text));
    $("variant").value = state.variant;
    legend();
  } catch (e) { status("PGN refused: " + e.message, true); }
}

async function start() {
  ({ variants, levels } = await api("GET", "/api/variants"));
  levelMenu();
  $("variant").innerHTML = variants.map((v) => `<option value="${v.name}">${v.name} (${v.width}x${v.height})</option>`).join("");
  wire();
  if (GAME) {
    // A reload (or a shared address): this page's game as the server keeps it.
    try { adopt(await api("GET", "/api/state")); } catch (e) { return; }
  } else {
    // A new page: a game of its own, as the address asks (variant, FEN, players).
    const [white, black] = (PARAMS.get("mode") || "human-baton").split("-");
    turnTowards(white, black);
    adopt(await api("POST", "/api/games", {
      variant: PARAMS.get("variant") || undefined,
      fen: PARAMS.get("fen") || undefined,
      settings: { white, black, flipped },
    }));
  }
  follow();
}

start().catch((e) => status("Cannot reach Baton's server: " + e.message, true));
