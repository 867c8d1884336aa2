package io.jvortex.internal.encodings.bitpacked;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Pack and unpack one 1024-value FastLanes chunk (the layout is described in the
 * {@linkplain io.jvortex.internal.encodings.bitpacked package documentation}).
 *
 * <p>Every method handles exactly one chunk: {@code 1024} values on the array side and
 * {@code 128 · bitWidth} bytes on the segment side. The packed words are little-endian regardless of
 * the platform. Signed types are handled through the same bits: unpacked values are the W-bit
 * patterns zero-extended to the type width and stored in the (signed) Java type.
 *
 * <p>The bulk unpackers copy a chunk's words once into a thread-local {@code long[]} and then run a
 * generated kernel specialised for the type and bit width ({@link FastLanesUnpack64},
 * {@link FastLanesUnpackNarrow}): constant shifts and masks, no per-value branches, contiguous reads
 * and writes, and for types narrower than 64 bits several lanes per long operation (SWAR). Packing
 * runs one generic loop of 16 longs per row. All methods are thread-safe. Bounds are checked once
 * per call: the array range by {@link Objects}, the segment range by {@link MemorySegment} itself
 * ({@link IndexOutOfBoundsException} either way).
 */
public final class FastLanesBitPacking {

    /** Number of values in one FastLanes chunk. */
    public static final int CHUNK_VALUES = 1024;

    /** The order in which the 8-row groups of a lane map to 16-value blocks; its own inverse. */
    private static final int[] FL_ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    /** Logical position of (row, lane 0); enough rows for the widest type (T = 64). */
    private static final int[] ROW_BASE = new int[64];

    static {
        for (int row = 0; row < ROW_BASE.length; row++) {
            ROW_BASE[row] = FL_ORDER[row >>> 3] * 16 + (row & 7) * 128;
        }
    }

    /**
     * {@code LANE_ONES[log2 T]}: a 1 in the lowest bit of every T-bit lane of a long, so that
     * {@code mask * LANE_ONES} repeats a lane mask in every lane (no carries, the mask fits a lane).
     */
    private static final long[] LANE_ONES = {0, 0, 0, 0x0101_0101_0101_0101L, 0x0001_0001_0001_0001L,
        0x0000_0001_0000_0001L, 1L};

    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Whether a {@code long[]} viewed as bytes is already the little-endian image of its values. */
    private static final boolean NATIVE_LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /**
     * Per-thread buffers. {@code words} holds a chunk's packed bytes read as little-endian longs (at
     * most {@code 16 · 64}); {@code lanes} holds 1024 values of a narrower type packed several per long
     * (value {@code i} at bits {@code [(i % (64/T)) · T, …)} of long {@code i / (64/T)}), viewed as
     * bytes through {@code lanesSegment} to move them to or from the typed array in one copy.
     */
    private static final class Scratch {
        final long[] words = new long[CHUNK_VALUES];
        final long[] lanes = new long[CHUNK_VALUES];
        final MemorySegment lanesSegment = MemorySegment.ofArray(lanes);
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private FastLanesBitPacking() {}

    /**
     * Size of one packed chunk.
     *
     * @param bitWidth W, in {@code [0, 64]}
     * @return {@code 128 · bitWidth} bytes
     */
    public static long packedBytesPerChunk(int bitWidth) {
        checkBitWidth(bitWidth, 64);
        return 128L * bitWidth;
    }

    /**
     * Number of lanes of the FastLanes layout for a type.
     *
     * @param typeBits T, one of 8, 16, 32, 64
     * @return {@code 1024 / typeBits}
     */
    public static int lanes(int typeBits) {
        checkTypeBits(typeBits);
        return CHUNK_VALUES / typeBits;
    }

    /**
     * Logical position within a chunk of the value stored in ({@code row}, {@code lane}):
     * {@code FL_ORDER[row / 8] · 16 + (row % 8) · 128 + lane}. The formula is the same for every type
     * width T; the caller keeps {@code row < T} and {@code lane < 1024 / T}.
     *
     * @param row  the row, in {@code [0, 64)}
     * @param lane the lane, in {@code [0, 128)}
     * @return the logical position, in {@code [0, 1024)}
     */
    public static int logicalIndex(int row, int lane) {
        Objects.checkIndex(row, 64);
        Objects.checkIndex(lane, 128);
        return ROW_BASE[row] + lane;
    }

    // ---------------------------------------------------------------------------------------------
    // Unpack one chunk

