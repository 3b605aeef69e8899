//! flowgate: parse, run, exit. Everything else lives in the library.

/// The static musl build allocates with dlmalloc: musl's own allocator
/// made a 10 KB shell command cost 1.55× a short one, and rlsf ran more
/// instructions and touched more pages on every event (docs/performance.md).
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

fn main() {
    std::process::exit(flowgate::cli::main());
}
