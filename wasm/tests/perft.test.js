// Perft through the WebAssembly package equals the engine's counts: the start
// positions of all eight variant modes (docs/rules.md's reference table) and the
// engine's own suites of other positions (engine/tests/data/*.epd).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { baton, perftCases } = require('./helpers.js');

// docs/rules.md, "Perft reference counts", as deep as runs in about a second each.
const START = {
  chess: [20, 400, 8902, 197281],
  knightmate: [18, 324, 6765, 139774],
  knightrelay: [28, 784, 24044],
  combiningknightmare: [20, 400, 8902, 197281],
  stonesrelays: [467, 206293],
  'stonesrelays-tunnel': [512, 254166],
  flipshatranj8: [600, 360000],
  flipshatranj: [792, 627264],
};

test('every variant mode has reference counts here', () => {
  assert.deepEqual(Object.keys(START).sort(), baton.variants().sort());
});

for (const [variant, counts] of Object.entries(START)) {
  test(`perft from ${variant}'s start position`, () => {
    const board = new baton.Board(variant);
    counts.forEach((n, i) => assert.equal(board.perft(i + 1), n, `depth ${i + 1}`));
  });
}

// The engine's suites, to the depths whose count stays under this many leaves.
const LEAVES = 250000;
for (const [file, variant] of [['chess.epd', 'chess'], ['combining.epd', 'combiningknightmare']]) {
  test(`perft of the engine's ${file} positions`, () => {
    const cases = perftCases(file);
    assert.ok(cases.length >= 3, `${file} has its cases`);
    for (const { fen, counts, name } of cases) {
      const board = new baton.Board(variant, fen);
      for (const [depth, n] of counts.filter(([, n]) => n <= LEAVES)) {
        assert.equal(board.perft(depth), n, `${name} depth ${depth}`);
      }
    }
  });
}

test('perft 0 is the position itself', () => {
  assert.equal(new baton.Board('chess').perft(0), 1);
});
