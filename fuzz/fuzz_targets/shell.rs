//! cargo-fuzz target `shell`: see `flowgate_fuzz::shell`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| flowgate_fuzz::shell(data));
