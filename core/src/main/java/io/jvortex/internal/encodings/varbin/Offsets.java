package io.jvortex.internal.encodings.varbin;

import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Integer-column helpers shared by the string encodings ({@code vortex.varbin}, {@code vortex.fsst},
 * {@code vortex.onpair}): decoding integer children, validating offsets, summing lengths and turning
 * lengths into offsets. Each dispatches once on the integer width and then loops.
 */
public final class Offsets {
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Largest byte length of one row: the reference writes per-row lengths as {@code i32}. */
    public static final long MAX_ROW_BYTES = Integer.MAX_VALUE;

    /** Most rows {@link #takeRanges} takes at once: it holds two offsets per row in one array. */
    public static final int MAX_TAKE_RANGES = DecodeContext.MAX_ROWS / 2;

    private static final long WIDE = ~MAX_ROW_BYTES;
    private static final VarHandle SHORT_LE =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    // Lengths turned into offsets per heap block.
    private static final int BLOCK = 4096;

    private Offsets() {
    }

    /**
     * Reads a ptype field of a metadata message and checks that it names an integer type.
     *
     * @param node the node, for errors
     * @param id the wire id (0 = {@code U8} when the field is absent)
     * @param what the field name
     * @return the integer ptype
     */
    public static PType integerPType(ArrayNode node, long id, String what) {
        if (id < 0 || id > PType.F64.id()) {
            throw node.error(what + " " + Long.toUnsignedString(id) + " is not a ptype, expected 0..10");
        }
        PType p = PType.fromId(id);
        if (!p.isInteger()) {
            throw node.error(what + " is " + p.displayName() + ", expected an integer type");
        }
        return p;
    }

    /**
     * Decodes a non-nullable integer child.
     *
     * @param node the parent
     * @param index the child index
     * @param ptype the child's integer type
     * @param length the child's row count
     * @param ctx the decode context
     * @return the child, or {@code null} when it decoded to an {@link OpaqueArray} (unknown encoding,
     *     reader opened with {@code allowUnknown}); callers then return an opaque array themselves
     */
    public static PrimitiveArray integerChild(ArrayNode node, int index, PType ptype, int length, DecodeContext ctx) {
        Canonical c = ctx.decodeChild(node, index, new DType.Primitive(ptype, false), length);
        return switch (c) {
            case PrimitiveArray p -> p;
            case OpaqueArray o -> null;
            default -> throw node.error("child " + index + " decoded to " + c.getClass().getSimpleName()
                    + ", expected primitive " + ptype.displayName());
        };
    }

    /**
     * Takes the byte ranges of some rows from an offsets child ({@code length + 1} integers): offsets
     * {@code i} and {@code i + 1} of every requested row, through the child's point access when it
     * has one, each range checked to lie within a buffer of {@code limit} bytes.
     *
     * @param node the parent
     * @param index the offsets child's index
     * @param ptype the offsets' integer type
     * @param length the parent's row count
     * @param indices rows in {@code [0, length)}, ascending (duplicates allowed), at most
     *     {@link #MAX_TAKE_RANGES}
     * @param limit the size of the buffer the offsets index
     * @param what the offsets' name, for errors
     * @param ctx the decode context
     * @return {@code 2 × indices.length} values, the start and end of each requested row in turn; or
     *     {@code null} when the child decoded to an {@link OpaqueArray}
     */
    public static long[] takeRanges(ArrayNode node, int index, PType ptype, int length, int[] indices, long limit,
                                    String what, DecodeContext ctx) {
        int[] positions = boundPositions(indices);
        Canonical c = ctx.takeChild(node, index, new DType.Primitive(ptype, false), length + 1, positions);
        return ranges(node, index, c, ptype, indices, limit, what);
    }

    /**
     * Plans {@link #takeRanges}: names the offsets child's parts the rows need and, once they are
     * fetched, returns the rows' ranges (for the caller to name their bytes).
     *
     * @param node the parent node
     * @param index the offsets child's index
     * @param ptype the offsets' integer type
     * @param length the parent's row count (the child has one more)
     * @param indices positions, ascending (duplicates allowed)
     * @param limit the size of the buffer the offsets point into
     * @param what the offsets' name, for errors
     * @param plan the plan
     * @return start and end of each row's range in turn, or null while the offsets are not fetched
     *         (or the child is of an unknown encoding)
     */
    public static long[] planRanges(ArrayNode node, int index, PType ptype, int length, int[] indices, long limit,
                                    String what, io.jvortex.spi.TakePlan plan) {
        int[] positions = boundPositions(indices);
        Canonical c = plan.taken(node.child(index), new DType.Primitive(ptype, false), length + 1, positions);
        return c == null ? null : ranges(node, index, c, ptype, indices, limit, what);
    }

