#!/usr/bin/env python3
"""Turns mgpu_bench's Google Benchmark JSON into charts and a Markdown table.

Benchmark names are FAMILY/IMPLEMENTATION/TYPE/DISTRIBUTION/SIZE; the median
aggregate of each is used. The copy benchmark supplies the roofline.

usage: benchmark_report.py RESULTS.json OUTPUT_DIR [--families merge_keys,merge_pairs]
Writes OUTPUT_DIR/FAMILY.png (throughput against size, one line per
implementation, one panel per type and distribution) and prints Markdown
tables of the largest sizes to stdout."""
import json, sys, collections, pathlib, argparse

parser = argparse.ArgumentParser()
parser.add_argument('results')
parser.add_argument('output_dir')
parser.add_argument('--families', default='')
args = parser.parse_args()

data = json.load(open(args.results))
gpu = data['context'].get('gpu', 'unknown GPU')
medians = {}
for b in data['benchmarks']:
    if b.get('aggregate_name') == 'median':
        # run_name carries framework suffixes (iterations:1, manual_time): drop them
        name = '/'.join(p for p in b['run_name'].split('/') if ':' not in p and p != 'manual_time')
        medians[name] = b
copy = next((b for name, b in medians.items() if name.startswith('copy/')), None)
copy_gbs = copy['GB/s'] if copy else None

rows = collections.defaultdict(dict)  # (family, type, dist) -> {impl: {size: bench}}
for name, b in medians.items():
    parts = name.split('/')
    if len(parts) != 5:
        continue
    family, impl, type_name, dist, size = parts
    if args.families and family not in args.families.split(','):
        continue
    rows[(family, type_name, dist)].setdefault(impl, {})[int(size)] = b

out = pathlib.Path(args.output_dir)
out.mkdir(parents=True, exist_ok=True)
families = sorted({k[0] for k in rows})
try:
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    for family in families:
        panels = sorted(k for k in rows if k[0] == family)
        columns = min(4, len(panels))
        rows_needed = (len(panels) + columns - 1) // columns
        fig, axes = plt.subplots(rows_needed, columns, figsize=(5 * columns, 4 * rows_needed), squeeze=False)
        for ax in axes.flat[len(panels):]:
            ax.set_visible(False)
        for ax, key in zip(axes.flat, panels):
            for impl, by_size in sorted(rows[key].items()):
                sizes = sorted(by_size)
                ax.plot(sizes, [by_size[s]['GB/s'] for s in sizes], marker='o', label=impl)
            if copy_gbs:
                ax.axhline(copy_gbs, color='gray', linestyle='--', label='device copy')
            ax.set_xscale('log', base=2)
            ax.set_title(f'{family} {key[1]} {key[2]}')
            ax.set_xlabel('elements')
            ax.set_ylabel('GB/s (bytes read + written once)')
            ax.grid(True, alpha=0.3)
            ax.legend()
        fig.suptitle(f'{family} on {gpu}')
        fig.tight_layout()
        fig.savefig(out / f'{family}.png', dpi=90)
        plt.close(fig)
except ImportError:
    print('matplotlib missing: no charts drawn', file=sys.stderr)

print(f'GPU: {gpu}; device copy: {copy_gbs:.0f} GB/s' if copy_gbs else f'GPU: {gpu}')
for key in sorted(rows):
    family, type_name, dist = key
    impls = rows[key]
    largest = max(max(v) for v in impls.values())
    for size in sorted({s for v in impls.values() for s in v if s >= largest // 16}):
        print(f'\n{family} {type_name} {dist}, {size} elements')
        print('| implementation | median time (µs) | GB/s | % of copy | speed-up vs mgpu |')
        print('|---|---|---|---|---|')
        mgpu_time = impls.get('mgpu', {}).get(size, {}).get('real_time')
        for impl, by_size in sorted(impls.items()):
            if size not in by_size:
                continue
            b = by_size[size]
            pct = f"{100 * b['GB/s'] / copy_gbs:.1f}%" if copy_gbs else '-'
            ratio = f"{b['real_time'] / mgpu_time:.2f}x" if mgpu_time else '-'
            print(f"| {impl} | {b['real_time']:.1f} | {b['GB/s']:.0f} | {pct} | {ratio} |")
