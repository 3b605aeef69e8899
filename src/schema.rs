//! JSON Schemas (draft 2020-12) for workflow files and `config.toml`, for
//! editors (taplo / Even Better TOML) and other tools.
//!
//! The schemas are generated from the key lists the parsers check against
//! (`workflow::parse`'s `TOP_KEYS`, `PHASE_KEYS`, … and `config`'s `KEYS`):
//! every key a list holds must be described here, and nothing else can be,
//! so a key added to a parser without a description here fails generation
//! (and the tests) instead of drifting. The committed copies under
//! `schema/` are checked against this output by a test.

use serde_json::{Map, Value, json};

use crate::config;
use crate::workflow::parse;

/// Which schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Which {
    Workflow,
    Config,
}

impl Which {
    /// The committed file's path, relative to the repository.
    pub fn file(self) -> &'static str {
        match self {
            Which::Workflow => "schema/workflow.schema.json",
            Which::Config => "schema/config.schema.json",
        }
    }
}

/// The schema as pretty JSON with a final newline, as committed.
pub fn render(which: Which) -> String {
    let v = match which {
        Which::Workflow => workflow(),
        Which::Config => config(),
    };
    let mut s = serde_json::to_string_pretty(&v).expect("a JSON value always serialises");
    s.push('\n');
    s
}

const KEY_PATTERN: &str = "^[a-z0-9_-]+$";

fn strings(description: &str) -> Value {
    json!({
        "description": description,
        "type": "array",
        "items": { "type": "string", "minLength": 1 },
    })
}

/// `{ allow = [...] }` or `{ deny = [...] }`, never both.
fn allow_or_deny(description: &str, what: &str) -> Value {
    let keys = parse::TOOLS_KEYS;
    let mut props = Map::new();
    for k in keys {
        let doc = match *k {
            "allow" => format!("Only these {what} are permitted."),
            "deny" => format!("These {what} are refused."),
            other => panic!("no description for \"{other}\" in TOOLS_KEYS"),
        };
        props.insert(k.to_string(), strings(&doc));
    }
    json!({
        "description": description,
        "type": "object",
        "properties": props,
        "additionalProperties": false,
        "not": { "required": ["allow", "deny"] },
    })
}

/// Build an object schema whose properties are exactly `keys`, each
/// described by `describe` (which panics on a key it does not know).
fn object(keys: &[&str], skip: &[&str], describe: impl Fn(&str) -> Value) -> Map<String, Value> {
    let mut props = Map::new();
    for k in keys.iter().filter(|k| !skip.contains(k)) {
        props.insert(k.to_string(), describe(k));
    }
    props
}

