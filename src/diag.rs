//! Located diagnostics and a strict reader for TOML documents.
//!
//! Workflow files and config files are read through `Reader`, which walks the
//! spanned table from the `toml` crate by hand so that every problem is
//! reported as `FILE:LINE:COL: message`, all problems of a file are collected
//! (not just the first), unknown keys get a did-you-mean, and nothing is
//! silently coerced.

use std::fmt;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One problem in one file, at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

/// Walks one parsed document and collects its diagnostics.
pub struct Reader<'s> {
    pub file: String,
    src: &'s str,
    pub diags: Vec<Diag>,
}

impl<'s> Reader<'s> {
    pub fn new(file: impl Into<String>, src: &'s str) -> Self {
        Reader {
            file: file.into(),
            src,
            diags: Vec::new(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let before = &self.src[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    pub fn error_at(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let (line, col) = self.position(span.start);
        self.diags.push(Diag {
            file: self.file.clone(),
            line,
            col,
            message: message.into(),
        });
    }

    /// Parse the whole document; a syntax error becomes a diagnostic.
    pub fn parse(&mut self) -> Option<Spanned<DeTable<'s>>> {
        match DeTable::parse(self.src) {
            Ok(t) => Some(t),
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                let msg = e.message().trim().replace('\n', "; ");
                self.error_at(&span, format!("invalid TOML: {msg}"));
                None
            }
        }
    }

    /// Report every key of `table` not in `known`, with a did-you-mean.
    pub fn check_keys(&mut self, table: &DeTable<'_>, known: &[&str], context: &str) {
        for key in table.keys() {
            let name: &str = key.get_ref();
            if known.contains(&name) {
                continue;
            }
            let hint = match did_you_mean(name, known.iter().copied()) {
                Some(k) => format!(" (did you mean \"{k}\"?)"),
                None => format!(" (expected one of: {})", known.join(", ")),
            };
            self.error_at(
                &key.span(),
                format!("unknown key \"{name}\"{context}{hint}"),
            );
        }
    }

    pub fn string(
        &mut self,
        table: &DeTable<'_>,
        key: &str,
        context: &str,
    ) -> Option<Spanned<String>> {
        let value = get(table, key)?;
        match value.get_ref() {
            DeValue::String(s) => Some(Spanned::new(value.span(), s.to_string())),
            other => {
                self.type_error(value.span(), key, "a string", other, context);
                None
            }
        }
    }

    pub fn boolean(&mut self, table: &DeTable<'_>, key: &str, context: &str) -> Option<bool> {
        let value = get(table, key)?;
        match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                self.type_error(value.span(), key, "true or false", other, context);
                None
            }
        }
    }

    pub fn integer(&mut self, table: &DeTable<'_>, key: &str, context: &str) -> Option<u64> {
        let value = get(table, key)?;
        match value.get_ref() {
            DeValue::Integer(i) => match u64::from_str_radix(i.as_str(), i.radix()) {
                Ok(n) => Some(n),
                Err(_) => {
                    self.error_at(
                        &value.span(),
                        format!("\"{key}\"{context} must be a whole number of 0 or more"),
                    );
                    None
                }
            },
            other => {
                self.type_error(value.span(), key, "a whole number", other, context);
                None
            }
        }
    }

    pub fn string_list(
        &mut self,
        table: &DeTable<'_>,
        key: &str,
        context: &str,
    ) -> Option<Spanned<Vec<String>>> {
        let value = get(table, key)?;
        let DeValue::Array(items) = value.get_ref() else {
            self.type_error(
                value.span(),
                key,
                "a list of strings",
                value.get_ref(),
                context,
            );
            return None;
        };
        let mut out = Vec::with_capacity(items.len());
        let mut ok = true;
        for item in items {
            match item.get_ref() {
                DeValue::String(s) => out.push(s.to_string()),
                other => {
                    ok = false;
                    let found = kind(other);
                    self.error_at(
                        &item.span(),
                        format!("\"{key}\"{context} must list only strings, found {found}"),
                    );
                }
            }
        }
        ok.then(|| Spanned::new(value.span(), out))
    }

    pub fn table<'t, 'i>(
        &mut self,
        table: &'t DeTable<'i>,
        key: &str,
        context: &str,
    ) -> Option<Spanned<&'t DeTable<'i>>> {
        let value = get(table, key)?;
        match value.get_ref() {
            DeValue::Table(t) => Some(Spanned::new(value.span(), t)),
            other => {
                self.type_error(value.span(), key, "a table", other, context);
                None
            }
        }
    }

    fn type_error(
        &mut self,
        span: Range<usize>,
        key: &str,
        expected: &str,
        found: &DeValue<'_>,
        context: &str,
    ) {
        let found = kind(found);
        self.error_at(
            &span,
            format!("\"{key}\"{context} must be {expected}, found {found}"),
        );
    }
}

pub fn get<'t, 'i>(table: &'t DeTable<'i>, key: &str) -> Option<&'t Spanned<DeValue<'i>>> {
    table
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map(|(_, v)| v)
}

/// Span of a key itself (for "duplicate"/"conflict" errors that point at it).
pub fn key_span(table: &DeTable<'_>, key: &str) -> Option<Range<usize>> {
    table
        .keys()
        .find(|k| k.get_ref().as_ref() == key)
        .map(|k| k.span())
}

pub fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a number",
        DeValue::Float(_) => "a number",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// The closest candidate within a small edit distance, if any.
pub fn did_you_mean<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if word.chars().count() <= 3 { 1 } else { 2 };
    candidates
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_keys_only() {
        assert_eq!(
            did_you_mean("alow", ["allow", "deny"].into_iter()),
            Some("allow")
        );
        assert_eq!(did_you_mean("xyz", ["allow", "deny"].into_iter()), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn positions_are_one_based_in_characters() {
        let r = Reader::new("f.toml", "a = 1\nbé = 2\n");
        assert_eq!(r.position(0), (1, 1));
        assert_eq!(r.position(6), (2, 1));
        assert_eq!(r.position(9), (2, 3));
    }

    #[test]
    fn unknown_key_and_type_errors_are_located() {
        let src = "name = 3\nnmae = \"x\"\n";
        let mut r = Reader::new("w.toml", src);
        let doc = r.parse().unwrap();
        r.check_keys(doc.get_ref(), &["name"], "");
        assert!(r.string(doc.get_ref(), "name", "").is_none());
        let text: Vec<String> = r.diags.iter().map(|d| d.to_string()).collect();
        assert!(
            text.contains(&"w.toml:1:8: \"name\" must be a string, found a number".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"w.toml:2:1: unknown key \"nmae\" (did you mean \"name\"?)".to_string()),
            "{text:?}"
        );
    }
}
