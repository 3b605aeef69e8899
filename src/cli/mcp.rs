//! `flowgate mcp`: serve flowgate's MCP tools on stdin and stdout (the
//! host starts it; see `crate::mcp`). Prints nothing else on stdout.

use std::path::Path;

use super::Output;
use crate::exit::Failure;

pub fn run(flag: Option<&Path>) -> Result<Output, Failure> {
    crate::mcp::server::serve(flag.map(Path::to_path_buf))?;
    Ok(Output::ok(""))
}
