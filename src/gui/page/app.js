// Baton's browser board: the page around the board (players, limits, analysis, FEN,
// PGN, the server's API and polling); the board itself is drawn and played in board.js.
// It holds no rules: every legal move, the end of the game, FEN and PGN come from the
// engine through the server's API (docs/gui-api.md).
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let state = null;
// The server's secret, from the address it printed (`/?token=...`): every API call
// carries it, so pages from other sites, which cannot know it, are refused.
const TOKEN = new URLSearchParams(location.search).get("token") || "";

async function api(method, path, body) {
  const opts = { method, headers: { "X-Baton-Token": TOKEN } };
  if (body !== undefined) opts.body = typeof body === "string" ? body : JSON.stringify(body);
  const r = await fetch(path, opts);
  const text = await r.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (!r.ok) throw new Error((data && data.error) || text || r.statusText);
  return data;
}

function status(text, error) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("error", !!error);
}

// ---- The page around the board ----

function render() {
  if (!state) return;
  renderBoard();
  $("fen").value = document.activeElement === $("fen") ? $("fen").value : state.fen;
  renderLines();
  renderMoves();
  renderStatus();
  const rv = state.review;
  $("review").classList.toggle("hidden", !rv);
  if (rv) $("review-at").textContent = `${rv.at} / ${rv.moves.length}`;
}

function scoreText(s) {
  if (s.mate !== undefined) return (s.mate > 0 ? "#" : "#-") + Math.abs(s.mate);
  return (s.cp >= 0 ? "+" : "") + (s.cp / 100).toFixed(2);
}

function renderLines() {
  const lines = (state.search && state.search.lines) || [];
  $("lines").innerHTML = lines.map((l) =>
    `<div><b>${scoreText(l.score)}</b> d${l.depth}/${l.seldepth} ${l.nodes} nodes ${l.nps} nps: ${l.pv.join(" ")}</div>`
  ).join("") || (state.searching ? "<div>thinking...</div>" : "");
}

// The move list in SAN, numbered from the game's start, the current move marked; each
// move is a button that shows the game after it.
function renderMoves() {
  // The FEN's sixth field is the move number (the stones variants add a seventh).
  const number = parseInt(state.fen.split(" ")[5], 10) || 1;
  const plyNow = (number - 1) * 2 + (state.side === "black" ? 1 : 0);
  const first = plyNow - state.moves_played;
  const at = state.review ? state.review.at : state.san.length;
  let html = "";
  state.san.forEach((san, i) => {
    const ply = first + i;
    if (ply % 2 === 0) html += `<span class="num">${ply / 2 + 1}.</span>`;
    else if (i === 0) html += `<span class="num">${(ply + 1) / 2}...</span>`;
    const current = i + 1 === at ? ` class="mv current" aria-current="step"` : ` class="mv"`;
    html += `<button${current} data-at="${i + 1}">${san}</button> `;
  });
  const list = $("movelist");
  list.innerHTML = html;
  const cur = list.querySelector(".current");
  if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
}

// Shows the game after `at` of its moves: a loaded game steps; a game being played is
// first taken into review (its PGN loaded back), and goes on from where a move is played.
async function showMove(at) {
  try {
    if (!state.review) {
      if (at >= state.moves_played) return;
      await api("POST", "/api/stop", {});
      await api("POST", "/api/pgn", await fetchText("/api/pgn"));
    }
    const last = state.san.length;
    state = await api("POST", "/api/step", { at: Math.min(last, Math.max(0, at)) });
    pick = null;
    render();
  } catch (e) { status(e.message, true); }
}

async function fetchText(path) {
  const r = await fetch(path, { headers: { "X-Baton-Token": TOKEN } });
  return r.text();
}

function renderStatus() {
  if (state.outcome) {
    const o = state.outcome;
    const who = o.winner ? (o.winner === "white" ? "White wins" : "Black wins") : "Draw";
    status(`${o.result}: ${who} (${o.reason})`);
  } else if (state.review) {
    status(`Reviewing a loaded game: ${state.side} to move`);
  } else {
    const baton = state.baton_plays[state.side];
    let s = `${state.side === "white" ? "White" : "Black"} to move` + (baton ? " (Baton is thinking)" : "");
    if (state.check.length) s += ", check";
    if (state.threatened.length) s += ", a king is attacked";
    status(s);
  }
}

