//! flowgate: parse, run, exit. Everything else lives in the library.

fn main() {
    std::process::exit(flowgate::cli::main());
}
