//! The state store under concurrency and crashes.

use std::process::{Command, Stdio};

use crate::harness::Ws;

#[test]
fn sixty_four_concurrent_writers_lose_no_update() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        "lock_timeout_ms = 60000\n[todos]\nmax_items = 1000\n",
    );
    let rounds = 5;
    let mut want: Vec<String> = Vec::new();
    for round in 0..rounds {
        let children: Vec<_> = (0..64)
            .map(|i| {
                let mut c: Command = ws.command(&["todo", "append", &format!("item-{round}-{i}")]);
                c.stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for c in children {
            let o = c.wait_with_output().unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        want.extend((0..64).map(|i| format!("item-{round}-{i}")));
    }
    let st = ws.state();
    let mut texts: Vec<String> = st["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["text"].as_str().unwrap().to_string())
        .collect();
    texts.sort();
    want.sort();
    assert_eq!(texts, want);
    assert_eq!(st["generation"], 64 * rounds);
    println!(
        "figure: 64 concurrent writers × {rounds} rounds: {} updates, 0 lost",
        texts.len()
    );
}

#[test]
fn a_killed_writer_leaves_the_previous_or_the_next_state() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let mut last_gen = ws.generation();
    for i in 0..40u64 {
        let mut child = ws
            .command(&["todo", "append", &format!("n{i}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill at a varying instant (sometimes before, sometimes after the write).
        std::thread::sleep(std::time::Duration::from_micros((i * 97) % 3000));
        let _ = child.kill();
        let _ = child.wait();
        let st = ws.state();
        let g = st["generation"].as_u64().unwrap();
        assert!(
            g == last_gen || g == last_gen + 1,
            "generation {last_gen} → {g}"
        );
        assert_eq!(
            st["todos"].as_array().unwrap().len() as u64,
            g,
            "one item per write"
        );
        last_gen = g;
    }
    // Leftover temp files never confuse a reader.
    ws.run(&["todo", "list"]).ok();
}

#[test]
fn read_only_events_never_write_the_state() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    let before = ws.state_bytes();
    for _ in 0..3 {
        ws.cw("tool_call", "tool_call_before.read");
        ws.cw("tool_call", "tool_call_before.edit");
        ws.run(&["status"]);
        ws.run(&["status", "--json"]);
        ws.run(&["step", "status"]);
        ws.run(&["todo", "list"]);
        ws.run(&["list"]);
        ws.hook(
            "session_start",
            "codewhale",
            "tool_call_before.read",
            &[],
            Some(""),
        );
    }
    assert_eq!(ws.state_bytes(), before);
}
