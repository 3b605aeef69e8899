//! The OpenAI Chat Completions API as CodeWhale speaks it (its DeepSeek
//! route): `POST /v1/chat/completions`, streamed as SSE chunks ending in
//! `data: [DONE]`, plus `GET /v1/models`.

use serde_json::{Value, json};

use super::server::{Api, Reply, Request};
use super::{Input, Item, Role, Step, Turn};

pub struct Chat;

pub static CHAT: Chat = Chat;

fn is_chat(path: &str) -> bool {
    path.contains("/chat/completions")
}

fn chunk(req: &Request, delta: Value, finish: Option<&str>) -> Value {
    json!({
        "id": "chatcmpl-e2e", "object": "chat.completion.chunk", "created": 0,
        "model": req.body["model"],
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]
    })
}

fn stream(req: &Request, text: Option<&str>, calls: &[Value]) -> Reply {
    let mut events = vec![("", chunk(req, json!({"role": "assistant"}), None))];
    if let Some(t) = text {
        events.push(("", chunk(req, json!({ "content": t }), None)));
    }
    for (i, c) in calls.iter().enumerate() {
        let mut c = c.clone();
        c["index"] = json!(i);
        events.push(("", chunk(req, json!({ "tool_calls": [c] }), None)));
    }
    let finish = if calls.is_empty() {
        "stop"
    } else {
        "tool_calls"
    };
    let mut last = chunk(req, json!({}), Some(finish));
    last["usage"] = json!({"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15});
    events.push(("", last));
    let mut reply = Reply::sse(&events);
    reply.body.extend_from_slice(b"data: [DONE]\n\n");
    reply
}

impl Api for Chat {
    fn is_main(&self, method: &str, path: &str, body: &Value) -> bool {
        method == "POST" && is_chat(path) && body["tools"].as_array().is_some_and(|t| !t.is_empty())
    }

    fn turn(&self, req: &Request, _n: usize, turn: &Turn) -> Reply {
        let mut text = Vec::new();
        let mut calls = Vec::new();
        for step in &turn.steps {
            match step {
                Step::Say(t) => text.push(t.as_str()),
                Step::Use(u) => {
                    let args = match &u.input {
                        Input::Json(v) => v.to_string(),
                        Input::Freeform(s) => json!({ "input": s }).to_string(),
                    };
                    calls.push(json!({"id": u.id, "type": "function",
                                      "function": {"name": u.name, "arguments": args}}));
                }
            }
        }
        let text = text.join("\n");
        stream(req, (!text.is_empty()).then_some(text.as_str()), &calls)
    }

    fn side(&self, req: &Request) -> Reply {
        if req.method == "POST" && is_chat(&req.path) {
            if req.body["stream"] == true {
                return stream(req, Some("Done."), &[]);
            }
            return Reply::json(&json!({
                "id": "chatcmpl-e2e", "object": "chat.completion", "created": 0,
                "model": req.body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "Done."},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
            }));
        }
        if req.path.contains("/models") {
            return Reply::json(&json!({"object": "list", "data": [
                {"id": "deepseek-chat", "object": "model", "owned_by": "e2e"}]}));
        }
        Reply::json(&json!({}))
    }

    fn refuse(&self) -> Reply {
        Reply::error(
            400,
            &json!({"error": {"type": "invalid_request_error",
                              "message": "the scripted model has no more turns"}}),
        )
    }

    fn shown(&self, body: &Value) -> Vec<Item> {
        let mut items = Vec::new();
        for m in body["messages"].as_array().into_iter().flatten() {
            let text = match &m["content"] {
                Value::String(s) => s.clone(),
                Value::Array(parts) => parts
                    .iter()
                    .filter_map(|p| p["text"].as_str())
                    .collect::<Vec<_>>()
                    .join("\n"),
                _ => String::new(),
            };
            match m["role"].as_str() {
                Some("tool") => items.push(Item::Result {
                    id: m["tool_call_id"].as_str().unwrap_or("").into(),
                    text,
                }),
                Some("assistant") => {
                    if !text.is_empty() {
                        items.push(Item::text(Role::Assistant, &text));
                    }
                    for c in m["tool_calls"].as_array().into_iter().flatten() {
                        items.push(Item::Call {
                            id: c["id"].as_str().unwrap_or("").into(),
                            name: c["function"]["name"].as_str().unwrap_or("").into(),
                        });
                    }
                }
                Some("user") => items.push(Item::text(Role::User, &text)),
                _ => items.push(Item::text(Role::System, &text)),
            }
        }
        items
    }
}
