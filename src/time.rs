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

/// (year, month, day) → days since 1970-01-01; the inverse of `civil`.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Milliseconds since the epoch of a UTC time written as `2026-11-22`,
/// `2026-11-22T02:15`, `2026-11-22T02:15:54`, `…:54.370`, each optionally
/// ending in `Z` (a space may stand for `T`). Other offsets are refused.
pub fn parse_iso_millis(text: &str) -> Option<i128> {
    let t = text.trim().trim_end_matches(['Z', 'z']);
    let (date, clock) = match t.split_once(['T', 't', ' ']) {
        Some((d, c)) => (d, Some(c)),
        None => (t, None),
    };
    let mut d = date.split('-');
    let (y, m, day) = (d.next()?, d.next()?, d.next()?);
    if d.next().is_some() || y.len() != 4 || m.len() != 2 || day.len() != 2 {
        return None;
    }
    let (y, m, day): (i64, u32, u32) = (y.parse().ok()?, m.parse().ok()?, day.parse().ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&day) {
        return None;
    }
    let mut millis = i128::from(days_from_civil(y, m, day)) * 86_400_000;
    if let Some(clock) = clock {
        let (hms, frac) = clock.split_once('.').unwrap_or((clock, ""));
        let mut f = hms.split(':');
        let h: u32 = f.next()?.parse().ok()?;
        let mi: u32 = f.next()?.parse().ok()?;
        let s: u32 = f.next().map_or(Some(0), |s| s.parse().ok())?;
        if f.next().is_some() || h > 23 || mi > 59 || s > 60 {
            return None;
        }
        let ms: u32 = if frac.is_empty() {
            0
        } else {
            if !frac.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            format!("{frac:0<3}")[..3].parse().ok()?
        };
        millis += i128::from(h * 3_600_000 + mi * 60_000 + s * 1000 + ms);
    }
    Some(millis)
}

/// `2026-11-22T02:15:54.370Z` for milliseconds since the epoch.
pub fn iso_from_millis(ms: i128) -> String {
    let days = ms.div_euclid(86_400_000) as i64;
    let rem = ms.rem_euclid(86_400_000) as u64;
    let (y, m, d) = civil(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3_600_000,
        rem / 60_000 % 60,
        rem / 1000 % 60,
        rem % 1000
    )
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
        for days in [-800_000, -1, 0, 11_016, 20_779, 2_000_000] {
            let (y, m, d) = super::civil(days);
            assert_eq!(super::days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn iso_round_trips_and_partial_forms() {
        use super::{iso_from_millis, parse_iso_millis};
        let t = "2026-11-22T02:15:54.370Z";
        assert_eq!(iso_from_millis(parse_iso_millis(t).unwrap()), t);
        assert_eq!(parse_iso_millis("1970-01-01"), Some(0));
        assert_eq!(parse_iso_millis("1970-01-01T00:01"), Some(60_000));
        assert_eq!(parse_iso_millis("1970-01-01 00:00:01.5"), Some(1500));
        for bad in [
            "",
            "yesterday",
            "2026-13-01",
            "2026-1-1",
            "2026-11-22T25:00",
            "2026-11-22T01:00+02:00",
        ] {
            assert_eq!(parse_iso_millis(bad), None, "{bad}");
        }
    }
}
