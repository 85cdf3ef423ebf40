#!/usr/bin/env python3
"""Turns mgpu_bench's Google Benchmark JSON into charts and a Markdown table.

Benchmark names are FAMILY/IMPLEMENTATION/TYPE/DISTRIBUTION/SIZE; the median
aggregate of each is used. The copy benchmark supplies the roofline.
IMPLEMENTATION is a headline case (mgpu, thrust, thrust_idiom, ...: device_vector
iterators and thrust::device), or the same call in another form, IMPL_ptr (raw
pointers) or IMPL_cached (a caching allocator), run at the target size only;
CUB's cases (cub, cub_*) have one form.

usage: benchmark_report.py RESULTS.json OUTPUT_DIR [--families merge_keys,merge_pairs]
Writes OUTPUT_DIR/FAMILY.png (throughput against size, one line per headline
implementation, the other forms as single markers beside it, one panel per
type and distribution) and prints Markdown tables of the largest sizes to
stdout, every form of an implementation next to its headline."""
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

FORMS = {'': 'iterators, thrust::device', '_ptr': 'raw pointers, thrust::device',
         '_cached': 'iterators, caching allocator'}
MARKERS = {'': 'o', '_ptr': 'x', '_cached': '^'}

def split_impl(impl):
    """(headline implementation, form suffix) of an implementation name."""
    for suffix in ('_ptr', '_cached'):
        if impl.endswith(suffix):
            return impl[:-len(suffix)], suffix
    return impl, ''

def call_of(impl):
    base, suffix = split_impl(impl)
    return 'CUB, raw pointers' if base.startswith('cub') else FORMS[suffix]

def impl_order(impl):
    """mgpu first, then the others by name; each headline followed by its other forms."""
    base, suffix = split_impl(impl)
    return (base != 'mgpu', base, list(FORMS).index(suffix))

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
            colors = {}
            for impl in sorted(rows[key], key=impl_order):
                by_size = rows[key][impl]
                base, suffix = split_impl(impl)
                sizes = sorted(by_size)
                throughput = [by_size[s]['GB/s'] for s in sizes]
                if suffix:  # another form, at the target size only: markers beside the headline line
                    ax.plot(sizes, throughput, linestyle='none', marker=MARKERS[suffix], markersize=8,
                            color=colors.get(base), label=impl)
                else:
                    colors[base] = ax.plot(sizes, throughput, marker='o', label=impl)[0].get_color()
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
        print('| implementation | call | median time (µs) | GB/s | % of copy | time ÷ mgpu | ÷ mgpu, same form |')
        print('|---|---|---|---|---|---|---|')
        def time_of(impl):
            return impls.get(impl, {}).get(size, {}).get('real_time')
        mgpu_time = time_of('mgpu')
        for impl in sorted(impls, key=impl_order):
            if size not in impls[impl]:
                continue
            b = impls[impl][size]
            suffix = split_impl(impl)[1]
            pct = f"{100 * b['GB/s'] / copy_gbs:.1f}%" if copy_gbs else '-'
            ratio = f"{b['real_time'] / mgpu_time:.2f}x" if mgpu_time else '-'
            same_form = time_of('mgpu' + suffix) if suffix and not impl.startswith('mgpu') else None
            same_ratio = f"{b['real_time'] / same_form:.2f}x" if same_form else '-'
            print(f"| {impl} | {call_of(impl)} | {b['real_time']:.1f} | {b['GB/s']:.0f} | {pct} | {ratio} | {same_ratio} |")