    /** Each distinct row once, so that the positions i, i + 1, j, j + 1, ... stay ascending. */
    private static int[] boundPositions(int[] indices) {
        int n = indices.length;
        int[] positions = new int[2 * n];
        int distinct = 0;
        for (int k = 0; k < n; k++) {
            if (k == 0 || indices[k] != indices[k - 1]) {
                positions[2 * distinct] = indices[k];
                positions[2 * distinct + 1] = indices[k] + 1;
                distinct++;
            }
        }
        return distinct < n ? java.util.Arrays.copyOf(positions, 2 * distinct) : positions;
    }

    private static long[] ranges(ArrayNode node, int index, Canonical c, PType ptype, int[] indices, long limit,
                                 String what) {
        int n = indices.length;
        PrimitiveArray offsets = switch (c) {
            case PrimitiveArray p -> p;
            case OpaqueArray o -> null;
            default -> throw node.error("child " + index + " decoded to " + c.getClass().getSimpleName()
                    + ", expected primitive " + ptype.displayName());
        };
        if (offsets == null) {
            return null;
        }
        long[] ranges = new long[2 * n];
        int j = -1;
        for (int k = 0; k < n; k++) {
            if (k == 0 || indices[k] != indices[k - 1]) {
                j++;
            }
            long start = offsets.getLong(2 * j);
            long end = offsets.getLong(2 * j + 1);
            // u64 values of 2^63 and above read as negative and are rejected with the rest.
            if (start < 0 || start > end || end > limit) {
                throw node.error(what + " of row " + indices[k] + " span [" + Long.toUnsignedString(start) + ", "
                        + Long.toUnsignedString(end) + "), expected a range within the " + limit + "-byte buffer");
            }
            ranges[2 * k] = start;
            ranges[2 * k + 1] = end;
        }
        return ranges;
    }

    /**
     * Copies byte ranges of a node's buffer back to back into a new buffer, each run of touching
     * ranges with one {@link ArrayNode#readBuffer} when the node was parsed for point access of a
     * mapped file (a positional read of a few hundred bytes costs a fraction of faulting in the page
     * around them), else from the buffer itself.
     *
     * @param node the array
     * @param bufferIndex the node's buffer holding the bytes
     * @param ranges start and end of each range in turn, each within the buffer
     * @param alloc where the copy is allocated
     * @return the ranges' bytes, concatenated
     */
    public static MemorySegment copyRanges(ArrayNode node, int bufferIndex, long[] ranges, Allocator alloc) {
        MemorySegment src = node.buffer(bufferIndex);
        long total = 0;
        for (int k = 0; k < ranges.length; k += 2) {
            total += ranges[k + 1] - ranges[k];
        }
        MemorySegment out = alloc.allocate(total);
        long pos = 0;
        for (int k = 0; k < ranges.length;) {
            long start = ranges[k];
            long end = ranges[k + 1];
            k += 2;
            while (k < ranges.length && ranges[k] == end) {
                end = ranges[k + 1];
                k += 2;
            }
            long size = end - start;
            if (size > 0) {
                MemorySegment dst = out.asSlice(pos, size);
                if (!node.readBuffer(bufferIndex, start, dst)) {
                    MemorySegment.copy(src, start, dst, 0, size);
                }
                pos += size;
            }
        }
        return out;
    }

    /**
     * The offsets of byte ranges laid back to back (as {@link #copyRanges} lays them): {@code i32}
     * when their total fits, else {@code i64}.
     *
     * @param ranges start and end of each range in turn, {@code start <= end}
     * @param alloc where the offsets buffer is allocated
     * @return {@code ranges.length / 2 + 1} offsets starting at 0, non-nullable
     */
    public static PrimitiveArray fromRanges(long[] ranges, Allocator alloc) {
        int n = ranges.length / 2;
        long total = 0;
        for (int k = 0; k < ranges.length; k += 2) {
            total += ranges[k + 1] - ranges[k];
        }
        long[] offsets = new long[n + 1];
        for (int k = 0; k < n; k++) {
            offsets[k + 1] = offsets[k] + ranges[2 * k + 1] - ranges[2 * k];
        }
        if (total <= Integer.MAX_VALUE) {
            int[] narrow = new int[n + 1];
            for (int k = 0; k <= n; k++) {
                narrow[k] = (int) offsets[k];
            }
            MemorySegment out = alloc.allocate(4L * (n + 1));
            MemorySegment.copy(narrow, 0, out, INT, 0, n + 1);
            return new PrimitiveArray(new DType.Primitive(PType.I32, false), out, n + 1, Validity.ALL_VALID);
        }
        MemorySegment out = alloc.allocate(8L * (n + 1));
        MemorySegment.copy(offsets, 0, out, LONG, 0, n + 1);
        return new PrimitiveArray(new DType.Primitive(PType.I64, false), out, n + 1, Validity.ALL_VALID);
    }

