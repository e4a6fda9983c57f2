// The board: variant facts, legal moves with SAN, push / pushSan / pop, FEN, check,
// the outcome, and errors thrown with the engine's words.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { baton } = require('./helpers.js');
const { Board } = baton;

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('variants are the eight modes', () => {
  assert.deepEqual(baton.variants(), [
    'chess', 'knightmate', 'knightrelay', 'combiningknightmare',
    'stonesrelays', 'stonesrelays-tunnel', 'flipshatranj', 'flipshatranj8',
  ]);
});

test("a board knows its variant's facts", () => {
  const chess = new Board();
  assert.equal(chess.variant, 'chess');
  assert.equal(chess.fen(), START);
  assert.equal(chess.startFen, START);
  assert.equal(chess.turn, 'white');
  assert.deepEqual([chess.files, chess.ranks], [8, 8]);
  assert.deepEqual(chess.pieces, { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', K: 'king' });
  const stones = new Board('stonesrelays');
  assert.deepEqual([stones.files, stones.ranks], [8, 9]);
  const flip = new Board('flipshatranj');
  assert.deepEqual([flip.files, flip.ranks], [10, 10]);
  assert.equal(new Board('knightmate').pieces.M, 'commoner');
  // The start FEN as the variant states it; the board writes a 7th field where the
  // variant's FEN has one (combiningknightmare's, the stones variants').
  for (const v of baton.variants()) {
    const b = new Board(v);
    assert.equal(b.variant, v);
    assert.equal(new Board(v, b.startFen).fen(), b.fen(), v);
  }
});

test('legal moves carry move text and SAN', () => {
  const moves = new Board().legalMoves();
  assert.equal(moves.length, 20);
  const e4 = moves.find((m) => m.uci === 'e2e4');
  assert.equal(e4.san, 'e4');
  assert.equal(moves.find((m) => m.uci === 'g1f3').san, 'Nf3');
  assert.equal(String(e4), 'e2e4');
  assert.equal(JSON.stringify(e4), '{"uci":"e2e4","san":"e4"}');
  // A two-part turn: a piece's move, then (or not) a stone's or a relay's.
  const turns = new Board('stonesrelays').legalMoves();
  assert.equal(turns.length, 467);
  assert.deepEqual(turns.slice(0, 2).map((m) => [m.uci, m.san]), [['b1a3', 'Na3'], ['b1a3,b4b3', 'Na3/Sb4b3']]);
});

test('push, pushSan and pop play and take back moves', () => {
  const b = new Board();
  assert.deepEqual(b.push('e2e4').san, 'e4');
  assert.deepEqual(b.pushSan('e5').uci, 'e7e5');
  const nf3 = b.legalMoves().find((m) => m.san === 'Nf3');
  assert.equal(b.push(nf3).uci, 'g1f3');
  assert.equal(b.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  assert.deepEqual(b.moveStack.map((m) => m.san), ['e4', 'e5', 'Nf3']);
  assert.equal(b.turn, 'black');
  const copy = b.copy();
  assert.equal(b.pop().uci, 'g1f3');
  assert.equal(b.pop().san, 'e5');
  assert.equal(b.pop().uci, 'e2e4');
  assert.equal(b.fen(), START);
  assert.equal(copy.moveStack.length, 3, 'a copy keeps its own moves');
  assert.throws(() => b.pop(), { name: 'RangeError', message: 'no move to take back' });
});

test('check and the end of the game', () => {
  const b = new Board();
  for (const san of ['f3', 'e5', 'g4']) b.pushSan(san);
  assert.equal(b.outcome(), undefined);
  assert.equal(b.isGameOver(), false);
  b.pushSan('Qh4#');
  assert.equal(b.isCheck(), true);
  const o = b.outcome();
  assert.deepEqual([o.result, o.winner, o.reason], ['0-1', 'black', 'checkmate']);
  assert.equal(b.isGameOver(), true);
  assert.equal(b.legalMoves().length, 0);
  const stalemate = new Board('chess', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').outcome();
  assert.deepEqual([stalemate.result, stalemate.winner, stalemate.reason], ['1/2-1/2', undefined, 'stalemate']);
  // Threefold repetition.
  const r = new Board();
  for (let i = 0; i < 2; i++) for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8']) r.push(m);
  assert.equal(r.outcome().reason, 'threefold repetition');
  // No check in the flip variants.
  assert.equal(new Board('flipshatranj8').isCheck(), false);
});

test('errors are Errors with the engine\'s words and a name for their kind', () => {
  assert.throws(() => new Board('chesss'), {
    name: 'UnknownVariant',
    message: "unknown variant 'chesss' (known: chess, knightmate, knightrelay, combiningknightmare, "
      + 'stonesrelays, stonesrelays-tunnel, flipshatranj, flipshatranj8)',
  });
  assert.throws(() => new Board('chess', 'not a fen'), {
    name: 'InvalidFen', message: 'invalid FEN: 1 ranks in the board field, a chess board has 8',
  });
  assert.ok((() => { try { new Board('x'); } catch (e) { return e instanceof Error; } })());
  const b = new Board();
  assert.throws(() => b.push('e2e5'), { name: 'IllegalMove', message: "illegal move 'e2e5'" });
  assert.throws(() => b.push('zz'), { name: 'IllegalMove', message: "cannot read 'zz' as a move" });
  assert.throws(() => b.push(42), { name: 'IllegalMove', message: 'a move is a string or a Move' });
  assert.throws(() => b.pushSan('Ke2'), { name: 'IllegalMove', message: "illegal move 'Ke2'" });
  const twoKnights = new Board('chess', '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
  assert.throws(() => twoKnights.pushSan('Nd2'), { name: 'AmbiguousMove', message: "'Nd2' fits more than one legal move" });
  assert.equal(twoKnights.pushSan('Nbd2').uci, 'b1d2');
  assert.equal(b.fen(), START, 'a refused move leaves the board as it was');
  assert.throws(() => b.perft(-1), { name: 'BatonError', message: 'perft depth must be a whole number from 0 to 32' });
  assert.throws(() => b.perft(1.5), { name: 'BatonError' });
});
