//! The release archives that `scripts/dist.sh` makes, run where they will
//! run. Each archive holds its binary, README.md, LICENSE and docs/. The Windows builds
//! run under Wine, the static Linux builds with an empty environment (no PATH, so no
//! Rust toolchain or anything else to lean on); each answers `uci` with the same
//! `id name` (version and commit) and variants as the native build of this test run,
//! plays the same move after the same number of nodes at `go depth 8` in every variant
//! (depth 7 in the stones variants, where depth 8 from the start takes minutes), prints
//! the same `baton bench all` node total, and the same perft divides. The Windows
//! `.exe` imports only DLLs that come with Windows; the Linux binary has no dynamic
//! loader. The x86-64-v3 Linux build refuses an emulated older CPU (`qemu-x86_64 -cpu
//! Nehalem`) with a message and runs on an emulated Haswell.
//!
//! `.ci/run` makes the archives first (`PROFILE=dist-ci scripts/dist.sh`, the same code
//! compiled faster); elsewhere run that before this test. Needed besides: `unzip`,
//! `tar`, `wine`, `x86_64-w64-mingw32-gcc` and `-objdump` (Debian's mingw-w64), and
//! `qemu-x86_64` (qemu-user). Without one, or with archives of another commit, a test
//! says so and passes, except under CI (`CI=true`), where it fails.
//!
//! Debian's Wine 8 cannot start a Rust program by itself: Rust's standard library
//! imports `ProcessPrng` from `bcryptprimitives.dll`, which Wine has only from 9.0.
//! The test builds a stand-in (`tests/wine/bcryptprimitives.c`) into its temporary
//! directory, beside the `.exe`; Windows has the real one, and no archive holds it.

use baton_testkit::{missing_there, Baton};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

const VERSION: &str = env!("CARGO_PKG_VERSION");
const LEVELS: [&str; 2] = ["x86-64", "x86-64-v3"];
/// The Windows levels tested under Wine: the baseline alone. The v3 build is the same
/// code compiled with other flags; its flags and its refusal are tested on Linux (the
/// static v3 build and qemu), and leaving its Windows twin out keeps CI in its budget.
const WINDOWS_LEVELS: [&str; 1] = ["x86-64"];

/// Whether `program` is on the PATH; if not, `missing_there` says so.
fn found(program: &str, package: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|dir| dir.join(program).is_file()) {
        return true;
    }
    missing_there(&format!("{program} is missing (Debian package {package})"));
    false
}

/// A directory of this test's own, removed at the end.
fn temp_dir(label: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("baton-release-{label}-"))
        .tempdir()
        .expect("make a temporary directory")
}

