//! Compares the scale of a variant's learned evaluation (NNUE) with its classical one
//! over the positions of `baton datagen` files: the spread of each static score, the
//! slope of a least-squares line of one against the other, and how far a quiet move
//! changes each (what futility-style margins guard). Issue 90's margin question.
//!
//! `cargo run --release -p baton-engine --example eval_scale -- FILE.bdat... [--max N]`

use baton_engine::data::Reader;
use baton_engine::eval::{evaluate_with, Accumulators, Style};
use baton_engine::rules;
use baton_engine::{MoveKind, Position};

/// Scores past this (mates, lost causes) say nothing about the margins.
const LIMIT: i32 = 1500;

#[derive(Default)]
struct Stats {
    n: f64,
    sx: f64,
    sy: f64,
    sxx: f64,
    syy: f64,
    sxy: f64,
}

impl Stats {
    fn add(&mut self, x: f64, y: f64) {
        self.n += 1.0;
        self.sx += x;
        self.sy += y;
        self.sxx += x * x;
        self.syy += y * y;
        self.sxy += x * y;
    }
    fn var_x(&self) -> f64 {
        self.sxx / self.n - (self.sx / self.n).powi(2)
    }
    fn var_y(&self) -> f64 {
        self.syy / self.n - (self.sy / self.n).powi(2)
    }
    fn cov(&self) -> f64 {
        self.sxy / self.n - self.sx / self.n * self.sy / self.n
    }
}

fn percentile(v: &mut [i32], p: f64) -> i32 {
    v.sort_unstable();
    v[((v.len() - 1) as f64 * p) as usize]
}

fn eval(pos: &Position, style: Style) -> i32 {
    evaluate_with(pos, style, &mut Accumulators::default())
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut max = 4000usize;
    if let Some(i) = args.iter().position(|a| a == "--max") {
        max = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(max);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut statics = Stats::default();
    let mut quiet = Stats::default();
    // The recorded search score against each static one: how far a search moves
    // from the static score (what reverse futility bets against).
    let (mut searched_c, mut searched_n) = (Stats::default(), Stats::default());
    let (mut dc, mut dn) = (Vec::new(), Vec::new());
    let mut positions = 0usize;
    let per_file = max.div_ceil(args.len().max(1));
    for path in &args {
        let mut taken = 0usize;
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let reader = match Reader::new(&bytes) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{path}: {e:?}");
                continue;
            }
        };
        // Every 7th sample: positions of one game follow each other.
        for sample in reader.flatten().step_by(7) {
            let pos = sample.position;
            if rules::in_check(&pos, pos.side()) {
                continue;
            }
            let c = eval(&pos, Style::Classical);
            let n = eval(&pos, Style::Nnue);
            if c.abs() > LIMIT || n.abs() > LIMIT {
                continue;
            }
            statics.add(c as f64, n as f64);
            let score = i32::from(sample.score);
            if score.abs() <= LIMIT {
                searched_c.add(c as f64, score as f64);
                searched_n.add(n as f64, score as f64);
            }
            positions += 1;
            for m in rules::legal_move_list(&pos) {
                let capture = pos.piece_at(m.to).is_some() || m.kind == MoveKind::EnPassant;
                if capture || m.promotion.is_some() {
                    continue;
                }
                let mut child = pos.clone();
                rules::apply(&mut child, m);
                // The mover's gain: the child's score is the opponent's view.
                let gc = -eval(&child, Style::Classical) - c;
                let gn = -eval(&child, Style::Nnue) - n;
                quiet.add(gc as f64, gn as f64);
                dc.push(gc);
                dn.push(gn);
            }
            taken += 1;
            if taken >= per_file {
                break;
            }
        }
    }
    println!("positions {positions} (|score| <= {LIMIT}, not in check)");
    println!(
        "static: sd classical {:.1}, sd nnue {:.1}, mean c {:.1} n {:.1}, corr {:.3}, slope nnue~classical {:.3}, slope classical~nnue {:.3}, sd ratio n/c {:.3}",
        statics.var_x().sqrt(),
        statics.var_y().sqrt(),
        statics.sx / statics.n,
        statics.sy / statics.n,
        statics.cov() / (statics.var_x() * statics.var_y()).sqrt(),
        statics.cov() / statics.var_x(),
        statics.cov() / statics.var_y(),
        statics.var_y().sqrt() / statics.var_x().sqrt()
    );
    println!(
        "quiet moves {}: gain mean c {:.1} n {:.1}, sd c {:.1} n {:.1}, sd ratio n/c {:.3}, corr {:.3}",
        quiet.n,
        quiet.sx / quiet.n,
        quiet.sy / quiet.n,
        quiet.var_x().sqrt(),
        quiet.var_y().sqrt(),
        quiet.var_y().sqrt() / quiet.var_x().sqrt(),
        quiet.cov() / (quiet.var_x() * quiet.var_y()).sqrt()
    );
    for (name, s) in [("classical", &searched_c), ("nnue", &searched_n)] {
        let slope = s.cov() / s.var_x();
        // The spread of the search score about the static one (the difference's sd).
        let diff = (s.var_x() + s.var_y() - 2.0 * s.cov()).sqrt();
        println!(
            "search score ~ {name}: slope {slope:.3}, corr {:.3}, sd(search - static) {diff:.1}",
            s.cov() / (s.var_x() * s.var_y()).sqrt()
        );
    }
    // The upper tail is what futility bets against: a quiet move that gains more
    // than the margin.
    for p in [0.5, 0.9, 0.99, 0.999] {
        let a = percentile(&mut dc, p);
        let b = percentile(&mut dn, p);
        println!("quiet gain p{}: classical {a}, nnue {b}", p * 100.0);
    }
}
