//! cargo-fuzz target `hook`: see `flowgate_fuzz::Scratch::hook`.
#![no_main]

use std::cell::RefCell;

use flowgate_fuzz::Scratch;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

fuzz_target!(|data: &[u8]| SCRATCH.with(|s| s.borrow_mut().hook(data)));
