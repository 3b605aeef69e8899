//! flowgate's integration tests: one test binary that drives the real
//! `flowgate` executable the way agent hosts do, with the captured payloads
//! under `fixtures/`, and checks stdout, exit codes and the state file.

mod harness;

mod hardening;

mod agreement;
mod authoring;
mod cli;
mod codewhale;
mod doctor;
mod e2e;
mod evidence;
mod fuzz_corpus;
mod help;
mod hosts;
mod import_pi;
mod init;
mod invalid_input;
mod leaks;
mod log;
mod mcp;
mod reliability;
mod replay;
mod sanitize;
mod schema;
mod shell_corpus;
mod shell_paths;
mod shell_robustness;
mod store;
mod store_files;
mod stress;
mod texts;
mod todos;
