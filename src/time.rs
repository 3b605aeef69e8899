//! Wall-clock timestamps without a date library: RFC 3339 in UTC.

use std::time::{SystemTime, UNIX_EPOCH};

/// Days since 1970-01-01 → (year, month, day), proleptic Gregorian.
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn parts() -> (i64, u32, u32, u64, u64, u64, u32) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs();
    let (y, m, d) = civil((secs / 86_400) as i64);
    let rem = secs % 86_400;
    (
        y,
        m,
        d,
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        now.subsec_millis(),
    )
}

/// `2026-11-22T02:15:54.370Z`
pub fn now_iso() -> String {
    let (y, m, d, hh, mm, ss, ms) = parts();
    format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}.{ms:03}Z")
}

/// `20261122T021554Z`, for file names.
pub fn now_compact() -> String {
    let (y, m, d, hh, mm, ss, _) = parts();
    format!("{y:04}{m:02}{d:02}T{hh:02}{mm:02}{ss:02}Z")
}

/// Milliseconds since the epoch.
pub fn now_millis() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0)
}

/// pi's task id: `wf-<ms>-<6 base36 chars>`.
pub fn task_id() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut x = u64::from(nanos) ^ (u64::from(std::process::id()) << 32) ^ 0x9e37_79b9_7f4a_7c15;
    let mut s = String::new();
    for _ in 0..6 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let c = (x % 36) as u32;
        s.push(char::from_digit(c, 36).unwrap_or('0'));
    }
    format!("wf-{}-{s}", now_millis())
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil(0), (1970, 1, 1));
        assert_eq!(super::civil(20_779), (2026, 11, 22));
        assert_eq!(super::civil(11_016), (2000, 2, 29));
    }
}
