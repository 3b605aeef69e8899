//! `{name}` templates, as pi-workflows renders them: one pass, names are
//! `\w+`, known names are replaced, substituted text is not re-expanded, and
//! unknown names stay literally in the text. One addition: a variable that
//! renders empty takes one neighbouring space with it, so that
//! `{phaseEmoji} {phaseName}` reads `Release Notes`, not ` Release Notes`,
//! for a phase without an emoji.

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
                rest = &after[name_len + 1..];
                if value.is_empty() {
                    let word_start = out.is_empty() || out.ends_with(char::is_whitespace);
                    let ends_phrase = rest.chars().next().is_none_or(|c| {
                        matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | ')' | '\n')
                    });
                    if word_start && rest.starts_with(' ') {
                        // `{empty} word`: the space after it goes.
                        rest = &rest[1..];
                    } else if out.ends_with(' ') && ends_phrase {
                        // `word {empty}.`: the space before it goes.
                        out.pop();
                    }
                }
                out.push_str(&value);
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
    fn an_empty_value_takes_one_space_with_it() {
        let vars = |name: &str| match name {
            "e" => Some(String::new()),
            "n" => Some("Name".to_string()),
            _ => None,
        };
        assert_eq!(render("phase: {e} {n}.", &vars), "phase: Name.");
        assert_eq!(render("{e} {n}", &vars), "Name");
        assert_eq!(render("{n} {e}.", &vars), "Name.");
        assert_eq!(render("for: {e}\nnext", &vars), "for:\nnext");
        assert_eq!(render("a{e}b {e}c", &vars), "ab c");
        assert_eq!(render("x  {e}  y", &vars), "x   y", "only one space");
    }

    #[test]
    fn single_pass_unknown_literal() {
        assert_eq!(render("x {a} {b} {c} {} {a", &vars), "x {b} B {c} {} {a");
        assert_eq!(render("{{b}}", &vars), "{B}");
        assert_eq!(render("é{b}é", &vars), "éBé");
    }
}
