#!/usr/bin/env python3
"""Prints one Markdown table per family group: mgpu against its best peer at one size.

usage: performance_tables.py RESULTS.json [RESULTS.json ...] [--size N] [--type T] [--gpu-label L]

Reads Google Benchmark JSON written by mgpu_bench (names
FAMILY/IMPLEMENTATION/TYPE/DISTRIBUTION/SIZE, median aggregates, as
benchmark_report.py reads them). With several files, each benchmark's figure
is the median of its per-file medians. A file that cannot be parsed (for
example a run cut short) is skipped with a warning.

One row per (family, distribution) at --size elements of --type:
- mgpu: the headline form `mgpu` (device_vector iterators, thrust::device);
- best peer: the fastest headline implementation that is not mgpu's (names
  neither starting with `mgpu` nor ending in `_ptr` / `_cached`: thrust,
  thrust_idiom, lbs_then_rank, cub, cub_*), named, with its time;
- peer / mgpu: the peer's time over mgpu's (above 1: mgpu is faster);
- % of copy: mgpu's bandwidth counter (GB/s, or bytes_per_second) relative to
  the copy benchmark's (copy/...), the roofline."""
import argparse, collections, json, statistics, sys

GROUPS = [  # (title, family predicate), first match wins; families matching none get a table of their own
    ('Merge', lambda f: f in ('merge_keys', 'merge_pairs')),
    ('Multiset operations, count_to forms', lambda f: f.startswith('set_') and f.endswith('_count_to')),
    ('Multiset operations', lambda f: f.startswith('set_')),
    ('Bulk remove and insert', lambda f: f in ('bulk_remove', 'bulk_insert')),
    ('Load-balancing family',
     lambda f: f in ('lbs', 'transform_lbs', 'interval_expand', 'interval_gather', 'interval_move')),
    ('Sorted search', lambda f: f.startswith('sorted_')),
    ('Relational joins', lambda f: f.startswith('join')),
    ('Segmented reduce', lambda f: f.startswith('segmented_reduce')),
]
TO_US = {'ns': 1e-3, 'us': 1.0, 'ms': 1e3, 's': 1e6}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('results', nargs='+', help='Google Benchmark JSON files from mgpu_bench')
    parser.add_argument('--size', type=int, default=67108864, help='SIZE field of the names (default 2^26)')
    parser.add_argument('--type', default='int32', help='TYPE field of the names (default int32)')
    parser.add_argument('--gpu-label', help="GPU named in the headings (default: the files' context.gpu)")
    return parser.parse_args()


def bandwidth_gbs(bench):
    if 'GB/s' in bench:
        return bench['GB/s']
    if 'bytes_per_second' in bench:
        return bench['bytes_per_second'] / 1e9
    return None


def load(paths):
    """{name: [(time_us, GB/s), one per file]}, the GPUs the files name, one per file read."""
    runs, gpus = collections.defaultdict(list), []
    for path in paths:
        try:
            with open(path) as f:
                data = json.load(f)
            benchmarks = data['benchmarks']
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f'warning: skipping {path}: {error}', file=sys.stderr)
            continue
        gpus.append(data.get('context', {}).get('gpu'))
        for b in benchmarks:
            if b.get('aggregate_name') != 'median':
                continue
            # run_name carries framework suffixes (iterations:1, repeats:9, manual_time): drop them
            name = '/'.join(p for p in b.get('run_name', b['name']).split('/') if ':' not in p and p != 'manual_time')
            runs[name].append((b['real_time'] * TO_US[b.get('time_unit', 'ns')], bandwidth_gbs(b)))
    return runs, gpus


def median_of(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def group_of(family):
    return next((title for title, matches in GROUPS if matches(family)), family)


def size_label(size):
    exponent = size.bit_length() - 1
    return f'2^{exponent} = {size}' if size == 1 << exponent else str(size)


def main():
    args = parse_args()
    runs, gpus = load(args.results)
    if not runs:
        sys.exit('no readable results')
    medians = {name: (median_of(t for t, _ in r), median_of(g for _, g in r), len(r)) for name, r in runs.items()}

    copies = [m for name, m in medians.items() if name.startswith('copy/')]
    copy_gbs = copies[0][1] if copies else None
    if copy_gbs is None:
        print('warning: no copy benchmark: % of copy left out', file=sys.stderr)
    known_gpus = sorted({g for g in gpus if g})
    gpu = args.gpu_label or (' / '.join(known_gpus) if known_gpus else 'unknown GPU')

    # (family, distribution) -> {implementation: (time, GB/s, files)}
    cases, family_order, dist_order = {}, {}, {}
    for name, m in medians.items():
        parts = name.split('/')
        if len(parts) != 5:
            continue
        family, impl, type_name, dist, size = parts
        if type_name == args.type and size == str(args.size):
            cases.setdefault((family, dist), {})[impl] = m
            family_order.setdefault(family, len(family_order))
            dist_order.setdefault(dist, len(dist_order))
    groups = collections.OrderedDict((title, []) for title, _ in GROUPS)
    for key in sorted(cases, key=lambda k: (family_order[k[0]], dist_order[k[1]])):  # the files' order
        groups.setdefault(group_of(key[0]), []).append(key)

    print(f'{gpu}; {args.type}, SIZE {size_label(args.size)}; median of {len(gpus)} file(s)'
          + (f'; device copy {copy_gbs:.0f} GB/s' if copy_gbs else ''))
    printed = 0
    for title, keys in groups.items():
        rows = []
        for family, dist in keys:
            impls = cases[(family, dist)]
            mine = impls.get('mgpu')
            if mine is not None and mine[0] is None:
                mine = None
            peers = {i: m for i, m in impls.items()
                     if not i.startswith('mgpu') and not i.endswith(('_ptr', '_cached')) and m[0] is not None}
            best = min(peers, key=lambda i: peers[i][0]) if peers else None
            if mine is None and best is None:
                continue  # only other forms of mgpu (for example count_to) at this size
            mgpu_time = f'{mine[0]:.1f}' if mine else '–'
            peer_time = f'{peers[best][0]:.1f}' if best else '–'
            ratio = f'{peers[best][0] / mine[0]:.2f}×' if best and mine and mine[0] else '–'
            share = f'{100 * mine[1] / copy_gbs:.1f}%' if mine and mine[1] is not None and copy_gbs else '–'
            rows.append(f'| {family} | {dist} | {mgpu_time} | {best or "–"} | {peer_time} | {ratio} | {share} |')
        if not rows:
            continue
        print(f'\n### {title} ({gpu})\n')
        print('| family | distribution | mgpu (µs) | best peer | peer (µs) | peer / mgpu | mgpu % of copy |')
        print('|---|---|---|---|---|---|---|')
        print('\n'.join(rows))
        printed += len(rows)
    if not printed:
        print(f'\nno {args.type} benchmarks of SIZE {args.size}', file=sys.stderr)


if __name__ == '__main__':
    main()
