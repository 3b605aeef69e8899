//! Shell command analysis (placeholder interface; the full analyser lands
//! with the shell-aware rules work). Splits a command into simple commands
//! and reports the writes it can see.

/// One simple command: its words after quote removal, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleCommand {
    pub argv: Vec<String>,
    pub text: String,
}

/// What a command line does, as far as the analyser can tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    pub commands: Vec<SimpleCommand>,
    /// One short description per write found, e.g. `redirection to out.txt`.
    pub writes: Vec<String>,
    /// Set when the command could not be analysed (the reason).
    pub unparsable: Option<String>,
}

/// Analyse `command`. Never panics.
pub fn analyse(command: &str) -> Analysis {
    let mut a = Analysis::default();
    for part in command.split([';', '|', '&', '\n']) {
        let argv: Vec<String> = part.split_whitespace().map(str::to_string).collect();
        if argv.is_empty() {
            continue;
        }
        if part.contains('>') {
            a.writes.push("a redirection".into());
        }
        a.commands.push(SimpleCommand {
            text: argv.join(" "),
            argv,
        });
    }
    a
}