/// Unpacks `baton-VERSION-PLATFORM-LEVEL` from `dist/` (or `$BATON_DIST`) into `into`
/// and checks what it holds besides the binary; the unpacked directory, or `None`
/// (said why) when the archive is missing.
fn unpack(platform: &str, level: &str, into: &Path) -> Option<PathBuf> {
    let dist = std::env::var_os("BATON_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("dist"));
    let name = format!("baton-{VERSION}-{platform}-{level}");
    let windows = platform == "windows";
    let archive = dist.join(format!("{name}.{}", if windows { "zip" } else { "tar.gz" }));
    if !archive.is_file() {
        missing_there(&format!(
            "{} is missing: make it with `PROFILE=dist-ci scripts/dist.sh`",
            archive.display()
        ));
        return None;
    }
    let mut unpack = if windows {
        let mut c = Command::new("unzip");
        c.arg("-q").arg(&archive).arg("-d").arg(into);
        c
    } else {
        let mut c = Command::new("tar");
        c.arg("-xzf").arg(&archive).arg("-C").arg(into);
        c
    };
    let status = unpack.status().expect("run unzip or tar");
    assert!(status.success(), "unpacking {} failed", archive.display());
    let dir = into.join(&name);
    let exe = if windows { "baton.exe" } else { "baton" };
    for file in [exe, "README.md", "LICENSE", "docs/gui-api.md"] {
        assert!(dir.join(file).is_file(), "{name} holds no {file}");
    }
    Some(dir)
}

/// How to start one build with given arguments.
type Launch<'a> = dyn Fn(&[&str]) -> Command + Sync + 'a;

/// What a build answers; two builds of one commit must answer the same.
#[derive(Debug, PartialEq)]
struct Answers {
    /// UCI's `id name` line.
    id: String,
    /// The variants `uci` lists.
    variants: Vec<String>,
    /// Per variant: `go depth N`'s best move and the nodes it took.
    searches: Vec<String>,
    /// `baton bench all`'s node total line.
    bench: String,
    /// Per variant: `baton perft V startpos D` without its timing line.
    perfts: Vec<String>,
}

/// `go depth` in `variant`: 8, but 7 in the stones variants, whose depth 8 from the
/// start takes minutes.
fn search_depth(variant: &str) -> u32 {
    if variant.starts_with("stones") {
        7
    } else {
        8
    }
}

/// Perft depth in `variant` from the start: a second or less. Two-part turns (stones,
/// flips) multiply the leaves.
fn perft_depth(variant: &str) -> u32 {
    if variant.starts_with("stones") || variant.starts_with("flip") {
        2
    } else {
        5
    }
}

/// The standard output of a command that must succeed.
///
/// A `wine` command that Wine itself ends badly (`ended_by_wine`) is run once more,
/// saying so, and the second run is checked as fully as the first; any other failure,
/// or a second bad end, fails. CI saw this twice, in loaded two-core runs: at stop 100
/// `baton.exe perft` printed its whole answer and then died of SIGKILL; at stop 103 a
/// perft ended with status 1 and `wine client error:0: recvmsg: Connection reset by
/// peer`. On a development machine, 640 runs of `wine baton.exe perft` beside two busy
/// loops gave one SIGKILL, again after the whole answer. The likely cause (inferred from
/// how Wine's server ends a process, not reproduced) is the end of a Windows process
/// that still has threads (perft's workers): the server kills a terminated process that
/// is slow to go, and a thread whose server call is cut short makes the Wine client
/// exit with status 1. Neither says anything about the build.
fn stdout_of(mut command: Command) -> String {
    let mut out: Output = command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("run {command:?}: {e}"));
    if command.get_program() == "wine" && ended_by_wine(&out) {
        eprintln!(
            "{command:?} was ended by Wine ({}; {}); running it once more",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
        out = command
            .output()
            .unwrap_or_else(|e| panic!("run {command:?}: {e}"));
    }
    assert!(
        out.status.success(),
        "{command:?} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// Whether Wine, not the program, ended the process: by signal 9, or with its client's
/// error message (`wine client error:`), which Baton never prints.
fn ended_by_wine(out: &Output) -> bool {
    use std::os::unix::process::ExitStatusExt;
    out.status.signal() == Some(9)
        || (!out.status.success()
            && String::from_utf8_lossy(&out.stderr).contains("wine client error:"))
}

/// The `id name` line a build answers `uci` with.
fn id(launch: &Launch<'_>) -> String {
    let mut b = Baton::start_command(launch(&[]));
    // Under Wine the first start may set up the Wine prefix, so allow it time.
    b.send("uci");
    let (_, before) = b.until_within("uciok", Duration::from_secs(120));
    b.send("quit");
    assert!(b.close(), "the engine did not exit cleanly after quit");
    before
        .into_iter()
        .find(|l| l.starts_with("id name "))
        .expect("an id name line")
}

fn answers(launch: &Launch<'_>) -> Answers {
    let mut b = Baton::start_command(launch(&[]));
    b.send("uci");
    let (_, before) = b.until_within("uciok", Duration::from_secs(120));
    let id = before
        .iter()
        .find(|l| l.starts_with("id name "))
        .expect("an id name line")
        .clone();
    let variants: Vec<String> = before
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .expect("a UCI_Variant option")
        .split(" var ")
        .skip(1)
        .map(str::to_string)
        .collect();
    assert!(variants.len() >= 8, "{variants:?}");
    let mut searches = Vec::new();
    for v in &variants {
        let depth = search_depth(v);
        b.send_all(&[
            &format!("setoption name UCI_Variant value {v}"),
            "ucinewgame",
            "position startpos",
            &format!("go depth {depth}"),
        ]);
        let (best, before) = b.until_within("bestmove", Duration::from_secs(300));
        let last = before
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth ") && l.contains(" nodes "))
            .unwrap_or_else(|| panic!("{v}: no info line before {best}"));
        let nodes = last
            .split(' ')
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .expect("a node count");
        assert!(!best.contains("(none)"), "{v}: {best}");
        searches.push(format!("{v} depth {depth}: {best} after {nodes} nodes"));
    }
    b.send("quit");
    assert!(b.close(), "the engine did not exit cleanly after quit");

    let bench = stdout_of(launch(&["bench", "all"]))
        .lines()
        .find(|l| l.starts_with("Nodes searched"))
        .expect("a node total")
        .to_string();
    let perfts = variants
        .iter()
        .map(|v| {
            let depth = perft_depth(v).to_string();
            let out = stdout_of(launch(&["perft", v, "startpos", &depth]));
            let counts: Vec<&str> = out.lines().filter(|l| !l.starts_with("time ")).collect();
            assert!(
                counts.iter().any(|l| l.starts_with("Nodes searched: ")),
                "{v}: {out}"
            );
            format!("{v} depth {depth}:\n{}", counts.join("\n"))
        })
        .collect();
    Answers {
        id,
        variants,
        searches,
        bench,
        perfts,
    }
}

/// Starts the native build of this test run.
fn native_launch(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_baton"));
    c.args(args);
    c
}

/// The native build's answers, found once for all tests.
fn native() -> &'static Answers {
    static NATIVE: OnceLock<Answers> = OnceLock::new();
    NATIVE.get_or_init(|| answers(&native_launch))
}

/// Checks that `launch` answers as the native build does. Archives of another commit
/// than this test's are reported, not compared.
fn agrees_with_native(what: &str, launch: &Launch<'_>) {
    let native_id = id(&native_launch);
    let tested_id = id(launch);
    if tested_id != native_id {
        missing_there(&format!(
            "{what} is a build of another commit ({tested_id} against this test's \
             {native_id}): remake the archives with `PROFILE=dist-ci scripts/dist.sh`"
        ));
        return;
    }
    // The native answers (found once, by the first test that asks) come on a thread
    // of their own while the tested build answers: each side is one engine process
    // searching on one core, so no test sits idle waiting for another's native run.
    let (tested, native) = std::thread::scope(|s| {
        let native = s.spawn(native);
        let tested = answers(launch);
        (tested, native.join().expect("the native answers"))
    });
    assert_eq!(tested.id, native.id, "{what}: id");
    assert_eq!(tested.variants, native.variants, "{what}: variants");
    for (t, n) in tested.searches.iter().zip(&native.searches) {
        assert_eq!(t, n, "{what}: search");
    }
    assert_eq!(tested.bench, native.bench, "{what}: bench all");
    for (t, n) in tested.perfts.iter().zip(&native.perfts) {
        assert_eq!(t, n, "{what}: perft");
    }
}

/// Whether this CPU has what the x86-64-v3 builds need (this test is a baseline build,
/// so the macro asks the CPU).
fn cpu_has_v3() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("movbe")
}

/// The message a v3 build gives on a CPU without its features.
const REFUSAL: &str = "error: this Baton is built for x86-64-v3 CPUs, and this CPU lacks: ";

/// A build of `level` agrees with the native build, or, built for x86-64-v3 on a CPU
/// without it, refuses to start with its message.
fn agrees_with_native_or_refuses(level: &str, what: &str, launch: &Launch<'_>) {
    if level == "x86-64-v3" && !cpu_has_v3() {
        let out = launch(&["bench"]).output().expect("run the build");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(REFUSAL),
            "{what}: {err}"
        );
        return;
    }
    agrees_with_native(what, launch);
}

