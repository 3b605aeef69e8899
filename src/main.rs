//! flowgate: parse, run, exit. Everything else lives in the library.

/// The static musl build allocates with rlsf (TLSF, pure Rust): musl's own
/// allocator made a 10 KB shell command cost 1.55× a short one, and rlsf
/// measured cheaper than dlmalloc on every event (docs/performance.md).
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: rlsf::GlobalTlsf = rlsf::GlobalTlsf::new();

fn main() {
    std::process::exit(flowgate::cli::main());
}
