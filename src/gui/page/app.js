// Baton's browser board. It holds no rules: every legal move, the end of the game,
// FEN and PGN come from the engine through the server's API (docs/gui-api.md).
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let state = null;
let flipped = false;
// The move being entered: the complete legal moves that still fit what was picked.
let pick = null;
const MOVE = /^([a-z][0-9]+)([a-z][0-9]+)([a-z]?)(?:,([a-z][0-9]+)([a-z][0-9]+))?$/;

function parseMove(text) {
  const m = MOVE.exec(text);
  if (!m) return null;
  return { text, from: m[1], to: m[2], promo: m[3], from2: m[4] || null, to2: m[5] || null };
}

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

// ---- Pieces, drawn here (no images from elsewhere) ----

const GLYPH = { P: "\u265F", N: "\u265E", B: "\u265D", R: "\u265C", Q: "\u265B", K: "\u265A", M: "\u265A" };
const NAMES = {
  P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king", M: "commoner (steps like a king)",
  E: "elephant (leaps two diagonally)", D: "dabbaba (leaps two straight)", X: "power",
};

function variantInfo() {
  return variants.find((v) => v.name === (state && state.variant)) || {};
}

function glyphText(letter, x, y, size, white) {
  const fill = white ? "#fff" : "#111";
  const stroke = white ? "#111" : "#eee";
  const up = letter.toUpperCase();
  const info = variantInfo();
  const isFlip = info.piece_states;
  let g = GLYPH[up];
  if (isFlip && up === "X") g = "\u2736";
  if (!g || (isFlip && (up === "E" || up === "D"))) {
    return `<circle cx="${x}" cy="${y}" r="${size * 0.36}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>` +
      `<text x="${x}" y="${y + size * 0.13}" font-size="${size * 0.4}" text-anchor="middle" font-weight="700" fill="${stroke}" font-family="sans-serif">${up}</text>`;
  }
  let s = `<text x="${x}" y="${y + size * 0.3}" font-size="${size * 0.85}" text-anchor="middle" fill="${fill}" stroke="${stroke}" stroke-width="1.2" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif">${g}</text>`;
  if (up === "K" && info.royal_is_knight) {
    // Knightmate's royal piece is a knight: drawn as one, crowned.
    s = `<text x="${x}" y="${y + size * 0.3}" font-size="${size * 0.85}" text-anchor="middle" fill="${fill}" stroke="${stroke}" stroke-width="1.2" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif">${GLYPH.N}</text>` +
      `<text x="${x + size * 0.27}" y="${y - size * 0.2}" font-size="${size * 0.3}" text-anchor="middle" fill="#d4a017" stroke="#5a4000" stroke-width="0.8">\u265B</text>`;
  }
  return s;
}

function neutralSvg(n) {
  const label = { S: "S", X: "R", G: "G" }[n] || n;
  const shape = n === "S"
    ? `<rect x="14" y="14" width="72" height="72" rx="16" fill="#2a9d8f" stroke="#114b44" stroke-width="4"/>`
    : n === "X"
      ? `<circle cx="50" cy="50" r="36" fill="#e9c46a" stroke="#114b44" stroke-width="8"/>`
      : `<path d="M18 86 V44 a32 32 0 0 1 64 0 V86 Z" fill="#8e6cc4" stroke="#3b2663" stroke-width="4"/>`;
  return `<svg class="piece" viewBox="0 0 100 100">${shape}<text x="50" y="62" font-size="34" text-anchor="middle" font-weight="700" fill="#10302c" font-family="sans-serif">${label}</text></svg>`;
}

function pieceSvg(cell) {
  if (cell.neutral) return neutralSvg(cell.neutral);
  let body = "";
  if (cell.white && cell.black) {
    // A Knightmare: one piece owned by both sides, its two components side by side.
    body = `<circle cx="50" cy="50" r="46" fill="#7b4fa0" opacity="0.35"/>` +
      `<path d="M50 4 A46 46 0 0 0 50 96 Z" fill="#fff" opacity="0.6"/>` +
      glyphText(cell.white, 30, 50, 62, true) + glyphText(cell.black, 70, 50, 62, false);
  } else if (cell.white || cell.black) {
    const l = cell.white || cell.black;
    body = glyphText(l, 50, 50, 100, !!cell.white);
  }
  if (cell.capture_state) {
    // A flip piece in its capture state.
    body = `<circle cx="50" cy="50" r="46" fill="none" stroke="#c0392b" stroke-width="6"/>` + body +
      `<text x="84" y="26" font-size="30" font-weight="700" fill="#c0392b" text-anchor="middle">+</text>`;
  }
  return body ? `<svg class="piece" viewBox="0 0 100 100">${body}</svg>` : "";
}

