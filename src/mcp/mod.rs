//! `flowgate mcp`: the agent's flowgate commands as MCP tools —
//! `workflow_step`, `write_todos`, `edit_todos`, `list_todos`, the tools
//! pi-workflows and pi-til-done gave the agent (reference §4.3, §5.2) — for
//! hosts that load MCP servers.
//!
//! This module is plain synchronous code: what the tools are (names,
//! descriptions carrying pi's usage guidelines, JSON schemas: [`tools`]), how
//! a call's arguments are read and checked ([`parse`]), and what a call does
//! ([`call`]). A call runs the command line's own `step` and `todo` code, so
//! its result is the text `flowgate step …` or `flowgate todo …` prints, and
//! it opens the workspace afresh every time: the state is read and written
//! through the store as the hooks do, under the same lock, never cached.
//! [`server`] speaks the protocol (rmcp) and is the only place in flowgate
//! where an async runtime is built.

pub mod server;

use std::path::Path;

use serde_json::{Map, Value, json};

use crate::app::{App, resolve_workspace};
use crate::cli::step::{self, Action};
use crate::engine::todos::{EditAction, Limits, TodoOp};
use crate::exit::Failure;

/// The name flowgate registers its server under. Hook payloads name the
/// tools after it (`mcp__flowgate__workflow_step`), and only this server's
/// tools are exempt from phase rules (`engine::call::OWN_MCP_TOOLS`).
pub const SERVER_NAME: &str = "flowgate";

/// What the server tells the client about itself at `initialize`.
pub const INSTRUCTIONS: &str = "flowgate keeps you on a defined workflow: phases with instructions and tool rules, and a todo list. Its tools are always allowed. Use workflow_step to move through the run (action \"next\" when the current phase is done) and write_todos, edit_todos and list_todos to keep the todo list. They do what the `flowgate step` and `flowgate todo` shell commands do, on the same state.";

/// One tool as `tools/list` shows it.
#[derive(Clone, Debug)]
pub struct ToolDef {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// The input schema (a JSON Schema object).
    pub schema: Map<String, Value>,
    /// The tool changes nothing.
    pub read_only: bool,
}

const WORKFLOW_STEP: &str = "Move through the active flowgate workflow run: advance to the next phase, show where you are, restart the current scope, or cancel. The result says what changed and what to do in the phase you are in now.

Guidelines:
- action \"next\": when you have finished everything the current phase asks, advance to the next phase (subworkflows are entered and left on their own). Pass summary with what you did; it is kept in the run.
- action \"status\": show the workflow, the current phase and its instructions. It changes nothing; use it when you are unsure where you are.
- action \"loop\": restart the current (innermost) scope from its first phase, when its workflow allows looping, e.g. for another round of a code and test loop.
- action \"cancel\": only when the user asks to stop the run. The first call only asks for confirmation; call again with confirm: true to cancel. This cannot be undone.
There is no back, skip or jump: finish the phase you are in, then call next.";

const WRITE_TODOS: &str = "Manage a todo list: write (replace, append, insert); edit_todos starts, completes or abandons items by index; list_todos shows the list. Items are numbered from 0 and start as not started (–); in progress is ●, completed ✓, abandoned ✗.

Guidelines:
- Use mode \"replace\" at the start of a multi-step task to write the whole plan, one todo per step (an empty list clears it).
- Use mode \"append\" to add todos you discover to the end of the list.
- Use mode \"insert\" with index to add todos before position index (0 is the top; the list length appends).
- Use edit_todos with action \"start\" on the item you are about to work on.
- Use edit_todos with action \"complete\" as soon as an item is done.
- Use edit_todos with action \"abandon\" for an item that is no longer needed.
- Use list_todos to see the list with its indices and statuses.
- Always start the next item before working on it, then complete it.";

const EDIT_TODOS: &str = "Change the status of todos by index (from 0): action \"start\" marks them in progress (●), \"complete\" completed (✓), \"abandon\" abandoned (✗). All or nothing: if any index is out of range, nothing changes.

Guidelines:
- Start the next item before working on it, then complete it as soon as it is done; work through the list in order.
- Abandon an item that is no longer needed instead of leaving it open.
- Use list_todos to check the indices first if you are unsure.";

const LIST_TODOS: &str = "Show the todo list: one line per item, `<status> [index] text` (– not started, ● in progress, ✓ completed, ✗ abandoned), or \"No todos\". Changes nothing.";