    /**
     * Checks offsets: every value non-negative, non-decreasing, and the last at most {@code limit}.
     * After this every {@code [offsets[i], offsets[i+1])} is a valid range of a buffer of
     * {@code limit} bytes.
     *
     * @param node the node, for errors
     * @param offsets {@code n >= 1} integers of any integer ptype
     * @param limit the size of the buffer they index
     * @param what the offsets' name, for errors
     */
    public static void validate(ArrayNode node, PrimitiveArray offsets, long limit, String what) {
        MemorySegment v = offsets.values();
        int n = offsets.length();
        if (n == 0) {
            throw node.error(what + " is empty, expected at least one offset");
        }
        boolean signed = offsets.ptype().isSigned();
        // `bad` collects the sign bits of every value and of every step; a negative value or a
        // decreasing step sets it negative. Values are non-negative when checked, so steps cannot overflow.
        long bad = 0;
        long prev;
        switch (offsets.ptype().byteWidth()) {
            case 1 -> {
                long mask = signed ? -1L : 0xFFL;
                prev = v.get(ValueLayout.JAVA_BYTE, 0) & mask;
                bad |= prev;
                for (int i = 1; i < n; i++) {
                    long x = v.get(ValueLayout.JAVA_BYTE, i) & mask;
                    bad |= x | (x - prev);
                    prev = x;
                }
            }
            case 2 -> {
                long mask = signed ? -1L : 0xFFFFL;
                prev = v.get(SHORT, 0) & mask;
                bad |= prev;
                for (int i = 1; i < n; i++) {
                    long x = v.get(SHORT, 2L * i) & mask;
                    bad |= x | (x - prev);
                    prev = x;
                }
            }
            case 4 -> {
                long mask = signed ? -1L : 0xFFFF_FFFFL;
                prev = v.get(INT, 0) & mask;
                bad |= prev;
                for (int i = 1; i < n; i++) {
                    long x = v.get(INT, 4L * i) & mask;
                    bad |= x | (x - prev);
                    prev = x;
                }
            }
            default -> {
                // u64 values of 2^63 and above read as negative and are rejected: no buffer is that large.
                prev = v.get(LONG, 0);
                bad |= prev;
                for (int i = 1; i < n; i++) {
                    long x = v.get(LONG, 8L * i);
                    bad |= x | (x - prev);
                    prev = x;
                }
            }
        }
        if (bad < 0) {
            throw node.error(what + " " + describeBadOffset(offsets));
        }
        if (prev > limit) {
            throw node.error(what + " end at " + prev + ", past the " + limit + "-byte buffer");
        }
    }

    private static String describeBadOffset(PrimitiveArray offsets) {
        long prev = 0;
        for (int i = 0; i < offsets.length(); i++) {
            long x = offsets.getLong(i);
            if (x < 0) {
                return "[" + i + "] = " + Long.toUnsignedString(x) + (offsets.ptype().isSigned() ? " is negative"
                        : " is too large");
            }
            if (i > 0 && x < prev) {
                return "decrease at [" + i + "]: " + prev + " then " + x + ", expected non-decreasing offsets";
            }
            prev = x;
        }
        return "are invalid";
    }

