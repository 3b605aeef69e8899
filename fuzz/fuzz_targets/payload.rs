//! cargo-fuzz target `payload`: see `flowgate_fuzz::payload`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| flowgate_fuzz::payload(data));
