//! An outside UCI engine as the judge of `baton openings`' candidates (`--judge`): a
//! suite judged level by another engine than Baton measures Baton against that engine
//! without Baton's own opinion of the openings in it. One engine process per thread,
//! each started when its thread first needs it and told `ucinewgame` before every
//! search, so that a score depends on the position alone, as Baton's own judge's does
//! with its fresh hash table.

use std::sync::Mutex;
use std::time::Duration;

use baton_engine::{Position, Variant};

use crate::engine_setting::Setting;
use crate::referee::position_command;
use crate::uci_client::{check_settings, EngineSpec, Failure, UciClient};

/// How long one judging search may take before the judge counts as hung.
const TIMEOUT: Duration = Duration::from_secs(300);

pub struct Judge {
    spec: EngineSpec,
    variant: Variant,
    /// One engine a thread of the pool, by `rayon::current_thread_index`.
    clients: Vec<Mutex<Option<UciClient>>>,
}

impl Judge {
    /// The judge the `--judge` words describe, for `threads` threads. One engine is
    /// started at once, so that a judge that cannot serve (it does not start, does not
    /// play the variant, refuses an option) is told before any work.
    pub fn new(words: &[Setting], variant: Variant, threads: usize) -> Result<Judge, String> {
        let mut spec = EngineSpec::default();
        for word in words {
            if let Setting::Limit(_) = word {
                return Err("--judge takes no search limit: its searches go to --depth".to_string());
            }
            word.clone().apply(&mut spec);
        }
        if spec.cmd.is_empty() {
            return Err("--judge needs cmd=PATH".into());
        }
        let judge = Judge {
            spec,
            variant,
            clients: (0..threads.max(1)).map(|_| Mutex::new(None)).collect(),
        };
        let first = judge.start()?;
        if let Ok(mut slot) = judge.clients[0].lock() {
            *slot = Some(first);
        }
        Ok(judge)
    }

    /// The command, for messages.
    pub fn cmd(&self) -> &str {
        &self.spec.cmd
    }

    /// A failure of the judge as a message: what happened and its last lines.
    fn failed(&self, failure: Failure, tail: &[String]) -> String {
        let mut text = format!("judge '{}': {failure}", self.spec.cmd);
        if !tail.is_empty() {
            text += &format!("; its last lines:\n  {}", tail.join("\n  "));
        }
        text
    }

    fn start(&self) -> Result<UciClient, String> {
        let mut client = UciClient::start(&self.spec).map_err(|f| self.failed(f, &[]))?;
        if !client.plays(self.variant) {
            let variant = self.variant.name();
            return Err(format!(
                "judge '{}' does not play {variant} ({})\nNo suite was made: give --judge an \
                 engine that plays {variant}, or leave --judge out to judge with Baton's own \
                 search.",
                self.spec.cmd, client.variants
            ));
        }
        check_settings(&client.options, &self.spec.options)
            .map_err(|why| format!("judge '{}' {why}", self.spec.cmd))?;
        client
            .configure(&self.spec, self.variant)
            .map_err(|f| self.failed(f, &client.tail()))?;
        Ok(client)
    }

    /// The judge's score of `pos` searched to `depth` from the position alone, in
    /// centipawns from the side to move's view; `None` for a mate or no score.
    pub fn score(&self, pos: &Position, depth: u32) -> Result<Option<i32>, String> {
        let k = rayon::current_thread_index().unwrap_or(0) % self.clients.len();
        let mut slot = self.clients[k]
            .lock()
            .map_err(|_| "a judging thread died".to_string())?;
        if slot.is_none() {
            *slot = Some(self.start()?);
        }
        let client = slot.as_mut().expect("just started");
        let reply = client.new_game().and_then(|_| {
            client.think(
                &position_command(&pos.fen(), &[]),
                &format!("go depth {depth}"),
                TIMEOUT,
            )
        });
        match reply {
            Ok(reply) => Ok(reply.score.filter(|s| s.abs() < 10_000)),
            Err(f) => {
                let message = self.failed(f, &client.tail());
                // A dead or hung engine is not asked again.
                *slot = None;
                Err(message)
            }
        }
    }

    /// Asks every engine to quit.
    pub fn quit(self) {
        for slot in self.clients {
            if let Ok(Some(client)) = slot.into_inner() {
                client.quit();
            }
        }
    }
}
