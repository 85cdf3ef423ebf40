// What both backends of the four multiset operations share: the rule each
// applies to one key-rank slot, the serial loop one CUDA thread runs over its
// share of a tile (plain host-device code, so host tests can replay a tile
// thread by thread), and how a count_to count is stored.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/search.h>

#include <type_traits>

namespace mgpu::detail {

enum class set_op
{
  intersection,
  union_,
  difference,
  symmetric_difference
};

// What one key-rank slot does. A slot holds A's next element, B's next, or a
// key-rank match of both; `a_first` / `b_first` say that one side's key is
// ordered strictly before the other's (an exhausted side counts as +infinity,
// both false is a match).
struct set_slot
{
  bool emit;      // the slot produces an output element
  bool from_b;    // ... taken from B (otherwise from A: A wins matches)
  bool advance_a; // the slot consumes A's element
  bool advance_b; // ... and/or B's
};

// Which slots an operation outputs, as data, so that one CUDA kernel serves
// all four: those with A's key first, those with B's first, matches.
struct set_rule
{
  bool a_first;
  bool b_first;
  bool match;
};

MGPU_HD constexpr set_rule set_rule_of(set_op op)
{
  switch (op)
  {
    case set_op::intersection: return {false, false, true};
    case set_op::union_: return {true, true, true};
    case set_op::difference: return {true, false, false};
    default: return {true, true, false};
  }
}

// Whether the operation ever outputs an element of the second range (and so
// needs its values): those that output the slots with B's key first.
template <set_op Op>
inline constexpr bool takes_from_b_v = set_rule_of(Op).b_first;

// The output bits of a thread's slots (bit i for slot i) from the bits of
// the slots that exist and of those with A's or B's key first.
MGPU_HD MGPU_FORCEINLINE unsigned output_slots(set_rule rule, unsigned slots, unsigned a_firsts, unsigned b_firsts)
{
  return (rule.a_first ? a_firsts : 0u) | (rule.b_first ? b_firsts : 0u) |
         (rule.match ? slots & ~(a_firsts | b_firsts) : 0u);
}

// An output slot with only B's key first can only come from B: the
// operations that never take from B never output one. (A comparator that
// holds both ways puts both first: such a slot takes A's element.)
MGPU_HD MGPU_FORCEINLINE set_slot visit_slot(set_rule rule, bool a_first, bool b_first)
{
  set_slot slot;
  slot.advance_a = !b_first;
  slot.advance_b = !a_first;
  slot.from_b    = b_first && !a_first;
  slot.emit      = output_slots(rule, 1u, unsigned(a_first), unsigned(b_first)) != 0;
  return slot;
}

// What the serial loop records for each output candidate: the key itself,
// or its position in the loaded tile (A's slice first, then B's), through
// which a tile reads the key, and a by-key call's value, once it knows
// where the outputs go. Positions take less shared memory to compact than
// keys, and free the loaded keys from being copied.
enum class slot_record
{
  key,
  position
};

template <slot_record Record, class Key>
using slot_t = std::conditional_t<Record == slot_record::key, Key, int>;

// The serial set operation of one thread of a tile: at most VT key-rank
// slots from (a, b) until the inputs consumed reach `end`. The tile's keys
// are A's slice at [0, a_len) and B's at [b_offset, b_offset + b_len).
// slots[i] records slot i's output candidate as `Record` says, and bit i of
// the result says whether it is an output. Without range checks the caller
// has placed the next key of each input after its slice, so the comparisons
// never read past the data.
template <int VT, bool RangeCheck, slot_record Record, class Key, class Compare>
MGPU_HD MGPU_FORCEINLINE unsigned serial_set_operation(set_rule rule, const Key* tile_keys, int a, int a_len, int b,
                                                       int b_len, int b_offset, int end,
                                                       slot_t<Record, Key> (&slots)[VT], Compare comp)
{
  static_assert(VT <= 32, "one commit bit per slot");
  // The rule applies once, to bit masks of the slots' outcomes.
  unsigned live_slots = 0, a_firsts = 0, b_firsts = 0;
  Key a_key           = tile_keys[a];
  Key b_key           = tile_keys[b_offset + b];
#ifdef __CUDA_ARCH__
#  pragma unroll
#endif
  for (int i = 0; i < VT; ++i)
  {
    // A thread of a tile with look-ahead keys has at least VT - 1 inputs, so
    // its first (VT - 1) / 2 slots exist whatever they consume.
    const bool live = (!RangeCheck && i < (VT - 1) / 2) || a + b < end;
    if (live)
    {
      bool a_first, b_first;
      if constexpr (RangeCheck)
      {
        const bool a_in = a < a_len, b_in = b < b_len;
        a_first         = a_in && (!b_in || comp(a_key, b_key));
        b_first         = b_in && (!a_in || comp(b_key, a_key));
      }
      else
      {
        a_first = comp(a_key, b_key);
        b_first = comp(b_key, a_key);
      }
      // A key is recorded by value; a position (through which a by-key tile
      // reads the value) is B's only as visit_slot says, so that an
      // operation that never takes from B records A's on any comparator.
      const bool from_b = Record == slot_record::key ? b_first : b_first && !a_first;
      if constexpr (Record == slot_record::key)
        slots[i] = from_b ? b_key : a_key;
      else
        slots[i] = from_b ? b_offset + b : a;
      live_slots |= 1u << i;
      a_firsts |= unsigned(a_first) << i;
      b_firsts |= unsigned(b_first) << i;
      if (!b_first)
        a_key = tile_keys[++a];
      if (!a_first)
        b_key = tile_keys[b_offset + ++b];
    }
  }
  return output_slots(rule, live_slots, a_firsts, b_firsts);
}

// Thread `thread` of a tile of the CUDA backend: finds where its share
// starts on the Balanced Path inside the tile and runs the serial set
// operation over it. The tile holds `a_len` + `b_len` inputs laid out as for
// serial_set_operation; `star_begin` says that the tile's first diagonal was
// starred (the previous tile took one element of B), `look_ahead` that the
// next key of each input follows its slice.
template <int VT, key_multiplicity Multiplicity, slot_record Record, class Key, class Compare>
MGPU_HD MGPU_FORCEINLINE unsigned thread_set_operation(set_rule rule, const Key* tile_keys, int a_len, int b_len,
                                                       int b_offset, bool look_ahead, int star_begin, int thread,
                                                       slot_t<Record, Key> (&slots)[VT], Compare comp)
{
  // Diagonals are VT apart from the tile's own (possibly starred) cut, which
  // is where thread 0 starts.
  const int count = a_len + b_len;
  const int first = VT * thread - star_begin;
  const int diag  = first < 0 ? 0 : first < count ? first : count;
  const int end   = first + VT < count ? first + VT : count;
  const auto cut  = balanced_path<Multiplicity, 2>(tile_keys, a_len, tile_keys + b_offset, b_len, diag, comp);
  return look_ahead
         ? serial_set_operation<VT, false, Record>(rule, tile_keys, cut.a, a_len, cut.b, b_len, b_offset, end, slots,
                                                    comp)
         : serial_set_operation<VT, true, Record>(rule, tile_keys, cut.a, a_len, cut.b, b_len, b_offset, end, slots,
                                                   comp);
}

// Writes a set operation's output count through a count_to iterator,
// converted to the iterator's value type (as given, for output iterators
// without one).
MGPU_EXEC_CHECK_DISABLE
template <class CountIt, class Size>
MGPU_HD MGPU_FORCEINLINE void store_count(CountIt count_it, Size count)
{
  using count_t = typename thrust::iterator_traits<CountIt>::value_type;
  if constexpr (std::is_void_v<count_t>)
    *count_it = count;
  else
    *count_it = static_cast<count_t>(count);
}

} // namespace mgpu::detail
