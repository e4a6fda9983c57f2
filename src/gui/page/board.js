// Baton's browser board: the squares and pieces, drawn from the server's state, and
// the move being entered on them (clicks, taps, drags, keys, promotion, the turn's
// second part, a premove). It holds no rules: the legal moves come from the server
// (`/api/moves`). The page around it (app.js, loaded after this file) owns `state`,
// `variants`, `$`, `api`, `status`, `render` and `play`, which this file uses.
"use strict";

// The board is seen from Black's side.
let flipped = false;
// The move being entered: the complete legal moves that still fit what was picked.
// `stage` 1: the piece is picked; 0: the promotion is chosen; 2: the neutral piece
// (or the piece to flip) is picked; 3: where that neutral piece goes.
let pick = null;
// A move entered while Baton thinks, `{from, to}` (or only `from` while it is being
// entered), played as soon as it is legal on the person's turn.
let premove = null;
// A move sent to the server and not yet answered, `{from, to, from2, to2, fen}`: drawn
// as made over the position `fen` until the answer comes.
let sent = null;
// The square that takes the keyboard focus on the board (roving tabindex).
let focusSq = null;
// The square under the pointer (or the keyboard focus) while a piece is picked: the
// way its move there would go is drawn.
let hoverSq = null;
const MOVE = /^([a-z][0-9]+)([a-z][0-9]+)([a-z]?)(?:,([a-z][0-9]+)([a-z][0-9]+))?$/;

function parseMove(text) {
  const m = MOVE.exec(text);
  if (!m) return null;
  return { text, from: m[1], to: m[2], promo: m[3], from2: m[4] || null, to2: m[5] || null };
}

// A square's file and rank from its name, both from 0: "a1" is [0, 0].
function coords(sq) {
  return [sq.charCodeAt(0) - 97, parseInt(sq.slice(1), 10) - 1];
}

// ---- Pieces, drawn here (no images from elsewhere) ----

// Pieces with a chess glyph; the others (and the knightmate commoner, which is not a
// king) are drawn as a disc with their FEN letter.
const GLYPH = { P: "\u265F", N: "\u265E", B: "\u265D", R: "\u265C", Q: "\u265B", K: "\u265A" };
const NAMES = {
  P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king", M: "commoner",
  E: "elephant", D: "dabbaba", X: "power",
};
const MOVES_LIKE = {
  M: "steps like a king", E: "leaps two diagonally", D: "leaps two straight", X: "moves only by relay",
};
const NEUTRAL_NAMES = { S: "stone", X: "relay", G: "gate" };

function variantInfo() {
  return variants.find((v) => v.name === (state && state.variant)) || {};
}

// The name of the piece with FEN letter `letter` in this variant ("royal knight").
function pieceName(letter) {
  const up = letter.toUpperCase();
  if (up === "K" && variantInfo().royal_is_knight) return "royal knight";
  return NAMES[up] || up;
}

