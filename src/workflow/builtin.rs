//! The workflows compiled into the binary: the lowest tier, replaced whole by
//! a user or project file with the same key.

pub const BUILTINS: &[(&str, &str)] = &[
    ("bugfix", include_str!("builtin/bugfix.toml")),
    ("rpir", include_str!("builtin/rpir.toml")),
    (
        "rpir-implement",
        include_str!("builtin/rpir-implement.toml"),
    ),
    ("tdd", include_str!("builtin/tdd.toml")),
];

/// The TOML text of a built-in workflow.
pub fn get(key: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
}
