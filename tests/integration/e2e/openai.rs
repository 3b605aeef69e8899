//! The OpenAI Responses API as Codex speaks it: `POST /v1/responses`,
//! streamed as SSE (`response.created`, one `response.output_item.done` per
//! output item, `response.completed`). Shell calls are function calls;
//! `apply_patch` is a freeform (custom) tool.

use serde_json::{Value, json};

use super::server::{Api, Reply, Request};
use super::{Input, Item, Role, Step, Turn};

pub struct Responses;

pub static RESPONSES: Responses = Responses;

fn is_responses(path: &str) -> bool {
    path.starts_with("/v1/responses")
}

fn events(n: usize, output: Vec<Value>) -> Reply {
    let id = format!("resp_e2e_{n}");
    let mut evs = vec![(
        "response.created",
        json!({"type": "response.created", "response": {"id": id}}),
    )];
    for item in output {
        evs.push((
            "response.output_item.done",
            json!({"type": "response.output_item.done", "item": item}),
        ));
    }
    evs.push((
        "response.completed",
        json!({"type": "response.completed", "response": {"id": id, "usage": {
            "input_tokens": 10, "input_tokens_details": null,
            "output_tokens": 5, "output_tokens_details": null, "total_tokens": 15}}}),
    ));
    Reply::sse(&evs)
}

fn say(n: usize, i: usize, text: &str) -> Value {
    json!({"type": "message", "role": "assistant", "id": format!("msg_{n}_{i}"),
           "content": [{"type": "output_text", "text": text, "annotations": []}]})
}

impl Api for Responses {
    fn is_main(&self, method: &str, path: &str, body: &Value) -> bool {
        method == "POST"
            && is_responses(path)
            && body["tools"].as_array().is_some_and(|t| !t.is_empty())
    }

    fn turn(&self, _req: &Request, n: usize, turn: &Turn) -> Reply {
        let output = turn
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| match step {
                Step::Say(t) => say(n, i, t),
                Step::Use(u) => match &u.input {
                    Input::Json(v) => json!({"type": "function_call", "id": format!("fc_{}", u.id),
                        "call_id": u.id, "name": u.name, "arguments": v.to_string()}),
                    Input::Freeform(s) => {
                        json!({"type": "custom_tool_call", "id": format!("ctc_{}", u.id),
                        "call_id": u.id, "name": u.name, "input": s})
                    }
                },
            })
            .collect();
        events(n, output)
    }

    fn side(&self, req: &Request) -> Reply {
        if req.method == "POST" && is_responses(&req.path) {
            return events(0, vec![say(0, 0, "Done.")]);
        }
        if req.path.starts_with("/v1/models") {
            return Reply::json(&json!({"object": "list", "data": [], "models": []}));
        }
        Reply::json(&json!({}))
    }

    fn refuse(&self) -> Reply {
        Reply::error(
            400,
            &json!({"error": {"type": "invalid_request_error", "code": "e2e_no_more_turns",
                              "message": "the scripted model has no more turns"}}),
        )
    }

    fn shown(&self, body: &Value) -> Vec<Item> {
        let mut items = Vec::new();
        if let Some(s) = body["instructions"].as_str() {
            items.push(Item::text(Role::System, s));
        }
        for it in body["input"].as_array().into_iter().flatten() {
            match it["type"].as_str() {
                Some("message") => {
                    let role = match it["role"].as_str() {
                        Some("user") => Role::User,
                        Some("assistant") => Role::Assistant,
                        _ => Role::System,
                    };
                    for part in it["content"].as_array().into_iter().flatten() {
                        if let Some(t) = part["text"].as_str() {
                            items.push(Item::text(role, t));
                        }
                    }
                }
                Some("function_call" | "custom_tool_call") => items.push(Item::Call {
                    id: it["call_id"].as_str().unwrap_or("").into(),
                    name: it["name"].as_str().unwrap_or("").into(),
                }),
                Some("function_call_output" | "custom_tool_call_output") => {
                    let text = match &it["output"] {
                        Value::String(s) => s.clone(),
                        Value::Array(parts) => parts
                            .iter()
                            .filter_map(|p| p["text"].as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        other => other.to_string(),
                    };
                    items.push(Item::Result {
                        id: it["call_id"].as_str().unwrap_or("").into(),
                        text,
                    });
                }
                _ => {}
            }
        }
        items
    }
}
