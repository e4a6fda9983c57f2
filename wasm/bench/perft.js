// node wasm/bench/perft.js VARIANT FEN|startpos DEPTH RUNS: the WebAssembly
// package's perft, timed; prints the count and the fastest run's seconds.
'use strict';
const path = require('node:path');
const { Board } = require(path.join(__dirname, '..', 'pkg'));

const [variant, fen, depth, runs] = process.argv.slice(2);
const board = fen === 'startpos' ? new Board(variant) : new Board(variant, fen);
let best = Infinity;
let count = 0;
for (let i = 0; i < Number(runs); i++) {
  const start = performance.now();
  count = board.perft(Number(depth));
  best = Math.min(best, (performance.now() - start) / 1000);
}
console.log(`${count} ${best.toFixed(3)}`);
