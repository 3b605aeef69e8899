//! pi-workflows definitions → flowgate TOML (`flowgate import pi`).
//!
//! pi keeps one workflow per directory: `workflow.yaml` plus one Markdown
//! file per phase, with YAML front matter (reference §1). This module reads
//! such directories the way pi's loader does (front matter rules, the path
//! check against the tier root) and writes each workflow as one flowgate
//! TOML file, field by field, saying what it could not carry over. Where pi
//! silently coerces or skips, the import says so instead.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

/// One pi workflow, read and converted (its TOML not yet checked).
#[derive(Debug)]
pub struct Converted {
    /// The workflow's directory name: pi's key, used by `{subworkflow: …}`.
    pub dir_key: String,
    /// The flowgate key (the file name): the commandName of a workflow the
    /// user starts, else the directory name, made `[a-z0-9_-]+`.
    pub key: String,
    pub source: PathBuf,
    pub hidden: bool,
    /// Referenced pi keys (directory names), in order.
    pub refs: Vec<String>,
    /// What was not carried over, one line each.
    pub dropped: Vec<String>,
    /// Hints about the result.
    pub notes: Vec<String>,
    /// The TOML, with `{{sub:KEY}}` standing for each reference's final key.
    body: Vec<Part>,
}

#[derive(Debug)]
enum Part {
    Text(String),
    Ref(String),
}

impl Converted {
    /// The TOML text, with references resolved to flowgate keys.
    pub fn toml(&self, key_of: &BTreeMap<String, String>) -> String {
        self.body
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.clone(),
                Part::Ref(k) => basic(&key_of.get(k).cloned().unwrap_or_else(|| key_for(k))),
            })
            .collect()
    }
}

/// The workflow directories under `dir`: `dir` itself when it holds a
/// `workflow.yaml`, else its direct children that do (pi scans one level).
/// Each comes with the tier root its phase paths must stay inside.
pub fn discover(dir: &Path) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    if dir.join("workflow.yaml").is_file() {
        let root = dir.parent().unwrap_or(dir).to_path_buf();
        return Ok(vec![(root, dir.to_path_buf())]);
    }
    let rd = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut found: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("workflow.yaml").is_file())
        .collect();
    found.sort();
    if found.is_empty() {
        return Err(format!(
            "{}: no workflow.yaml in it or in its subdirectories (give a pi workflows directory such as .pi/workflows)",
            dir.display()
        ));
    }
    Ok(found.into_iter().map(|p| (dir.to_path_buf(), p)).collect())
}

/// A flowgate key for a pi name: lowercase, other characters as `-`.
pub fn key_for(name: &str) -> String {
    let k: String = name
        .trim()
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if k.is_empty() { "workflow".into() } else { k }
}

fn yaml_doc(text: &str, file: &Path) -> Result<Yaml, String> {
    match YamlLoader::load_from_str(text) {
        Ok(mut docs) if !docs.is_empty() => Ok(docs.swap_remove(0)),
        Ok(_) => Ok(Yaml::Null),
        Err(e) => Err(format!(
            "{}:{}:{}: invalid YAML: {}",
            file.display(),
            e.marker().line(),
            e.marker().col(),
            e.info()
        )),
    }
}

