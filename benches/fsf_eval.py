#!/usr/bin/env python3
"""Baton's evaluation beside Fairy-Stockfish's static one (its `eval` command).

    # relabel the positions of a labels file (`baton tune --labels F`) with
    # Fairy-Stockfish's static evaluation, for `baton tune --labels OUT --scale 1`:
    benches/fsf_eval.py label IN OUT [--processes 2]
    # how far a build's evaluation is from Fairy-Stockfish's, over N positions of a
    # labels file, and which of Fairy-Stockfish's terms explain the difference:
    benches/fsf_eval.py compare LABELS BATON_BIN [--count 5000]

A labels file holds one position a line after a `variant V` line: `train` or `held`,
the target (White's expected score), the FEN. `label` keeps the first and last fields
and writes Fairy-Stockfish's evaluation as White's expected score at the usual scale
(400 cp a factor of ten in odds), leaving out positions it does not evaluate (in check)
or scores beyond 20 pawns. Fairy-Stockfish's centipawns are its pawn's endgame value,
close to Baton's material, hence `--scale 1` when fitting to them. What the two tell
and what fits to them played is in docs/strength-log.md. Python 3 standard library.
"""
import argparse
import random
import subprocess
import sys
from multiprocessing import Pool

FAIRY = "/usr/games/fairy-stockfish"
TERMS = ["Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks", "Queens",
         "Mobility", "King safety", "Threats", "Passed", "Space", "Initiative", "Variant"]


def expected(cp):
    return 1.0 / (1.0 + 10 ** (-cp / 400.0))


def read_labels(path):
    with open(path) as f:
        header = f.readline().strip()
        if not header.startswith("variant "):
            sys.exit(f"{path}: not a labels file (its first line must be 'variant V')")
        return header.split()[1], [l.rstrip("\n").split(" ", 2) for l in f if l.strip()]


def run(cmd, variant, fens):
    """The output of one engine given `position fen F` and `eval` for each FEN."""
    body = f"uci\nsetoption name UCI_Variant value {variant}\nisready\n"
    body += "".join(f"position fen {f}\neval\n" for f in fens) + "quit\n"
    out = subprocess.run([cmd], input=body, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def fsf_evals(variant, fens):
    """Fairy-Stockfish's total (White's centipawns, None in check) and its terms' White
    minus Black (middlegame, endgame) for each FEN, in order."""
    rows, terms = [], {}
    for line in run(FAIRY, variant, fens):
        if "|" in line and line.split("|")[0].strip() in TERMS:
            total = line.split("|")[3].split()
            terms[line.split("|")[0].strip()] = [
                0.0 if x == "----" else 100 * float(x) for x in total]
        elif line.startswith("Total evaluation:"):
            word = line.split()[2]
            rows.append((None if word == "none" else 100 * float(word), terms))
            terms = {}
    if len(rows) != len(fens):
        sys.exit(f"{FAIRY} evaluated {len(rows)} of {len(fens)} positions")
    return rows


def baton_evals(baton, variant, fens):
    """Baton's total (White's, without the side to move's bonus) and its terms."""
    rows, terms = [], {}
    for line in run(baton, variant, fens):
        words = line.split()
        if line.startswith("Final evaluation"):
            rows.append((terms.get("Total", 0.0), terms))
            terms = {}
        elif len(words) == 2 and words[1].lstrip("+-").isdigit():
            terms[words[0]] = float(words[1])
    if len(rows) != len(fens):
        sys.exit(f"{baton} evaluated {len(rows)} of {len(fens)} positions")
    return rows


def label_chunk(job):
    variant, lines = job
    out = []
    for (kind, _, fen), (cp, _) in zip(lines, fsf_evals(variant, [l[2] for l in lines])):
        if cp is not None and abs(cp) <= 2000:
            out.append(f"{kind} {expected(cp):.6f} {fen}")
    return out


def label(args):
    variant, lines = read_labels(args.input)
    jobs = [(variant, lines[i:i + 500]) for i in range(0, len(lines), 500)]
    kept = 0
    with Pool(args.processes) as pool, open(args.output, "w") as out:
        out.write(f"variant {variant}\n")
        for part in pool.imap(label_chunk, jobs):
            out.writelines(l + "\n" for l in part)
            kept += len(part)
    print(f"{kept} of {len(lines)} positions labelled by {FAIRY}'s evaluation")


def solve(rows, ys):
    """Least squares by the normal equations (a few dozen columns), with a small ridge
    so that columns that are always zero do no harm. The mean squared residual."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0) for j in range(k)]
         for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(k)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda i: abs(a[i][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for i in range(k):
            if i != c and a[c][c]:
                f = a[i][c] / a[c][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c])]
                b[i] -= f * b[c]
    coef = [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]
    return sum((y - sum(c * x for c, x in zip(coef, r))) ** 2
               for r, y in zip(rows, ys)) / len(ys)


def stats(xs):
    m = sum(xs) / len(xs)
    return m, (sum((x - m) ** 2 for x in xs) / len(xs)) ** 0.5


def corr(xs, ys):
    (mx, sx), (my, sy) = stats(xs), stats(ys)
    if not sx or not sy:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / len(xs) / sx / sy


def compare(args):
    variant, lines = read_labels(args.labels)
    random.seed(1)
    fens = [l[2] for l in random.sample(lines, min(args.count, len(lines)))]
    fsf, baton = fsf_evals(variant, fens), baton_evals(args.baton, variant, fens)
    keep = [i for i, (cp, _) in enumerate(fsf) if cp is not None]
    f = [fsf[i][0] for i in keep]
    b = [baton[i][0] for i in keep]
    r = [x - y for x, y in zip(f, b)]
    (_, sf), (_, sb), (mr, sr) = stats(f), stats(b), stats(r)
    print(f"{len(keep)} positions: sd Fairy-Stockfish {sf:.0f} cp, sd Baton {sb:.0f} cp, "
          f"correlation {corr(f, b):.3f}, residual (theirs - ours) mean {mr:+.0f} sd {sr:.0f} cp")
    cols = [[fsf[i][1].get(t, [0, 0])[p] for t in TERMS for p in (0, 1)] + [1.0]
            for i in keep]
    full, base = solve(cols, r), sr * sr
    print(f"Fairy-Stockfish's terms (middlegame and endgame parts) explain "
          f"{1 - full / base:.1%} of the residual's variance; by term, the share lost "
          f"without it and the share it explains alone:")
    for t, name in enumerate(TERMS):
        without = [[x for c, x in enumerate(row) if c // 2 != t] for row in cols]
        alone = [[row[2 * t], row[2 * t + 1], 1.0] for row in cols]
        print(f"  {name:12} {(solve(without, r) - full) / base:6.1%} {1 - solve(alone, r) / base:6.1%}")
    print("Baton's terms (White's, cp): spread, and correlation with the residual:")
    for name in sorted({k for _, t in baton for k in t if k != "Total"}):
        v = [baton[i][1].get(name, 0.0) for i in keep]
        if stats(v)[1]:
            print(f"  {name:20} sd {stats(v)[1]:6.1f}  {corr(v, r):+.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("label")
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--processes", type=int, default=2)
    p = sub.add_parser("compare")
    p.add_argument("labels")
    p.add_argument("baton")
    p.add_argument("--count", type=int, default=5000)
    args = ap.parse_args()
    {"label": label, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    main()
