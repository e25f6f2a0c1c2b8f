//! Parse throughput in MB/s on generated random 3-SAT text (plain and gzip).
//!
//! `cargo bench -p satoku-dimacs --bench parse`. For the 100+ MB comparison
//! with MiniSat see `docs/benchmarks.md` ("DIMACS parsing").

use std::io::Write;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use satoku_dimacs::{parse_reader, write_cnf, ParseOptions};

/// Canonical DIMACS text of uniform random 3-SAT (about 24 bytes a clause).
fn ksat_text(vars: usize, clauses: usize) -> Vec<u8> {
    let cnf = satoku_gen::random_ksat(vars, clauses, 3, 1);
    let mut text = Vec::new();
    write_cnf(&cnf, &mut text).unwrap();
    text
}

fn parse(c: &mut Criterion) {
    let text = ksat_text(1_000_000, 800_000);
    let mut group = c.benchmark_group("parse");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("ksat-3-v1M-c800k", |b| {
        b.iter(|| {
            let parsed = parse_reader(&text[..], "bench", &ParseOptions::default()).unwrap();
            assert_eq!(parsed.cnf.num_clauses(), 800_000);
        })
    });

    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).unwrap();
    let gz = gz.finish().unwrap();
    // Throughput still counts text bytes, so the two figures compare.
    group.bench_function("ksat-3-v1M-c800k.gz", |b| {
        b.iter(|| {
            let parsed = parse_reader(&gz[..], "bench", &ParseOptions::default()).unwrap();
            assert_eq!(parsed.cnf.num_clauses(), 800_000);
        })
    });
    group.finish();
}

fn write(c: &mut Criterion) {
    let cnf = satoku_gen::random_ksat(1_000_000, 800_000, 3, 1);
    let mut text = Vec::new();
    write_cnf(&cnf, &mut text).unwrap();
    let mut group = c.benchmark_group("write");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("ksat-3-v1M-c800k", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(text.len());
            write_cnf(&cnf, &mut out).unwrap();
            out
        })
    });
    group.finish();
}

criterion_group!(benches, parse, write);
criterion_main!(benches);
