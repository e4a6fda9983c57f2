// Random games to their end in every variant, checking on the way that FEN and SAN
// read back to what was written, and at the end that the game's PGN replays to the
// same board and that popping every move returns to the start.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { baton, random } = require('./helpers.js');
const { Board } = baton;

// A game that has not ended by then has failed (the 50-move rule ends any game
// within a few hundred moves of the last capture or pawn move).
const MAX_PLIES = 3000;

function playToEnd(variant, seed) {
  const pick = random(seed);
  const board = new Board(variant);
  for (let ply = 0; ply < MAX_PLIES && !board.isGameOver(); ply++) {
    const moves = board.legalMoves();
    assert.ok(moves.length > 0, `ply ${ply}: a game not over has a legal move`);
    // FEN: a board made from this FEN writes it back, with the same legal moves.
    const fen = board.fen();
    const again = new Board(variant, fen);
    assert.equal(again.fen(), fen, `ply ${ply}`);
    // SAN: every move's SAN reads back to that move (every 25th ply: a stonesrelays
    // position has hundreds of turns), and the chosen one always.
    const move = moves[pick(moves.length)];
    const checked = ply % 25 === 0 ? moves : [move];
    for (const m of checked) {
      assert.equal(again.pushSan(m.san).uci, m.uci, `ply ${ply}: ${m.san}`);
      again.pop();
    }
    board.push(move.uci);
  }
  return board;
}

for (const variant of baton.variants()) {
  test(`random games of ${variant} to their end`, () => {
    for (const seed of [1]) {
      const board = playToEnd(variant, seed * 7919);
      const outcome = board.outcome();
      assert.ok(outcome, `seed ${seed}: over within ${MAX_PLIES} plies`);
      assert.ok(['1-0', '0-1', '1/2-1/2'].includes(outcome.result));
      // PGN in SAN: read back and replayed, the same game.
      const pgn = board.pgn({ Event: 'wasm test', White: 'random', Black: 'random' });
      const [game] = baton.readPgn(pgn);
      assert.deepEqual(game.problems, []);
      assert.equal(game.tags.Event, 'wasm test');
      assert.equal(game.tags.Result, outcome.result);
      assert.equal(game.result, outcome.result);
      assert.deepEqual(game.moves, board.moveStack.map((m) => m.san));
      const replayed = game.board();
      assert.equal(replayed.fen(), board.fen());
      assert.equal(replayed.outcome().reason, outcome.reason);
      // Every move taken back: the start again.
      const plies = board.moveStack.length;
      for (let i = 0; i < plies; i++) board.pop();
      assert.equal(board.fen(), new Board(variant).fen());
    }
  });
}

test('PGN from a set-up position carries its FEN, and a bad game says why', () => {
  const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
  const b = new Board('chess', fen);
  b.pushSan('e4');
  const pgn = b.pgn();
  assert.match(pgn, /\[SetUp "1"\]/);
  assert.match(pgn, /\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\]/);
  assert.match(pgn, /1\. e4 \*/);
  assert.equal(baton.readPgn(pgn)[0].board().fen(), b.fen());
  const bad = baton.readPgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')[0];
  assert.throws(() => bad.board(), { name: 'InvalidPgn', message: "ply 3 (2.): illegal move 'Ke3'" });
  const unknown = baton.readPgn('[Variant "nosuchchess"]\n\n1. e4 *\n')[0];
  assert.throws(() => unknown.board(), { name: 'UnknownVariant' });
  assert.throws(() => b.pgn({ Event: 3 }), { name: 'BatonError', message: "PGN tag 'Event' must be a string" });
  assert.throws(() => b.pgn({ 'Bad Tag': 'x' }), { name: 'BatonError' });
});
