//! The JSON Schemas: the committed files match `flowgate schema`, the
//! built-in and sample workflows (TOML read as JSON, as taplo does) validate
//! against the workflow schema, and broken files are rejected.
//!
//! The validator below covers the draft 2020-12 keywords flowgate's schemas
//! use (and fails on any other), with a small regex matcher for the
//! patterns they hold.

use serde_json::Value;

use crate::harness::{Ws, repo};

#[test]
fn committed_schemas_are_fresh() {
    let ws = Ws::new();
    for which in ["workflow", "config"] {
        let file = format!("schema/{which}.schema.json");
        let generated = ws.run(&["schema", which]).ok().stdout;
        let committed = std::fs::read_to_string(repo().join(&file)).unwrap_or_default();
        assert!(
            committed == generated,
            "{file} is stale; regenerate it with `cargo run -q -- schema {which} > {file}`"
        );
    }
    // The default is the workflow schema.
    assert_eq!(
        ws.run(&["schema"]).ok().stdout,
        ws.run(&["schema", "workflow"]).ok().stdout
    );
}

fn schema(which: &str) -> Value {
    let text = std::fs::read_to_string(repo().join(format!("schema/{which}.schema.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn toml_json(text: &str) -> Value {
    toml::from_str::<Value>(text).expect("valid TOML")
}

#[test]
fn built_in_and_sample_workflows_validate() {
    let s = schema("workflow");
    let dir = repo().join("src/workflow/builtin");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(repo().join("fixtures/workflows/example.toml"));
    assert!(files.len() >= 5);
    for f in files {
        let v = toml_json(&std::fs::read_to_string(&f).unwrap());
        let errors = validate(&s, &s, &v, "");
        assert!(errors.is_empty(), "{}: {errors:?}", f.display());
    }
}

#[test]
fn broken_workflows_are_rejected() {
    let s = schema("workflow");
    let ok = "name = \"W\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n";
    assert!(validate(&s, &s, &toml_json(ok), "").is_empty());
    let cases = [
        ("unknown top key", "nmae = \"x\"\n"),
        ("unknown phase key", "tools = { alow = [\"read\"] }\n"),
        (
            "allow and deny",
            "tools = { allow = [\"read\"], deny = [\"edit\"] }\n",
        ),
        (
            "bad expect",
            "checks = [{ run = \"make\", expect = \"maybe\" }]\n",
        ),
        (
            "zero timeout",
            "checks = [{ run = \"make\", timeout_secs = 0 }]\n",
        ),
        ("check without run", "checks = [{ expect = \"pass\" }]\n"),
        ("both instructions", "instructions_file = \"a.md\"\n"),
        ("wrong type", "profiles = \"scout\"\n"),
    ];
    for (what, extra) in cases {
        let v = toml_json(&format!("{ok}{extra}"));
        assert!(
            !validate(&s, &s, &v, "").is_empty(),
            "{what} should be rejected"
        );
    }
    for (what, text) in [
        ("no phases", "name = \"W\"\n"),
        ("empty phases", "name = \"W\"\nphases = []\n"),
        (
            "blank name",
            "name = \" \"\n[[phases]]\nsubworkflow = \"x\"\n",
        ),
        (
            "subworkflow with extras",
            "name = \"W\"\n[[phases]]\nsubworkflow = \"x\"\nname = \"y\"\n",
        ),
        (
            "bad key",
            "name = \"W\"\n[[phases]]\nsubworkflow = \"Review Loop\"\n",
        ),
        (
            "phase without id",
            "name = \"W\"\n[[phases]]\nname = \"A\"\ninstructions = \"x\"\n",
        ),
    ] {
        assert!(
            !validate(&s, &s, &toml_json(text), "").is_empty(),
            "{what} should be rejected"
        );
    }
}

#[test]
fn config_schema_takes_every_setting_and_rejects_mistakes() {
    let s = schema("config");
    let full = r#"on_error = "deny"
command_prefix = "@flow"
context_max_bytes = 4000
lock_timeout_ms = 3000
max_auto_continue = 20
max_continue_per_prompt = 50
require_todo_in_progress = false
test_command = "cargo test"
[todos]
max_items = 100
max_text = 1000
max_indices = 50
[groups]
"@docs" = ["read", "grep_files"]
"#;
    assert!(validate(&s, &s, &toml_json(full), "").is_empty());
    // The same text is a valid config for flowgate itself.
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", full);
    ws.run(&["validate"]).ok();
    for bad in [
        "on_error = \"maybe\"\n",
        "max_auto_continu = 5\n",
        "context_max_bytes = 10\n",
        "command_prefix = \"two words\"\n",
        "[groups]\ndocs = [\"read\"]\n",
        "[todos]\nmax = 3\n",
    ] {
        assert!(
            !validate(&s, &s, &toml_json(bad), "").is_empty(),
            "{bad:?} should be rejected"
        );
    }
}

// ---- a small draft 2020-12 validator for the keywords used here ----

fn validate(root: &Value, s: &Value, v: &Value, at: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let Some(obj) = s.as_object() else {
        panic!("schema at {at} is not an object");
    };
    for (k, want) in obj {
        match k.as_str() {
            "$schema" | "title" | "description" | "default" | "$defs" => {}
            "$ref" => {
                let path = want
                    .as_str()
                    .unwrap()
                    .strip_prefix("#/")
                    .expect("local $ref");
                let mut target = root;
                for part in path.split('/') {
                    target = &target[part];
                }
                assert!(!target.is_null(), "dangling $ref {path}");
                errs.extend(validate(root, target, v, at));
            }
            "type" => {
                let ok = match want.as_str().unwrap() {
                    "object" => v.is_object(),
                    "array" => v.is_array(),
                    "string" => v.is_string(),
                    "integer" => v.is_i64() || v.is_u64(),
                    "boolean" => v.is_boolean(),
                    other => panic!("type {other} not supported"),
                };
                if !ok {
                    errs.push(format!("{at}: not {want}"));
                }
            }
            "enum" => {
                if !want.as_array().unwrap().contains(v) {
                    errs.push(format!("{at}: {v} not in {want}"));
                }
            }
            "required" => {
                if let Some(o) = v.as_object() {
                    for r in want.as_array().unwrap() {
                        if !o.contains_key(r.as_str().unwrap()) {
                            errs.push(format!("{at}: missing {r}"));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(o) = v.as_object() {
                    for (pk, ps) in want.as_object().unwrap() {
                        if let Some(pv) = o.get(pk) {
                            errs.extend(validate(root, ps, pv, &format!("{at}/{pk}")));
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(o) = v.as_object() {
                    let known = obj.get("properties").and_then(Value::as_object);
                    for (pk, pv) in o {
                        if known.is_some_and(|k| k.contains_key(pk)) {
                            continue;
                        }
                        if want == &Value::Bool(false) {
                            errs.push(format!("{at}: unknown key {pk}"));
                        } else {
                            errs.extend(validate(root, want, pv, &format!("{at}/{pk}")));
                        }
                    }
                }
            }
            "propertyNames" => {
                if let Some(o) = v.as_object() {
                    for pk in o.keys() {
                        errs.extend(validate(
                            root,
                            want,
                            &Value::String(pk.clone()),
                            &format!("{at}/{pk}"),
                        ));
                    }
                }
            }
            "items" => {
                if let Some(a) = v.as_array() {
                    for (i, item) in a.iter().enumerate() {
                        errs.extend(validate(root, want, item, &format!("{at}/{i}")));
                    }
                }
            }
            "minItems" => {
                if v.as_array()
                    .is_some_and(|a| (a.len() as u64) < want.as_u64().unwrap())
                {
                    errs.push(format!("{at}: fewer than {want} items"));
                }
            }
            "minLength" => {
                if v.as_str()
                    .is_some_and(|t| (t.chars().count() as u64) < want.as_u64().unwrap())
                {
                    errs.push(format!("{at}: shorter than {want}"));
                }
            }
            "minimum" => {
                if v.as_i64().is_some_and(|n| n < want.as_i64().unwrap()) {
                    errs.push(format!("{at}: below {want}"));
                }
            }
            "pattern" => {
                if let Some(t) = v.as_str()
                    && !regex_search(want.as_str().unwrap(), t)
                {
                    errs.push(format!("{at}: {t:?} does not match {want}"));
                }
            }
            "oneOf" => {
                let passing = want
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|alt| validate(root, alt, v, at).is_empty())
                    .count();
                if passing != 1 {
                    errs.push(format!("{at}: {passing} of oneOf match"));
                }
            }
            "not" => {
                if validate(root, want, v, at).is_empty() {
                    errs.push(format!("{at}: matches a forbidden form"));
                }
            }
            other => panic!("keyword {other} is not supported by this validator"),
        }
    }
    errs
}

/// A regex subset: `^`, `$`, `.`, `\S`, `[...]` with ranges, and the
/// quantifiers `+` `*` `?`; unanchored search as JSON Schema requires.
fn regex_search(pattern: &str, text: &str) -> bool {
    #[derive(Debug)]
    enum Atom {
        Any,
        NonSpace,
        Class(Vec<(char, char)>),
        Lit(char),
    }
    let mut atoms: Vec<(Atom, char)> = Vec::new();
    let p: Vec<char> = pattern.chars().collect();
    let (start, end) = (p.first() == Some(&'^'), p.last() == Some(&'$'));
    let body = &p[usize::from(start)..p.len() - usize::from(end)];
    let mut i = 0;
    while i < body.len() {
        let atom = match body[i] {
            '.' => Atom::Any,
            '\\' => {
                i += 1;
                match body[i] {
                    'S' => Atom::NonSpace,
                    c => Atom::Lit(c),
                }
            }
            '[' => {
                let mut ranges = Vec::new();
                i += 1;
                while body[i] != ']' {
                    if body.get(i + 1) == Some(&'-') && body.get(i + 2).is_some_and(|c| *c != ']') {
                        ranges.push((body[i], body[i + 2]));
                        i += 3;
                    } else {
                        ranges.push((body[i], body[i]));
                        i += 1;
                    }
                }
                Atom::Class(ranges)
            }
            c => Atom::Lit(c),
        };
        i += 1;
        let q = match body.get(i) {
            Some(c @ ('+' | '*' | '?')) => {
                i += 1;
                *c
            }
            _ => '1',
        };
        atoms.push((atom, q));
    }
    fn one(a: &Atom, c: char) -> bool {
        match a {
            Atom::Any => true,
            Atom::NonSpace => !c.is_whitespace(),
            Atom::Class(r) => r.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c)),
            Atom::Lit(l) => *l == c,
        }
    }
    fn here(atoms: &[(Atom, char)], t: &[char], end: bool) -> bool {
        let Some(((a, q), rest)) = atoms.split_first() else {
            return !end || t.is_empty();
        };
        let (min, max) = match q {
            '+' => (1, usize::MAX),
            '*' => (0, usize::MAX),
            '?' => (0, 1),
            _ => (1, 1),
        };
        let mut n = 0;
        while n < max && n < t.len() && one(a, t[n]) {
            n += 1;
        }
        (min..=n).rev().any(|k| here(rest, &t[k..], end))
    }
    let t: Vec<char> = text.chars().collect();
    let starts = if start { 0..=0 } else { 0..=t.len() };
    starts.into_iter().any(|s| here(&atoms, &t[s..], end))
}

#[test]
fn the_small_regex_matcher() {
    assert!(regex_search("^[a-z0-9_-]+$", "review-loop"));
    assert!(!regex_search("^[a-z0-9_-]+$", "Review Loop"));
    assert!(regex_search("\\S", "  x "));
    assert!(!regex_search("\\S", "   "));
    assert!(regex_search("^@.+", "@docs"));
    assert!(!regex_search("^@.+", "docs"));
    assert!(regex_search("^\\S+$", "@flow"));
    assert!(!regex_search("^\\S+$", "two words"));
}
