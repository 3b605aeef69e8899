//! The pure decision core: the run state machine, todos, tool rules, texts,
//! and `decide`, which maps (state, event) to (decision, new state).
//! Nothing in this module does I/O.

pub mod decide;
pub mod event;
pub mod rules;
pub mod run;
pub mod state;
pub mod template;
pub mod text;
pub mod todos;