/// The four tools, their schemas bounded by the todo `limits` in force.
pub fn tools(limits: Limits) -> Vec<ToolDef> {
    let object = |v: Value| match v {
        Value::Object(m) => m,
        _ => unreachable!("every schema is a JSON object"),
    };
    vec![
        ToolDef {
            name: "workflow_step",
            title: "Workflow Step",
            description: WORKFLOW_STEP,
            schema: object(json!({
                "type": "object",
                "properties": {
                    "action": {
                        "type": "string",
                        "enum": ["next", "loop", "status", "cancel"],
                        "description": "next: advance to the next phase; status: show where you are (changes nothing); loop: restart the current scope from its first phase; cancel: cancel the run (asks for confirm first)"
                    },
                    "confirm": {
                        "type": "boolean",
                        "description": "With action \"cancel\": true cancels the run; without it the call only asks for confirmation."
                    },
                    "summary": {
                        "type": "string",
                        "description": "With action \"next\": what you did in the phase you are leaving (kept in the run)."
                    }
                },
                "required": ["action"],
                "additionalProperties": false
            })),
            read_only: false,
        },
        ToolDef {
            name: "write_todos",
            title: "Write Todos",
            description: WRITE_TODOS,
            schema: object(json!({
                "type": "object",
                "properties": {
                    "mode": {
                        "type": "string",
                        "enum": ["replace", "append", "insert"],
                        "description": "replace: the list becomes these todos; append: add them at the end; insert: add them before position index"
                    },
                    "index": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "With mode \"insert\" (required there): the position to insert before, 0 to the list length."
                    },
                    "todos": {
                        "type": "array",
                        "maxItems": limits.max_items,
                        "description": "The todos, in order.",
                        "items": {
                            "type": "object",
                            "properties": {
                                "text": {
                                    "type": "string",
                                    "minLength": 1,
                                    "maxLength": limits.max_text,
                                    "description": "What to do, in one line."
                                }
                            },
                            "required": ["text"],
                            "additionalProperties": false
                        }
                    }
                },
                "required": ["mode", "todos"],
                "additionalProperties": false
            })),
            read_only: false,
        },
        ToolDef {
            name: "edit_todos",
            title: "Edit Todos",
            description: EDIT_TODOS,
            schema: object(json!({
                "type": "object",
                "properties": {
                    "action": {
                        "type": "string",
                        "enum": ["start", "complete", "abandon"],
                        "description": "start: in progress; complete: completed; abandon: abandoned"
                    },
                    "indices": {
                        "type": "array",
                        "items": { "type": "integer", "minimum": 0 },
                        "minItems": 1,
                        "maxItems": limits.max_indices,
                        "description": "The items to change, by index from 0."
                    }
                },
                "required": ["action", "indices"],
                "additionalProperties": false
            })),
            read_only: false,
        },
        ToolDef {
            name: "list_todos",
            title: "List Todos",
            description: LIST_TODOS,
            schema: object(json!({
                "type": "object",
                "properties": {},
                "additionalProperties": false
            })),
            read_only: true,
        },
    ]
}

/// A tool call with its arguments read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `workflow_step`: the arguments of `flowgate step`.
    Step {
        action: Action,
        confirm: bool,
        summary: Option<String>,
    },
    /// `write_todos` or `edit_todos`.
    Todo(TodoOp),
    /// `list_todos`.
    List,
}

/// Why a call could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No such tool (a protocol error: the client asked for a tool this
    /// server never listed).
    UnknownTool(String),
    /// The arguments are wrong: a tool error the model can correct.
    Arguments(String),
}

