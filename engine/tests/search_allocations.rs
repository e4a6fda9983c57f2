//! A search allocates nothing per node: move lists, their scores, the quiet moves
//! tried and the principal variations live in buffers the search thread owns and
//! reuses (`search::stack`, `Worker`'s pools). A counting global allocator counts the
//! allocations this test's thread makes while it searches, after a first search has
//! grown the buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64};

use baton_engine::eval::Style;
use baton_engine::position::Position;
use baton_engine::search::thread::Shared;
use baton_engine::search::worker::Worker;
use baton_engine::search::TranspositionTable;
use baton_engine::variant::Variant;

struct Counting;

thread_local! {
    /// This thread's allocations since counting began (`None`: not counting).
    static COUNT: Cell<Option<u64>> = const { Cell::new(None) };
}

fn count() {
    // (`try_with`: the thread's locals may be gone while it ends.)
    let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The allocations of iterative deepening to `depth` from `fen` (the start position
/// if empty), and its nodes, by a worker that already searched it a ply deeper twice
/// (the hash table emptied after each, so that every search walks a whole tree). A
/// thread's buffers are made when its line first reaches a ply (a move list per ply
/// in use, sized for the variant), so a search that goes no deeper than the earlier
/// ones makes none.
fn allocations_after_warm_up(variant: Variant, style: Style, fen: &str, depth: i32) -> (u64, u64) {
    let pos = if fen.is_empty() {
        Position::startpos(variant)
    } else {
        Position::from_fen(variant, fen).expect("a valid FEN")
    };
    let tt = TranspositionTable::new(16);
    let (abort, stop, pondering, nodes) = (
        AtomicBool::new(false),
        AtomicBool::new(false),
        AtomicBool::new(false),
        AtomicU64::new(0),
    );
    let shared = Shared::new(&tt, &abort, &stop, &pondering, &nodes, None, None);
    let mut worker = Worker::new(
        0,
        &shared,
        &[pos.hash()],
        variant,
        style,
        None,
        Default::default(),
    );
    let deepen = |worker: &mut Worker, to: i32| {
        let mut previous = None;
        for d in 1..=to {
            previous = worker.search_root(&pos, d, previous, &[]);
        }
    };
    for _ in 0..2 {
        deepen(&mut worker, depth + 1);
        tt.clear();
    }
    let before = worker.thread.nodes;
    COUNT.with(|c| c.set(Some(0)));
    deepen(&mut worker, depth);
    let allocations = COUNT.with(|c| c.replace(None)).unwrap_or(0);
    (allocations, worker.thread.nodes - before)
}

/// Every variant: the chess family, stonesrelays (its picker's checks and its
/// widened second stage in the picker's own room) and flipshatranj (its flips'
/// ordering hints in the thread's scores buffer).
#[test]
fn a_search_allocates_nothing_per_node_once_its_buffers_have_grown() {
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8";
    for (variant, fen, depth) in [
        (Variant::Chess, "", 7),
        (Variant::Chess, middlegame, 6),
        (Variant::Knightmate, "", 6),
        (Variant::KnightRelay, "", 6),
        (Variant::CombiningKnightmare, "", 5),
        (Variant::StonesRelays, "", 3),
        (Variant::StonesRelaysTunnel, "", 3),
        (Variant::FlipShatranj, "", 3),
        (Variant::FlipShatranj8, "", 4),
    ] {
        let (allocations, nodes) = allocations_after_warm_up(variant, Style::Classical, fen, depth);
        assert!(nodes > 1000, "{variant:?}: the search ran ({nodes} nodes)");
        assert_eq!(
            allocations, 0,
            "{variant:?} {fen}: allocations in {nodes} nodes"
        );
    }
}

/// The learned evaluation's search (its accumulators) too, in the variants whose
/// default it is.
#[test]
fn a_search_with_a_net_allocates_nothing_per_node_once_its_buffers_have_grown() {
    for variant in [Variant::Knightmate, Variant::KnightRelay] {
        let (allocations, nodes) = allocations_after_warm_up(variant, Style::Nnue, "", 8);
        assert!(nodes > 1000, "{variant:?}: the search ran ({nodes} nodes)");
        assert_eq!(allocations, 0, "{variant:?}: allocations in {nodes} nodes");
    }
}
