package io.jvortex.internal.write;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import io.jvortex.internal.compress.StringRows;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Builds one dictionary at a time for the dictionary layout: rows are replaced by codes into a
 * growing dictionary of distinct values (a null row by the code of a null entry, so codes are never
 * null), until the dictionary would exceed {@link #MAX_BYTES} bytes of values or its entry limit
 * (65,535, or 256 for 8-bit values); then the caller closes it and starts the next one.
 */
final class DictEncoder {
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** Largest dictionary, in bytes of values. */
    static final long MAX_BYTES = 1L << 20;
    /** Largest dictionary, in entries (the u16 code range). */
    static final int MAX_ENTRIES = 65_535;
    private static final int MEMO_BITS = 10;

    private final DType dtype;
    private final PType codesType;
    private final int maxEntries;
    private final int width;
    private final boolean bytesKind;

    private long[] keys;
    private int[] slots;
    private int entries;
    private int nullCode;
    private long valueBytes;
    private long[] primitiveValues;
    private byte[] data;
    private long[] offsets;
    /**
     * Codes of recently seen values by their views' two words: a row whose view equals a remembered
     * one skips reading, hashing and comparing its bytes. A short value's view is the value itself;
     * a longer one's points at its bytes, so rows sharing it hold the same value (as the rows of a
     * Parquet dictionary page do). Entry {@code s} holds words {@code 2s, 2s + 1} and code {@code
     * memoCodes[s]} (-1: empty); cleared with the dictionary, and before the next array once it holds a
     * longer value's view.
     */
    private final long[] memoWords = new long[2 << MEMO_BITS];
    private final int[] memoCodes = new int[1 << MEMO_BITS];
    /** The codes of one {@link #encode} call before they are copied out. */
    private short[] codeBuffer = new short[0];
    private boolean memoOfBlock;

    /**
     * @param dtype a primitive, utf8 or binary column dtype
     */
    DictEncoder(DType dtype) {
        this.dtype = dtype;
        this.bytesKind = !(dtype instanceof DType.Primitive);
        this.width = dtype instanceof DType.Primitive p ? p.ptype().byteWidth() : 0;
        this.codesType = width == 1 ? PType.U8 : PType.U16;
        this.maxEntries = width == 1 ? 256 : MAX_ENTRIES;
        reset();
    }

    /** @return the codes' ptype */
    PType codesType() {
        return codesType;
    }

    /** @return entries in the current dictionary */
    int entries() {
        return entries;
    }

    /** Starts an empty dictionary. */
    void reset() {
        slots = new int[1024];
        Arrays.fill(slots, -1);
        keys = new long[1024];
        entries = 0;
        nullCode = -1;
        valueBytes = 0;
        primitiveValues = new long[256];
        data = new byte[bytesKind ? 4096 : 0];
        offsets = new long[257];
        Arrays.fill(memoCodes, -1);
        memoOfBlock = false;
    }

    /**
     * Encodes rows {@code [from, length)} until the dictionary is full.
     *
     * @param block the rows
     * @param from the first row to encode
     * @param codes receives one code per encoded row, from index 0
     * @return the number of rows encoded (at least one when the dictionary is empty)
     */
    int encode(Canonical block, int from, MemorySegment codes) {
        int len = block.length();
        boolean nullable = block.dtype().nullable();
        StringRows rows = bytesKind ? new StringRows(block) : null;
        boolean views = block instanceof VarBinViewArray;
        if (memoOfBlock) {
            // a longer value's view points into its array's buffers: it names the value in that array only
            Arrays.fill(memoCodes, -1);
            memoOfBlock = false;
        }
        if (codeBuffer.length < len - from) {
            codeBuffer = new short[len - from];
        }
        int out = 0;
        for (int i = from; i < len; i++) {
            int code;
            if (nullable && !block.isValid(i)) {
                if (nullCode < 0) {
                    if (full(0)) {
                        break;
                    }
                    nullCode = addEntry();
                }
                code = nullCode;
            } else if (!bytesKind) {
                long bits = bits((PrimitiveArray) block, i);
                code = findPrimitive(bits);
                if (code < 0) {
                    if (full(width)) {
                        break;
                    }
                    code = addPrimitive(bits);
                }
            } else {
                int slot = -1;
                long w0 = 0;
                long w1 = 0;
                if (views) {
                    w0 = rows.identity(i);
                    w1 = rows.identity2(i);
                    slot = (int) (((w0 * 0x9E3779B97F4A7C15L) ^ w1) * 0xC2B2AE3D27D4EB4FL >>> (64 - MEMO_BITS));
                    if ((int) w0 > VarBinViewArray.MAX_INLINE || (int) w0 < 0) {
                        memoOfBlock = true;
                    }
                }
                if (slot >= 0 && memoCodes[slot] >= 0 && memoWords[2 * slot] == w0 && memoWords[2 * slot + 1] == w1) {
                    code = memoCodes[slot];
                } else {
                    int n = rows.load(i);
                    byte[] v = rows.bytes();
                    long h = hash(v, 0, n);
                    code = findBytes(v, n, h);
                    if (code < 0) {
                        if (full(n)) {
                            break;
                        }
                        code = addBytes(v, n, h);
                    }
                    if (slot >= 0) {
                        memoWords[2 * slot] = w0;
                        memoWords[2 * slot + 1] = w1;
                        memoCodes[slot] = code;
                    }
                }
            }
            codeBuffer[out++] = (short) code;
        }
        // gathered on the heap and copied in bulk: a segment write per row costs several times more
        if (codesType == PType.U8) {
            byte[] narrow = new byte[out];
            for (int i = 0; i < out; i++) {
                narrow[i] = (byte) codeBuffer[i];
            }
            MemorySegment.copy(narrow, 0, codes, ValueLayout.JAVA_BYTE, 0, out);
        } else {
            MemorySegment.copy(codeBuffer, 0, codes, ValueLayout.JAVA_SHORT_UNALIGNED, 0, out);
        }
        return out;
    }

    private boolean full(long moreBytes) {
        return entries > 0 && (entries >= maxEntries || valueBytes + moreBytes > MAX_BYTES);
    }

    private int addEntry() {
        ensureEntryCapacity();
        if (!bytesKind) {
            primitiveValues[entries] = 0;
        } else {
            offsets[entries + 1] = offsets[entries];
        }
        return entries++;
    }

    private void ensureEntryCapacity() {
        if (entries + 1 >= primitiveValues.length) {
            primitiveValues = Arrays.copyOf(primitiveValues, primitiveValues.length * 2);
        }
        if (entries + 2 >= offsets.length) {
            offsets = Arrays.copyOf(offsets, offsets.length * 2);
        }
        if (2 * (entries + 1) > slots.length) {
            rehash(slots.length * 2);
        }
    }

    private void rehash(int capacity) {
        slots = new int[capacity];
        keys = new long[capacity];
        Arrays.fill(slots, -1);
        for (int e = 0; e < entries; e++) {
            if (e == nullCode) {
                continue;
            }
            long h = bytesKind ? hash(data, (int) offsets[e], (int) (offsets[e + 1] - offsets[e]))
                    : mix(primitiveValues[e]);
            int s = (int) h & (capacity - 1);
            while (slots[s] >= 0) {
                s = (s + 1) & (capacity - 1);
            }
            slots[s] = e;
            keys[s] = bytesKind ? h : primitiveValues[e];
        }
    }

    private int findPrimitive(long bits) {
        int mask = slots.length - 1;
        for (int s = (int) mix(bits) & mask; slots[s] >= 0; s = (s + 1) & mask) {
            if (keys[s] == bits) {
                return slots[s];
            }
        }
        return -1;
    }

    private int addPrimitive(long bits) {
        ensureEntryCapacity();
        int e = entries++;
        primitiveValues[e] = bits;
        valueBytes += width;
        int mask = slots.length - 1;
        int s = (int) mix(bits) & mask;
        while (slots[s] >= 0) {
            s = (s + 1) & mask;
        }
        slots[s] = e;
        keys[s] = bits;
        return e;
    }

    private int findBytes(byte[] v, int n, long h) {
        int mask = slots.length - 1;
        for (int s = (int) h & mask; slots[s] >= 0; s = (s + 1) & mask) {
            int e = slots[s];
            if (keys[s] == h && offsets[e + 1] - offsets[e] == n
                    && Arrays.equals(data, (int) offsets[e], (int) offsets[e] + n, v, 0, n)) {
                return e;
            }
        }
        return -1;
    }

    private int addBytes(byte[] v, int n, long h) {
        ensureEntryCapacity();
        int e = entries++;
        long end = offsets[e] + n;
        if (end > data.length) {
            data = Arrays.copyOf(data, (int) Math.max(end, 2L * data.length));
        }
        System.arraycopy(v, 0, data, (int) offsets[e], n);
        offsets[e + 1] = end;
        valueBytes += n;
        int mask = slots.length - 1;
        int s = (int) h & mask;
        while (slots[s] >= 0) {
            s = (s + 1) & mask;
        }
        slots[s] = e;
        keys[s] = h;
        return e;
    }

    /** @return the current dictionary as an array of the column's dtype (the null entry null) */
    Canonical values() {
        int n = entries;
        Validity validity = Validity.ALL_VALID;
        if (nullCode >= 0) {
            MemorySegment bits = ColumnArrays.ALLOC.allocate((n + 7L) >>> 3);
            for (int i = 0; i < n; i++) {
                Validity.Bits.set(bits, i, i != nullCode);
            }
            validity = new Validity.Bitmap(bits, 0);
        }
        if (!bytesKind) {
            MemorySegment out = ColumnArrays.ALLOC.allocate((long) n * width);
            for (int i = 0; i < n; i++) {
                long v = primitiveValues[i];
                switch (width) {
                    case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) v);
                    case 2 -> out.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) v);
                    case 4 -> out.setAtIndex(ValueLayout.JAVA_INT, i, (int) v);
                    default -> out.setAtIndex(ValueLayout.JAVA_LONG, i, v);
                }
            }
            return new PrimitiveArray((DType.Primitive) dtype, out, n, validity);
        }
        MemorySegment bytes = ColumnArrays.ALLOC.allocate(offsets[n]);
        MemorySegment.copy(MemorySegment.ofArray(data), 0, bytes, 0, offsets[n]);
        MemorySegment offs = ColumnArrays.ALLOC.allocate(8L * (n + 1));
        for (int i = 0; i <= n; i++) {
            offs.setAtIndex(ValueLayout.JAVA_LONG, i, offsets[i]);
        }
        return new VarBinArray(dtype, new PrimitiveArray(new DType.Primitive(PType.I64, false), offs, n + 1,
                Validity.ALL_VALID), bytes, n, validity);
    }

    private static long bits(PrimitiveArray p, int i) {
        return switch (p.ptype().byteWidth()) {
            case 1 -> p.values().get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
            case 2 -> p.values().getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) & 0xFFFFL;
            case 4 -> p.values().getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) & 0xFFFF_FFFFL;
            default -> p.values().getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
        };
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        return x ^ (x >>> 33);
    }

    private static long hash(byte[] v, int from, int n) {
        long h = 0x9E3779B97F4A7C15L ^ n;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = mix(h ^ (long) LONG_LE.get(v, from + i));
        }
        long tail = 0;
        for (; i < n; i++) {
            tail = (tail << 8) | (v[from + i] & 0xFF);
        }
        return mix(h ^ tail);
    }
}
