//! The MCP protocol side of `flowgate mcp`: an rmcp server on stdin and
//! stdout whose tools are `super::tools`, and whose calls run `super::call`.
//!
//! This is the only place flowgate builds an async runtime, a tokio
//! current-thread one, and only `flowgate mcp` comes here: a hook call
//! never builds or runs it (what the hooks pay is the loading of a larger
//! binary; README, "Performance"). A call does blocking file work (the store's lock may wait),
//! so it runs on tokio's blocking pool and the server keeps reading
//! requests meanwhile. Every failure inside a call is a tool error
//! (`isError: true`) with flowgate's message; a request for a tool that does
//! not exist is a protocol error, as MCP asks. Neither ends the server: it
//! stops when the client closes stdin.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

use super::ParseError;
use crate::exit::Failure;

/// The server: where the workspace is (the `--workspace` flag, if given);
/// no state.
#[derive(Clone, Debug)]
struct Server {
    workspace: Option<PathBuf>,
}

fn texts(texts: Vec<String>) -> Vec<ContentBlock> {
    texts.into_iter().map(ContentBlock::text).collect()
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new(super::SERVER_NAME, env!("CARGO_PKG_VERSION"))
                    .with_title("flowgate"),
            )
            .with_instructions(super::INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let workspace = self.workspace.clone();
        let limits = tokio::task::spawn_blocking(move || super::limits(workspace.as_deref()))
            .await
            .unwrap_or_default();
        let tools = super::tools(limits)
            .into_iter()
            .map(|t| {
                Tool::new(t.name, t.description, Arc::new(t.schema))
                    .with_title(t.title)
                    .with_annotations(
                        ToolAnnotations::with_title(t.title)
                            .read_only(t.read_only)
                            .destructive(false)
                            .open_world(false),
                    )
            })
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let parsed = match super::parse(&request.name, request.arguments.as_ref()) {
            Ok(r) => r,
            Err(ParseError::UnknownTool(why)) => return Err(ErrorData::invalid_params(why, None)),
            Err(ParseError::Arguments(why)) => {
                return Ok(CallToolResult::error(texts(vec![why])).into());
            }
        };
        let workspace = self.workspace.clone();
        let done = tokio::task::spawn_blocking(move || super::call(workspace.as_deref(), parsed))
            .await
            .unwrap_or_else(|e| Err(format!("flowgate: the tool call failed: {e}")));
        Ok(match done {
            Ok(t) => CallToolResult::success(texts(t)),
            Err(why) => CallToolResult::error(texts(vec![why])),
        }
        .into())
    }
}

/// Serve MCP on stdin and stdout until the client closes stdin.
pub fn serve(workspace: Option<PathBuf>) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::runtime(format!("cannot start the MCP server: {e}")))?;
    let served = runtime.block_on(async {
        let running = Server { workspace }
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| Failure::runtime(format!("MCP session did not start: {e}")))?;
        running
            .waiting()
            .await
            .map_err(|e| Failure::runtime(format!("the MCP server stopped: {e}")))?;
        Ok(())
    });
    // A call still running (the client left mid-call) gets a moment to
    // finish its write; the store leaves the old or the new state either way.
    runtime.shutdown_timeout(Duration::from_secs(5));
    served
}