/// Read a call of `tool` with `args` (absent arguments are no arguments).
pub fn parse(tool: &str, args: Option<&Map<String, Value>>) -> Result<Request, ParseError> {
    let empty = Map::new();
    let args = Args {
        tool,
        map: args.unwrap_or(&empty),
    };
    let bad = ParseError::Arguments;
    match tool {
        "workflow_step" => {
            args.only(&["action", "confirm", "summary"]).map_err(bad)?;
            let action = match args.word("action", &["next", "loop", "status", "cancel"]) {
                Ok("next") => Action::Next,
                Ok("loop") => Action::Loop,
                Ok("status") => Action::Status,
                Ok(_) => Action::Cancel,
                Err(e) => return Err(bad(e)),
            };
            Ok(Request::Step {
                action,
                confirm: args.boolean("confirm").map_err(bad)?.unwrap_or(false),
                summary: args.string("summary").map_err(bad)?.map(str::to_string),
            })
        }
        "write_todos" => {
            args.only(&["mode", "index", "todos"]).map_err(bad)?;
            let mode = args
                .word("mode", &["replace", "append", "insert"])
                .map_err(bad)?;
            let todos = args.todos().map_err(bad)?;
            let op = match mode {
                "replace" if todos.is_empty() => TodoOp::Clear,
                "replace" => TodoOp::Write(todos),
                _ if todos.is_empty() => {
                    return Err(bad(format!(
                        "Error: give at least one todo to {}",
                        if mode == "append" { "append" } else { "insert" }
                    )));
                }
                "append" => TodoOp::Append(todos),
                _ => match args.get("index") {
                    None => {
                        return Err(bad(
                            "Error: 'index' is required for the 'insert' mode".into()
                        ));
                    }
                    Some(v) => TodoOp::Insert(args.index(v, "\"index\"").map_err(bad)?, todos),
                },
            };
            Ok(Request::Todo(op))
        }
        "edit_todos" => {
            args.only(&["action", "indices"]).map_err(bad)?;
            let action = match args.word("action", &["start", "complete", "abandon"]) {
                Ok("start") => EditAction::Start,
                Ok("complete") => EditAction::Complete,
                Ok(_) => EditAction::Abandon,
                Err(e) => return Err(bad(e)),
            };
            let list = match args.get("indices") {
                Some(Value::Array(list)) => list,
                Some(_) => {
                    return Err(bad(
                        "Error: \"indices\" must be a list of item numbers, like [0, 2]".into(),
                    ));
                }
                None => return Err(bad("Error: \"indices\" is required, like [0, 2]".into())),
            };
            let indices = list
                .iter()
                .enumerate()
                .map(|(i, v)| args.index(v, &format!("indices[{i}]")))
                .collect::<Result<Vec<_>, _>>()
                .map_err(bad)?;
            Ok(Request::Todo(TodoOp::Edit(action, indices)))
        }
        "list_todos" => {
            args.only(&[]).map_err(bad)?;
            Ok(Request::List)
        }
        other => Err(ParseError::UnknownTool(format!(
            "unknown tool \"{other}\"; flowgate's tools are {}",
            crate::engine::call::OWN_MCP_TOOLS.join(", ")
        ))),
    }
}

/// A call's arguments, read strictly: the schema's keys only, each with its
/// type; `null` counts as absent.
struct Args<'a> {
    tool: &'a str,
    map: &'a Map<String, Value>,
}

