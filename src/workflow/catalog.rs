//! Finding workflow files in the three tiers and checking them as a set.
//!
//! Tiers: built-in (compiled in), user (`$FLOWGATE_HOME/workflows`), project
//! (`<workspace>/.flowgate/workflows`); a higher tier replaces a lower one
//! whole, by key. After each file is parsed, references are resolved: a
//! missing subworkflow, a cycle, or a reference to an unusable workflow makes
//! the referrer unusable too, repeated until nothing changes (the cascade).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::builtin;
use super::model::{Entry, Origin, Tier, Workflow};
use super::parse::{Parsed, Reference, parse_workflow, valid_key};
use crate::diag::Diag;

/// Where the user and project workflow directories are.
#[derive(Clone, Debug)]
pub struct Dirs {
    pub project: PathBuf,
    pub user: Option<PathBuf>,
}

/// One located source for a key.
struct Source {
    origin: Origin,
    text: Result<String, String>,
    dir: Option<PathBuf>,
}

/// The checked set of workflows.
#[derive(Debug, Default)]
pub struct Catalog {
    pub usable: BTreeMap<String, (Workflow, Origin)>,
    /// Keys whose winning file has problems, with its origin.
    pub broken: BTreeMap<String, Origin>,
    /// Every problem found, sorted by file and position.
    pub diags: Vec<Diag>,
    /// (key, origin of the file that was replaced by a higher tier).
    pub shadowed: Vec<(String, Origin)>,
}

impl Catalog {
    /// Load and check every workflow of every tier.
    pub fn load_all(dirs: &Dirs, groups: &[String]) -> Catalog {
        let mut keys: BTreeSet<String> = builtin::BUILTINS
            .iter()
            .map(|(k, _)| k.to_string())
            .collect();
        for (_, dir) in tier_dirs(dirs) {
            for path in toml_files(&dir) {
                let key = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("")
                    .to_string();
                keys.insert(key);
            }
        }
        let mut shadowed = Vec::new();
        let mut parsed = BTreeMap::new();
        for key in &keys {
            let mut sources = sources_for(dirs, key);
            if sources.is_empty() {
                continue;
            }
            let winner = sources.remove(0);
            shadowed.extend(sources.into_iter().map(|s| (key.clone(), s.origin)));
            parsed.insert(key.clone(), parse_source(key, winner, groups));
        }
        let mut cat = resolve(parsed);
        cat.shadowed = shadowed;
        cat
    }

    /// Load only `root` and what it references (used by `start` and the
    /// stale check, so the cost does not grow with the number of files).
    pub fn load_tree(dirs: &Dirs, groups: &[String], root: &str) -> Catalog {
        let mut parsed = BTreeMap::new();
        let mut todo = vec![root.to_string()];
        while let Some(key) = todo.pop() {
            if parsed.contains_key(&key) || !valid_key(&key) {
                continue;
            }
            let mut sources = sources_for(dirs, &key);
            if sources.is_empty() {
                continue;
            }
            let p = parse_source(&key, sources.remove(0), groups);
            todo.extend(p.1.refs.iter().map(|r| r.target.clone()));
            parsed.insert(key, p);
        }
        resolve(parsed)
    }

    /// `root` and every workflow it reaches, for a run's snapshot.
    pub fn closure(&self, root: &str) -> BTreeMap<String, Workflow> {
        let mut out = BTreeMap::new();
        let mut todo = vec![root.to_string()];
        while let Some(key) = todo.pop() {
            if out.contains_key(&key) {
                continue;
            }
            if let Some((w, _)) = self.usable.get(&key) {
                for e in &w.phases {
                    if let Entry::Subworkflow(k) = e {
                        todo.push(k.clone());
                    }
                }
                out.insert(key, w.clone());
            }
        }
        out
    }

    /// Diagnostics that concern `key`'s own file.
    pub fn diags_for(&self, key: &str) -> Vec<&Diag> {
        let file = self
            .broken
            .get(key)
            .map(|o| o.file.clone())
            .unwrap_or_default();
        self.diags.iter().filter(|d| d.file == file).collect()
    }
}

fn tier_dirs(dirs: &Dirs) -> Vec<(Tier, PathBuf)> {
    let mut v = Vec::new();
    if let Some(u) = &dirs.user {
        v.push((Tier::User, u.clone()));
    }
    v.push((Tier::Project, dirs.project.clone()));
    v
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    v.sort();
    v
}

