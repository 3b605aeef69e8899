//! The Anthropic Messages API as Claude Code speaks it: `POST
//! /v1/messages` (streamed as SSE), `POST /v1/messages/count_tokens`, and a
//! `HEAD /` probe.

use serde_json::{Value, json};

use super::server::{Api, Reply, Request};
use super::{Input, Item, Role, Step, Turn};

pub struct Messages;

pub static MESSAGES: Messages = Messages;

fn is_messages(path: &str) -> bool {
    path == "/v1/messages" || path.starts_with("/v1/messages?")
}

fn message(req: &Request, content: Vec<Value>, stop: &str) -> Value {
    json!({
        "id": "msg_e2e", "type": "message", "role": "assistant",
        "model": req.body["model"], "content": content,
        "stop_reason": stop, "stop_sequence": null,
        "usage": {"input_tokens": 10, "output_tokens": 5}
    })
}

fn text_reply(req: &Request, text: &str) -> Reply {
    let content = vec![json!({"type": "text", "text": text})];
    if req.body["stream"] == true {
        stream(req, &content, "end_turn")
    } else {
        Reply::json(&message(req, content, "end_turn"))
    }
}

fn stream(req: &Request, content: &[Value], stop: &str) -> Reply {
    let mut events = vec![(
        "message_start",
        json!({"type": "message_start", "message": message(req, Vec::new(), "")}),
    )];
    events[0].1["message"]["stop_reason"] = Value::Null;
    for (i, block) in content.iter().enumerate() {
        let (start, delta) = match block["type"].as_str() {
            Some("tool_use") => (
                json!({"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}),
                json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
            ),
            _ => (
                json!({"type": "text", "text": ""}),
                json!({"type": "text_delta", "text": block["text"]}),
            ),
        };
        events.push((
            "content_block_start",
            json!({"type": "content_block_start", "index": i, "content_block": start}),
        ));
        events.push((
            "content_block_delta",
            json!({"type": "content_block_delta", "index": i, "delta": delta}),
        ));
        events.push((
            "content_block_stop",
            json!({"type": "content_block_stop", "index": i}),
        ));
    }
    events.push((
        "message_delta",
        json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": 5}}),
    ));
    events.push(("message_stop", json!({"type": "message_stop"})));
    Reply::sse(&events)
}

impl Api for Messages {
    fn is_main(&self, method: &str, path: &str, body: &Value) -> bool {
        method == "POST"
            && is_messages(path)
            && body["tools"].as_array().is_some_and(|t| !t.is_empty())
    }

    fn turn(&self, req: &Request, _n: usize, turn: &Turn) -> Reply {
        let mut content = Vec::new();
        let mut tools = false;
        for step in &turn.steps {
            content.push(match step {
                Step::Say(t) => json!({"type": "text", "text": t}),
                Step::Use(u) => {
                    tools = true;
                    let input = match &u.input {
                        Input::Json(v) => v.clone(),
                        Input::Freeform(s) => json!({ "input": s }),
                    };
                    json!({"type": "tool_use", "id": u.id, "name": u.name, "input": input})
                }
            });
        }
        let stop = if tools { "tool_use" } else { "end_turn" };
        if req.body["stream"] == true {
            stream(req, &content, stop)
        } else {
            Reply::json(&message(req, content, stop))
        }
    }

    fn side(&self, req: &Request) -> Reply {
        if req.path.starts_with("/v1/messages/count_tokens") {
            return Reply::json(&json!({"input_tokens": 10}));
        }
        if req.method == "POST" && is_messages(&req.path) {
            return text_reply(req, "Done.");
        }
        Reply::json(&json!({}))
    }

    fn refuse(&self) -> Reply {
        Reply::error(
            400,
            &json!({"type": "error", "error": {"type": "invalid_request_error", "message": "the scripted model has no more turns"}}),
        )
    }

    fn shown(&self, body: &Value) -> Vec<Item> {
        let mut items = Vec::new();
        match &body["system"] {
            Value::String(s) => items.push(Item::text(Role::System, s)),
            Value::Array(blocks) => {
                for b in blocks {
                    if let Some(t) = b["text"].as_str() {
                        items.push(Item::text(Role::System, t));
                    }
                }
            }
            _ => {}
        }
        for m in body["messages"].as_array().into_iter().flatten() {
            let role = if m["role"] == "assistant" {
                Role::Assistant
            } else {
                Role::User
            };
            match &m["content"] {
                Value::String(s) => items.push(Item::text(role, s)),
                Value::Array(blocks) => {
                    for b in blocks {
                        match b["type"].as_str() {
                            Some("text") => {
                                items.push(Item::text(role, b["text"].as_str().unwrap_or("")))
                            }
                            Some("tool_use") => items.push(Item::Call {
                                id: b["id"].as_str().unwrap_or("").into(),
                                name: b["name"].as_str().unwrap_or("").into(),
                            }),
                            Some("tool_result") => items.push(Item::Result {
                                id: b["tool_use_id"].as_str().unwrap_or("").into(),
                                text: flatten(&b["content"]),
                            }),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        items
    }
}

/// A tool result's content: a string, or text blocks.
fn flatten(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .filter_map(|b| b["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}
