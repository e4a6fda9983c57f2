// Baton's browser board: the squares and pieces, drawn from the server's state, and
// the move being entered on them (clicks, drags, promotion and the turn's second part).
// It holds no rules: the legal moves come from the server (`/api/moves`). The page
// around it (app.js, loaded after this file) owns `state`, `variants`, `$`, `api`,
// `status`, `render` and `play`, which this file uses.
"use strict";

let flipped = false;
// The move being entered: the complete legal moves that still fit what was picked.
let pick = null;
const MOVE = /^([a-z][0-9]+)([a-z][0-9]+)([a-z]?)(?:,([a-z][0-9]+)([a-z][0-9]+))?$/;

function parseMove(text) {
  const m = MOVE.exec(text);
  if (!m) return null;
  return { text, from: m[1], to: m[2], promo: m[3], from2: m[4] || null, to2: m[5] || null };
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

function renderBoard() {
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

// The board's own controls: presses and drags on squares, the step bar, turning.
function wireBoard() {
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
  $("flip").onclick = () => { flipped = !flipped; render(); };
}
