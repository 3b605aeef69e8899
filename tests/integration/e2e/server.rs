//! A scripted model server: HTTP/1.1 on 127.0.0.1, std only.
//!
//! It answers each *main* request (one that offers the model tools: the
//! agent's own loop) with the next turn of the script, every *side* request
//! (token counts, probes, JSON-mode checks) with something sensible, and
//! records every request so a test can read what the model was shown.
//!
//! Everything is bounded: the server stops at its deadline or when dropped,
//! each connection carries one request (`Connection: close`) and has read
//! and write timeouts, bodies are capped, and once the script is used up it
//! answers `Done.`; after `EXTRA_TURNS` more main requests it answers with
//! an HTTP error, so a host that keeps going (a stop hook that never lets
//! it stop) ends quickly instead of running to the test's timeout.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::Turn;

/// Main requests answered `Done.` after the script before the server refuses.
pub const EXTRA_TURNS: usize = 8;
/// Connections served at most (each carries one request).
const MAX_CONNECTIONS: usize = 400;
const MAX_HEADER: usize = 64 * 1024;
const MAX_BODY: usize = 64 * 1024 * 1024;

/// One request as the host sent it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Path and query.
    pub path: String,
    /// The JSON body (`Null` when there was none or it was not JSON).
    pub body: Value,
    /// Offered tools: the agent's own loop, answered from the script.
    pub main: bool,
}

/// An HTTP answer.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(v: &Value) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body: v.to_string().into_bytes(),
        }
    }

    /// Server-sent events, each `(event name or "", data)`.
    pub fn sse(events: &[(&str, Value)]) -> Reply {
        let mut body = String::new();
        for (name, data) in events {
            if !name.is_empty() {
                body.push_str(&format!("event: {name}\n"));
            }
            body.push_str(&format!("data: {data}\n\n"));
        }
        Reply {
            status: 200,
            content_type: "text/event-stream",
            body: body.into_bytes(),
        }
    }

    pub fn error(status: u16, v: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: v.to_string().into_bytes(),
        }
    }
}

/// One model API (Anthropic Messages, OpenAI Responses, Gemini): which
/// requests are the agent's, how a turn is encoded, and how a request
/// body reads back as what the model was shown.
pub trait Api: Send + Sync + 'static {
    /// Is this the agent's own loop (it offers tools)?
    fn is_main(&self, method: &str, path: &str, body: &Value) -> bool;
    /// The answer to main request number `n` (from 0): `turn`.
    fn turn(&self, req: &Request, n: usize, turn: &Turn) -> Reply;
    /// Anything that is not a main request.
    fn side(&self, req: &Request) -> Reply;
    /// The answer once the host has had more than enough turns.
    fn refuse(&self) -> Reply;
    /// What a main request shows the model, in order.
    fn shown(&self, body: &Value) -> Vec<super::Item>;
}

struct Inner {
    api: &'static dyn Api,
    turns: Vec<Turn>,
    log: Mutex<Vec<Request>>,
    main: AtomicUsize,
    refused: AtomicBool,
    stop: AtomicBool,
    deadline: Instant,
}

pub struct Server {
    addr: SocketAddr,
    inner: Arc<Inner>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serve `turns` with `api` until dropped or `lifetime` has passed.
    pub fn start(api: &'static dyn Api, turns: Vec<Turn>, lifetime: Duration) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let inner = Arc::new(Inner {
            api,
            turns,
            log: Mutex::new(Vec::new()),
            main: AtomicUsize::new(0),
            refused: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            deadline: Instant::now() + lifetime,
        });
        let shared = inner.clone();
        let thread = std::thread::spawn(move || accept(listener, shared));
        Server {
            addr,
            inner,
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:PORT`
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn requests(&self) -> Vec<Request> {
        self.inner.log.lock().unwrap().clone()
    }

    /// Did the host ask for more turns than the script and its slack?
    pub fn refused(&self) -> bool {
        self.inner.refused.load(Ordering::SeqCst)
    }

    pub fn api(&self) -> &'static dyn Api {
        self.inner.api
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.inner.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn accept(listener: TcpListener, inner: Arc<Inner>) {
    let mut served = 0;
    let mut workers: Vec<JoinHandle<()>> = Vec::new();
    while !inner.stop.load(Ordering::SeqCst) && Instant::now() < inner.deadline {
        match listener.accept() {
            Ok((stream, peer)) if peer.ip().is_loopback() && served < MAX_CONNECTIONS => {
                served += 1;
                let inner = inner.clone();
                workers.push(std::thread::spawn(move || {
                    let _ = serve(stream, &inner);
                }));
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
        workers.retain(|w| !w.is_finished());
    }
    // Workers end by themselves: every socket has timeouts.
    for w in workers {
        let _ = w.join();
    }
}

fn serve(stream: TcpStream, inner: &Inner) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_write_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let (method, path, headers) = read_head(&mut reader)?;
    let header = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let raw = if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        read_chunked(&mut reader)?
    } else {
        let len: usize = header("content-length")
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        if len > MAX_BODY {
            return Err(std::io::Error::other("body too large"));
        }
        let mut buf = vec![0; len];
        reader.read_exact(&mut buf)?;
        buf
    };
    let body: Value = serde_json::from_slice(&raw).unwrap_or(Value::Null);
    let main = inner.api.is_main(&method, &path, &body);
    let req = Request {
        method,
        path,
        body,
        main,
    };
    inner.log.lock().unwrap().push(req.clone());
    let reply = if main {
        let n = inner.main.fetch_add(1, Ordering::SeqCst);
        if n >= inner.turns.len() + EXTRA_TURNS {
            inner.refused.store(true, Ordering::SeqCst);
            inner.api.refuse()
        } else {
            let done = Turn::done();
            inner.api.turn(&req, n, inner.turns.get(n).unwrap_or(&done))
        }
    } else {
        inner.api.side(&req)
    };
    write_reply(stream, &req.method, &reply)
}

/// Method, path, headers.
type Head = (String, String, Vec<(String, String)>);

fn read_head(r: &mut impl BufRead) -> std::io::Result<Head> {
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let mut line = String::new();
        let n = r.read_line(&mut line)?;
        total += n;
        if n == 0 || total > MAX_HEADER {
            return Err(std::io::Error::other("bad request head"));
        }
        let line = line.trim_end_matches(['\r', '\n']).to_string();
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    let first = lines.first().cloned().unwrap_or_default();
    let mut parts = first.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let path = parts.next().unwrap_or("").to_string();
    let headers = lines[1..]
        .iter()
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Ok((method, path, headers))
}

fn read_chunked(r: &mut impl BufRead) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let mut size = String::new();
        r.read_line(&mut size)?;
        let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16)
            .map_err(std::io::Error::other)?;
        if out.len() + size > MAX_BODY {
            return Err(std::io::Error::other("body too large"));
        }
        let mut chunk = vec![0; size];
        r.read_exact(&mut chunk)?;
        out.extend_from_slice(&chunk);
        let mut crlf = String::new();
        r.read_line(&mut crlf)?;
        if size == 0 {
            return Ok(out);
        }
    }
}

fn write_reply(mut stream: TcpStream, method: &str, reply: &Reply) -> std::io::Result<()> {
    let reason = match reply.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        _ => "Error",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    );
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&reply.body)?;
    }
    stream.flush()?;
    let _ = stream.shutdown(std::net::Shutdown::Write);
    Ok(())
}
