//! Every input kept for the fuzz targets, replayed through what the targets assert, on the
//! stable toolchain: the seeds each fuzzer starts from (`fuzz/seeds/TARGET/`) and each input a
//! fuzzer found a fault with, kept once the fault was fixed (`fuzz/regressions/TARGET/`).

use std::path::Path;

use puzzlec_tests::fuzzing::TARGETS;

#[test]
fn every_kept_fuzz_input_passes_its_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for (target, check) in TARGETS {
        for kind in ["seeds", "regressions"] {
            let dir = fuzz.join(kind).join(target);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut files: Vec<_> = entries
                .map(|e| e.expect("a directory entry").path())
                .collect();
            files.sort();
            for file in files {
                let data = std::fs::read(&file).expect("a kept input reads");
                let outcome = std::panic::catch_unwind(|| check(&data));
                assert!(
                    outcome.is_ok(),
                    "{} fails its target `{target}`",
                    file.display()
                );
                replayed += 1;
            }
        }
    }
    assert!(
        replayed >= 15,
        "only {replayed} inputs found under {}",
        fuzz.display()
    );
}
