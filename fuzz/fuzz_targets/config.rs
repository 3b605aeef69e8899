//! cargo-fuzz target `config`: see `flowgate_fuzz::config`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| flowgate_fuzz::config(data));
