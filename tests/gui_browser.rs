//! The browser board in a real browser: headless Chromium loads the page from
//! `baton gui`, which draws the board of every variant from the API. Skipped, saying
//! so, where Chromium is not installed (`.ci/run` installs it).

use std::process::Command;

use baton_engine::Variant;
use baton_testkit::GuiServer;

const CHROMIUM: &str = "/usr/bin/chromium";

/// The page's DOM once its script has run.
fn dom(url: &str, profile: &std::path::Path) -> String {
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=4000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .output()
        .expect("run chromium");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_page_draws_every_variant_at_its_size() {
    if !baton_testkit::installed("the browser board's page", &[CHROMIUM]) {
        return;
    }
    let server = GuiServer::start(env!("CARGO_BIN_EXE_baton"));
    let url = server.url();
    let profile = tempfile::Builder::new()
        .prefix("baton-chromium-")
        .tempdir()
        .expect("temp dir");
    let profile = profile.path();
    for v in Variant::ALL {
        let t = v.geometry().tables();
        let page = dom(
            &format!("{url}?variant={}&mode=human-human", v.name()),
            profile,
        );
        let squares = page.matches("data-sq=\"").count();
        assert_eq!(
            squares,
            usize::from(t.width) * usize::from(t.height),
            "{v}: {}",
            &page[..page.len().min(2000)]
        );
        assert!(page.contains("White to move"), "{v}");
        if v.has_neutral_pieces() {
            // Neutral pieces are drawn in their own colours, not as either side's.
            assert!(page.contains("#2a9d8f"), "{v}: stones");
        }
    }
}
