//! The pure decision core: the run state machine, todos, tool rules, texts,
//! `call` (what a tool call does), `decide` (state, event) → (decision, new
//! state), `transition` (every command that changes the state) and
//! `failure` (what a failed hook answers).
//! Nothing in this module does I/O.

pub mod call;
pub mod decide;
pub mod event;
pub mod failure;
pub mod rules;
pub mod run;
pub mod state;
pub mod template;
pub mod text;
pub mod todos;
pub mod transition;