function legend() {
  const info = variantInfo();
  const rows = (info.pieces || []).map((l) => {
    const w = pieceSvg({ white: l });
    const b = pieceSvg({ black: l.toLowerCase() });
    let name = NAMES[l] || l;
    if (l === "K") name = info.royal_is_knight ? "royal knight" : "king";
    return `<div>${w}${b} ${l}: ${name}</div>`;
  });
  if (info.neutral_pieces) {
    rows.push(`<div>${neutralSvg("S")} S: stone (neutral)</div>`);
    rows.push(`<div>${neutralSvg("X")} X: relay (neutral)</div>`);
    if (info.tunnel) rows.push(`<div>${neutralSvg("G")} G: gate (neutral, the tunnel's ends)</div>`);
  }
  if (info.shared_pieces) rows.push(`<div>${pieceSvg({ white: "Q", black: "n" })} a Knightmare: owned by both sides</div>`);
  if (info.piece_states) rows.push(`<div>${pieceSvg({ white: "N", capture_state: true })} red ring: capture state (else move state)</div>`);
  $("legend").innerHTML = rows.join("");
}

// ---- The board ----

function orderedCells() {
  let rows = state.ranks.map((r) => r.map((c) => Object.assign({}, c)));
  if (pick && pick.stage >= 2 && pick.moves.length) {
    // While the turn's second part is chosen, show the piece on its new square (a
    // picture only: the server decides what the move does).
    const cells = rows.flat();
    const from = cells.find((c) => c.sq === pick.from);
    const to = cells.find((c) => c.sq === pick.moves[0].to);
    if (from && to && from !== to) {
      to.white = from.white; to.black = from.black; to.capture_state = from.capture_state;
      delete from.white; delete from.black; delete from.capture_state;
    }
  }
  if (flipped) rows = rows.reverse().map((r) => r.reverse());
  return rows;
}

function centre(sqName) {
  const rows = orderedCells();
  const size = squareSize();
  for (let r = 0; r < rows.length; r++)
    for (let f = 0; f < rows[r].length; f++)
      if (rows[r][f].sq === sqName) return [f * size + size / 2, r * size + size / 2];
  return null;
}

function squareSize() {
  return Math.floor(Math.min(560 / state.width, 560 / state.height, 72));
}

function render() {
  if (!state) return;
  const size = squareSize();
  const board = $("board");
  board.style.setProperty("--sq", size + "px");
  board.style.gridTemplateColumns = `repeat(${state.width}, ${size}px)`;
  const last = state.last_move ? parseMove(state.last_move) : null;
  const lastSquares = last ? [last.from, last.to, last.from2, last.to2].filter(Boolean) : [];
  const targets = new Set(), targets2 = new Set();
  if (pick) {
    for (const m of pick.moves) {
      if (pick.stage === 1) targets.add(m.to);
      else if (pick.stage === 2 && m.from2) targets2.add(m.from2);
      else if (pick.stage === 3 && m.to2) targets2.add(m.to2);
    }
  }
  const rows = orderedCells();
  let html = "";
  rows.forEach((row, r) => row.forEach((cell, f) => {
    const dark = (r + f) % 2 === 1;
    const cls = ["sq", dark ? "dark" : "light"];
    if (lastSquares.includes(cell.sq)) cls.push("last");
    if (state.check.includes(cell.sq) || state.threatened.includes(cell.sq)) cls.push("check");
    if (pick && pick.from === cell.sq && pick.stage === 1) cls.push("picked");
    if (targets.has(cell.sq)) cls.push("target");
    if (targets2.has(cell.sq)) cls.push("target2");
    if (cell.white || cell.black || cell.neutral) cls.push("occupied");
    const coord = (f === 0 || r === rows.length - 1) ? `<span class="coord">${cell.sq}</span>` : "";
    html += `<div class="${cls.join(" ")}" data-sq="${cell.sq}" title="${cell.sq}">${pieceSvg(cell)}${coord}</div>`;
  }));
  board.innerHTML = html;
  drawArrows(size);
  $("fen").value = document.activeElement === $("fen") ? $("fen").value : state.fen;
  renderLines();
  renderMoves();
  renderStatus();
  const rv = state.review;
  $("review").classList.toggle("hidden", !rv);
  if (rv) $("review-at").textContent = `${rv.at} / ${rv.moves.length}`;
}