    /**
     * Unpacks one chunk of 8-bit values.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param bitWidth   W, in {@code [0, 8]}
     * @param out        receives 1024 values in logical order
     * @param outOffset  index of the chunk's first value in {@code out}
     */
    public static void unpack8(MemorySegment packed, long byteOffset, int bitWidth, byte[] out, int outOffset) {
        checkBitWidth(bitWidth, 8);
        Objects.checkFromIndexSize(outOffset, CHUNK_VALUES, out.length);
        if (bitWidth == 0) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, (byte) 0);
            return;
        }
        Scratch scratch = unpackToLanes(packed, byteOffset, 8, bitWidth);
        MemorySegment.copy(scratch.lanesSegment, ValueLayout.JAVA_BYTE, 0, out, outOffset, CHUNK_VALUES);
    }

    /**
     * Unpacks one chunk of 16-bit values.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param bitWidth   W, in {@code [0, 16]}
     * @param out        receives 1024 values in logical order
     * @param outOffset  index of the chunk's first value in {@code out}
     */
    public static void unpack16(MemorySegment packed, long byteOffset, int bitWidth, short[] out, int outOffset) {
        checkBitWidth(bitWidth, 16);
        Objects.checkFromIndexSize(outOffset, CHUNK_VALUES, out.length);
        if (bitWidth == 0) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, (short) 0);
            return;
        }
        Scratch scratch = unpackToLanes(packed, byteOffset, 16, bitWidth);
        MemorySegment.copy(scratch.lanesSegment, LE_SHORT, 0, out, outOffset, CHUNK_VALUES);
    }

    /**
     * Unpacks one chunk of 32-bit values.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param bitWidth   W, in {@code [0, 32]}
     * @param out        receives 1024 values in logical order
     * @param outOffset  index of the chunk's first value in {@code out}
     */
    public static void unpack32(MemorySegment packed, long byteOffset, int bitWidth, int[] out, int outOffset) {
        checkBitWidth(bitWidth, 32);
        Objects.checkFromIndexSize(outOffset, CHUNK_VALUES, out.length);
        if (bitWidth == 0) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, 0);
            return;
        }
        Scratch scratch = unpackToLanes(packed, byteOffset, 32, bitWidth);
        MemorySegment.copy(scratch.lanesSegment, LE_INT, 0, out, outOffset, CHUNK_VALUES);
    }

    /**
     * Unpacks one chunk of 64-bit values.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param bitWidth   W, in {@code [0, 64]}
     * @param out        receives 1024 values in logical order
     * @param outOffset  index of the chunk's first value in {@code out}
     */
    public static void unpack64(MemorySegment packed, long byteOffset, int bitWidth, long[] out, int outOffset) {
        checkBitWidth(bitWidth, 64);
        Objects.checkFromIndexSize(outOffset, CHUNK_VALUES, out.length);
        if (bitWidth == 0) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, 0L);
            return;
        }
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(packed, LE_LONG, byteOffset, scratch.words, 0, bitWidth * 16);
        if (outOffset == 0) {
            FastLanesUnpack64.unpack(scratch.words, bitWidth, out);
        } else {
            FastLanesUnpack64.unpack(scratch.words, bitWidth, scratch.lanes);
            System.arraycopy(scratch.lanes, 0, out, outOffset, CHUNK_VALUES);
        }
    }

    /**
     * Copies one chunk's packed words into a thread-local block, read as little-endian longs, for
     * {@link #valueOf} to pick a few values from without unpacking the chunk: one sequential copy (the
     * hardware prefetches it) instead of a scattered read of the file per value.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param bitWidth   W, in {@code [1, 64]}
     * @return the thread's block, valid until its next unpack
     */
    static long[] packedWords(MemorySegment packed, long byteOffset, int bitWidth) {
        checkBitWidth(bitWidth, 64);
        long[] words = SCRATCH.get().words;
        MemorySegment.copy(packed, LE_LONG, byteOffset, words, 0, bitWidth * 16);
        return words;
    }

    /**
     * One value of a chunk whose packed words {@link #packedWords} copied: the arithmetic of
     * {@link #unpackSingle64} on the copy (a T-bit word {@code k} is at bits
     * {@code [(k % (64/T)) · T, …)} of long {@code k / (64/T)}).
     *
     * @param words    the chunk's packed words, {@code 16 · bitWidth} longs
     * @param typeBits T: 8, 16, 32 or 64
     * @param bitWidth W, in {@code [1, T]}; not checked (the caller checked it once per chunk)
     * @param index    logical position within the chunk, in {@code [0, 1024)}; not checked
     * @return the value, zero-extended from W bits
     */
    static long valueOf(long[] words, int typeBits, int bitWidth, int index) {
        int typeShift = Integer.numberOfTrailingZeros(typeBits);
        int perLongShift = 6 - typeShift;
        int perLongMask = (1 << perLongShift) - 1;
        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        int lanes = CHUNK_VALUES >>> typeShift;
        int lane = index & (lanes - 1);
        int row = FL_ORDER[((index & 127) - lane) >>> 4] * 8 + (index >>> 7);
        int bit = row * bitWidth;
        int shift = bit & (typeBits - 1);
        int at = (bit >>> typeShift) * lanes + lane;
        long value = ((words[at >>> perLongShift] >>> ((at & perLongMask) << typeShift)) & typeMask) >>> shift;
        if (shift + bitWidth > typeBits) {
            int next = at + lanes;
            value |= ((words[next >>> perLongShift] >>> ((next & perLongMask) << typeShift)) & typeMask)
                    << (typeBits - shift);
        }
        return bitWidth == 64 ? value : value & ((1L << bitWidth) - 1);
    }

    /**
     * Unpacks one chunk into a thread-local block without moving its values to a typed array: value
     * {@code i} is at bits {@code [(i % (64/T)) · T, (i % (64/T)) · T + T)} of long {@code i / (64/T)}
     * (for T = 64, long {@code i}), zero-extended from W bits. For a caller that picks a few values.
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param typeBits   T: 8, 16, 32 or 64
     * @param bitWidth   W, in {@code [1, T]}
     * @return the thread's block, valid until its next unpack
     */
    static long[] unpackLanes(MemorySegment packed, long byteOffset, int typeBits, int bitWidth) {
        checkTypeBits(typeBits);
        checkBitWidth(bitWidth, typeBits);
        if (bitWidth == 0) {
            throw new IllegalArgumentException("bitWidth 0 has no packed words");
        }
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(packed, LE_LONG, byteOffset, scratch.words, 0, bitWidth * 16);
        if (typeBits == 64) {
            FastLanesUnpack64.unpack(scratch.words, bitWidth, scratch.lanes);
        } else {
            FastLanesUnpackNarrow.unpack(scratch.words, typeBits, bitWidth, scratch.lanes);
        }
        return scratch.lanes;
    }

    /**
     * Unpacks one chunk of a {@code typeBits}-bit type as unsigned {@code bitWidth}-bit numbers in
     * {@code long}s, whatever the type's width: the keys a filter compares (one chunk stays in L1).
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}; the chunk spans
     *                   {@code 128 · bitWidth} bytes
     * @param typeBits   T: 8, 16, 32 or 64
     * @param bitWidth   W, in {@code [0, T]}
     * @param keys       receives the chunk's 1024 values in logical order, each in {@code [0, 2^W)}
     */
    static void unpackKeys(MemorySegment packed, long byteOffset, int typeBits, int bitWidth, long[] keys) {
        checkTypeBits(typeBits);
        checkBitWidth(bitWidth, typeBits);
        Objects.checkFromIndexSize(0, CHUNK_VALUES, keys.length);
        if (bitWidth == 0) {
            Arrays.fill(keys, 0, CHUNK_VALUES, 0L);
            return;
        }
        Scratch scratch = SCRATCH.get();
        long[] words = scratch.words;
        MemorySegment.copy(packed, LE_LONG, byteOffset, words, 0, bitWidth * 16);
        if (typeBits == 64) {
            FastLanesUnpack64.unpack(words, bitWidth, keys);
            return;
        }
        // the SWAR kernel's lanes, value i at bits [(i % (64/T)) · T, …) of long i / (64/T)
        long[] lanes = scratch.lanes;
        FastLanesUnpackNarrow.unpack(words, typeBits, bitWidth, lanes);
        switch (typeBits) {
            case 32 -> {
                for (int i = 0; i < 512; i++) {
                    long l = lanes[i];
                    keys[2 * i] = l & 0xFFFF_FFFFL;
                    keys[2 * i + 1] = l >>> 32;
                }
            }
            case 16 -> {
                for (int i = 0; i < 256; i++) {
                    long l = lanes[i];
                    keys[4 * i] = l & 0xFFFFL;
                    keys[4 * i + 1] = (l >>> 16) & 0xFFFFL;
                    keys[4 * i + 2] = (l >>> 32) & 0xFFFFL;
                    keys[4 * i + 3] = l >>> 48;
                }
            }
            default -> {
                for (int i = 0; i < 128; i++) {
                    long l = lanes[i];
                    for (int j = 0; j < 8; j++) {
                        keys[8 * i + j] = (l >>> (8 * j)) & 0xFFL;
                    }
                }
            }
        }
    }

    /**
     * Unpacks values {@code [offset, offset + length)} of consecutive packed chunks straight into
     * {@code out} and adds {@code reference} to each (wrapping in the type's width), so that
     * frame-of-reference decoding writes its final values once. A chunk is unpacked into a
     * thread-local block that stays in the L1 cache and is then copied to {@code out} in one bulk copy
     * (with a reference: one counted loop that adds while copying; narrow types need whole longs and
     * a reference no lane can carry out of, or add lane by lane first).
     *
     * @param packed     the packed chunks, the first at byte 0
     * @param typeBytes  bytes per value: 1, 2, 4 or 8
     * @param bitWidth   W, in {@code [0, 8 · typeBytes]}
     * @param offset     values of the first chunk to skip, in {@code [0, 1024)}
     * @param length     values to write
     * @param reference  added to every value; its low {@code 8 · typeBytes} bits are used
     * @param out        receives {@code length} values in native order, starting at byte 0
     */
    static void unpackRange(MemorySegment packed, int typeBytes, int bitWidth, int offset, int length,
                            long reference, MemorySegment out) {
        int typeBits = typeBytes * 8;
        checkTypeBits(typeBits);
        checkBitWidth(bitWidth, typeBits);
        Objects.checkIndex(offset, CHUNK_VALUES);
        long chunkBytes = 128L * bitWidth;
        long chunks = ((long) offset + length + CHUNK_VALUES - 1) / CHUNK_VALUES;
        Objects.checkFromIndexSize(0, chunks * chunkBytes, packed.byteSize());
        Objects.checkFromIndexSize(0, (long) length * typeBytes, out.byteSize());
        if (bitWidth == 0 && (reference & lowBits(typeBits)) == 0) {
            out.asSlice(0, (long) length * typeBytes).fill((byte) 0);
            return;
        }
        if (typeBits == 64) {
            unpackRange64(packed, bitWidth, offset, length, reference, out);
        } else {
            unpackRangeNarrow(packed, typeBits, bitWidth, offset, length, reference, out);
        }
    }

    private static void unpackRange64(MemorySegment packed, int bitWidth, int offset, int length, long reference,
                                      MemorySegment out) {
        Scratch scratch = SCRATCH.get();
        long[] words = scratch.words;
        long[] block = scratch.lanes;
        long chunkBytes = 128L * bitWidth;
        int skip = offset;
        long written = 0;
        for (long chunk = 0; written < length; chunk++) {
            MemorySegment.copy(packed, LE_LONG, chunk * chunkBytes, words, 0, bitWidth * 16);
            FastLanesUnpack64.unpack(words, bitWidth, block);
            int n = (int) Math.min(CHUNK_VALUES - skip, length - written);
            if (reference == 0) {
                MemorySegment.copy(block, skip, out, ValueLayout.JAVA_LONG_UNALIGNED, written * 8, n);
            } else {
                copyAdding(block, skip, out, written, n, reference);
            }
            written += n;
            skip = 0;
        }
    }

    /**
     * The last step of a one-pass decoding over bit-packed 64-bit values: transforms a block of
     * unpacked values (zigzag decoding, ALP's scaling to doubles) and writes the results.
     */
    @FunctionalInterface
    public interface LongBlockOp {
        /** Writes the values unchanged. */
        LongBlockOp COPY = (block, from, n, out, at) ->
                MemorySegment.copy(block, from, out, ValueLayout.JAVA_LONG_UNALIGNED, at, n);

        /**
         * Transforms {@code block[from, from + n)} (in place, if it likes) and writes the {@code n}
         * results, 8 bytes each in native order, to {@code out} from byte {@code at}.
         *
         * @param block the values
         * @param from first value
         * @param n values
         * @param out the output
         * @param at byte offset of the first result
         */
        void write(long[] block, int from, int n, MemorySegment out, long at);
    }

    /**
     * Unpacks 64-bit values, patches them, adds a reference and applies {@code op} to each 1024-value
     * block while it is on the heap, writing each final value once: a chain of encodings over a
     * bit-packed array decodes in one pass instead of one pass per encoding over the whole array.
     *
     * @param packed the packed chunks
     * @param bitWidth bits per value, 0..64
     * @param offset values of the first chunk to skip, 0..1023
     * @param length values to produce
     * @param reference added to every value (patched ones too), before {@code op}
     * @param patchPositions strictly increasing positions below {@code length}
     * @param patchValues one 64-bit value per position (in native order, as canonical arrays hold them),
     *     replacing the unpacked one
     * @param op transforms every block last and writes it
     * @param out room for {@code length} 64-bit values
     */
    static void unpackRange64(MemorySegment packed, int bitWidth, int offset, int length, long reference,
                              int[] patchPositions, MemorySegment patchValues, LongBlockOp op, MemorySegment out) {
        checkBitWidth(bitWidth, 64);
        Objects.checkIndex(offset, CHUNK_VALUES);
        long chunkBytes = 128L * bitWidth;
        long chunks = ((long) offset + length + CHUNK_VALUES - 1) / CHUNK_VALUES;
        Objects.checkFromIndexSize(0, chunks * chunkBytes, packed.byteSize());
        Objects.checkFromIndexSize(0, (long) length * 8, out.byteSize());
        Objects.checkFromIndexSize(0, (long) patchPositions.length * 8, patchValues.byteSize());
        Scratch scratch = SCRATCH.get();
        long[] words = scratch.words;
        long[] block = scratch.lanes;
        int skip = offset;
        int written = 0;
        int patch = 0;
        for (long chunk = 0; written < length; chunk++) {
            MemorySegment.copy(packed, LE_LONG, chunk * chunkBytes, words, 0, bitWidth * 16);
            FastLanesUnpack64.unpack(words, bitWidth, block);
            int n = Math.min(CHUNK_VALUES - skip, length - written);
            int end = written + n;
            for (; patch < patchPositions.length && patchPositions[patch] < end; patch++) {
                // positions increase from 0, so this one is at or past the block's first value
                block[skip + patchPositions[patch] - written] =
                        patchValues.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, patch);
            }
            if (reference != 0) {
                for (int i = skip; i < skip + n; i++) {
                    block[i] += reference;
                }
            }
            op.write(block, skip, n, out, (long) written * 8);
            written = end;
            skip = 0;
        }
    }

    /** Narrow types: the SWAR kernel, the reference added lane-wise, the block's bytes copied out. */
    private static void unpackRangeNarrow(MemorySegment packed, int typeBits, int bitWidth, int offset, int length,
                                          long reference, MemorySegment out) {
        Scratch scratch = SCRATCH.get();
        long[] words = scratch.words;
        long[] block = scratch.lanes;
        MemorySegment blockSegment = scratch.lanesSegment;
        int typeBytes = typeBits / 8;
        long chunkBytes = 128L * bitWidth;
        long typeMask = lowBits(typeBits);
        long laneReference = (reference & typeMask) * LANE_ONES[Integer.numberOfTrailingZeros(typeBits)];
        // Unpacked values are below 2^W: when the reference plus the largest of them stays in the
        // type, no lane carries into the next and a plain 64-bit add adds every lane at once.
        boolean carryFree = (reference & typeMask) <= typeMask - lowBits(bitWidth);
        int valuesPerLong = 64 / typeBits;
        int skip = offset;
        long written = 0;
        for (long chunk = 0; written < length; chunk++) {
            MemorySegment.copy(packed, LE_LONG, chunk * chunkBytes, words, 0, bitWidth * 16);
            FastLanesUnpackNarrow.unpack(words, typeBits, bitWidth, block);
            int n = (int) Math.min(CHUNK_VALUES - skip, length - written);
            if (laneReference != 0 && carryFree && NATIVE_LITTLE_ENDIAN
                    && (skip | n | written) % valuesPerLong == 0) {
                // whole longs: add and copy in one pass
                copyAdding(block, skip / valuesPerLong, out, written * typeBytes / 8, n / valuesPerLong,
                        laneReference);
                written += n;
                skip = 0;
                continue;
            }
            if (laneReference != 0) {
                addToLanes(block, typeBits, laneReference);
            }
            if (!NATIVE_LITTLE_ENDIAN) {
                reverseBytes(block, typeBits * 16);
            }
            if (NATIVE_LITTLE_ENDIAN || typeBits == 8) {
                // The lanes' little-endian image on a little-endian platform: its bytes are the output's.
                MemorySegment.copy(blockSegment, (long) skip * typeBytes, out, written * typeBytes,
                        (long) n * typeBytes);
            } else {
                ValueLayout little = typeBits == 16 ? LE_SHORT : LE_INT;
                ValueLayout nativeOrder = little.withOrder(ByteOrder.nativeOrder());
                MemorySegment.copy(blockSegment, little, (long) skip * typeBytes, out, nativeOrder,
                        written * typeBytes, n);
            }
            written += n;
            skip = 0;
        }
    }

    /** {@code out[at + i] = block[from + i] + reference} for {@code i < n}: a counted loop C2 vectorizes. */
    private static void copyAdding(long[] block, int from, MemorySegment out, long at, int n, long reference) {
        for (int i = 0; i < n; i++) {
            out.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, at + i, block[from + i] + reference);
        }
    }

    /**
     * Adds a lane-replicated reference to every {@code typeBits}-wide lane of the first
     * {@code 16 · typeBits} longs, each lane wrapping on its own: the low bits of each lane are summed
     * without their top bit, so no carry crosses into the next lane, and the top bit is then the XOR
     * of the two top bits and the carry into it.
     */
    private static void addToLanes(long[] lanes, int typeBits, long laneReference) {
        long top = LANE_ONES[Integer.numberOfTrailingZeros(typeBits)] << (typeBits - 1);
        long referenceLow = laneReference & ~top;
        long referenceTop = laneReference & top;
        int count = typeBits * 16;
        for (int i = 0; i < count; i++) {
            long x = lanes[i];
            lanes[i] = ((x & ~top) + referenceLow) ^ ((x ^ referenceTop) & top);
        }
    }

    /** Unpacks a chunk of a type narrower than 64 bits into {@code lanes} (little-endian image). */
    private static Scratch unpackToLanes(MemorySegment packed, long byteOffset, int typeBits, int bitWidth) {
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(packed, LE_LONG, byteOffset, scratch.words, 0, bitWidth * 16);
        FastLanesUnpackNarrow.unpack(scratch.words, typeBits, bitWidth, scratch.lanes);
        if (!NATIVE_LITTLE_ENDIAN) {
            reverseBytes(scratch.lanes, typeBits * 16);
        }
        return scratch;
    }

    // ---------------------------------------------------------------------------------------------
    // Pack one chunk

    /**
     * Packs one chunk of 8-bit values; each input is masked to its low {@code bitWidth} bits.
     *
     * @param in         1024 values in logical order
     * @param inOffset   index of the chunk's first value in {@code in}
     * @param bitWidth   W, in {@code [0, 8]}; {@code 0} writes nothing
     * @param out        receives the packed chunk
     * @param byteOffset absolute offset in {@code out} where the {@code 128 · bitWidth} bytes go
     */
    public static void pack8(byte[] in, int inOffset, int bitWidth, MemorySegment out, long byteOffset) {
        checkBitWidth(bitWidth, 8);
        Objects.checkFromIndexSize(inOffset, CHUNK_VALUES, in.length);
        if (bitWidth == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(in, inOffset, scratch.lanesSegment, ValueLayout.JAVA_BYTE, 0, CHUNK_VALUES);
        packFromLanes(scratch, 8, bitWidth, out, byteOffset);
    }

    /**
     * Packs one chunk of 16-bit values; each input is masked to its low {@code bitWidth} bits.
     *
     * @param in         1024 values in logical order
     * @param inOffset   index of the chunk's first value in {@code in}
     * @param bitWidth   W, in {@code [0, 16]}; {@code 0} writes nothing
     * @param out        receives the packed chunk
     * @param byteOffset absolute offset in {@code out} where the {@code 128 · bitWidth} bytes go
     */
    public static void pack16(short[] in, int inOffset, int bitWidth, MemorySegment out, long byteOffset) {
        checkBitWidth(bitWidth, 16);
        Objects.checkFromIndexSize(inOffset, CHUNK_VALUES, in.length);
        if (bitWidth == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(in, inOffset, scratch.lanesSegment, LE_SHORT, 0, CHUNK_VALUES);
        packFromLanes(scratch, 16, bitWidth, out, byteOffset);
    }

    /**
     * Packs one chunk of 32-bit values; each input is masked to its low {@code bitWidth} bits.
     *
     * @param in         1024 values in logical order
     * @param inOffset   index of the chunk's first value in {@code in}
     * @param bitWidth   W, in {@code [0, 32]}; {@code 0} writes nothing
     * @param out        receives the packed chunk
     * @param byteOffset absolute offset in {@code out} where the {@code 128 · bitWidth} bytes go
     */
    public static void pack32(int[] in, int inOffset, int bitWidth, MemorySegment out, long byteOffset) {
        checkBitWidth(bitWidth, 32);
        Objects.checkFromIndexSize(inOffset, CHUNK_VALUES, in.length);
        if (bitWidth == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        MemorySegment.copy(in, inOffset, scratch.lanesSegment, LE_INT, 0, CHUNK_VALUES);
        packFromLanes(scratch, 32, bitWidth, out, byteOffset);
    }

    /**
     * Packs one chunk of 64-bit values; each input is masked to its low {@code bitWidth} bits.
     *
     * @param in         1024 values in logical order
     * @param inOffset   index of the chunk's first value in {@code in}
     * @param bitWidth   W, in {@code [0, 64]}; {@code 0} writes nothing
     * @param out        receives the packed chunk
     * @param byteOffset absolute offset in {@code out} where the {@code 128 · bitWidth} bytes go
     */
    public static void pack64(long[] in, int inOffset, int bitWidth, MemorySegment out, long byteOffset) {
        checkBitWidth(bitWidth, 64);
        Objects.checkFromIndexSize(inOffset, CHUNK_VALUES, in.length);
        if (bitWidth == 0) {
            return;
        }
        long[] words = SCRATCH.get().words;
        packRows(in, inOffset, 64, bitWidth, words);
        MemorySegment.copy(words, 0, out, LE_LONG, byteOffset, bitWidth * 16);
    }

    /** Packs the narrow values staged (as a little-endian image) in {@code lanes}. */
    private static void packFromLanes(Scratch scratch, int typeBits, int bitWidth, MemorySegment out, long byteOffset) {
        if (!NATIVE_LITTLE_ENDIAN) {
            reverseBytes(scratch.lanes, typeBits * 16);
        }
        packRows(scratch.lanes, 0, typeBits, bitWidth, scratch.words);
        MemorySegment.copy(scratch.words, 0, out, LE_LONG, byteOffset, bitWidth * 16);
    }

    /**
     * The inverse of the unpack kernels ({@link FastLanesUnpack64}, {@link FastLanesUnpackNarrow}): a
     * row of packed words is 16 longs holding {@code 64 / T} lanes each, and a row of values is 16 longs
     * at the row's logical position; each lane is masked to W bits and ORed into its words.
     */
    private static void packRows(long[] src, int srcOffset, int typeBits, int bitWidth, long[] words) {
        Arrays.fill(words, 0, bitWidth * 16, 0L);
        long ones = LANE_ONES[Integer.numberOfTrailingZeros(typeBits)];
        long widthMask = lowBits(bitWidth) * ones;
        int typeShift = Integer.numberOfTrailingZeros(typeBits);
        for (int row = 0; row < typeBits; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> typeShift) * 16;
            int shift = bit & (typeBits - 1);
            int o = srcOffset + ((ROW_BASE[row] << typeShift) >>> 6);
            if (shift + bitWidth <= typeBits) {
                for (int i = 0; i < 16; i++) {
                    words[a + i] |= (src[o + i] & widthMask) << shift;
                }
            } else {
                int down = typeBits - shift;
                long high = (lowBits(typeBits) & ~lowBits(shift)) * ones;
                long low = lowBits(shift + bitWidth - typeBits) * ones;
                for (int i = 0; i < 16; i++) {
                    long v = src[o + i] & widthMask;
                    words[a + i] |= (v << shift) & high;
                    words[a + 16 + i] |= (v >>> down) & low;
                }
            }
        }
    }

    /** The low {@code bits} bits set, for {@code bits ∈ [0, 64]}. */
    private static long lowBits(int bits) {
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    private static void reverseBytes(long[] values, int count) {
        for (int i = 0; i < count; i++) {
            values[i] = Long.reverseBytes(values[i]);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Random access

    /**
     * Reads one 8-bit value of a packed chunk without unpacking the chunk (at most two word reads).
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}
     * @param bitWidth   W, in {@code [0, 8]}
     * @param index      logical position within the chunk, in {@code [0, 1024)}
     * @return the value, zero-extended from W bits
     */
    public static byte unpackSingle8(MemorySegment packed, long byteOffset, int bitWidth, int index) {
        checkBitWidth(bitWidth, 8);
        return (byte) unpackSingle(packed, byteOffset, 8, bitWidth, index);
    }

    /**
     * Reads one 16-bit value of a packed chunk without unpacking the chunk (at most two word reads).
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}
     * @param bitWidth   W, in {@code [0, 16]}
     * @param index      logical position within the chunk, in {@code [0, 1024)}
     * @return the value, zero-extended from W bits
     */
    public static short unpackSingle16(MemorySegment packed, long byteOffset, int bitWidth, int index) {
        checkBitWidth(bitWidth, 16);
        return (short) unpackSingle(packed, byteOffset, 16, bitWidth, index);
    }

    /**
     * Reads one 32-bit value of a packed chunk without unpacking the chunk (at most two word reads).
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}
     * @param bitWidth   W, in {@code [0, 32]}
     * @param index      logical position within the chunk, in {@code [0, 1024)}
     * @return the value, zero-extended from W bits
     */
    public static int unpackSingle32(MemorySegment packed, long byteOffset, int bitWidth, int index) {
        checkBitWidth(bitWidth, 32);
        return (int) unpackSingle(packed, byteOffset, 32, bitWidth, index);
    }

    /**
     * Reads one 64-bit value of a packed chunk without unpacking the chunk (at most two word reads).
     *
     * @param packed     the packed data
     * @param byteOffset absolute offset of the chunk in {@code packed}
     * @param bitWidth   W, in {@code [0, 64]}
     * @param index      logical position within the chunk, in {@code [0, 1024)}
     * @return the value, zero-extended from W bits
     */
    public static long unpackSingle64(MemorySegment packed, long byteOffset, int bitWidth, int index) {
        checkBitWidth(bitWidth, 64);
        return unpackSingle(packed, byteOffset, 64, bitWidth, index);
    }

    /** The inverse of {@link #logicalIndex}, then the same bit arithmetic as the bulk kernels. */
    private static long unpackSingle(MemorySegment packed, long byteOffset, int typeBits, int bitWidth, int index) {
        Objects.checkIndex(index, CHUNK_VALUES);
        if (bitWidth == 0) {
            return 0L;
        }
        int lanes = CHUNK_VALUES / typeBits;
        int lane = index & (lanes - 1);
        // index % 128 = FL_ORDER[row / 8] * 16 + lane and index / 128 = row % 8.
        int row = FL_ORDER[((index & 127) - lane) >>> 4] * 8 + (index >>> 7);
        int bit = row * bitWidth;
        int word = bit / typeBits;
        int shift = bit % typeBits;
        long value = readWord(packed, byteOffset, typeBits, word * lanes + lane) >>> shift;
        if (shift + bitWidth > typeBits) {
            value |= readWord(packed, byteOffset, typeBits, (word + 1) * lanes + lane) << (typeBits - shift);
        }
        return bitWidth == 64 ? value : value & ((1L << bitWidth) - 1);
    }

    /** The packed word {@code wordIndex} of a chunk, zero-extended. */
    private static long readWord(MemorySegment packed, long byteOffset, int typeBits, int wordIndex) {
        long at = byteOffset + (long) wordIndex * (typeBits >>> 3);
        return switch (typeBits) {
            case 8 -> Byte.toUnsignedLong(packed.get(ValueLayout.JAVA_BYTE, at));
            case 16 -> Short.toUnsignedLong(packed.get(LE_SHORT, at));
            case 32 -> Integer.toUnsignedLong(packed.get(LE_INT, at));
            default -> packed.get(LE_LONG, at);
        };
    }

    // ---------------------------------------------------------------------------------------------

    private static void checkBitWidth(int bitWidth, int typeBits) {
        if (bitWidth < 0 || bitWidth > typeBits) {
            throw new IllegalArgumentException(
                    "bitWidth must be in [0, " + typeBits + "] for a " + typeBits + "-bit type, got " + bitWidth);
        }
    }

    private static void checkTypeBits(int typeBits) {
        if (typeBits != 8 && typeBits != 16 && typeBits != 32 && typeBits != 64) {
            throw new IllegalArgumentException("typeBits must be 8, 16, 32 or 64, got " + typeBits);
        }
    }
}