/// Every source for `key`, highest tier first.
/// A fingerprint of the source `key` would be loaded from now (which file
/// wins, and its text), without parsing it: FNV-1a over both, stable
/// across builds. `None` when there is no such workflow.
pub fn fingerprint(dirs: &Dirs, key: &str) -> Option<u64> {
    let source = sources_for(dirs, key).into_iter().next()?;
    let text = source.text.ok()?;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source.origin.file.bytes().chain([0]).chain(text.bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    Some(h)
}

fn sources_for(dirs: &Dirs, key: &str) -> Vec<Source> {
    let mut v = Vec::new();
    for (tier, dir) in tier_dirs(dirs).into_iter().rev() {
        let path = dir.join(format!("{key}.toml"));
        if path.is_file() {
            v.push(Source {
                origin: Origin {
                    tier,
                    file: path.display().to_string(),
                },
                text: std::fs::read_to_string(&path).map_err(|e| e.to_string()),
                dir: Some(dir),
            });
        }
    }
    if let Some(text) = builtin::get(key) {
        v.push(Source {
            origin: Origin {
                tier: Tier::Builtin,
                file: format!("built-in:{key}"),
            },
            text: Ok(text.to_string()),
            dir: None,
        });
    }
    v
}

fn parse_source(key: &str, s: Source, groups: &[String]) -> (Origin, Parsed) {
    let parsed = match &s.text {
        Ok(text) => parse_workflow(key, &s.origin.file, text, s.dir.as_deref(), groups),
        Err(e) => Parsed {
            workflow: None,
            diags: vec![Diag {
                file: s.origin.file.clone(),
                line: 1,
                col: 1,
                message: format!("cannot read: {e}"),
            }],
            refs: Vec::new(),
        },
    };
    (s.origin, parsed)
}

fn resolve(parsed: BTreeMap<String, (Origin, Parsed)>) -> Catalog {
    let mut cat = Catalog::default();
    let mut ok: BTreeMap<String, (Workflow, Origin, Vec<Reference>)> = BTreeMap::new();
    // References of files that are unusable for other reasons: still
    // checked, so every problem of a file is reported at once.
    let mut broken_refs: Vec<Reference> = Vec::new();
    for (key, (origin, p)) in parsed {
        cat.diags.extend(p.diags);
        match p.workflow {
            Some(w) => {
                ok.insert(key, (w, origin, p.refs));
            }
            None => {
                cat.broken.insert(key, origin);
                broken_refs.extend(p.refs);
            }
        }
    }
    let mut bad: BTreeSet<String> = BTreeSet::new();
    let missing = |r: &Reference| {
        r.diag(format!(
            "subworkflow \"{}\" not found (looked for {}.toml in the project and user workflow directories and the built-ins)",
            r.target, r.target
        ))
    };
    // Missing targets.
    for (key, (_, _, refs)) in &ok {
        for r in refs {
            if !ok.contains_key(&r.target) && !cat.broken.contains_key(&r.target) {
                cat.diags.push(missing(r));
                bad.insert(key.clone());
            }
        }
    }
    for r in &broken_refs {
        if !ok.contains_key(&r.target) && !cat.broken.contains_key(&r.target) {
            cat.diags.push(missing(r));
        }
    }
    // Cycles, each named in full.
    for cycle in find_cycles(&ok) {
        let text = cycle.join(" → ");
        for pair in cycle.windows(2) {
            if let Some((_, _, refs)) = ok.get(&pair[0])
                && let Some(r) = refs.iter().find(|r| r.target == pair[1])
            {
                cat.diags.push(r.diag(format!("subworkflow cycle: {text}")));
            }
            bad.insert(pair[0].clone());
        }
    }
    // Cascade: a reference to anything unusable makes the referrer unusable.
    loop {
        let mut changed = false;
        for (key, (_, _, refs)) in &ok {
            if bad.contains(key) {
                continue;
            }
            if let Some(r) = refs
                .iter()
                .find(|r| bad.contains(&r.target) || cat.broken.contains_key(&r.target))
            {
                cat.diags.push(r.diag(format!(
                    "subworkflow \"{}\" is invalid, so this workflow cannot be used (fix \"{}\" first)",
                    r.target, r.target
                )));
                bad.insert(key.clone());
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (key, (w, origin, _)) in ok {
        if bad.contains(&key) {
            cat.broken.insert(key, origin);
        } else {
            cat.usable.insert(key, (w, origin));
        }
    }
    cat.diags
        .sort_by(|a, b| (&a.file, a.line, a.col).cmp(&(&b.file, b.line, b.col)));
    cat.diags.dedup();
    cat
}

/// Every elementary cycle reachable by DFS, as `[a, b, …, a]`.
fn find_cycles(ok: &BTreeMap<String, (Workflow, Origin, Vec<Reference>)>) -> Vec<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Grey,
        Black,
    }
    fn visit(
        key: &str,
        ok: &BTreeMap<String, (Workflow, Origin, Vec<Reference>)>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) {
        marks.insert(key.to_string(), Mark::Grey);
        stack.push(key.to_string());
        if let Some((_, _, refs)) = ok.get(key) {
            for r in refs {
                if !ok.contains_key(&r.target) {
                    continue;
                }
                match marks.get(&r.target) {
                    Some(Mark::Grey) => {
                        let start = stack.iter().position(|k| *k == r.target).unwrap_or(0);
                        let mut cycle: Vec<String> = stack[start..].to_vec();
                        cycle.push(r.target.clone());
                        out.push(cycle);
                    }
                    Some(Mark::Black) => {}
                    None => visit(&r.target, ok, marks, stack, out),
                }
            }
        }
        stack.pop();
        marks.insert(key.to_string(), Mark::Black);
    }
    let mut marks = BTreeMap::new();
    let mut out = Vec::new();
    for key in ok.keys() {
        if !marks.contains_key(key) {
            visit(key, ok, &mut marks, &mut Vec::new(), &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups() -> Vec<String> {
        vec!["@write".into(), "@read".into()]
    }

    fn dirs_with(files: &[(&str, &str)]) -> (tempfile::TempDir, Dirs) {
        let t = tempfile::tempdir().unwrap();
        let project = t.path().join("p");
        std::fs::create_dir_all(&project).unwrap();
        for (name, text) in files {
            std::fs::write(project.join(name), text).unwrap();
        }
        let dirs = Dirs {
            project,
            user: Some(t.path().join("u")),
        };
        (t, dirs)
    }

    fn wf(refs: &[&str]) -> String {
        let mut s = "name = \"W\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n"
            .to_string();
        for r in refs {
            s.push_str(&format!("[[phases]]\nsubworkflow = \"{r}\"\n"));
        }
        s
    }

    #[test]
    fn missing_reference_cascades_regardless_of_order() {
        // a → b → c → (missing z). Every one of them must be unusable.
        let (_t, dirs) = dirs_with(&[
            ("a.toml", &wf(&["b"])),
            ("b.toml", &wf(&["c"])),
            ("c.toml", &wf(&["z"])),
            ("ok.toml", &wf(&[])),
        ]);
        let cat = Catalog::load_all(&dirs, &groups());
        for k in ["a", "b", "c"] {
            assert!(cat.broken.contains_key(k), "{k} should be broken");
        }
        assert!(cat.usable.contains_key("ok"));
        assert!(cat.usable.contains_key("bugfix"));
        let text: Vec<String> = cat.diags.iter().map(|d| d.to_string()).collect();
        assert!(
            text.iter()
                .any(|t| t.contains("c.toml:7:15: subworkflow \"z\" not found")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.contains("a.toml:7:15: subworkflow \"b\" is invalid")),
            "{text:?}"
        );
    }

    #[test]
    fn cycles_are_named_in_full() {
        let (_t, dirs) = dirs_with(&[
            ("x.toml", &wf(&["y"])),
            ("y.toml", &wf(&["z"])),
            ("z.toml", &wf(&["x"])),
            ("top.toml", &wf(&["x"])),
        ]);
        let cat = Catalog::load_all(&dirs, &groups());
        let text: Vec<String> = cat.diags.iter().map(|d| d.to_string()).collect();
        assert!(
            text.iter()
                .any(|t| t.ends_with("subworkflow cycle: x → y → z → x")),
            "{text:?}"
        );
        for k in ["x", "y", "z", "top"] {
            assert!(cat.broken.contains_key(k), "{k}");
        }
    }

    #[test]
    fn project_overrides_builtin_and_tree_load_is_scoped() {
        let (_t, dirs) = dirs_with(&[("bugfix.toml", &wf(&[])), ("unrelated.toml", "broken =")]);
        let cat = Catalog::load_all(&dirs, &groups());
        let (w, origin) = &cat.usable["bugfix"];
        assert_eq!(w.phases.len(), 1);
        assert_eq!(origin.tier, Tier::Project);
        assert!(
            cat.shadowed
                .iter()
                .any(|(k, o)| k == "bugfix" && o.tier == Tier::Builtin)
        );
        let tree = Catalog::load_tree(&dirs, &groups(), "bugfix");
        assert!(
            tree.diags.is_empty(),
            "unrelated broken file must not matter: {:?}",
            tree.diags
        );
        assert_eq!(tree.closure("bugfix").len(), 1);
    }
}
