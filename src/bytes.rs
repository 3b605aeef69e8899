//! Byte scans on the hot path, written so the compiler runs them on many
//! bytes at once. The static musl build's `memcmp` and a plain
//! `bytes().any(…)` both look at one byte at a time; on a 12 KB state or a
//! 4 KB reason that was tens of thousands of instructions per hook call.

/// Whether any byte of `b` is a `hit`. Decided sixteen bytes at a time
/// (a fold without early exit, which the compiler turns into vector
/// instructions), so `hit` must be cheap and free of side effects, and
/// join its tests with `|`, not `||`: a branch in it stops the
/// vectorising (a 32 KiB message then cost ~300,000 instructions instead
/// of ~25,000).
pub fn any_byte(b: &[u8], hit: impl Fn(u8) -> bool) -> bool {
    let (chunks, tail) = b.as_chunks::<16>();
    chunks
        .iter()
        .any(|c| c.iter().fold(false, |seen, &x| seen | hit(x)))
        || tail.iter().any(|&x| hit(x))
}

/// Where the first `hit` byte of `b` is: chunks of sixteen without one
/// are passed over as [`any_byte`] does.
pub fn position(b: &[u8], hit: impl Fn(u8) -> bool) -> Option<usize> {
    // Sixty-four bytes a step first (one test and branch for four vector
    // compares), then sixteen, then one at a time.
    let clean = |chunks: &[[u8; 64]]| {
        chunks
            .iter()
            .take_while(|c| !c.iter().fold(false, |seen, &x| seen | hit(x)))
            .count()
    };
    let from = clean(b.as_chunks::<64>().0) * 64;
    let (chunks, _) = b[from..].as_chunks::<16>();
    let from = from
        + chunks
            .iter()
            .take_while(|c| !c.iter().fold(false, |seen, &x| seen | hit(x)))
            .count()
            * 16;
    b[from..].iter().position(|&x| hit(x)).map(|k| from + k)
}

/// `a == b`, eight bytes at a time. `==` on byte slices calls the C
/// library's `memcmp`, which musl's static build runs a byte at a time:
/// comparing a 20 KB state that way cost ~80,000 instructions, a tenth of
/// a writing Stop.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    let word = |c: &[u8]| u64::from_le_bytes(c.try_into().expect("8 bytes"));
    let (wa, wb) = (a.chunks_exact(8), b.chunks_exact(8));
    a.len() == b.len()
        && wa.remainder().iter().eq(wb.remainder())
        && wa.zip(wb).all(|(x, y)| word(x) == word(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]

        /// `same` is `==`: on equal bytes, and on bytes that differ in one
        /// place (anywhere: in a full word or in the tail) or in length.
        #[test]
        fn same_is_equality(
            a in proptest::collection::vec(proptest::num::u8::ANY, 0..40),
            at in 0usize..40,
            flip in 1u8..=255,
            cut in proptest::bool::ANY,
        ) {
            proptest::prop_assert!(same(&a, &a.clone()));
            let mut b = a.clone();
            if cut {
                b.pop();
            } else if let Some(x) = b.get_mut(at) {
                *x ^= flip;
            }
            proptest::prop_assert_eq!(same(&a, &b), a == b);
        }

        /// `any_byte` is `iter().any`, wherever the one byte that hits is
        /// (in a chunk of sixteen or in the tail), and when none does.
        #[test]
        fn any_byte_is_any(
            mut a in proptest::collection::vec(b'a'..=b'z', 0..200),
            at in 0usize..200,
            put in proptest::bool::ANY,
        ) {
            if put && let Some(x) = a.get_mut(at) {
                *x = b'<';
            }
            proptest::prop_assert_eq!(
                any_byte(&a, |c| c == b'<'),
                a.contains(&b'<')
            );
            proptest::prop_assert_eq!(
                position(&a, |c| c == b'<'),
                a.iter().position(|&c| c == b'<')
            );
        }
    }
}
