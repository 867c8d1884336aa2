package io.jvortex.internal.write;

import io.jvortex.array.Allocator;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.Concat;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.UnionArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.compress.VarBins;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Array helpers of the table writer: deep copies into memory the writer owns (so callers may free
 * their batches once {@code write} returns), the physical size a chunk is cut by, and the
 * list-view → list conversion for editions without {@code vortex.listview}.
 */
public final class ColumnArrays {
    /** Garbage-collected, 8-byte aligned native memory: freed once the arrays using it are unreachable. */
    public static final Allocator ALLOC = bytes -> Arena.ofAuto().allocate(bytes, 8);

    private ColumnArrays() {
    }

    /**
     * Copies an array into writer-owned memory. Strings are compacted (only the bytes of the rows
     * are copied, not whole shared buffers); list elements are copied as referenced by the offsets'
     * range.
     *
     * @param a the array
     * @return an equal array sharing no memory with {@code a}
     * @throws IllegalArgumentException for variant, union and opaque arrays, which are not writable
     */
    public static Canonical copy(Canonical a) {
        int len = a.length();
        return switch (a) {
            case NullArray n -> n;
            case BoolArray b -> new BoolArray(b.dtype(), copyBits(b.bits(), b.bitOffset(), len), 0, len,
                    copy(b.validity(), len));
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(),
                    copy(p.values().asSlice(0, (long) len * p.ptype().byteWidth())), len, copy(p.validity(), len));
            case DecimalArray d -> new DecimalArray(d.dtype(), d.valueByteWidth(),
                    copy(d.values().asSlice(0, (long) len * d.valueByteWidth())), len, copy(d.validity(), len));
            case VarBinArray v -> copyVarBin(v);
            case VarBinViewArray v -> copyViews(v);
            case StructArray s -> {
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (Canonical f : s.fields()) {
                    fields.add(copy(f));
                }
                yield new StructArray(s.dtype(), fields, len, copy(s.validity(), len));
            }
            case ListArray l -> {
                long first = len == 0 ? 0 : l.start(0);
                long end = len == 0 ? 0 : l.start(len - 1) + l.size(len - 1);
                Canonical elements = copy(l.elements().slice((int) first, (int) (end - first)));
                MemorySegment offsets = ALLOC.allocate(8L * (len + 1));
                for (int i = 0; i < len; i++) {
                    offsets.setAtIndex(ValueLayout.JAVA_LONG, i, l.start(i) - first);
                }
                offsets.setAtIndex(ValueLayout.JAVA_LONG, len, end - first);
                yield new ListArray(l.dtype(), elements,
                        new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, len + 1, Validity.ALL_VALID),
                        len, copy(l.validity(), len));
            }
            case ListViewArray l -> copy(toList(l));
            case FixedSizeListArray f -> new FixedSizeListArray(f.dtype(), copy(f.elements()), len,
                    copy(f.validity(), len));
            case ExtensionArray e -> new ExtensionArray(e.dtype(), copy(e.storage()));
            case MapArray m -> new MapArray(m.dtype(), Canonicals.toListView((ListArray) copy(toList(m.entries())),
                    ALLOC));
            case VariantArray v -> throw new IllegalArgumentException("writing variant arrays is not supported");
            case UnionArray u -> throw new IllegalArgumentException("writing union arrays is not supported");
            case OpaqueArray o -> throw new IllegalArgumentException(
                    "cannot write an array of unknown encoding " + o.encodingId());
        };
    }

    /**
     * @param a an array
     * @return whether {@code a} is of a flat kind (null, bool, primitive, decimal, string, binary, or
     *     an extension of one), which the writer can keep as it is instead of {@link #copy copying} it
     */
    public static boolean flat(Canonical a) {
        return switch (a) {
            case NullArray n -> true;
            case BoolArray b -> true;
            case PrimitiveArray p -> true;
            case DecimalArray d -> true;
            case VarBinArray v -> true;
            case VarBinViewArray v -> true;
            case ExtensionArray e -> flat(e.storage());
            default -> false;
        };
    }

    private static MemorySegment copy(MemorySegment s) {
        MemorySegment out = ALLOC.allocate(s.byteSize());
        MemorySegment.copy(s, 0, out, 0, s.byteSize());
        return out;
    }

    private static Validity copy(Validity v, int len) {
        return v instanceof Validity.Bitmap b ? new Validity.Bitmap(copyBits(b.bits(), b.bitOffset(), len), 0) : v;
    }

    /**
     * @param bits LSB-first bits
     * @param bitOffset the first bit
     * @param len bits to copy
     * @return a new bitmap of {@code len} bits starting at bit 0
     */
    static MemorySegment copyBits(MemorySegment bits, long bitOffset, int len) {
        MemorySegment out = ALLOC.allocate((len + 7L) >>> 3);
        if ((bitOffset & 7) == 0) {
            MemorySegment.copy(bits, bitOffset >>> 3, out, 0, (len + 7L) >>> 3);
            int tail = len & 7;
            if (tail != 0) {
                long last = (len >>> 3);
                out.set(ValueLayout.JAVA_BYTE, last, (byte) (out.get(ValueLayout.JAVA_BYTE, last) & ((1 << tail) - 1)));
            }
            return out;
        }
        for (int i = 0; i < len; i++) {
            if (Validity.Bits.get(bits, bitOffset + i)) {
                Validity.Bits.set(out, i, true);
            }
        }
        return out;
    }

    /**
     * Concatenates a column's blocks into one chunk. Strings that all arrive as offsets and bytes (Spark's
     * and CSV's batches) stay so: their bytes are copied once and their offsets rebased, where
     * {@link Concat} would build a view per row over the blocks' buffers, which {@link #compact} then
     * copies into one buffer again.
     *
     * @param dtype the column's type
     * @param blocks its blocks, in order (a single one is returned as it is)
     * @return the chunk
     */
    public static Canonical concat(DType dtype, List<Canonical> blocks) {
        if (blocks.size() == 1) {
            return blocks.getFirst();
        }
        if ((dtype instanceof DType.Utf8 || dtype instanceof DType.Binary) && !blocks.isEmpty()
                && blocks.stream().allMatch(b -> b instanceof VarBinArray)) {
            return VarBins.concat(dtype, blocks, ALLOC);
        }
        return Concat.concat(dtype, blocks, ALLOC);
    }

    private static VarBinArray copyVarBin(VarBinArray v) {
        return VarBins.concat(v.dtype(), List.of(v), ALLOC);
    }

    private static VarBinViewArray copyViews(VarBinViewArray v) {
        int len = v.length();
        MemorySegment src = v.views();
        MemorySegment[] buffers = v.dataBuffers().toArray(new MemorySegment[0]);
        // views are read and written as long pairs on the heap, a block at a time
        long[] words = new long[2 * Math.min(len, 4096)];
        long total = 0;
        for (int from = 0; from < len; from += words.length / 2) {
            int n = Math.min(words.length / 2, len - from);
            MemorySegment.copy(src, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, words, 0, 2 * n);
            for (int k = 0; k < n; k++) {
                int size = (int) words[2 * k];
                if (size > VarBinViewArray.MAX_INLINE) {
                    total += size;
                }
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a batch of " + total + " string bytes exceeds 2 GiB; write smaller batches");
        }
        MemorySegment views = ALLOC.allocate(16L * len);
        MemorySegment data = ALLOC.allocate(total);
        long at = 0;
        // values that follow each other in their source buffer (the usual case) move in one copy
        int runBuffer = -1;
        long runFrom = 0;
        long runTo = 0;
        long runAt = 0;
        for (int from = 0; from < len; from += words.length / 2) {
            int n = Math.min(words.length / 2, len - from);
            MemorySegment.copy(src, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, words, 0, 2 * n);
            for (int k = 0; k < n; k++) {
                long w1 = words[2 * k + 1];
                int size = (int) words[2 * k];
                if (size > VarBinViewArray.MAX_INLINE) {
                    int buffer = (int) w1;
                    long offset = w1 >>> 32;
                    if (buffer != runBuffer || offset != runTo) {
                        if (runBuffer >= 0) {
                            MemorySegment.copy(buffers[runBuffer], runFrom, data, runAt, runTo - runFrom);
                        }
                        runBuffer = buffer;
                        runFrom = offset;
                        runTo = offset;
                        runAt = at;
                    }
                    runTo += size;
                    // the value moves to buffer 0 at its new offset
                    words[2 * k + 1] = at << 32;
                    at += size;
                }
            }
            if (runBuffer >= 0) {
                MemorySegment.copy(buffers[runBuffer], runFrom, data, runAt, runTo - runFrom);
                runBuffer = -1;
            }
            // prefixes are taken from the copied values, whatever the source views held
            for (int k = 0; k < n; k++) {
                long size = words[2 * k] & 0xFFFF_FFFFL;
                if (size > VarBinViewArray.MAX_INLINE) {
                    long prefix = data.get(ValueLayout.JAVA_INT_UNALIGNED, words[2 * k + 1] >>> 32);
                    words[2 * k] = size | prefix << 32;
                }
            }
            MemorySegment.copy(words, 0, views, ValueLayout.JAVA_LONG_UNALIGNED, 16L * from, 2 * n);
        }
        return new VarBinViewArray(v.dtype(), views, total == 0 ? List.of() : List.of(data), len,
                copy(v.validity(), len));
    }

    /**
     * Rewrites string views whose data buffers hold more than their rows reference (slices and
     * concatenations share whole buffers) into compact ones, at any depth, so a chunk's segment
     * holds only its own bytes.
     *
     * @param a an array
     * @return the array, compacted where needed
     */
    public static Canonical compact(Canonical a) {
        return switch (a) {
            case VarBinViewArray v -> {
                long referenced = 0;
                for (int i = 0; i < v.length(); i++) {
                    int n = v.valueLength(i);
                    if (n > VarBinViewArray.MAX_INLINE) {
                        referenced += n;
                    }
                }
                long held = 0;
                for (MemorySegment d : v.dataBuffers()) {
                    held += d.byteSize();
                }
                yield held > referenced || v.dataBuffers().size() > 1 ? copyViews(v) : v;
            }
            case VarBinArray v -> v.offset(0) != 0 || v.bytes().byteSize() > v.offset(v.length()) ? copyVarBin(v) : v;
            case StructArray s -> {
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (Canonical f : s.fields()) {
                    fields.add(compact(f));
                }
                yield new StructArray(s.dtype(), fields, s.length(), s.validity());
            }
            case ListArray l -> {
                int len = l.length();
                long first = len == 0 ? 0 : l.start(0);
                long end = len == 0 ? 0 : l.start(len - 1) + l.size(len - 1);
                ListArray tight = first != 0 || end != l.elements().length() ? (ListArray) copy(l) : l;
                yield new ListArray(tight.dtype(), compact(tight.elements()), tight.offsets(), len, tight.validity());
            }
            // list views may share or skip elements: gather them in row order (offset lists are valid in every edition)
            case ListViewArray l -> compact(toList(l));
            case FixedSizeListArray f -> new FixedSizeListArray(f.dtype(), compact(f.elements()), f.length(),
                    f.validity());
            case ExtensionArray e -> new ExtensionArray(e.dtype(), compact(e.storage()));
            case MapArray m -> new MapArray(m.dtype(), Canonicals.toListView((ListArray) compact(toList(m.entries())),
                    ALLOC));
            default -> a;
        };
    }

    /**
     * @param l list views
     * @return the same lists with offsets (elements gathered in row order)
     */
    public static ListArray toList(ListViewArray l) {
        int len = l.length();
        MemorySegment offsets = ALLOC.allocate(8L * (len + 1));
        long total = 0;
        boolean contiguous = true;
        long expect = -1;
        for (int i = 0; i < len; i++) {
            long size = l.isValid(i) ? l.size(i) : 0;
            if (size != 0) {
                // empty and null rows may hold any start; only non-empty rows must follow each other
                if (expect >= 0 && l.start(i) != expect) {
                    contiguous = false;
                }
                expect = l.start(i) + size;
            }
            offsets.setAtIndex(ValueLayout.JAVA_LONG, i, total);
            total += size;
        }
        offsets.setAtIndex(ValueLayout.JAVA_LONG, len, total);
        PrimitiveArray offsetArray = new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, len + 1,
                Validity.ALL_VALID);
        if (total > Canonicals.MAX_ROWS) {
            throw new IllegalArgumentException("lists of " + total + " elements in one batch");
        }
        Canonical elements;
        if (contiguous) {
            long first = 0;
            for (int i = 0; i < len; i++) {
                if (l.isValid(i) && l.size(i) != 0) {
                    first = l.start(i);
                    break;
                }
            }
            elements = l.elements().slice((int) first, (int) total);
        } else {
            MemorySegment idx = ALLOC.allocate(8L * total);
            long k = 0;
            for (int i = 0; i < len; i++) {
                long size = l.isValid(i) ? l.size(i) : 0;
                long s = l.start(i);
                for (long j = 0; j < size; j++) {
                    idx.setAtIndex(ValueLayout.JAVA_LONG, k++, s + j);
                }
            }
            elements = io.jvortex.array.Take.take(l.elements(),
                    new PrimitiveArray(new DType.Primitive(PType.I64, false), idx, (int) total, Validity.ALL_VALID),
                    ALLOC);
        }
        return new ListArray(l.dtype(), elements, offsetArray, len, l.validity());
    }

    /**
     * Rewrites every list view (at any depth) as an offset list, for editions without
     * {@code vortex.listview}.
     *
     * @param a an array
     * @return the array without list views
     */
    public static Canonical withoutListViews(Canonical a) {
        return switch (a) {
            case ListViewArray l -> withoutListViews(toList(l));
            case ListArray l -> new ListArray(l.dtype(), withoutListViews(l.elements()), l.offsets(), l.length(),
                    l.validity());
            case StructArray s -> {
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (Canonical f : s.fields()) {
                    fields.add(withoutListViews(f));
                }
                yield new StructArray(s.dtype(), fields, s.length(), s.validity());
            }
            case FixedSizeListArray f -> new FixedSizeListArray(f.dtype(), withoutListViews(f.elements()), f.length(),
                    f.validity());
            case ExtensionArray e -> new ExtensionArray(e.dtype(), withoutListViews(e.storage()));
            default -> a;
        };
    }

    /**
     * The uncompressed size the chunker cuts by: fixed-width values and bitmaps, string bytes plus a
     * 16-byte view per row, nested arrays the sum of their parts.
     *
     * @param a an array
     * @return its size in bytes
     */
    public static long nbytes(Canonical a) {
        int len = a.length();
        long validity = a.dtype().nullable() ? (len + 7L) >>> 3 : 0;
        return validity + switch (a) {
            case NullArray n -> 0L;
            case BoolArray b -> (len + 7L) >>> 3;
            case PrimitiveArray p -> (long) len * p.ptype().byteWidth();
            case DecimalArray d -> (long) len * d.valueByteWidth();
            // counted as the views it becomes: chunks are cut at the same rows whichever form the strings take
            case VarBinArray v -> {
                long total = 16L * len;
                long start = len == 0 ? 0 : v.offset(0);
                long[] ends = new long[Math.min(2048, Math.max(1, len))];
                for (int from = 0; from < len; from += ends.length) {
                    int k = Math.min(ends.length, len - from);
                    Offsets.widen(v.offsets(), from + 1, k, ends);
                    for (int i = 0; i < k; i++) {
                        // a value's bytes count when it is not inlined; without a branch (lengths vary at random)
                        long n = ends[i] - start;
                        total += n & ((VarBinViewArray.MAX_INLINE - n) >> 63);
                        start = ends[i];
                    }
                }
                yield total;
            }
            case VarBinViewArray v -> {
                long total = 16L * len;
                for (int i = 0; i < len; i++) {
                    int n = v.valueLength(i);
                    if (n > VarBinViewArray.MAX_INLINE) {
                        total += n;
                    }
                }
                yield total;
            }
            case StructArray s -> {
                long total = 0;
                for (Canonical f : s.fields()) {
                    total += nbytes(f);
                }
                yield total;
            }
            // a slice of a list shares its parent's elements: count only the range its rows reach
            case ListArray l -> 8L * len + (len == 0 ? 0 : nbytes(elementRange(l.elements(), l.start(0), l.start(len))));
            case ListViewArray l -> {
                long from = Long.MAX_VALUE;
                long to = 0;
                for (int i = 0; i < len; i++) {
                    long size = l.size(i);
                    if (size > 0) {
                        from = Math.min(from, l.start(i));
                        to = Math.max(to, l.start(i) + size);
                    }
                }
                yield 16L * len + (from >= to ? 0 : nbytes(elementRange(l.elements(), from, to)));
            }
            case FixedSizeListArray f -> nbytes(f.elements());
            case ExtensionArray e -> nbytes(e.storage()) - validity;
            case MapArray m -> nbytes(m.entries());
            default -> 0L;
        };
    }

    private static Canonical elementRange(Canonical elements, long from, long to) {
        return from == 0 && to == elements.length() ? elements : elements.slice((int) from, (int) (to - from));
    }
}
