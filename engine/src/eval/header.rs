//! How both learned evaluations' files (`network`'s correction and `nnue`'s net) begin,
//! written, read and checked against the build in one place: the format's magic and
//! version, then the `Shape` (board, the pieces the inputs name, hidden size). Each net's
//! own `Header` adds what only it records after these (the hand-made weights'
//! fingerprint; the quantization).

use crate::variant::Variant;

use super::inputs::{Inputs, FILES, INPUTS, MAX_KINDS, RANKS};

/// A net file's format: what it begins with, its version (a little-endian u32 after
/// the magic), and what the messages call such a file.
pub struct Format {
    pub magic: &'static [u8],
    pub version: u32,
    /// "network", "net": a message reads "not a Baton {noun}", "{noun}s read 8x8".
    pub noun: &'static str,
    /// Whether a file may be for any board (`nnue`'s nets, whose inputs are as many as
    /// the board's squares) or only for 8x8 (the correction, whose size is a constant).
    pub any_board: bool,
}

/// What a file says its inputs and first layer are made for, after the magic and the
/// version, each a little-endian u32 but the roles: the board's files and ranks, the
/// pieces its inputs name (their count, then a byte each, `Inputs::kinds`: a role's
/// index in `Role` order, a Knightmare's half `KNIGHTMARE_CODE` plus it, the capture
/// state, a neutral kind `NEUTRAL_CODE` plus its index, the frozen square), the hidden
/// size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub files: u32,
    pub ranks: u32,
    pub roles: Vec<u8>,
    pub hidden: u32,
}

impl Shape {
    /// What this build reads for `variant`: its board, its inputs' pieces
    /// (`Inputs::kinds`), and `hidden` numbers a view.
    pub fn of(variant: Variant, hidden: usize) -> Shape {
        let inputs = Inputs::of(variant);
        Shape {
            files: inputs.files as u32,
            ranks: inputs.ranks as u32,
            roles: inputs.kinds(),
            hidden: hidden as u32,
        }
    }
}

impl Format {
    /// Whether this build can have a file of this format for `variant` at all: the
    /// inputs name its pieces (`Inputs::supports`), and the board is 8x8 unless the
    /// format reads any board.
    pub fn supports(&self, variant: Variant) -> Result<(), String> {
        let inputs = Inputs::of(variant);
        let (name, noun) = (variant.name(), self.noun);
        if !self.any_board && (inputs.files, inputs.ranks) != (FILES, RANKS) {
            return Err(format!(
                "the {name} board is {}x{}; {noun}s read {FILES}x{RANKS}",
                inputs.files, inputs.ranks
            ));
        }
        // The correction's size is a constant of the build: the plain pieces only.
        if !self.any_board && inputs.count() != INPUTS {
            return Err(format!(
                "{name}'s inputs tell more than each side's pieces (Knightmares, flip \
                 states); {noun}s read only those"
            ));
        }
        Inputs::supports(variant, noun)
    }

    /// `Err` names the first thing in which a file's `shape` and this build's for
    /// `variant` (`hidden` numbers a view) disagree.
    pub fn check(&self, shape: &Shape, variant: Variant, hidden: usize) -> Result<(), String> {
        self.check_board(shape, variant)?;
        if shape.hidden != hidden as u32 {
            return Err(format!(
                "a {} of {} hidden numbers; this build reads {hidden}",
                self.noun, shape.hidden
            ));
        }
        Ok(())
    }

    /// `check` but for the width, for a file whose width is its own (the net's): the
    /// board and the roles.
    pub fn check_board(&self, shape: &Shape, variant: Variant) -> Result<(), String> {
        self.supports(variant)?;
        let build = Shape::of(variant, shape.hidden as usize);
        let (name, noun) = (variant.name(), self.noun);
        if (shape.files, shape.ranks) != (build.files, build.ranks) {
            return Err(format!(
                "a {noun} for a {}x{} board; the {name} board is {}x{}",
                shape.files, shape.ranks, build.files, build.ranks
            ));
        }
        if shape.roles != build.roles {
            return Err(format!(
                "a {noun} whose inputs name the pieces {:?}; this build's name {:?} (roles \
                 by their index, a Knightmare's by 32 and up, neutral pieces by 64 and up, \
                 the frozen Knightmare 96, the capture state 97)",
                shape.roles, build.roles
            ));
        }
        Ok(())
    }

    /// The start of a file: the magic, the version and `shape`.
    pub fn write(&self, shape: &Shape) -> Vec<u8> {
        let mut out = self.magic.to_vec();
        for word in [
            self.version,
            shape.files,
            shape.ranks,
            shape.roles.len() as u32,
        ] {
            out.extend(word.to_le_bytes());
        }
        out.extend(&shape.roles);
        out.extend(shape.hidden.to_le_bytes());
        out
    }

