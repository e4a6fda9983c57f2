//! UCI and XBoard front ends over one engine facade (placeholder).

/// Runs the protocol loop on standard input and output.
pub fn run_stdio() {}
