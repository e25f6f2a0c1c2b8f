//! The JavaScript face (wasm-bindgen): `call(method, paramsJson)`, the
//! sliced `CnfJob`, and a panic hook that hands the panic's message to
//! the worker (`globalThis.satokuPanic`) and the console before the
//! instance traps, so a bug rejects the request with its message instead
//! of failing silently.

use std::io::{self, Read};
use std::time::Duration;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use crate::cnf::{CnfJob, CnfOptions};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);

    /// Defined by `web/worker.js` before the module starts.
    #[wasm_bindgen(js_name = satokuPanic)]
    fn report_panic(message: &str);
}

/// Installs the panic hook when the module is instantiated.
#[wasm_bindgen(start)]
pub fn on_start() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("satoku bug: {info}");
        console_error(&message);
        report_panic(&message);
    }));
}

/// Runs one API method: `params` and the result are JSON text; an error
/// rejects with its message.
#[wasm_bindgen]
pub fn call(method: &str, params: &str) -> Result<String, JsError> {
    crate::call(method, params).map_err(|e| JsError::new(&e.to_string()))
}

/// A DIMACS formula being loaded, then solved, slice by slice (`solveDimacs`).
#[wasm_bindgen(js_name = CnfJob)]
pub struct JsCnfJob(CnfJob);

#[wasm_bindgen(js_class = CnfJob)]
impl JsCnfJob {
    /// Starts on `text` (plain DIMACS text; `name` labels errors) with
    /// `options` (JSON: `timeLimitMs`, `conflictLimit`): reads the header.
    /// The text is read from the JavaScript array as the load goes, never
    /// copied whole into the module's memory.
    #[wasm_bindgen(constructor)]
    pub fn new(text: Uint8Array, name: &str, options: &str) -> Result<JsCnfJob, JsError> {
        let options: CnfOptions = serde_json::from_str(options)
            .map_err(|e| JsError::new(&format!("bad options for `solveDimacs`: {e}")))?;
        let total = u64::from(text.length());
        CnfJob::start(JsBytes { text, at: 0 }, total, name, options)
            .map(JsCnfJob)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Reads and loads the formula for about `millis` milliseconds; JSON
    /// `{ phase: "reading", textBytes, ... }`, `{ phase: "adding", ... }`
    /// or, once the search can start, `{ phase: "loaded", ... }`.
    pub fn load(&mut self, millis: u32) -> Result<String, JsError> {
        let slice = Duration::from_millis(u64::from(millis));
        let loading = self
            .0
            .load(slice)
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_json(&loading))
    }

    /// Searches for at most `conflicts` conflicts; JSON `{ state: "running",
    /// conflicts, ... }` or `{ state: "done", status, output, ... }`.
    pub fn run(&mut self, conflicts: u32) -> Result<String, JsError> {
        let slice = self.0.run(u64::from(conflicts));
        let slice = slice.map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_json(&slice))
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A JavaScript byte array read from the front, a copy of the asked
/// length at a time.
struct JsBytes {
    text: Uint8Array,
    at: u32,
}

impl Read for JsBytes {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let left = self.text.length() - self.at;
        let n = left.min(u32::try_from(out.len()).unwrap_or(u32::MAX));
        if n > 0 {
            let end = self.at + n;
            self.text
                .subarray(self.at, end)
                .copy_to(&mut out[..n as usize]);
            self.at = end;
        }
        Ok(n as usize)
    }
}