fn as_string(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// pi's `String()` over a list.
fn string_list(y: &Yaml) -> Option<Vec<String>> {
    y.as_vec()
        .map(|v| v.iter().map(|i| as_string(i).unwrap_or_default()).collect())
}

/// A phase file: front matter and body, as pi's `parseFrontmatter`.
fn front_matter(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---")?;
    let end = rest.find("\n---")?;
    let yaml = &rest[..end];
    let after = &rest[end + 4..];
    let body = after.split_once('\n').map_or("", |(_, b)| b);
    Some((yaml, body))
}

/// Read and convert one workflow directory.
pub fn convert(root: &Path, dir: &Path) -> Result<Converted, Vec<String>> {
    let dir_key = dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("workflow")
        .to_string();
    let source = dir.join("workflow.yaml");
    let text = std::fs::read_to_string(&source)
        .map_err(|e| vec![format!("cannot read {}: {e}", source.display())])?
        .replace("\r\n", "\n");
    let doc = yaml_doc(&text, &source).map_err(|e| vec![e])?;
    let Some(map) = doc.as_hash() else {
        return Err(vec![format!(
            "{}: not a YAML mapping (pi: \"invalid workflow.yaml: not a valid YAML object\")",
            source.display()
        )]);
    };
    let mut errors = Vec::new();
    let mut dropped = Vec::new();
    let mut notes = Vec::new();
    let get = |k: &str| map.get(&Yaml::String(k.into()));
    let shown = source.display().to_string();

    let name = get("name").and_then(as_string).unwrap_or_default();
    if name.trim().is_empty() {
        errors.push(format!("{shown}: \"name\" is missing or empty"));
    }
    let hidden = match get("show") {
        None => false,
        Some(Yaml::String(s)) if s == "workflows" => true,
        Some(Yaml::String(s)) if s == "user" => false,
        Some(other) => {
            dropped.push(format!(
                "show: {} is neither \"user\" nor \"workflows\" (pi treats it as \"user\")",
                as_string(other).unwrap_or_else(|| "(not text)".into())
            ));
            false
        }
    };
    let command = get("commandName").and_then(as_string);
    let key = match (&command, hidden) {
        (Some(c), false) if !c.trim().is_empty() => key_for(c),
        _ => key_for(&dir_key),
    };
    if !hidden && command.as_deref().is_none_or(|c| c.trim().is_empty()) {
        notes.push(format!(
            "no commandName (pi requires one for a visible workflow); the key is the directory name \"{key}\""
        ));
    }
    let loopable = match get("loopable") {
        None => None,
        Some(Yaml::Boolean(b)) => Some(*b),
        Some(other) => {
            dropped.push(format!(
                "loopable: {} is not true or false (pi ignores it; the default true applies)",
                as_string(other).unwrap_or_else(|| "(not text)".into())
            ));
            None
        }
    };
    let initial = get("initialMessage")
        .and_then(Yaml::as_str)
        .map(str::to_string);
    let mut messages: Vec<(&str, String)> = Vec::new();
    for (pi, ours) in [
        ("roleInstruction", "role"),
        ("advanceReminder", "advance"),
        ("blockReasonTemplate", "blocked"),
        ("notDoneReminder", "not_done"),
        ("completionMessage", "completed"),
    ] {
        match get(pi) {
            None => {}
            Some(Yaml::String(s)) => {
                messages.push((ours, s.clone()));
                // pi shows completionMessage for a cancelled run too.
                if pi == "completionMessage" {
                    messages.push(("cancelled", s.clone()));
                }
            }
            Some(_) => dropped.push(format!("{pi} is not text (pi ignores it)")),
        }
    }
    for (k, v) in map {
        let k = as_string(k).unwrap_or_default();
        let v = as_string(v)
            .map(|s| format!(" \"{s}\""))
            .unwrap_or_default();
        match k.as_str() {
            "name"
            | "show"
            | "commandName"
            | "loopable"
            | "initialMessage"
            | "roleInstruction"
            | "advanceReminder"
            | "blockReasonTemplate"
            | "notDoneReminder"
            | "completionMessage"
            | "phases" => {}
            "sessionNamePrefix" | "sessionNameMaxLength" => dropped.push(format!(
                "{k}{v} (flowgate names no sessions; hosts give it no way to)"
            )),
            _ => dropped.push(format!("{k}{v} (not a pi-workflows field either)")),
        }
    }

    // Phases.
    let mut out = Vec::new();
    let mut refs = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    let root_real = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    match get("phases").and_then(Yaml::as_vec) {
        None => errors.push(format!("{shown}: \"phases\" is missing or not a list")),
        Some(v) if v.is_empty() => errors.push(format!("{shown}: \"phases\" is empty")),
        Some(entries) => {
            for (i, e) in entries.iter().enumerate() {
                match e {
                    Yaml::String(rel) => match phase(&root_real, dir, rel) {
                        Ok((p, d)) => {
                            dropped.extend(d);
                            if ids.contains(&p.id) {
                                errors.push(format!("{}: duplicate phase id \"{}\"", p.file, p.id));
                            }
                            ids.push(p.id.clone());
                            out.push(Entry::Phase(p));
                        }
                        Err(e) => errors.push(e),
                    },
                    Yaml::Hash(h) => match h.get(&Yaml::String("subworkflow".into())) {
                        Some(Yaml::String(k)) if !k.trim().is_empty() && h.len() == 1 => {
                            refs.push(k.clone());
                            out.push(Entry::Sub(k.clone()));
                        }
                        _ => errors.push(format!(
                            "{shown}: phase {} is not a file name or {{ subworkflow: key }}",
                            i + 1
                        )),
                    },
                    _ => errors.push(format!(
                        "{shown}: phase {} is not a file name or {{ subworkflow: key }}",
                        i + 1
                    )),
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let all_text = format!(
        "{} {} {}",
        initial.as_deref().unwrap_or(""),
        messages.iter().map(|(_, t)| t.as_str()).collect::<String>(),
        out.iter()
            .map(|e| match e {
                Entry::Phase(p) => p.instructions.as_str(),
                Entry::Sub(_) => "",
            })
            .collect::<String>()
    );
    if all_text.contains("workflow_step") {
        notes.push(
            "the texts name pi's workflow_step tool: agents advance with `flowgate step next` (or workflow_step over `flowgate mcp`)".into(),
        );
    }

    // The TOML.
    let mut body = vec![Part::Text(format!(
        "# Imported from pi-workflows ({}) by `flowgate import pi`.\nname = {}\n",
        source.display(),
        basic(&name)
    ))];
    let push = |body: &mut Vec<Part>, s: String| body.push(Part::Text(s));
    if hidden {
        push(&mut body, "hidden = true\n".into());
    }
    if let Some(l) = loopable {
        push(&mut body, format!("loopable = {l}\n"));
    }
    if let Some(m) = &initial {
        push(&mut body, format!("initial_message = {}\n", text_value(m)));
    }
    if !messages.is_empty() {
        push(&mut body, "\n[messages]\n".into());
        for (k, t) in &messages {
            push(&mut body, format!("{k} = {}\n", text_value(t)));
        }
    }
    for e in &out {
        match e {
            Entry::Phase(p) => {
                let mut s = format!(
                    "\n# {}\n[[phases]]\nid = {}\nname = {}\n",
                    p.file,
                    basic(&p.id),
                    basic(&p.name)
                );
                if !p.emoji.is_empty() {
                    s.push_str(&format!("emoji = {}\n", basic(&p.emoji)));
                }
                if !p.profiles.is_empty() {
                    s.push_str(&format!("profiles = {}\n", list(&p.profiles)));
                }
                if let Some((kind, tools)) = &p.tools {
                    s.push_str(&format!("tools = {{ {kind} = {} }}\n", list(tools)));
                }
                s.push_str(&format!("instructions = {}\n", text_value(&p.instructions)));
                push(&mut body, s);
            }
            Entry::Sub(k) => {
                push(&mut body, "\n[[phases]]\nsubworkflow = ".into());
                body.push(Part::Ref(k.clone()));
                body.push(Part::Text("\n".into()));
            }
        }
    }
    if out
        .iter()
        .any(|e| matches!(e, Entry::Phase(p) if p.tools.is_some()))
    {
        notes.push(
            "tool lists keep pi's tool names; groups (@read, @write, @shell, …) fit every host"
                .into(),
        );
    }
    Ok(Converted {
        dir_key,
        key,
        source,
        hidden,
        refs,
        dropped,
        notes,
        body,
    })
}

enum Entry {
    Phase(PiPhase),
    Sub(String),
}

struct PiPhase {
    file: String,
    id: String,
    name: String,
    emoji: String,
    instructions: String,
    profiles: Vec<String>,
    tools: Option<(&'static str, Vec<String>)>,
}

/// One phase file, checked as pi's loader checks it.
fn phase(root: &Path, dir: &Path, rel: &str) -> Result<(PiPhase, Vec<String>), String> {
    let path = dir.join(rel);
    let shown = path.display().to_string();
    let real = path
        .canonicalize()
        .map_err(|e| format!("{shown}: cannot read the phase file ({e})"))?;
    if !real.starts_with(root) || real == root {
        return Err(format!(
            "{shown}: the phase file path \"{rel}\" escapes the workflows root {}",
            root.display()
        ));
    }
    let text = std::fs::read_to_string(&real)
        .map_err(|e| format!("{shown}: cannot read the phase file ({e})"))?
        .replace("\r\n", "\n");
    let (fm, body) = front_matter(&text).ok_or_else(|| {
        format!("{shown}: no front matter (the file must start with --- and id, name, emoji)")
    })?;
    let doc = yaml_doc(fm, &real)?;
    let Some(map) = doc.as_hash() else {
        return Err(format!("{shown}: the front matter is not a YAML mapping"));
    };
    let get = |k: &str| map.get(&Yaml::String(k.into()));
    let field = |k: &str| {
        get(k)
            .and_then(as_string)
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| format!("{shown}: \"{k}\" is missing or empty in the front matter"))
    };
    let id = field("id")?;
    let name = field("name")?;
    let emoji = field("emoji")?;
    let instructions = body.trim().to_string();
    if instructions.is_empty() {
        return Err(format!(
            "{shown}: the instructions (the file's body) are empty"
        ));
    }
    let mut dropped = Vec::new();
    let tools = match get("tools") {
        None => None,
        Some(t) => {
            let black = t["blacklist"]
                .as_vec()
                .map(|_| string_list(&t["blacklist"]));
            let white = t["whitelist"]
                .as_vec()
                .map(|_| string_list(&t["whitelist"]));
            match (black.flatten(), white.flatten()) {
                (Some(_), Some(_)) => {
                    return Err(format!(
                        "{shown}: tools sets both blacklist and whitelist (pi refuses it too); keep one"
                    ));
                }
                (Some(b), None) => Some(("deny", b)),
                (None, Some(w)) => Some(("allow", w)),
                (None, None) => {
                    dropped.push(format!(
                        "{shown}: tools has no blacklist or whitelist list (pi ignores it)"
                    ));
                    None
                }
            }
        }
    };
    let profiles = match get("availableProfiles") {
        None => Vec::new(),
        Some(p) => string_list(p).unwrap_or_else(|| {
            dropped.push(format!(
                "{shown}: availableProfiles is not a list (pi ignores it)"
            ));
            Vec::new()
        }),
    };
    for (k, _) in map {
        let k = as_string(k).unwrap_or_default();
        if !matches!(
            k.as_str(),
            "id" | "name" | "emoji" | "tools" | "availableProfiles"
        ) {
            dropped.push(format!(
                "{shown}: front matter \"{k}\" (not a pi-workflows field either)"
            ));
        }
    }
    Ok((
        PiPhase {
            file: rel.to_string(),
            id,
            name,
            emoji,
            instructions,
            profiles,
            tools,
        },
        dropped,
    ))
}

/// A TOML basic string.
pub fn basic(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text as TOML: a multi-line literal string when it has lines and nothing
/// that literal strings cannot hold, else a basic string.
fn text_value(s: &str) -> String {
    let plain = !s.contains("'''") && !s.chars().any(|c| c.is_control() && c != '\n' && c != '\t');
    if s.contains('\n') && plain {
        // The newline after the opening quotes is not part of the text;
        // up to two quotes may touch the closing ones.
        format!("'''\n{s}'''")
    } else {
        basic(s)
    }
}

fn list(items: &[String]) -> String {
    let parts: Vec<String> = items.iter().map(|s| basic(s)).collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_strings() {
        assert_eq!(key_for("Review Loop"), "review-loop");
        assert_eq!(key_for("bug_fix-2"), "bug_fix-2");
        assert_eq!(basic("a \"b\" \\ c\nd"), "\"a \\\"b\\\" \\\\ c\\nd\"");
        let v = text_value("one\ntwo");
        let parsed: toml::Table = toml::from_str(&format!("x = {v}")).unwrap();
        assert_eq!(parsed["x"].as_str(), Some("one\ntwo"));
        let tricky = "ends with quote'\nand ''' inside";
        let parsed: toml::Table = toml::from_str(&format!("x = {}", text_value(tricky))).unwrap();
        assert_eq!(parsed["x"].as_str(), Some(tricky));
    }

    #[test]
    fn front_matter_as_pi_reads_it() {
        let (fm, body) = front_matter("---\nid: a\n---\n\nBody\n").unwrap();
        assert_eq!(fm, "\nid: a");
        assert_eq!(body.trim(), "Body");
        assert!(front_matter("\n---\nid: a\n---\nx").is_none());
        assert!(front_matter("no").is_none());
    }
}