async function play(text) {
  pick = null;
  stepBar("");
  try {
    state = await api("POST", "/api/move", { move: text });
    render();
    maybeBatonMoves();
  } catch (e) {
    status("Refused: " + e.message, true);
    render();
  }
}

// ---- Baton's moves, analysis, polling ----

function limitsBody() {
  const kind = $("limit-kind").value;
  const n = Math.max(1, parseInt($("limit-value").value, 10) || 1);
  return { [kind]: n };
}

let polling = null;
function poll() {
  if (polling) return;
  polling = setInterval(async () => {
    try {
      state = await api("GET", "/api/state");
      render();
      if (!state.searching && !state.baton_to_move) {
        clearInterval(polling);
        polling = null;
        maybeBatonMoves();
      }
    } catch (e) { status(e.message, true); }
  }, 300);
}

async function maybeBatonMoves() {
  if (!state || state.outcome || state.review || state.searching) return;
  if (!state.baton_plays[state.side]) return;
  try {
    state = await api("POST", "/api/go", Object.assign({ play: true }, limitsBody()));
    render();
    poll();
  } catch (e) { status(e.message, true); }
}

async function setPlayers() {
  const [w, b] = $("mode").value.split("-");
  state = await api("POST", "/api/players", { white: w, black: b });
  turnTowards(w, b);
  render();
  maybeBatonMoves();
}

async function newGame(fen) {
  try {
    await api("POST", "/api/stop", {});
    state = await api("POST", "/api/new", { variant: $("variant").value, fen: fen || "" });
    pick = null;
    stepBar("");
    legend();
    render();
    maybeBatonMoves();
  } catch (e) { status(e.message, true); }
}

function wire() {
  wireBoard();
  $("variant").onchange = () => newGame();
  $("new").onclick = () => newGame();
  $("undo").onclick = async () => {
    try {
      await api("POST", "/api/stop", {});
      state = await api("POST", "/api/undo", {});
      // Against Baton, take back Baton's reply too.
      if (state.baton_plays[state.side] && state.moves_played > 0 && !state.baton_plays[state.side === "white" ? "black" : "white"])
        state = await api("POST", "/api/undo", {});
      pick = null; render();
    } catch (e) { status(e.message, true); }
  };
  $("mode").onchange = setPlayers;
  $("analyse").onclick = async () => {
    try { state = await api("POST", "/api/go", { infinite: true }); render(); poll(); }
    catch (e) { status(e.message, true); }
  };
  $("stop").onclick = async () => { state = await api("POST", "/api/stop", {}); render(); };
  $("multipv").onchange = async () => {
    try { state = await api("POST", "/api/option", { name: "MultiPV", value: $("multipv").value }); render(); }
    catch (e) { status(e.message, true); }
  };
  $("set-fen").onclick = () => newGame($("fen").value);
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); newGame($("fen").value); }
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
  const at = () => (state.review ? state.review.at : state.moves_played);
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
    await api("POST", "/api/stop", {});
    state = await api("POST", "/api/pgn", text);
    $("variant").value = state.variant;
    legend();
    render();
  } catch (e) { status("PGN refused: " + e.message, true); }
}

async function start() {
  variants = await api("GET", "/api/variants");
  $("variant").innerHTML = variants.map((v) => `<option value="${v.name}">${v.name} (${v.width}x${v.height})</option>`).join("");
  wire();
  state = await api("GET", "/api/state");
  $("variant").value = state.variant;
  const params = new URLSearchParams(location.search);
  if (params.get("variant")) {
    $("variant").value = params.get("variant");
    await newGame(params.get("fen") || "");
  }
  if (params.get("mode")) { $("mode").value = params.get("mode"); }
  await setPlayers();
  legend();
  render();
}

start().catch((e) => status("Cannot reach Baton's server: " + e.message, true));