// What a screen reader says for a square: "e4, white pawn".
function squareLabel(cell) {
  let what = "";
  if (cell.neutral) what = NEUTRAL_NAMES[cell.neutral] || cell.neutral;
  else if (cell.white && cell.black)
    what = `Knightmare of white ${pieceName(cell.white)} and black ${pieceName(cell.black)}`;
  else if (cell.white) what = "white " + pieceName(cell.white);
  else if (cell.black) what = "black " + pieceName(cell.black);
  else what = "empty";
  if (cell.capture_state) what += " in capture state";
  if (state.frozen === cell.sq) what += ", frozen";
  return `${cell.sq}, ${what}`;
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

// A neutral piece, labelled with its FEN letter (S stone, X relay, G gate).
function neutralSvg(n) {
  const shape = n === "S"
    ? `<rect x="14" y="14" width="72" height="72" rx="16" fill="#2a9d8f" stroke="#114b44" stroke-width="4"/>`
    : n === "X"
      ? `<circle cx="50" cy="50" r="36" fill="#e9c46a" stroke="#114b44" stroke-width="8"/>`
      : `<path d="M18 86 V44 a32 32 0 0 1 64 0 V86 Z" fill="#8e6cc4" stroke="#3b2663" stroke-width="4"/>`;
  return `<svg class="piece" viewBox="0 0 100 100">${shape}<text x="50" y="62" font-size="34" text-anchor="middle" font-weight="700" fill="#10302c" font-family="sans-serif">${n}</text></svg>`;
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
  if (cell.frozen) {
    // A Knightmare that may not move this ply: a blue frost ring and a snowflake.
    body += `<circle cx="50" cy="50" r="46" fill="none" stroke="#1e88e5" stroke-width="6" stroke-dasharray="10 6"/>` +
      `<text x="84" y="28" font-size="30" text-anchor="middle" fill="#1e88e5" font-family="DejaVu Sans, sans-serif">\u2744</text>`;
  }
  return body ? `<svg class="piece" viewBox="0 0 100 100">${body}</svg>` : "";
}

function legend() {
  const info = variantInfo();
  const rows = (info.pieces || []).map((l) => {
    const w = pieceSvg({ white: l });
    const b = pieceSvg({ black: l.toLowerCase() });
    const name = pieceName(l) + (MOVES_LIKE[l] ? ` (${MOVES_LIKE[l]})` : "");
    return `<div>${w}${b} ${l}: ${name}</div>`;
  });
  if (info.neutral_pieces) {
    rows.push(`<div>${neutralSvg("S")} S: stone (neutral)</div>`);
    rows.push(`<div>${neutralSvg("X")} X: relay (neutral)</div>`);
    if (info.tunnel) rows.push(`<div>${neutralSvg("G")} G: gate (neutral, the tunnel's ends)</div>`);
  }
  if (info.shared_pieces) {
    rows.push(`<div>${pieceSvg({ white: "Q", black: "n" })} a Knightmare: owned by both sides</div>`);
    rows.push(`<div>${pieceSvg({ white: "Q", black: "n", frozen: true })} frozen: moved or formed on the last ply, may not move on this one</div>`);
  }
  if (info.piece_states) rows.push(`<div>${pieceSvg({ white: "N", capture_state: true })} red ring: capture state (else move state)</div>`);
  $("legend").innerHTML = rows.join("");
}

// ---- The board ----

// The side the person plays against Baton ("white"/"black"), or null (two people,
// or Baton on both sides).
function personSide() {
  const b = state.baton_plays;
  if (b.white === b.black) return null;
  return b.white ? "black" : "white";
}

// Turns the board towards the person: Black's side down when only Black is a person.
function turnTowards(white, black) {
  flipped = white === "baton" && black === "human";
}

// Moves the piece (or neutral piece) on `from` to `to` in `cells`: a picture only, the
// server decides what a move does.
function movePicture(cells, from, to, neutral) {
  const a = cells.find((c) => c.sq === from);
  const b = cells.find((c) => c.sq === to);
  if (!a || !b || a === b) return;
  if (neutral) {
    if (!a.neutral) return;
    b.neutral = a.neutral;
    delete a.neutral;
    return;
  }
  if (!a.white && !a.black) return;
  b.white = a.white; b.black = a.black; b.capture_state = a.capture_state;
  delete a.white; delete a.black; delete a.capture_state;
}

function orderedCells() {
  let rows = state.ranks.map((r) => r.map((c) => Object.assign({}, c, { frozen: state.frozen === c.sq })));
  const cells = rows.flat();
  if (sent && sent.fen === state.fen) {
    // A move on its way to the server, drawn made.
    movePicture(cells, sent.from, sent.to, false);
    if (sent.from2) movePicture(cells, sent.from2, sent.to2, true);
  } else if (pick && pick.stage >= 2 && pick.moves.length) {
    // While the turn's second part is chosen, show the piece on its new square.
    movePicture(cells, pick.from, pick.moves[0].to, false);
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

// The side of a square in pixels: the board fills the width it has (a phone's too),
// up to 560 px and 72 px a square.
function squareSize() {
  const main = document.querySelector("main");
  const pad = main ? parseFloat(getComputedStyle(main).paddingLeft) * 2 : 0;
  const room = document.documentElement.clientWidth - pad - 6; // the board's border
  const side = Math.min(560, room);
  return Math.max(16, Math.floor(Math.min(side / state.width, 560 / state.height, 72)));
}

function renderBoard() {
  const size = squareSize();
  const board = $("board");
  board.style.setProperty("--sq", size + "px");
  board.style.gridTemplateColumns = `repeat(${state.width}, ${size}px)`;
  const last = state.last_move ? parseMove(state.last_move) : null;
  const lastSquares = last ? [last.from, last.to, last.from2, last.to2].filter(Boolean) : [];
  const targets = new Set(), targets2 = new Set();
  let picked2 = null;
  if (pick) {
    for (const m of pick.moves) {
      if (pick.stage === 1 && m.to !== m.from) targets.add(m.to);
      else if (pick.stage === 2 && m.from2) targets2.add(m.from2);
      else if (pick.stage === 3 && m.to2) { targets2.add(m.to2); picked2 = m.from2; }
    }
  }
  const premoveSquares = premove ? [premove.from, premove.to].filter(Boolean) : [];
  const rows = orderedCells();
  const squares = rows.flat().map((c) => c.sq);
  if (!squares.includes(focusSq)) focusSq = rows[rows.length - 1][0].sq;
  const hadFocus = board.contains(document.activeElement);
  let html = "";
  rows.forEach((row, r) => row.forEach((cell, f) => {
    // a1 is dark on every board.
    const [file, rank] = coords(cell.sq);
    const cls = ["sq", (file + rank) % 2 === 0 ? "dark" : "light"];
    if (lastSquares.includes(cell.sq)) cls.push("last");
    if (state.check.includes(cell.sq) || state.threatened.includes(cell.sq)) cls.push("check");
    if (pick && pick.from === cell.sq && pick.stage === 1) cls.push("picked");
    if (picked2 === cell.sq) cls.push("picked", "picked2");
    if (targets.has(cell.sq)) cls.push("target");
    if (targets2.has(cell.sq)) cls.push("target2");
    if (premoveSquares.includes(cell.sq)) cls.push("premove");
    if (cell.frozen) cls.push("frozen");
    if (cell.white || cell.black || cell.neutral) cls.push("occupied");
    if (drag && drag.ghost && drag.from === cell.sq) cls.push("lifted");
    const coord = (f === 0 || r === rows.length - 1) ? `<span class="coord" aria-hidden="true">${cell.sq}</span>` : "";
    html += `<div class="${cls.join(" ")}" data-sq="${cell.sq}" role="button" ` +
      `tabindex="${cell.sq === focusSq ? 0 : -1}" aria-label="${squareLabel(cell)}">${pieceSvg(cell)}${coord}</div>`;
  }));
  board.innerHTML = html;
  if (hadFocus) squareEl(focusSq).focus();
  drawArrows(size);
  maybePremove();
}

function squareEl(sq) {
  return document.querySelector(`#board .sq[data-sq="${sq}"]`);
}

// The way a move's piece went, as a line through the squares where it turned.
function routeSvg(route, size, colour, cls) {
  const points = route.map(centre).filter(Boolean);
  if (points.length < 2) return "";
  return `<polyline class="${cls}" points="${points.map((p) => p.join(",")).join(" ")}" fill="none" ` +
    `stroke="${colour}" stroke-width="${size / 9}" stroke-linejoin="round" stroke-linecap="round" ` +
    `marker-end="url(#head-${cls})"/>` +
    points.slice(1, -1).map((p) => `<circle cx="${p[0]}" cy="${p[1]}" r="${size / 8}" fill="${colour}"/>`).join("");
}

function marker(id, colour) {
  return `<marker id="head-${id}" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 Z" fill="${colour}"/></marker>`;
}

// Drawn over the board: the way a stones move turns on relays and gates (the move
// being entered, else the last move), and the best move of the analysis.
function drawArrows(size) {
  const svg = $("arrows");
  svg.setAttribute("width", size * state.width);
  svg.setAttribute("height", size * state.height);
  let html = "";
  const entering = pick && pick.stage !== 1 && pick.routes && pick.moves.length
    ? pick.routes[pick.from + pick.moves[0].to] : null;
  // The way to the square under the pointer, while a piece is picked.
  const hovered = pick && pick.stage === 1 && hoverSq && pick.routes ? pick.routes[pick.from + hoverSq] : null;
  if (entering) html += routeSvg(entering, size, "#0a9c6ccc", "route");
  else if (hovered) html += routeSvg(hovered, size, "#0a9c6c88", "hover-route");
  else if (state.last_route && state.last_route.length) html += routeSvg(state.last_route, size, "#b8860bcc", "last-route");
  const best = state.search && state.search.lines.length && state.search.fen === state.fen
    ? state.search.lines[0].pv[0] : null;
  const m = best ? parseMove(best) : null;
  const a = m && centre(m.from), b = m && centre(m.to);
  if (a && b) {
    html += `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#1565c0cc" stroke-width="${size / 7}" marker-end="url(#head-best)" stroke-linecap="round"/>`;
  }
  svg.innerHTML = html && `<defs>${marker("best", "#1565c0cc")}${marker("route", "#0a9c6ccc")}${marker("last-route", "#b8860bcc")}${marker("hover-route", "#0a9c6c88")}</defs>${html}`;
}

// ---- Entering a move, step by step ----

function stepBar(html) {
  const bar = $("step");
  bar.innerHTML = html;
  bar.classList.toggle("hidden", !html);
}

// Drops the move being entered (and a premove), as Esc does.
function cancelPick() {
  pick = null;
  premove = null;
  stepBar("");
  render();
}

// Whether the person may enter a move now (not Baton's turn, not over).
function personsTurn() {
  return state && !state.outcome && (!state.baton_plays[state.side] || state.review);
}

// A press on a square (a click, a tap, Enter or Space): picks, moves, or drops a pick.
function pressSquare(sq) {
  focusSq = sq;
  if (pick && pick.stage === 1 && pick.from === sq) { cancelPick(); return Promise.resolve(); }
  return clickSquare(sq);
}

async function clickSquare(sq) {
  if (!state || state.outcome) return;
  if (viewing) {
    status("This is an earlier position: moves are made at the current one (End or the last move in the list goes back to it).", true);
    return;
  }
  if (!personsTurn()) return premoveClick(sq);
  if (premove && premove.from && !premove.to) {
    // A premove's piece picked during Baton's turn, its target pressed after Baton's
    // move landed: the person meant that move, played now (or dropped, saying why,
    // by `maybePremove`). A press on another of the person's pieces picks it instead.
    const cell = state.ranks.flat().find((c) => c.sq === sq);
    if (!(cell && cell[personSide()])) {
      premove.to = sq;
      render();
      return;
    }
    premove = null;
  }
  if (!pick || (pick.stage === 1 && !pick.moves.some((m) => m.to === sq && m.to !== m.from))) {
    if (sq === state.frozen) {
      pick = null;
      stepBar("");
      render();
      status("This Knightmare moved or was formed on the last ply: it may not move on this one.", true);
      return;
    }
    const data = await api("GET", "/api/moves?prefix=" + encodeURIComponent(sq));
    const moves = data.moves.map(parseMove).filter((m) => m && m.from === sq);
    pick = moves.length ? { from: sq, stage: 1, moves, routes: data.routes || {} } : null;
    // A piece that may come back to its own square (a null move through a relay or the
    // tunnel) offers it as a button: a click on the picked piece drops the pick.
    const stay = moves.filter((m) => m.to === sq);
    stepBar(stay.length ? `<button id="stay">Null move (${sq} comes back to ${sq})</button>` : "");
    if (stay.length) $("stay").onclick = () => { pick.moves = stay; secondPart(); };
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
  $("cancel-pick").onclick = cancelPick;
  render();
}

// ---- Premoves: entered during Baton's turn, played on the person's ----

// A press while Baton thinks: picks one of the person's pieces, then its target.
function premoveClick(sq) {
  const side = personSide();
  if (!side || state.review) return;
  const cell = state.ranks.flat().find((c) => c.sq === sq);
  const own = cell && cell[side];
  if (!premove || premove.to || !premove.from) {
    premove = own ? { from: sq, to: null } : null;
  } else if (premove.from === sq) {
    premove = null;
  } else {
    premove.to = sq;
    status(`Premove ${premove.from}-${sq}: played on your turn if it is legal then.`);
  }
  render();
}

let premoveBusy = false;

// Plays the premove once it is the person's turn: the legal move from its square to
// its target (a queen where it promotes; the neutral step follows if the turn needs
// one), or drops it, saying why, where there is none.
async function maybePremove() {
  // The game as it stands, also while an earlier position is shown.
  const g = live;
  if (!premove || premoveBusy || !g || g.review || viewing) return;
  if (g.outcome) { premove = null; return; }
  if (!premove.to || g.side !== personSide() || g.searching) return;
  const { from, to } = premove;
  premoveBusy = true;
  try {
    const data = await api("GET", "/api/moves?prefix=" + encodeURIComponent(from + to));
    premove = null;
    const moves = data.moves.map(parseMove).filter((m) => m && m.from === from && m.to === to);
    if (!moves.length) {
      render();
      status(`Premove ${from}-${to} cancelled: it is not legal now.`, true);
      return;
    }
    const promos = [...new Set(moves.map((m) => m.promo))];
    const promo = promos.includes("q") ? "q" : promos[0];
    pick = { from, stage: 1, moves: moves.filter((m) => m.promo === promo), routes: data.routes || {} };
    secondPart();
  } catch (e) {
    premove = null;
    status(e.message, true);
  } finally {
    premoveBusy = false;
  }
}

// ---- Hands: pointer (mouse, pen, touch) and keys ----

// A press being held: `from` square, where it began, the piece following the pointer
// (`ghost`, once it has moved), and the press's own work (`ready`).
let drag = null;

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sqEl = el && el.closest("#board .sq");
  return sqEl ? sqEl.dataset.sq : null;
}

function dropGhost() {
  if (drag && drag.ghost) drag.ghost.remove();
}

function onPointerDown(e) {
  if (e.pointerType === "mouse" && e.button !== 0) return;
  const el = e.target.closest(".sq");
  if (!el) return;
  const sq = el.dataset.sq;
  dropGhost();
  // A press on the picked piece drops the pick on release, unless it is dragged.
  const again = !!(pick && pick.stage === 1 && pick.from === sq);
  focusSq = sq;
  drag = { from: sq, x: e.clientX, y: e.clientY, ghost: null, again, ready: again ? Promise.resolve() : clickSquare(sq) };
  $("board").setPointerCapture(e.pointerId);
}

// The square under the pointer (or focused) changed: the way there is drawn anew.
function hover(sq) {
  if (sq === hoverSq) return;
  hoverSq = sq;
  if (pick && pick.stage === 1) drawArrows(squareSize());
}

function onPointerMove(e) {
  hover(squareAt(e.clientX, e.clientY));
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 4) return;
    const lifted = (pick && pick.stage === 1 && pick.from === drag.from) ||
      (premove && premove.from === drag.from && !premove.to);
    const svg = lifted && squareEl(drag.from) && squareEl(drag.from).querySelector(".piece");
    if (!svg) return;
    const size = squareSize();
    drag.ghost = svg.cloneNode(true);
    drag.ghost.classList.add("ghost");
    drag.ghost.style.width = drag.ghost.style.height = size + "px";
    document.body.appendChild(drag.ghost);
    squareEl(drag.from).classList.add("lifted");
  }
  const size = squareSize();
  drag.ghost.style.left = e.clientX - size / 2 + "px";
  drag.ghost.style.top = e.clientY - size / 2 + "px";
}

async function onPointerUp(e) {
  const d = drag;
  if (!d) return;
  dropGhost();
  drag = null;
  const sq = squareAt(e.clientX, e.clientY);
  await d.ready;
  if (sq && sq !== d.from) {
    // A drop: a legal target plays; elsewhere the piece goes back, still picked.
    // A premove's drag counts where Baton's move landed during it (`clickSquare`).
    const onTarget = (premove && premove.from === d.from && !premove.to) || (personsTurn() &&
      pick && pick.stage === 1 && pick.from === d.from && pick.moves.some((m) => m.to === sq && m.to !== m.from));
    if (onTarget) await clickSquare(sq);
    else if (d.ghost) render();
  } else if (sq === d.from && d.again && !d.ghost) {
    cancelPick();
  } else if (d.ghost) {
    render(); // the piece goes back to its square
  }
}

function onPointerCancel() {
  dropGhost();
  drag = null;
  render();
}

// Arrow keys move the focus between squares as they are drawn; Enter and Space press
// the focused square.
function onBoardKey(e) {
  const el = e.target.closest(".sq");
  if (!el) return;
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (step) {
    e.preventDefault();
    e.stopPropagation();
    const rows = orderedCells();
    let r = rows.findIndex((row) => row.some((c) => c.sq === el.dataset.sq));
    let f = rows[r].findIndex((c) => c.sq === el.dataset.sq);
    r = Math.min(rows.length - 1, Math.max(0, r + step[1]));
    f = Math.min(rows[r].length - 1, Math.max(0, f + step[0]));
    focusSq = rows[r][f].sq;
    for (const s of document.querySelectorAll("#board .sq")) s.tabIndex = s.dataset.sq === focusSq ? 0 : -1;
    squareEl(focusSq).focus();
    hover(focusSq);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.stopPropagation();
    pressSquare(el.dataset.sq);
  }
}

// The board's own controls: presses, drags and keys on squares, the step bar, Esc,
// turning the board.
function wireBoard() {
  const board = $("board");
  board.setAttribute("role", "group");
  board.setAttribute("aria-label", "Board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", onPointerCancel);
  board.addEventListener("pointerleave", () => hover(null));
  board.addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && (pick || premove)) { e.preventDefault(); cancelPick(); }
  });
  $("step").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-promo]");
    if (b) choosePromotion(b.dataset.promo);
  });
  $("flip").onclick = () => { flipped = !flipped; render(); };
  window.addEventListener("resize", () => { if (state) render(); });
}
