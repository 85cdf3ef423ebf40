#!/usr/bin/env python3
"""Prints, as Markdown, each performance target next to what mgpu_bench measured.

usage: performance_bars.py RESULTS.json [RESULTS.json ...]
Uses the median of each benchmark; the copy benchmark of the same process is
the roofline. A target whose benchmarks are missing is listed as not measured.
The targets are judged on the headline cases (mgpu and its Thrust peer with
device_vector iterators and thrust::device); where the other forms were run,
the same targets follow on raw pointers (IMPL_ptr) and with a caching
allocator (IMPL_cached), against CUB's one form."""
import json, sys

medians, copy_of, gpu = {}, {}, None  # copy_of: each benchmark's roofline, from its own process
for path in sys.argv[1:]:
    data = json.load(open(path))
    gpu = data['context'].get('gpu', gpu)
    file_medians = {}
    for b in data['benchmarks']:
        if b.get('aggregate_name') == 'median':
            file_medians['/'.join(p for p in b['run_name'].split('/') if ':' not in p and p != 'manual_time')] = b
    file_copy = next((b['GB/s'] for n, b in file_medians.items() if n.startswith('copy/')), None)
    medians.update(file_medians)
    copy_of.update({n: file_copy for n in file_medians})
copies = sorted({c for c in copy_of.values() if c})

def time(name):
    return medians[name]['real_time'] if name in medians else None

def speedup(target, mgpu, peer, bar):
    t_mgpu, t_peer = time(mgpu), time(peer)
    if t_mgpu is None or t_peer is None:
        return f'| {target} | ≥ {bar}× | not measured | |'
    ratio = t_peer / t_mgpu
    verdict = 'met' if ratio >= bar else f'missed by {100 * (1 - ratio / bar):.1f}%'
    return f'| {target} | ≥ {bar}× | {ratio:.2f}× ({t_mgpu:.0f} µs vs {t_peer:.0f} µs) | {verdict} |'

def roofline(target, mgpu, bar):
    copy = copy_of.get(mgpu)
    if mgpu not in medians or not copy:
        return f'| {target} | ≥ {bar:.0%} of copy | not measured | |'
    share = medians[mgpu]['GB/s'] / copy
    verdict = 'met' if share >= bar else f'missed by {100 * (bar - share):.1f} points'
    return f'| {target} | ≥ {bar:.0%} of copy | {share:.1%} ({medians[mgpu]["GB/s"]:.0f} GB/s) | {verdict} |'

def within(target, mgpu, reference, bar):
    t, r = time(mgpu), time(reference)
    if t is None or r is None:
        return f'| {target} | within {bar:.0%} | not measured | |'
    # transform_lbs writes (segment, rank): compare throughput in bytes as well as time.
    slower = t / r - 1
    bytes_ratio = medians[mgpu]['GB/s'] / medians[reference]['GB/s']
    verdict = 'met' if slower <= bar else 'missed in time; ' + ('ahead in GB/s' if bytes_ratio >= 1 else 'behind in GB/s')
    return f'| {target} | within {bar:.0%} | {100 * slower:+.0f}% time, {bytes_ratio:.2f}× GB/s | {verdict} |'

def in_form(suffix):
    """Maps a headline benchmark name to the same call in another form (suffix
    '_ptr' or '_cached'); CUB's cases (cub, cub_*) have one form and keep their name."""
    def rename(name):
        family, impl, rest = name.split('/', 2)
        return name if impl.startswith('cub') else f'{family}/{impl}{suffix}/{rest}'
    return rename

M, N = 134217728, 67108864