#[test]
fn windows_builds_under_wine_agree_with_the_native_build() {
    let tools = [
        ("wine", "wine"),
        ("x86_64-w64-mingw32-gcc", "gcc-mingw-w64-x86-64-win32"),
        ("x86_64-w64-mingw32-objdump", "binutils-mingw-w64-x86-64"),
        ("unzip", "unzip"),
    ];
    if !tools.iter().all(|(p, package)| found(p, package)) {
        return;
    }
    let temp = temp_dir("windows");
    let prefix = temp.path().join("wine-prefix");
    for level in WINDOWS_LEVELS {
        let Some(dir) = unpack("windows", level, temp.path()) else {
            return;
        };
        let exe = dir.join("baton.exe");
        // Only DLLs that every Windows has: mingw's libgcc and winpthread are inside.
        let imports = stdout_of({
            let mut c = Command::new("x86_64-w64-mingw32-objdump");
            c.arg("-p").arg(&exe);
            c
        });
        let system = [
            "kernel32.dll",
            "ntdll.dll",
            "msvcrt.dll",
            "userenv.dll",
            "ws2_32.dll",
            "advapi32.dll",
            "bcryptprimitives.dll",
        ];
        for dll in imports
            .lines()
            .filter_map(|l| l.trim().strip_prefix("DLL Name: "))
        {
            let dll = dll.to_ascii_lowercase();
            assert!(
                system.contains(&dll.as_str()) || dll.starts_with("api-ms-win-"),
                "baton.exe ({level}) needs {dll}, which Windows does not have"
            );
        }
        // The stand-in for Wine 8, beside the exe in this temporary directory only.
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wine");
        let status = Command::new("x86_64-w64-mingw32-gcc")
            .args(["-O2", "-shared", "-o"])
            .arg(dir.join("bcryptprimitives.dll"))
            .arg(source.join("bcryptprimitives.c"))
            .arg(source.join("bcryptprimitives.def"))
            .arg("-ladvapi32")
            .status()
            .expect("run x86_64-w64-mingw32-gcc");
        assert!(
            status.success(),
            "building the stand-in bcryptprimitives.dll failed"
        );
        let wine = |args: &[&str]| {
            let mut c = Command::new("wine");
            c.arg(&exe)
                .args(args)
                .current_dir(&dir)
                .env("WINEPREFIX", &prefix)
                .env("WINEDEBUG", "-all")
                // No Mono or Gecko installer when the prefix is made.
                .env("WINEDLLOVERRIDES", "mscoree,mshtml=");
            c
        };
        let what = format!("the Windows {level} build under Wine");
        agrees_with_native_or_refuses(level, &what, &wine);
    }
    // This prefix's Wine server, started by this test, ends with it.
    let _ = Command::new("wineserver")
        .arg("-k")
        .env("WINEPREFIX", &prefix)
        .status();
}

