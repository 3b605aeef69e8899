//! Answers written as JSON text. `Value::to_string` escapes every string a
//! byte at a time; a Stop's reason lists the open todos (kilobytes), so
//! here the runs between the bytes to escape are found sixteen bytes at a
//! time and copied whole. The text is exactly serde_json's compact form
//! (tested against it).

use serde_json::Value;

/// `v` as compact JSON, as `v.to_string()` writes it.
pub(crate) fn to_string(v: &Value) -> String {
    let mut out = String::with_capacity(128);
    write(&mut out, v);
    out
}

fn write(out: &mut String, v: &Value) {
    match v {
        Value::String(s) => string(out, s),
        Value::Object(m) => {
            out.push('{');
            for (k, (key, value)) in m.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                string(out, key);
                out.push(':');
                write(out, value);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            for (k, value) in a.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write(out, value);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// A JSON string, escaped as serde_json escapes it: quotes, backslashes
/// and control characters; the runs between them are copied whole.
fn string(out: &mut String, s: &str) {
    let needs = |b: u8| (b < 0x20) | (b == b'"') | (b == b'\\');
    out.reserve(s.len() + 2);
    out.push('"');
    let mut rest = s;
    while let Some(i) = crate::bytes::position(rest.as_bytes(), needs) {
        // `i` is an ASCII byte, so both sides are whole characters.
        let (run, tail) = rest.split_at(i);
        out.push_str(run);
        let b = tail.as_bytes()[0];
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0C => out.push_str("\\f"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
        }
        rest = &tail[1..];
    }
    out.push_str(rest);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            "(\\PC|[\"\\\\\\n\\t\\x00-\\x1f\\x7f]|\u{2028}){0,40}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                proptest::collection::vec(("[a-zA-Z\"\\\\]{0,6}", inner), 0..4)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(crate::proptest_config(256))]

        #[test]
        fn writes_what_serde_json_writes(v in value()) {
            prop_assert_eq!(to_string(&v), v.to_string());
        }
    }

    #[test]
    fn a_long_reason_is_copied_whole_and_escaped_when_it_must_be() {
        let long = "– [3] Step 3: update the handler\n".repeat(200);
        let v = serde_json::json!({ "decision": "block", "reason": long });
        assert_eq!(to_string(&v), v.to_string());
        assert!(to_string(&v).contains("handler\\n–"));
    }
}
