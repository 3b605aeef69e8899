//! CodeWhale: placeholder until the runner is written.
