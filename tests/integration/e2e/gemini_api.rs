//! The Gemini API as Gemini CLI speaks it: `POST
//! /v1beta/models/{model}:streamGenerateContent?alt=sse` for the agent's
//! turns, and side requests without tools: `:generateContent` (JSON-mode
//! checks such as "who speaks next"), `:countTokens`.

use serde_json::{Map, Value, json};

use super::server::{Api, Reply, Request};
use super::{Input, Item, Role, Step, Turn};

pub struct Gemini;

pub static GEMINI: Gemini = Gemini;

fn offers_tools(body: &Value) -> bool {
    body["tools"].as_array().is_some_and(|tools| {
        tools.iter().any(|t| {
            t["functionDeclarations"]
                .as_array()
                .is_some_and(|f| !f.is_empty())
        })
    })
}

fn candidate(parts: Vec<Value>) -> Value {
    json!({
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "gemini-2.5-pro"
    })
}

/// An answer to a JSON-mode side request: the fields its schema asks for,
/// with the values that let the agent go on as scripted (the user speaks
/// next, nothing loops, the requested model is fine).
fn json_answer(body: &Value) -> Value {
    let schema = &body["generationConfig"]["responseJsonSchema"];
    let schema = if schema.is_null() {
        &body["generationConfig"]["responseSchema"]
    } else {
        schema
    };
    let mut out = Map::new();
    for (k, prop) in schema["properties"].as_object().into_iter().flatten() {
        let v = match k.as_str() {
            "next_speaker" => json!("user"),
            "model_choice" => json!("pro"),
            "unproductive_state_confidence" | "confidence" => json!(0.0),
            _ => match prop["type"]
                .as_str()
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                Some("number" | "integer") => json!(0),
                Some("boolean") => json!(false),
                Some("array") => json!([]),
                Some("object") => json!({}),
                _ => json!("scripted"),
            },
        };
        out.insert(k.clone(), v);
    }
    Value::Object(out)
}

impl Api for Gemini {
    fn is_main(&self, method: &str, path: &str, body: &Value) -> bool {
        method == "POST" && path.contains(":streamGenerateContent") && offers_tools(body)
    }

    fn turn(&self, _req: &Request, _n: usize, turn: &Turn) -> Reply {
        let parts = turn
            .steps
            .iter()
            .map(|step| match step {
                Step::Say(t) => json!({ "text": t }),
                Step::Use(u) => {
                    let args = match &u.input {
                        Input::Json(v) => v.clone(),
                        Input::Freeform(s) => json!({ "input": s }),
                    };
                    json!({"functionCall": {"id": u.id, "name": u.name, "args": args}})
                }
            })
            .collect();
        Reply::sse(&[("", candidate(parts))])
    }

    fn side(&self, req: &Request) -> Reply {
        let path = req.path.as_str();
        if path.contains(":countTokens") {
            return Reply::json(&json!({"totalTokens": 10}));
        }
        let json_mode = req.body["generationConfig"]["responseMimeType"] == "application/json";
        let text = if json_mode {
            json_answer(&req.body).to_string()
        } else {
            "Done.".to_string()
        };
        let answer = candidate(vec![json!({ "text": text })]);
        if path.contains(":streamGenerateContent") {
            Reply::sse(&[("", answer)])
        } else if path.contains(":generateContent") {
            Reply::json(&answer)
        } else {
            Reply::json(&json!({}))
        }
    }

    fn refuse(&self) -> Reply {
        Reply::error(
            400,
            &json!({"error": {"code": 400, "status": "INVALID_ARGUMENT",
                              "message": "the scripted model has no more turns"}}),
        )
    }

    fn shown(&self, body: &Value) -> Vec<Item> {
        let mut items = Vec::new();
        for p in body["systemInstruction"]["parts"]
            .as_array()
            .into_iter()
            .flatten()
        {
            if let Some(t) = p["text"].as_str() {
                items.push(Item::text(Role::System, t));
            }
        }
        for c in body["contents"].as_array().into_iter().flatten() {
            let role = if c["role"] == "model" {
                Role::Assistant
            } else {
                Role::User
            };
            for p in c["parts"].as_array().into_iter().flatten() {
                if let Some(t) = p["text"].as_str() {
                    items.push(Item::text(role, t));
                } else if let Some(fc) = p.get("functionCall") {
                    items.push(Item::Call {
                        id: fc["id"].as_str().unwrap_or("").into(),
                        name: fc["name"].as_str().unwrap_or("").into(),
                    });
                } else if let Some(fr) = p.get("functionResponse") {
                    let r = &fr["response"];
                    let text = ["output", "error", "llmContent"]
                        .iter()
                        .filter_map(|k| r[*k].as_str())
                        .collect::<Vec<_>>()
                        .join("\n");
                    items.push(Item::Result {
                        id: fr["id"].as_str().unwrap_or("").into(),
                        text: if text.is_empty() { r.to_string() } else { text },
                    });
                }
            }
        }
        items
    }
}