    /// What `write` wrote, and the bytes after it; `Err` where they are not the start
    /// of such a file.
    pub fn read<'a>(&self, bytes: &'a [u8]) -> Result<(Shape, &'a [u8]), String> {
        let noun = self.noun;
        let mut rest = bytes.strip_prefix(self.magic).ok_or_else(|| {
            let magic = String::from_utf8_lossy(self.magic);
            format!("not a Baton {noun} (it must begin with {magic})")
        })?;
        let version = word(&mut rest)?;
        if version != self.version {
            return Err(format!(
                "a {noun} file of format version {version}; this build reads version {}",
                self.version
            ));
        }
        let files = word(&mut rest)?;
        let ranks = word(&mut rest)?;
        let count = word(&mut rest)? as usize;
        if count > MAX_KINDS {
            return Err(format!("a {noun} naming {count} roles"));
        }
        let roles = take(&mut rest, count)?.to_vec();
        let hidden = word(&mut rest)?;
        let shape = Shape {
            files,
            ranks,
            roles,
            hidden,
        };
        Ok((shape, rest))
    }
}

/// The first `n` bytes of `rest`, which moves past them.
pub(super) fn take<'a>(rest: &mut &'a [u8], n: usize) -> Result<&'a [u8], String> {
    let (head, tail) = rest.split_at_checked(n).ok_or("cut off in its header")?;
    *rest = tail;
    Ok(head)
}

/// A little-endian u32 from `rest` (`take`).
pub(super) fn word(rest: &mut &[u8]) -> Result<u32, String> {
    let b = take(rest, 4)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// What the nets' tests share: the checks of a file's start (`Format`, `Shape`).
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::inputs::ROLES;

    /// `read` refuses `good` with `bytes` written over it at `offset`, in words that
    /// say `says`.
    pub fn refused(
        good: &[u8],
        offset: usize,
        bytes: &[u8],
        says: &str,
        read: impl Fn(&[u8]) -> Result<(), String>,
    ) {
        let mut file = good.to_vec();
        file[offset..offset + bytes.len()].copy_from_slice(bytes);
        let e = read(&file).expect_err(says);
        assert!(e.contains(says), "{says}: {e}");
    }

    /// A knightmate file of `format` (`good`) whose start disagrees with the build in
    /// any part is refused by `read`, in words that name the part, and so is any file
    /// for a variant the inputs do not describe. `bad_width` is a width the build does
    /// not read and what its message says. Returns where the net's own part of the
    /// header begins, for its own checks.
    pub fn a_doctored_start_is_refused(
        format: &Format,
        good: &[u8],
        bad_width: (u32, &str),
        read: impl Fn(&[u8], Variant) -> Result<(), String>,
    ) -> usize {
        let v = Variant::Knightmate;
        let knightmate = |bytes: &[u8]| read(bytes, v);
        assert_eq!(knightmate(good), Ok(()));
        let noun = format.noun;
        // After the magic: version, files, ranks, role count, the roles, hidden.
        let at = |field: usize| format.magic.len() + 4 * field;
        let roles_end = at(4) + ROLES;
        let refused = |offset: usize, bytes: &[u8], says: &str| {
            refused(good, offset, bytes, says, knightmate);
        };
        refused(format.magic.len() - 1, b"X", &format!("not a Baton {noun}"));
        let (version, other) = (format.version, format.version + 1);
        refused(
            at(0),
            &other.to_le_bytes(),
            &format!("format version {other}; this build reads version {version}"),
        );
        refused(
            at(1),
            &10u32.to_le_bytes(),
            &format!("a {noun} for a 10x8 board; the knightmate board is 8x8"),
        );
        refused(
            at(2),
            &9u32.to_le_bytes(),
            &format!("a {noun} for a 8x9 board"),
        );
        refused(
            at(3),
            &16u32.to_le_bytes(),
            &format!("a {noun} naming 16 roles"),
        );
        refused(
            at(4),
            &[1],
            "whose inputs name the pieces [1, 1, 2, 3, 4, 5, 6]",
        );
        refused(roles_end, &bad_width.0.to_le_bytes(), bad_width.1);
        let e = knightmate(&good[..roles_end]).expect_err("a cut header");
        assert!(e.contains("cut off in its header"), "{e}");
        // Six roles named: the rest of the header shifts and no longer fits.
        let mut fewer = good.to_vec();
        fewer[at(3)..at(4)].copy_from_slice(&6u32.to_le_bytes());
        fewer.remove(at(4) + 6);
        let e = knightmate(&fewer).expect_err("six roles");
        assert!(e.contains("pieces [0, 1, 2, 3, 4, 5]"), "{e}");
        // A variant on another board has no such file (a net's file is for one board),
        // nor has one whose inputs are other kinds (the correction reads only the plain
        // pieces).
        let noun_board = |name: &str, size: &str| {
            if format.any_board {
                format!("a {noun} for a 8x8 board; the {name} board is {size}")
            } else {
                format!("the {name} board is {size}; {noun}s read 8x8")
            }
        };
        let other_kinds = if format.any_board {
            "whose inputs name the pieces [0, 1, 2, 3, 4, 5, 6]".to_string()
        } else {
            format!("{noun}s read only those")
        };
        for (other, says) in [
            (Variant::StonesRelays, noun_board("stonesrelays", "8x9")),
            (Variant::FlipShatranj, noun_board("flipshatranj", "10x10")),
            (Variant::FlipShatranj8, other_kinds.clone()),
            (Variant::CombiningKnightmare, other_kinds.clone()),
        ] {
            let e = read(good, other).expect_err(&says);
            assert!(e.contains(&says), "{says}: {e}");
        }
        roles_end + 4
    }
}
