//! The `baton` binary: without a command, the UCI/XBoard loop on standard input and
//! output; with one, `perft`, `bench`, `match`, `tune`, `train`, `spsa`, `openings`, `datagen`
//! or `gui` (`cli`).

mod bench_cmd;
mod cli;
mod cpu;
mod datagen_cmd;
mod engine_setting;
mod gui;
mod match_cmd;
mod openings_cmd;
mod perft_cmd;
mod pgn;
mod referee;
mod spsa_cmd;
mod train_cmd;
mod tune_cmd;
mod uci_client;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use cli::{Cli, Command, Error};

fn main() -> ExitCode {
    // First of all: a build for a newer CPU level refuses an older CPU, with a message.
    cpu::check();
    let words = match_cmd::cli::cutechess_dashes(std::env::args_os());
    let mut command = Cli::command().version(cli::version());
    let matches = command.clone().get_matches_from(words);
    let parsed = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let (name, result) = match parsed.command {
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("{}", cli::TERMINAL_HINT);
            }
            baton_protocol::run_stdio();
            return ExitCode::SUCCESS;
        }
        Some(Command::Perft(args)) => ("perft", perft_cmd::run(args)),
        Some(Command::Bench(args)) => ("bench", bench_cmd::run(args)),
        Some(Command::Match(args)) => ("match", match_cmd::run(args)),
        Some(Command::Tune(args)) => ("tune", tune_cmd::run(args)),
        Some(Command::Train(args)) => ("train", train_cmd::run(args)),
        Some(Command::Spsa(args)) => ("spsa", spsa_cmd::run(args)),
        Some(Command::Openings(args)) => ("openings", openings_cmd::run(args)),
        Some(Command::Datagen(args)) => ("datagen", datagen_cmd::run(args)),
        Some(Command::Gui(args)) => ("gui", gui::run(&args.to_words()).map_err(Error::from)),
    };
    let Err(error) = result else {
        return ExitCode::SUCCESS;
    };
    let code = ExitCode::from(error.exit_code());
    match error {
        Error::Usage(msg) => {
            // Shown as clap shows its own: the message, the command's usage, exit code 2.
            command.build();
            let sub = command
                .find_subcommand_mut(name)
                .expect("every command is a subcommand of the parser");
            sub.error(clap::error::ErrorKind::ValueValidation, msg)
                .exit()
        }
        Error::Input(msg) => {
            eprintln!("error: {msg}\n\nFor more information, try 'baton {name} --help'.")
        }
        Error::Failed(msg) => eprintln!("error: {msg}"),
    }
    code
}