function drawArrows(size) {
  const svg = $("arrows");
  svg.setAttribute("width", size * state.width);
  svg.setAttribute("height", size * state.height);
  const best = state.search && state.search.lines.length && state.search.fen === state.fen
    ? state.search.lines[0].pv[0] : null;
  const m = best ? parseMove(best) : null;
  if (!m) { svg.innerHTML = ""; return; }
  const a = centre(m.from), b = centre(m.to);
  if (!a || !b) { svg.innerHTML = ""; return; }
  svg.innerHTML = `<defs><marker id="head" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 Z" fill="#1565c0cc"/></marker></defs>` +
    `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#1565c0cc" stroke-width="${size / 7}" marker-end="url(#head)" stroke-linecap="round"/>`;
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

function renderMoves() {
  fetchText("/api/pgn").then((pgn) => {
    const text = pgn.split("\n\n").slice(1).join(" ").trim();
    $("movelist").textContent = text;
  }).catch(() => {});
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

// ---- Entering a move, step by step ----

function stepBar(html) {
  const bar = $("step");
  bar.innerHTML = html;
  bar.classList.toggle("hidden", !html);
}

async function clickSquare(sq) {
  if (!state || state.outcome) return;
  if (state.baton_plays[state.side] && !state.review) return;
  if (!pick || (pick.stage === 1 && !pick.moves.some((m) => m.to === sq))) {
    if (pick && pick.from === sq) { pick = null; stepBar(""); render(); return; }
    const data = await api("GET", "/api/moves?prefix=" + encodeURIComponent(sq));
    const moves = data.moves.map(parseMove).filter((m) => m && m.from === sq);
    pick = moves.length ? { from: sq, stage: 1, moves } : null;
    stepBar("");
    render();
    return;
  }
  if (pick.stage === 1) {
    pick.moves = pick.moves.filter((m) => m.to === sq);
    const promos = [...new Set(pick.moves.map((m) => m.promo))];
    if (promos.length > 1) {
      stepBar(`<span class="promo">Promote to ${promos.map((p) => `<button data-promo="${p}">${p ? p.toUpperCase() : "-"}</button>`).join("")}</span>`);
      pick.stage = 0;
      render();
      return;
    }
    return secondPart();
  }
  if (pick.stage === 2) {
    const next = pick.moves.filter((m) => m.from2 === sq);
    if (!next.length) return;
    pick.moves = next;
    const ends = new Set(next.map((m) => m.to2));
    if (ends.size === 1) return play(next[0].text);
    pick.stage = 3;
    render();
    return;
  }
  if (pick.stage === 3) {
    const m = pick.moves.find((m) => m.to2 === sq);
    if (m) return play(m.text);
  }
}

function choosePromotion(p) {
  pick.moves = pick.moves.filter((m) => m.promo === p);
  secondPart();
}

// After the piece move: play it, or go on to the turn's second part.
function secondPart() {
  const plain = pick.moves.find((m) => !m.from2);
  const withSecond = pick.moves.filter((m) => m.from2);
  if (!withSecond.length) return play(plain.text);
  pick.stage = 2;
  const flip = withSecond.every((m) => m.from2 === m.to2);
  const what = flip ? "Now pick the piece to flip (green)." : "Now move a neutral piece (green)";
  stepBar(`<span>${what}</span>` + (plain ? ` <button id="no-second">${flip ? "No flip" : "No neutral move"}</button>` : "") +
    ` <button id="cancel-pick">Cancel</button>`);
  if (plain) $("no-second").onclick = () => play(plain.text);
  $("cancel-pick").onclick = () => { pick = null; stepBar(""); render(); };
  render();
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
  const board = $("board");
  let downSq = null;
  board.addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".sq");
    if (!el) return;
    downSq = el.dataset.sq;
    clickSquare(downSq);
  });
  // Dragging: releasing over another square enters it as the next click.
  board.addEventListener("pointerup", (e) => {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const sq = el && el.closest(".sq") && el.closest(".sq").dataset.sq;
    if (sq && downSq && sq !== downSq) clickSquare(sq);
    downSq = null;
  });
  $("step").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-promo]");
    if (b) choosePromotion(b.dataset.promo);
  });
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
  $("flip").onclick = () => { flipped = !flipped; render(); };
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
  const step = async (at) => {
    try { state = await api("POST", "/api/step", { at: Math.max(0, at) }); render(); }
    catch (e) { status(e.message, true); }
  };
  $("first").onclick = () => step(0);
  $("prev").onclick = () => step(state.review.at - 1);
  $("next").onclick = () => step(state.review.at + 1);
  $("last").onclick = () => step(state.review.moves.length);
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