impl<'a> Args<'a> {
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn only(&self, keys: &[&str]) -> Result<(), String> {
        let Some(unknown) = self.map.keys().find(|k| !keys.contains(&k.as_str())) else {
            return Ok(());
        };
        let hint = crate::diag::did_you_mean(unknown, keys.iter().copied())
            .map(|k| format!(" (did you mean \"{k}\"?)"))
            .unwrap_or_default();
        let takes = if keys.is_empty() {
            "no arguments".to_string()
        } else {
            keys.iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        Err(format!(
            "Error: unknown argument \"{unknown}\"{hint}; {} takes {takes}",
            self.tool
        ))
    }

    fn string(&self, key: &str) -> Result<Option<&'a str>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(format!(
                "Error: \"{key}\" must be a string, not {}",
                kind(v)
            )),
        }
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(format!(
                "Error: \"{key}\" must be true or false, not {}",
                kind(v)
            )),
        }
    }

    /// A required string that is one of `words`.
    fn word(&self, key: &str, words: &[&'static str]) -> Result<&'static str, String> {
        let choices = words
            .iter()
            .map(|w| format!("\"{w}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let given = self
            .string(key)?
            .ok_or_else(|| format!("Error: \"{key}\" is required: one of {choices}"))?;
        words.iter().copied().find(|w| *w == given).ok_or_else(|| {
            let hint = crate::diag::did_you_mean(given, words.iter().copied())
                .map(|w| format!(" (did you mean \"{w}\"?)"))
                .unwrap_or_default();
            format!("Error: \"{key}\" must be one of {choices}, not \"{given}\"{hint}")
        })
    }

    /// An item number: a whole number, 0 or more.
    fn index(&self, v: &Value, what: &str) -> Result<usize, String> {
        let n = match v {
            Value::Number(n) => n.as_u64().or_else(|| {
                n.as_f64()
                    .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                    .map(|f| f as u64)
            }),
            _ => None,
        };
        n.and_then(|n| usize::try_from(n).ok()).ok_or_else(|| {
            format!(
                "Error: {what} must be a whole number, 0 or more, not {}",
                show(v)
            )
        })
    }

    /// The `todos` list: `[{"text": "…"}, …]`, required.
    fn todos(&self) -> Result<Vec<String>, String> {
        let shape = "each todo is {\"text\": \"…\"}";
        let list = match self.get("todos") {
            Some(Value::Array(list)) => list,
            Some(v) => {
                return Err(format!(
                    "Error: \"todos\" must be a list, not {}; {shape}",
                    kind(v)
                ));
            }
            None => return Err(format!("Error: \"todos\" is required; {shape}")),
        };
        list.iter()
            .enumerate()
            .map(|(i, item)| {
                let Value::Object(fields) = item else {
                    return Err(format!(
                        "Error: todos[{i}] must be an object, not {}; {shape}",
                        kind(item)
                    ));
                };
                if let Some(k) = fields.keys().find(|k| *k != "text") {
                    return Err(format!(
                        "Error: todos[{i}] has an unknown key \"{k}\"; {shape} (new todos are not started: use edit_todos to change a status)"
                    ));
                }
                match fields.get("text") {
                    Some(Value::String(t)) => Ok(t.clone()),
                    Some(v) => Err(format!(
                        "Error: todos[{i}].text must be a string, not {}",
                        kind(v)
                    )),
                    None => Err(format!("Error: todos[{i}] has no \"text\"; {shape}")),
                }
            })
            .collect()
    }
}

/// What kind of JSON value `v` is, for messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// `v` shortened, for messages.
fn show(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(39).collect::<String>())
    } else {
        s
    }
}

/// The todo limits in force in the workspace (the defaults when the config
/// cannot be read: `tools/list` still answers, and a call reports the
/// config's problem).
pub fn limits(workspace: Option<&Path>) -> Limits {
    let (app, _) = App::open_lenient(resolve_workspace(workspace, None));
    app.settings.todo_limits
}

/// What a call answered: the command line's stdout, then any notice it
/// printed on stderr (a corrupt state set aside).
pub type Texts = Vec<String>;

/// Run `request` in the workspace: `workspace` (the `--workspace` flag),
/// else found as the command line finds it (`FLOWGATE_WORKSPACE`, else the
/// nearest directory at or above the current one that holds `.flowgate/`,
/// else the current directory), opened afresh for this call. `Err` is the
/// text of a tool error.
pub fn call(workspace: Option<&Path>, request: Request) -> Result<Texts, String> {
    let app = App::open(resolve_workspace(workspace, None)).map_err(|f| f.message)?;
    let out = match request {
        Request::Step {
            action,
            confirm,
            summary,
        } => step::step(
            &app,
            &step::Args {
                action,
                confirm,
                summary,
            },
            "mcp",
        ),
        // pi-til-done's tools answer a refused edit with "Error: …".
        Request::Todo(op) => crate::cli::todo::change(&app, op, "mcp").map_err(|f| Failure {
            message: format!("Error: {}", f.message),
            ..f
        }),
        Request::List => crate::cli::todo::list(&app),
    }
    .map_err(|f| f.message)?;
    let mut texts = vec![out.stdout];
    if !out.stderr.is_empty() {
        texts.push(out.stderr);
    }
    Ok(texts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => panic!("not an object"),
        }
    }

    fn ok(tool: &str, v: Value) -> Request {
        parse(tool, Some(&args(v))).unwrap()
    }

    fn err(tool: &str, v: Value) -> String {
        match parse(tool, Some(&args(v))) {
            Err(ParseError::Arguments(e)) => e,
            other => panic!("{tool}: expected an argument error, got {other:?}"),
        }
    }

    #[test]
    fn workflow_step_reads_the_step_arguments() {
        assert_eq!(
            ok(
                "workflow_step",
                json!({"action": "next", "summary": "did it"})
            ),
            Request::Step {
                action: Action::Next,
                confirm: false,
                summary: Some("did it".into())
            }
        );
        assert_eq!(
            ok(
                "workflow_step",
                json!({"action": "cancel", "confirm": true, "summary": null})
            ),
            Request::Step {
                action: Action::Cancel,
                confirm: true,
                summary: None
            }
        );
        assert!(err("workflow_step", json!({})).contains("\"action\" is required"));
        let e = err("workflow_step", json!({"action": "nxt"}));
        assert!(e.contains("not \"nxt\" (did you mean \"next\"?)"), "{e}");
        let e = err(
            "workflow_step",
            json!({"action": "next", "confirmed": true}),
        );
        assert!(
            e.contains("unknown argument \"confirmed\" (did you mean \"confirm\"?)"),
            "{e}"
        );
        assert!(err("workflow_step", json!({"action": 1})).contains("must be a string"));
        assert!(
            err(
                "workflow_step",
                json!({"action": "cancel", "confirm": "yes"})
            )
            .contains("true or false")
        );
    }

    #[test]
    fn write_todos_reads_modes_and_items() {
        let items = json!([{"text": "a"}, {"text": "b"}]);
        assert_eq!(
            ok("write_todos", json!({"mode": "replace", "todos": items})),
            Request::Todo(TodoOp::Write(vec!["a".into(), "b".into()]))
        );
        assert_eq!(
            ok("write_todos", json!({"mode": "replace", "todos": []})),
            Request::Todo(TodoOp::Clear)
        );
        assert_eq!(
            ok(
                "write_todos",
                json!({"mode": "append", "todos": [{"text": "c"}], "index": 9})
            ),
            Request::Todo(TodoOp::Append(vec!["c".into()]))
        );
        assert_eq!(
            ok(
                "write_todos",
                json!({"mode": "insert", "index": 1, "todos": [{"text": "c"}]})
            ),
            Request::Todo(TodoOp::Insert(1, vec!["c".into()]))
        );
        assert_eq!(
            err(
                "write_todos",
                json!({"mode": "insert", "todos": [{"text": "c"}]})
            ),
            "Error: 'index' is required for the 'insert' mode"
        );
        assert!(
            err(
                "write_todos",
                json!({"mode": "insert", "index": -1, "todos": [{"text": "c"}]})
            )
            .contains("\"index\" must be a whole number")
        );
        assert!(
            err("write_todos", json!({"mode": "append", "todos": []})).contains("at least one")
        );
        assert!(err("write_todos", json!({"mode": "replace"})).contains("\"todos\" is required"));
        assert!(
            err("write_todos", json!({"mode": "replace", "todos": ["a"]}))
                .contains("todos[0] must be an object")
        );
        let e = err(
            "write_todos",
            json!({"mode": "replace", "todos": [{"text": "a", "status": "completed"}]}),
        );
        assert!(e.contains("unknown key \"status\""), "{e}");
        assert!(
            err("write_todos", json!({"mode": "rewrite", "todos": []})).contains("must be one of")
        );
    }

    #[test]
    fn edit_and_list_todos() {
        assert_eq!(
            ok(
                "edit_todos",
                json!({"action": "complete", "indices": [2, 0]})
            ),
            Request::Todo(TodoOp::Edit(EditAction::Complete, vec![2, 0]))
        );
        assert_eq!(
            ok("edit_todos", json!({"action": "start", "indices": [1.0]})),
            Request::Todo(TodoOp::Edit(EditAction::Start, vec![1]))
        );
        assert!(
            err("edit_todos", json!({"action": "start", "indices": [1.5]})).contains("indices[0]")
        );
        assert!(
            err("edit_todos", json!({"action": "start", "indices": 1}))
                .contains("list of item numbers")
        );
        assert!(
            err("edit_todos", json!({"action": "finish", "indices": [0]}))
                .contains("must be one of")
        );
        assert_eq!(ok("list_todos", json!({})), Request::List);
        assert_eq!(parse("list_todos", None).unwrap(), Request::List);
        assert!(err("list_todos", json!({"all": true})).contains("takes no arguments"));
        assert!(matches!(
            parse("delete_everything", None),
            Err(ParseError::UnknownTool(_))
        ));
    }

    #[test]
    fn schemas_list_the_four_tools_with_the_limits() {
        let t = tools(Limits {
            max_items: 7,
            max_text: 9,
            max_indices: 3,
        });
        let names: Vec<&str> = t.iter().map(|t| t.name).collect();
        assert_eq!(names, crate::engine::call::OWN_MCP_TOOLS);
        assert_eq!(t[1].schema["properties"]["todos"]["maxItems"], 7);
        assert_eq!(
            t[1].schema["properties"]["todos"]["items"]["properties"]["text"]["maxLength"],
            9
        );
        assert_eq!(t[2].schema["properties"]["indices"]["maxItems"], 3);
        assert!(t.iter().all(|t| t.schema["type"] == "object"));
    }
}
