// The search, single-threaded in WebAssembly: by depth, nodes or time, with its score
// and line; a short search in every variant returns a legal move.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { baton } = require('./helpers.js');
const { Board, Engine } = baton;

for (const variant of baton.variants()) {
  test(`a short search in ${variant} returns a legal move`, () => {
    const board = new Board(variant);
    const result = baton.search(board, { depth: 3 });
    const legal = board.legalMoves().map((m) => m.uci);
    assert.ok(legal.includes(result.best.uci), result.best.uci);
    assert.equal(result.depth, 3);
    assert.ok(result.nodes > 0);
    const [line] = result.lines;
    assert.equal(line.multipv, 1);
    assert.equal(line.pv[0].uci, result.best.uci);
    assert.equal(typeof line.cp, 'number');
    assert.equal(line.mate, undefined);
  });
}

test('a mate in one is found and scored as a mate', () => {
  // White: Kg6 Qf1 against Kh8; Qf8# (or Qa1#...): any mate is mate in 1.
  const board = new Board('chess', '7k/8/6K1/8/8/8/8/5Q2 w - - 0 1');
  const result = new Engine().search(board, { depth: 4 });
  assert.equal(result.lines[0].mate, 1);
  assert.equal(result.lines[0].cp, undefined);
  board.push(result.best);
  assert.equal(board.outcome().reason, 'checkmate');
});

test('nodes, movetime and MultiPV', () => {
  const engine = new Engine(8);
  const board = new Board('knightrelay');
  const legal = board.legalMoves().map((m) => m.uci);
  for (const options of [{ nodes: 2000 }, { movetime: 50 }, { depth: 2, multipv: 3 }]) {
    const result = engine.search(board, options);
    assert.ok(legal.includes(result.best.uci), JSON.stringify(options));
  }
  engine.clear();
  const three = engine.search(board, { depth: 2, multipv: 3 });
  assert.deepEqual(three.lines.map((l) => l.multipv), [1, 2, 3]);
  assert.equal(new Set(three.lines.map((l) => l.pv[0].uci)).size, 3, 'three different moves');
  // The game's earlier positions are the board's: a search after moves is of the last.
  board.push(three.best);
  const reply = engine.search(board, { depth: 2 });
  assert.ok(board.legalMoves().some((m) => m.uci === reply.best.uci));
});

test('a game that is over has no best move', () => {
  const board = new Board();
  for (const san of ['f3', 'e5', 'g4', 'Qh4#']) board.pushSan(san);
  const result = baton.search(board, { depth: 3 });
  assert.equal(result.best, undefined);
  assert.deepEqual(result.lines, []);
});

test('a search refuses wrong options with the reason', () => {
  const board = new Board();
  assert.throws(() => baton.search(board, {}), {
    name: 'BatonError', message: 'a search needs a limit: depth, nodes or movetime',
  });
  assert.throws(() => baton.search(board, { dpeth: 3 }), {
    name: 'BatonError', message: "unknown search option 'dpeth' (known: depth, nodes, movetime, multipv)",
  });
  assert.throws(() => baton.search(board, { depth: 0 }), {
    name: 'BatonError', message: 'depth must be a whole number from 1 to 100',
  });
  assert.throws(() => baton.search(board, { depth: 'deep' }), { name: 'BatonError' });
  assert.throws(() => new Engine(0), { name: 'BatonError', message: 'hashMb must be a whole number from 1 to 2048' });
});