    /**
     * Sums per-row byte lengths, checking each is in {@code 0..}{@link #MAX_ROW_BYTES}.
     *
     * @param node the node, for errors
     * @param lengths the lengths, of any integer ptype
     * @param what their name, for errors
     * @return the sum (at most {@code 2^62})
     */
    public static long sumLengths(ArrayNode node, PrimitiveArray lengths, String what) {
        MemorySegment v = lengths.values();
        int n = lengths.length();
        boolean signed = lengths.ptype().isSigned();
        long sum = 0;
        // `bad` collects every value's bits; a value outside 0..2^31-1 leaves a bit above bit 30 set.
        // With n < 2^31 rows of < 2^31 bytes the sum cannot overflow.
        long bad = 0;
        switch (lengths.ptype().byteWidth()) {
            case 1 -> {
                long mask = signed ? -1L : 0xFFL;
                for (int i = 0; i < n; i++) {
                    long x = v.get(ValueLayout.JAVA_BYTE, i) & mask;
                    bad |= x;
                    sum += x;
                }
            }
            case 2 -> {
                long mask = signed ? -1L : 0xFFFFL;
                for (int i = 0; i < n; i++) {
                    long x = v.get(SHORT, 2L * i) & mask;
                    bad |= x;
                    sum += x;
                }
            }
            case 4 -> {
                long mask = signed ? -1L : 0xFFFF_FFFFL;
                for (int i = 0; i < n; i++) {
                    long x = v.get(INT, 4L * i) & mask;
                    bad |= x;
                    sum += x;
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    long x = v.get(LONG, 8L * i);
                    bad |= x;
                    sum += x;
                }
            }
        }
        if ((bad & WIDE) != 0) {
            for (int i = 0; i < n; i++) {
                long x = lengths.getLong(i);
                if (x < 0 || x > MAX_ROW_BYTES) {
                    throw node.error(what + "[" + i + "] = " + (lengths.ptype().isSigned() ? Long.toString(x)
                            : Long.toUnsignedString(x)) + ", expected 0.." + MAX_ROW_BYTES);
                }
            }
        }
        return sum;
    }

    /**
     * Turns per-row lengths into {@code n + 1} offsets starting at 0: {@code i32} when
     * {@code total} fits, else {@code i64}.
     *
     * <p>Precondition: {@code total == sumLengths(lengths)} (so every length is non-negative and no
     * prefix sum overflows).
     *
     * @param lengths the lengths
     * @param total their sum
     * @param alloc where the offsets buffer is allocated
     * @return the offsets, non-nullable
     */
    public static PrimitiveArray fromLengths(PrimitiveArray lengths, long total, Allocator alloc) {
        int n = lengths.length();
        MemorySegment v = lengths.values();
        int width = lengths.ptype().byteWidth();
        boolean narrow = total <= Integer.MAX_VALUE;
        MemorySegment out = alloc.allocateUninitialized((narrow ? 4L : 8L) * (n + 1));
        // Heap blocks: the lengths are copied out, summed on the heap and copied back in bulk, so no
        // per-element segment access (with its liveness and alignment checks) is left in the loop.
        int blockCap = Math.max(1, Math.min(BLOCK, n));
        // Lengths in, and i32 offsets back out: room for the wider of the two.
        byte[] raw = new byte[blockCap * Math.max(width, 4)];
        long[] block = new long[blockCap];
        if (narrow) {
            out.set(INT, 0, 0);
        } else {
            out.set(LONG, 0, 0L);
        }
        long acc = 0;
        for (int base = 0; base < n; base += BLOCK) {
            int count = Math.min(BLOCK, n - base);
            MemorySegment.copy(v, ValueLayout.JAVA_BYTE, (long) base * width, raw, 0, count * width);
            // Lengths are validated non-negative and their sum fits, so unsigned reads are exact.
            switch (width) {
                case 1 -> {
                    for (int k = 0; k < count; k++) {
                        acc += raw[k] & 0xFF;
                        block[k] = acc;
                    }
                }
                case 2 -> {
                    for (int k = 0; k < count; k++) {
                        acc += (short) SHORT_LE.get(raw, 2 * k) & 0xFFFF;
                        block[k] = acc;
                    }
                }
                case 4 -> {
                    for (int k = 0; k < count; k++) {
                        acc += (int) INT_LE.get(raw, 4 * k) & 0xFFFF_FFFFL;
                        block[k] = acc;
                    }
                }
                default -> {
                    for (int k = 0; k < count; k++) {
                        acc += (long) LONG_LE.get(raw, 8 * k);
                        block[k] = acc;
                    }
                }
            }
            if (narrow) {
                for (int k = 0; k < count; k++) {
                    INT_LE.set(raw, 4 * k, (int) block[k]);
                }
                MemorySegment.copy(raw, 0, out, ValueLayout.JAVA_BYTE, 4L * (base + 1), 4 * count);
            } else {
                MemorySegment.copy(block, 0, out, LONG, 8L * (base + 1), count);
            }
        }
        PType ptype = narrow ? PType.I32 : PType.I64;
        return new PrimitiveArray(new DType.Primitive(ptype, false), out, n + 1, Validity.ALL_VALID);
    }
}