fn workflow() -> Value {
    let top = object(parse::TOP_KEYS, &[], |k| match k {
        "name" => {
            json!({ "description": "Display name (required).", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "description" => {
            json!({ "description": "One line shown by `flowgate list`; {description} in texts is the run's task.", "type": "string" })
        }
        "hidden" => {
            json!({ "description": "true: only usable as a subworkflow, never started directly.", "type": "boolean", "default": false })
        }
        "loopable" => {
            json!({ "description": "`flowgate step loop` restarts this workflow when it is the innermost scope.", "type": "boolean", "default": true })
        }
        "initial_message" => {
            json!({ "description": "The first message of a run (template).", "type": "string" })
        }
        "messages" => json!({ "$ref": "#/$defs/messages" }),
        "phases" => json!({
            "description": "The ordered phases: [[phases]] tables, each a phase or a subworkflow reference.",
            "type": "array",
            "minItems": 1,
            "items": { "oneOf": [ { "$ref": "#/$defs/subworkflow" }, { "$ref": "#/$defs/phase" } ] },
        }),
        other => panic!("no schema for workflow key \"{other}\""),
    });
    let messages = object(parse::MESSAGE_KEYS, &[], |k| {
        let doc = match k {
            "role" => "Role instruction at the top of the context (pi: roleInstruction).",
            "advance" => "How to advance, at the end of the context (pi: advanceReminder).",
            "blocked" => "Reason given when a tool is blocked (pi: blockReasonTemplate).",
            "not_done" => "Reminder when the agent stops early (pi: notDoneReminder).",
            "completed" => "Shown when the run completes (pi: completionMessage).",
            "cancelled" => "Shown when the run is cancelled.",
            other => panic!("no schema for [messages] key \"{other}\""),
        };
        json!({ "description": doc, "type": "string" })
    });
    let phase = object(parse::PHASE_KEYS, &["subworkflow"], |k| match k {
        "id" => {
            json!({ "description": "Unique in the file (required).", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "name" => {
            json!({ "description": "Display name (required).", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "emoji" => json!({ "description": "Shown before the name.", "type": "string" }),
        "instructions" => {
            json!({ "description": "What to do in the phase (template); or instructions_file.", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "instructions_file" => {
            json!({ "description": "A Markdown file with the instructions, relative to the workflows directory and inside it.", "type": "string", "minLength": 1 })
        }
        "profiles" => strings("Agent profiles suited to the phase (informational)."),
        "tools" => allow_or_deny(
            "Which tools the phase permits: names, globs (mcp__*) or groups (@read, @write, @shell, @agent, @todo, @web, or [groups] from config.toml).",
            "tools",
        ),
        "shell" => {
            let props = object(parse::SHELL_KEYS, &[], |k| match k {
                "allow" => strings(
                    "Globs; a shell command must match one (each simple command, wrappers removed).",
                ),
                "deny" => strings(
                    "Globs; a shell command matching one is refused (each simple command, wrappers removed).",
                ),
                "deny_writes" => {
                    json!({ "description": "Refuse shell commands that write files.", "type": "boolean", "default": false })
                }
                "unknown" => {
                    json!({ "description": "What to do with a command flowgate does not know and that shows no sign of writing (default allow).", "enum": ["allow", "deny"], "default": "allow" })
                }
                other => panic!("no schema for shell key \"{other}\""),
            });
            json!({ "description": "Rules for each simple command of a shell call.", "type": "object", "properties": props, "additionalProperties": false })
        }
        "files" => allow_or_deny(
            "Which paths writes may touch: globs relative to the workspace (tests/**, **/*_test.go).",
            "paths",
        ),
        "checks" => json!({
            "description": "Evidence gates: commands run by `flowgate step next` that must hold before the phase is left.",
            "type": "array",
            "items": { "$ref": "#/$defs/check" },
        }),
        other => panic!("no schema for phase key \"{other}\""),
    });
    let check = object(parse::CHECK_KEYS, &[], |k| match k {
        "run" => {
            json!({ "description": "The command; {testCommand} is the configured test command.", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "expect" => {
            json!({ "description": "pass: exit 0; fail: any other exit.", "enum": ["pass", "fail"], "default": "pass" })
        }
        "timeout_secs" => {
            json!({ "description": "Longest run; past it the check does not hold.", "type": "integer", "minimum": 1, "default": parse::DEFAULT_CHECK_TIMEOUT_SECS })
        }
        "shell" => {
            json!({ "description": "Run with sh -c (operators, $, globs) instead of split into words.", "type": "boolean", "default": false })
        }
        other => panic!("no schema for check key \"{other}\""),
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "flowgate workflow",
        "description": "A flowgate workflow file (.flowgate/workflows/<key>.toml). Generated by `flowgate schema workflow`.",
        "type": "object",
        "required": ["name", "phases"],
        "properties": top,
        "additionalProperties": false,
        "$defs": {
            "key": { "type": "string", "pattern": KEY_PATTERN },
            "messages": {
                "description": "Template overrides; unset ones keep flowgate's texts.",
                "type": "object",
                "properties": messages,
                "additionalProperties": false,
            },
            "subworkflow": {
                "description": "A reference to another workflow, run here.",
                "type": "object",
                "required": ["subworkflow"],
                "properties": {
                    "subworkflow": { "description": "The workflow's key (its file name).", "$ref": "#/$defs/key" },
                },
                "additionalProperties": false,
            },
            "phase": {
                "type": "object",
                "required": ["id", "name"],
                "properties": phase,
                "additionalProperties": false,
                "oneOf": [ { "required": ["instructions"] }, { "required": ["instructions_file"] } ],
            },
            "check": {
                "type": "object",
                "required": ["run"],
                "properties": check,
                "additionalProperties": false,
            },
        },
    })
}

fn config() -> Value {
    let todos = object(config::TODO_KEYS, &[], |k| {
        let doc = match k {
            "max_items" => "Longest todo list (default 100).",
            "max_text" => "Longest todo text, in characters (default 1000).",
            "max_indices" => "Most indices in one todo start/complete/abandon (default 50).",
            other => panic!("no schema for [todos] key \"{other}\""),
        };
        json!({ "description": doc, "type": "integer", "minimum": 0 })
    });
    let top = object(config::KEYS, &[], |k| match k {
        "on_error" => {
            json!({ "description": "What tool_call does when flowgate itself fails (default: deny while a run is active or the state is unreadable, else allow).", "enum": ["deny", "allow"] })
        }
        "command_prefix" => {
            json!({ "description": "Prefix of in-message commands (default \"@flow\").", "type": "string", "pattern": "^\\S+$" })
        }
        "context_max_bytes" => {
            json!({ "description": "Bound on the appended <flowgate> block (default 4000).", "type": "integer", "minimum": 256 })
        }
        "lock_timeout_ms" => {
            json!({ "description": "Longest wait for state.lock (default 3000).", "type": "integer", "minimum": 0 })
        }
        "max_auto_continue" => {
            json!({ "description": "Continuations without progress before the loop guard lets the agent stop (default 20).", "type": "integer", "minimum": 0 })
        }
        "max_continue_per_prompt" => {
            json!({ "description": "Continuations for one user prompt, progress or not (default 50).", "type": "integer", "minimum": 0 })
        }
        "require_todo_in_progress" => {
            json!({ "description": "While the todo list is non-empty, deny @write and @shell tools until an item is in progress (default false).", "type": "boolean" })
        }
        "mcp" => {
            json!({ "description": "The host runs `flowgate mcp`: the context also names its tools (default false; `flowgate init --host claude|codex|gemini` sets it).", "type": "boolean" })
        }
        "test_command" => {
            json!({ "description": "What {testCommand} runs in checks (default: guessed from the workspace).", "type": "string", "minLength": 1, "pattern": "\\S" })
        }
        "todos" => {
            json!({ "description": "Todo list limits.", "type": "object", "properties": todos, "additionalProperties": false })
        }
        "shell" => json!({
            "description": "Extra knowledge for the shell analyser: [shell.commands.NAME] tables with the fields of the built-in command table (see README, Shell-aware rules).",
            "type": "object",
            "properties": {
                "commands": {
                    "description": "What each named command writes.",
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "propertyNames": { "enum": config::COMMAND_KEYS },
                    },
                },
            },
            "additionalProperties": false,
        }),
        "groups" => json!({
            "description": "Extra tool groups, or extra members of the built-in ones: \"@docs\" = [\"read\", \"grep_files\"].",
            "type": "object",
            "propertyNames": { "pattern": "^@.+" },
            "additionalProperties": { "type": "array", "items": { "type": "string" } },
        }),
        other => panic!("no schema for config key \"{other}\""),
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "flowgate config",
        "description": "flowgate settings (.flowgate/config.toml, $FLOWGATE_HOME/config.toml). Generated by `flowgate schema config`.",
        "type": "object",
        "properties": top,
        "additionalProperties": false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of every list is a property, and nothing more.
    #[test]
    fn properties_are_exactly_the_parser_keys() {
        let w = workflow();
        let names = |v: &Value| -> Vec<String> {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        let sorted = |l: &[&str]| -> Vec<String> {
            let mut k: Vec<String> = l.iter().map(|s| s.to_string()).collect();
            k.sort();
            k
        };
        assert_eq!(names(&w["properties"]), sorted(parse::TOP_KEYS));
        let mut phase = names(&w["$defs"]["phase"]["properties"]);
        phase.push("subworkflow".into());
        phase.sort();
        assert_eq!(phase, sorted(parse::PHASE_KEYS));
        assert_eq!(
            names(&w["$defs"]["check"]["properties"]),
            sorted(parse::CHECK_KEYS)
        );
        let c = config();
        assert_eq!(names(&c["properties"]), sorted(config::KEYS));
    }
}
