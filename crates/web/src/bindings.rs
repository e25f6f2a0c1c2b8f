//! The JavaScript face (wasm-bindgen): `call(method, paramsJson)`, the
//! sliced `CnfJob`, and a panic hook that hands the panic's message to
//! the worker (`globalThis.satokuPanic`) and the console before the
//! instance traps, so a bug rejects the request with its message instead
//! of failing silently.

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

/// A DIMACS formula being solved slice by slice (`solveDimacs`).
#[wasm_bindgen(js_name = CnfJob)]
pub struct JsCnfJob(CnfJob);

#[wasm_bindgen(js_class = CnfJob)]
impl JsCnfJob {
    /// Parses `bytes` (plain DIMACS text; `name` labels errors) with
    /// `options` (JSON: `timeLimitMs`, `conflictLimit`) and loads the solver.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8], name: &str, options: &str) -> Result<JsCnfJob, JsError> {
        let options: CnfOptions = serde_json::from_str(options)
            .map_err(|e| JsError::new(&format!("bad options for `solveDimacs`: {e}")))?;
        CnfJob::start(bytes, name, options)
            .map(JsCnfJob)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Searches for at most `conflicts` conflicts; JSON `{ state: "running",
    /// conflicts, ... }` or `{ state: "done", status, output, ... }`.
    pub fn run(&mut self, conflicts: u32) -> String {
        let slice = self.0.run(u64::from(conflicts));
        serde_json::to_string(&slice).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}
