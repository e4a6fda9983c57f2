//! The CPU check that runs first in `main`: a build for a newer instruction-set level
//! (`scripts/dist.sh` makes `x86-64` and `x86-64-v3` builds) refuses, with a message,
//! to run on a CPU that lacks what it was compiled for, instead of dying of an illegal
//! instruction in the middle of a search.
//!
//! The features are read from the CPU itself (the `cpuid` and `xgetbv` instructions).
//! `is_x86_feature_detected!` (and crates such as `cpufeatures`) cannot be used: they
//! answer `true` for every feature the build was compiled with, without asking the CPU
//! (checked: a build with `+avx512vp2intersect` said `true` on a CPU without it), and
//! that is exactly the case to catch.

/// The instruction-set level this binary was compiled for, as `-C target-cpu` names it.
pub fn level() -> &'static str {
    if cfg!(target_feature = "avx2") {
        "x86-64-v3"
    } else if cfg!(target_feature = "popcnt") {
        "x86-64-v2"
    } else {
        "x86-64"
    }
}

/// Ends the process, with a message on stderr and exit code 1, when this CPU lacks a
/// feature the build uses. It runs before anything else, so it must not itself use
/// those features: the message is written piece by piece through std's (baseline)
/// code, because even a `join` or `format!` compiled into this crate for x86-64-v3
/// copies its strings with AVX instructions (seen under `qemu-x86_64 -cpu Nehalem`).
/// `tests/release.rs` runs the v3 build on such an emulated CPU.
pub fn check() {
    let missing = || FEATURES.iter().filter(|f| f.compiled && !has(f));
    let cpu_has_all = missing().next().is_none();
    // Only when the CPU has AVX does it matter whether the operating system supports it.
    let os_lacks_avx = cpu_has_all && cfg!(target_feature = "avx") && !os_saves_avx_registers();
    if cpu_has_all && !os_lacks_avx {
        return;
    }
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(b"error: this Baton is built for ");
    let _ = err.write_all(level().as_bytes());
    let _ = err.write_all(b" CPUs, and this CPU lacks:");
    for f in missing() {
        let _ = err.write_all(b" ");
        let _ = err.write_all(f.name.as_bytes());
    }
    if os_lacks_avx {
        let _ = err.write_all(b" operating-system support for AVX");
    }
    let _ = err.write_all(
        b"\ntake the plain x86-64 build instead (the archive whose name ends in x86-64, without -v3)\n",
    );
    let _ = err.flush();
    std::process::exit(1);
}

/// Where `cpuid` reports a feature.
#[derive(Clone, Copy)]
enum Register {
    Ebx,
    Ecx,
}

/// A feature of the x86-64-v2 and -v3 levels: whether this build uses it, and its
/// `cpuid` leaf, register and bit.
struct Feature {
    name: &'static str,
    compiled: bool,
    leaf: u32,
    register: Register,
    bit: u32,
}

const fn feature(
    name: &'static str,
    compiled: bool,
    leaf: u32,
    register: Register,
    bit: u32,
) -> Feature {
    Feature {
        name,
        compiled,
        leaf,
        register,
        bit,
    }
}

/// The features of the levels above x86-64 (x86-64 psABI), with their place in `cpuid`
/// (Intel SDM vol. 2A, CPUID).
const FEATURES: [Feature; 15] = {
    use Register::{Ebx, Ecx};
    [
        feature("sse3", cfg!(target_feature = "sse3"), 1, Ecx, 0),
        feature("ssse3", cfg!(target_feature = "ssse3"), 1, Ecx, 9),
        feature("fma", cfg!(target_feature = "fma"), 1, Ecx, 12),
        feature(
            "cmpxchg16b",
            cfg!(target_feature = "cmpxchg16b"),
            1,
            Ecx,
            13,
        ),
        feature("sse4.1", cfg!(target_feature = "sse4.1"), 1, Ecx, 19),
        feature("sse4.2", cfg!(target_feature = "sse4.2"), 1, Ecx, 20),
        feature("movbe", cfg!(target_feature = "movbe"), 1, Ecx, 22),
        feature("popcnt", cfg!(target_feature = "popcnt"), 1, Ecx, 23),
        feature("xsave", cfg!(target_feature = "xsave"), 1, Ecx, 26),
        feature("avx", cfg!(target_feature = "avx"), 1, Ecx, 28),
        feature("f16c", cfg!(target_feature = "f16c"), 1, Ecx, 29),
        feature("bmi1", cfg!(target_feature = "bmi1"), 7, Ebx, 3),
        feature("avx2", cfg!(target_feature = "avx2"), 7, Ebx, 5),
        feature("bmi2", cfg!(target_feature = "bmi2"), 7, Ebx, 8),
        feature("lzcnt", cfg!(target_feature = "lzcnt"), 0x8000_0001, Ecx, 5),
    ]
};

/// Whether the CPU has `f`.
#[cfg(target_arch = "x86_64")]
fn has(f: &Feature) -> bool {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    // A leaf above the highest the CPU has answers with another leaf's data: ask only
    // leaves it has.
    let highest = __cpuid(f.leaf & 0x8000_0000).eax;
    if f.leaf > highest {
        return false;
    }
    let r = __cpuid_count(f.leaf, 0);
    let bits = match f.register {
        Register::Ebx => r.ebx,
        Register::Ecx => r.ecx,
    };
    bits >> f.bit & 1 == 1
}

/// Other architectures have no levels: nothing is compiled in to check.
#[cfg(not(target_arch = "x86_64"))]
fn has(_: &Feature) -> bool {
    true
}

/// Whether the operating system saves the AVX registers on a task switch (cpuid's
/// OSXSAVE bit, then XCR0's SSE and AVX bits): without it AVX instructions fault.
fn os_saves_avx_registers() -> bool {
    #[cfg(all(target_arch = "x86_64", target_feature = "xsave"))]
    {
        let osxsave = std::arch::x86_64::__cpuid(1).ecx >> 27 & 1 == 1;
        // SAFETY: `xgetbv` exists when OSXSAVE is set, which is checked first.
        osxsave && unsafe { std::arch::x86_64::_xgetbv(0) } & 0b110 == 0b110
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "xsave")))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine that builds the tests runs them, so nothing the build uses is
    /// missing (`check` would end the test process instead); and the level named is that of the features compiled in.
    #[test]
    fn the_building_machine_passes_its_own_check() {
        for f in &FEATURES {
            assert!(
                !f.compiled || has(f),
                "{} is compiled in but missing",
                f.name
            );
        }
        if cfg!(target_feature = "avx") {
            assert!(os_saves_avx_registers());
        }
        assert_eq!(
            level() == "x86-64-v3",
            cfg!(target_feature = "avx2"),
            "{}",
            level()
        );
    }
}