/// Whether the ELF file asks for a dynamic loader (a PT_INTERP program header).
fn has_dynamic_loader(elf: &[u8]) -> bool {
    assert!(
        elf.starts_with(b"\x7fELF\x02\x01"),
        "not a 64-bit little-endian ELF file"
    );
    let u64_at = |at: usize| u64::from_le_bytes(elf[at..at + 8].try_into().expect("8 bytes"));
    let u16_at = |at: usize| u16::from_le_bytes(elf[at..at + 2].try_into().expect("2 bytes"));
    let (phoff, phentsize, phnum) = (u64_at(0x20) as usize, u16_at(0x36) as usize, u16_at(0x38));
    (0..phnum as usize).any(|i| {
        let at = phoff + i * phentsize;
        u32::from_le_bytes(elf[at..at + 4].try_into().expect("4 bytes")) == 3
    })
}

#[test]
fn static_linux_builds_agree_with_the_native_build_without_an_environment() {
    if !found("tar", "tar") {
        return;
    }
    let temp = temp_dir("linux");
    let empty = temp.path().join("empty");
    std::fs::create_dir_all(&empty).expect("an empty directory");
    for level in LEVELS {
        let Some(dir) = unpack("linux", level, temp.path()) else {
            return;
        };
        let exe = dir.join("baton");
        let elf = std::fs::read(&exe).expect("read the binary");
        assert!(
            !has_dynamic_loader(&elf),
            "the Linux {level} build is linked dynamically"
        );
        let bare = |args: &[&str]| {
            let mut c = Command::new(&exe);
            c.args(args)
                .current_dir(&empty)
                .env_clear()
                .env("PATH", &empty);
            c
        };
        let what = format!("the static Linux {level} build");
        agrees_with_native_or_refuses(level, &what, &bare);
    }
    // Our own native binary is dynamic: the ELF reading sees the difference.
    let native = std::fs::read(env!("CARGO_BIN_EXE_baton")).expect("read the native binary");
    assert!(has_dynamic_loader(&native));
}

/// Runs `exe` under `qemu-x86_64 -cpu CPU` with `uci` then `quit` on its input.
fn under_qemu(cpu: &str, exe: &Path) -> Output {
    let mut child = Command::new("qemu-x86_64")
        .args(["-cpu", cpu])
        .arg(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run qemu-x86_64");
    use std::io::Write;
    let mut stdin = child.stdin.take().expect("stdin");
    // A refusing build never reads its input: a broken pipe is expected then.
    let _ = stdin.write_all(b"uci\nquit\n");
    drop(stdin);
    child.wait_with_output().expect("wait for qemu-x86_64")
}

#[test]
fn v3_build_refuses_an_older_cpu_with_a_message() {
    if !found("qemu-x86_64", "qemu-user") || !found("tar", "tar") {
        return;
    }
    let temp = temp_dir("qemu");
    let (Some(v1), Some(v3)) = (
        unpack("linux", "x86-64", temp.path()),
        unpack("linux", "x86-64-v3", temp.path()),
    ) else {
        return;
    };
    // Nehalem (2008): SSE4.2 and POPCNT, no AVX.
    let refused = under_qemu("Nehalem", &v3.join("baton"));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{err}");
    assert!(err.contains(REFUSAL), "{err}");
    assert!(err.contains(" avx2 ") && err.contains(" bmi2 "), "{err}");
    assert!(err.contains("take the plain x86-64 build"), "{err}");
    assert!(refused.stdout.is_empty());
    // The plain build runs there; the v3 build runs on Haswell (2013), its first CPU.
    for (cpu, dir) in [("Nehalem", &v1), ("Haswell", &v3)] {
        let out = under_qemu(cpu, &dir.join("baton"));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{cpu}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.lines().any(|l| l == "uciok"), "{cpu}: {text}");
    }
}
