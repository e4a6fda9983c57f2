// What the tests share: the built package (wasm/build.sh makes wasm/pkg), a seeded
// random generator, and the engine's perft cases kept as EPD (engine/tests/data).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const pkgDir = path.join(__dirname, '..', 'pkg');
if (!fs.existsSync(path.join(pkgDir, 'baton.js'))) {
  throw new Error(`no package in ${pkgDir}: run wasm/build.sh first`);
}
const baton = require(pkgDir);

// A small seeded generator (mulberry32), so that a failing random game replays.
function random(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

// The perft cases of an EPD file of the engine's tests: `FEN ;D1 n ;D2 n ... ;name x`.
function perftCases(file) {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'engine', 'tests', 'data', file), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((line) => {
      const [fen, ...fields] = line.split(';').map((f) => f.trim());
      const counts = [];
      let name = fen;
      for (const field of fields) {
        const [key, value] = [field.slice(0, field.indexOf(' ')), field.slice(field.indexOf(' ') + 1)];
        if (key === 'name') name = value;
        else counts.push([Number(key.slice(1)), Number(value)]);
      }
      return { fen, counts, name };
    });
}

module.exports = { baton, random, perftCases };