def target_rows(timed, label):
    """Every target, with each benchmark name passed through `timed`."""
    rows = [
        speedup(f'merge int32 uniform vs cub::DeviceMerge::MergeKeys{label}', timed(f'merge_keys/mgpu/int32/uniform/{M}'), timed(f'merge_keys/cub/int32/uniform/{M}'), 1.0),
        roofline(f'merge int32 uniform{label}', timed(f'merge_keys/mgpu/int32/uniform/{M}'), 0.85),
        speedup(f'merge_by_key int32 uniform vs thrust::merge_by_key{label}', timed(f'merge_pairs/mgpu/int32/uniform/{M}'), timed(f'merge_pairs/thrust/int32/uniform/{M}'), 1.2),
        speedup(f'bulk_remove every 3rd vs cub::DeviceSelect::Flagged{label}', timed(f'bulk_remove/mgpu/int32/every3/{N}'), timed(f'bulk_remove/cub_flagged/int32/every3/{N}'), 3.0),
        speedup(f'bulk_remove every 3rd vs the Thrust idiom{label}', timed(f'bulk_remove/mgpu/int32/every3/{N}'), timed(f'bulk_remove/thrust_idiom/int32/every3/{N}'), 3.0),
        roofline(f'bulk_remove every 3rd{label}', timed(f'bulk_remove/mgpu/int32/every3/{N}'), 0.75),
        speedup(f'bulk_insert every 5th vs merge_by_key idiom{label}', timed(f'bulk_insert/mgpu/int32/every5/{N}'), timed(f'bulk_insert/thrust_idiom/int32/every5/{N}'), 1.8),
    ]
    for mean in ('mean1', 'mean16'):
        rows += [
            speedup(f'load_balance_search {mean} vs Thrust idiom{label}', timed(f'lbs/mgpu/int32/{mean}/{N}'), timed(f'lbs/thrust_idiom/int32/{mean}/{N}'), 8.0),
            roofline(f'load_balance_search {mean}{label}', timed(f'lbs/mgpu/int32/{mean}/{N}'), 0.70),
            speedup(f'interval_expand {mean} vs Thrust idiom{label}', timed(f'interval_expand/mgpu/int32/{mean}/{N}'), timed(f'interval_expand/thrust_idiom/int32/{mean}/{N}'), 8.0),
            roofline(f'interval_expand {mean}{label}', timed(f'interval_expand/mgpu/int32/{mean}/{N}'), 0.70),
        ]
    for mean, bar in (('mean1', 3.0), ('mean16', 2.0)):
        for op in ('interval_gather', 'interval_move'):
            rows.append(speedup(f'{op} {mean} vs cub::DeviceMemcpy::Batched{label}', timed(f'{op}/mgpu/int32/{mean}/{N}'), timed(f'{op}/cub_batched/int32/{mean}/{N}'), bar))
    rows.append(within(f'transform_lbs (segment, rank) vs load_balance_search, mean1{label}', timed(f'transform_lbs/mgpu/int32/mean1/{N}'), timed(f'lbs/mgpu/int32/mean1/{N}'), 0.10))
    for suffix, bar in (('', 2.0), ('_by_key', 1.5)):
        for dist in ('wide', 'narrow'):
            for op in ('intersection', 'union', 'difference', 'symmetric_difference'):
                rows.append(speedup(f'set_{op}{suffix} {dist} vs thrust{label}', timed(f'set_{op}{suffix}/mgpu/int32/{dist}_1to1/{M}'), timed(f'set_{op}{suffix}/thrust/int32/{dist}_1to1/{M}'), bar))
    return rows

# The headline: what a user of device_vector and thrust::device gets.
rows = target_rows(lambda name: name, '')
for op in ('intersection', 'union', 'difference', 'symmetric_difference'):
    rows.append(speedup(f'set_{op} unique_keys vs general overload, duplicate-free', f'set_{op}/mgpu_unique/int32/unique_1to1/{M}', f'set_{op}/mgpu/int32/unique_1to1/{M}', 1.0))
# The same targets in the other forms, where they were run: on raw pointers,
# and with scratch from a caching allocator on both sides (the Thrust idioms
# allocate nothing and CUB's storage is allocated before the timed calls, so
# those rows compare the algorithms alone).
other_forms = [
    ('_ptr', ' (raw pointers)', 'On raw pointers (thrust::raw_pointer_cast), with thrust::device'),
    ('_cached', ' (caching allocator)', 'With a caching allocator (no cudaMalloc/cudaFree in the timed calls, on either side)'),
]

copy_text = ', '.join(f'{c:.0f}' for c in copies)
print(f'GPU: {gpu}; device copy measured in each benchmark process: {copy_text} GB/s\n')
print('Headline: device_vector iterators and thrust::device, for mgpu and its Thrust peer alike.\n')
print('| target | bar | measured (median) | |')
print('|---|---|---|---|')
print('\n'.join(rows))
for suffix, label, heading in other_forms:
    measured = [r for r in target_rows(in_form(suffix), label) if 'not measured' not in r]
    if measured:
        print(f'\n{heading}:\n')
        print('| target | bar | measured (median) | |')
        print('|---|---|---|---|')
        print('\n'.join(measured))
