//! `{name}` templates, as pi-workflows renders them: one pass, names are
//! `\w+`, known names are replaced, substituted text is not re-expanded, and
//! unknown names stay literally in the text.

/// Render `template`, asking `lookup` for each `{name}`.
pub fn render(template: &str, lookup: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = after
            .char_indices()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(after.len(), |(i, _)| i);
        let name = &after[..name_len];
        let closed = after[name_len..].starts_with('}');
        match (closed && !name.is_empty()).then(|| lookup(name)).flatten() {
            Some(value) => {
                out.push_str(&value);
                rest = &after[name_len + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(name: &str) -> Option<String> {
        match name {
            "a" => Some("{b}".into()),
            "b" => Some("B".into()),
            _ => None,
        }
    }

    #[test]
    fn single_pass_unknown_literal() {
        assert_eq!(render("x {a} {b} {c} {} {a", &vars), "x {b} B {c} {} {a");
        assert_eq!(render("{{b}}", &vars), "{B}");
        assert_eq!(render("é{b}é", &vars), "éBé");
    }
}
