//! Answers written as JSON text. `Value::to_string` escapes every string a
//! byte at a time; a Stop's reason lists the open todos (kilobytes), so
//! strings with nothing to escape — nearly all — are copied whole. The text
//! is exactly serde_json's compact form (tested against it).

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

/// A JSON string: quotes, backslashes and control characters are the only
/// bytes serde_json escapes; without them the text goes in as it is.
fn string(out: &mut String, s: &str) {
    if crate::bytes::any_byte(s.as_bytes(), |b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(&Value::from(s).to_string());
    } else {
        out.push('"');
        out.push_str(s);
        out.push('"');
    }
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
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Off)),
            ..ProptestConfig::default()
        })]

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
