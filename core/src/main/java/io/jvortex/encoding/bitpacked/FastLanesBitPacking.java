package io.jvortex.encoding.bitpacked;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Pack and unpack one 1024-value FastLanes chunk (the layout is described in the
 * {@linkplain io.jvortex.encoding.bitpacked package documentation}).
 *
 * <p>Every method handles exactly one chunk: {@code 1024} values on the array side and
 * {@code 128 · bitWidth} bytes on the segment side. The packed words are little-endian regardless of
 * the platform. Signed types are handled through the same bits: unpacked values are the W-bit
 * patterns zero-extended to the type width and stored in the (signed) Java type.
 *
 * <p>The bulk kernels copy a chunk's words once into a thread-local scratch array and then run one
 * loop per row over all lanes with a shift that is fixed for that row, so the inner loops have
 * constant trip counts, no per-value branches and contiguous reads and writes. All methods are
 * thread-safe. Bounds are checked once per call: the array range by {@link Objects}, the segment
 * range by {@link MemorySegment} itself ({@link IndexOutOfBoundsException} either way).
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

    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Per-thread word buffers: at most {@code 1024 · W / T ≤ 1024} words of each type. */
    private static final class Scratch {
        final byte[] bytes = new byte[CHUNK_VALUES];
        final short[] shorts = new short[CHUNK_VALUES];
        final int[] ints = new int[CHUNK_VALUES];
        final long[] longs = new long[CHUNK_VALUES];
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
        byte[] words = SCRATCH.get().bytes;
        MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, byteOffset, words, 0, bitWidth * 128);
        int mask = (1 << bitWidth) - 1;
        for (int row = 0; row < 8; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 3) * 128;
            int shift = bit & 7;
            int o = outOffset + ROW_BASE[row];
            if (shift + bitWidth <= 8) {
                for (int lane = 0; lane < 128; lane++) {
                    out[o + lane] = (byte) (((words[a + lane] & 0xFF) >>> shift) & mask);
                }
            } else {
                int up = 8 - shift;
                for (int lane = 0; lane < 128; lane++) {
                    out[o + lane] = (byte) ((((words[a + lane] & 0xFF) >>> shift)
                            | ((words[a + 128 + lane] & 0xFF) << up)) & mask);
                }
            }
        }
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
        short[] words = SCRATCH.get().shorts;
        MemorySegment.copy(packed, LE_SHORT, byteOffset, words, 0, bitWidth * 64);
        int mask = (1 << bitWidth) - 1;
        for (int row = 0; row < 16; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 4) * 64;
            int shift = bit & 15;
            int o = outOffset + ROW_BASE[row];
            if (shift + bitWidth <= 16) {
                for (int lane = 0; lane < 64; lane++) {
                    out[o + lane] = (short) (((words[a + lane] & 0xFFFF) >>> shift) & mask);
                }
            } else {
                int up = 16 - shift;
                for (int lane = 0; lane < 64; lane++) {
                    out[o + lane] = (short) ((((words[a + lane] & 0xFFFF) >>> shift)
                            | ((words[a + 64 + lane] & 0xFFFF) << up)) & mask);
                }
            }
        }
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
        int[] words = SCRATCH.get().ints;
        MemorySegment.copy(packed, LE_INT, byteOffset, words, 0, bitWidth * 32);
        int mask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
        for (int row = 0; row < 32; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 5) * 32;
            int shift = bit & 31;
            int o = outOffset + ROW_BASE[row];
            if (shift + bitWidth <= 32) {
                for (int lane = 0; lane < 32; lane++) {
                    out[o + lane] = (words[a + lane] >>> shift) & mask;
                }
            } else {
                int up = 32 - shift;
                for (int lane = 0; lane < 32; lane++) {
                    out[o + lane] = ((words[a + lane] >>> shift) | (words[a + 32 + lane] << up)) & mask;
                }
            }
        }
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
        long[] words = SCRATCH.get().longs;
        MemorySegment.copy(packed, LE_LONG, byteOffset, words, 0, bitWidth * 16);
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        for (int row = 0; row < 64; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 6) * 16;
            int shift = bit & 63;
            int o = outOffset + ROW_BASE[row];
            if (shift + bitWidth <= 64) {
                for (int lane = 0; lane < 16; lane++) {
                    out[o + lane] = (words[a + lane] >>> shift) & mask;
                }
            } else {
                int up = 64 - shift;
                for (int lane = 0; lane < 16; lane++) {
                    out[o + lane] = ((words[a + lane] >>> shift) | (words[a + 16 + lane] << up)) & mask;
                }
            }
        }
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
        int wordCount = bitWidth * 128;
        byte[] words = SCRATCH.get().bytes;
        Arrays.fill(words, 0, wordCount, (byte) 0);
        int mask = (1 << bitWidth) - 1;
        for (int row = 0; row < 8; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 3) * 128;
            int shift = bit & 7;
            int o = inOffset + ROW_BASE[row];
            if (shift + bitWidth <= 8) {
                for (int lane = 0; lane < 128; lane++) {
                    words[a + lane] |= (byte) ((in[o + lane] & mask) << shift);
                }
            } else {
                int down = 8 - shift;
                for (int lane = 0; lane < 128; lane++) {
                    int v = in[o + lane] & mask;
                    words[a + lane] |= (byte) (v << shift);
                    words[a + 128 + lane] |= (byte) (v >>> down);
                }
            }
        }
        MemorySegment.copy(words, 0, out, ValueLayout.JAVA_BYTE, byteOffset, wordCount);
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
        int wordCount = bitWidth * 64;
        short[] words = SCRATCH.get().shorts;
        Arrays.fill(words, 0, wordCount, (short) 0);
        int mask = (1 << bitWidth) - 1;
        for (int row = 0; row < 16; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 4) * 64;
            int shift = bit & 15;
            int o = inOffset + ROW_BASE[row];
            if (shift + bitWidth <= 16) {
                for (int lane = 0; lane < 64; lane++) {
                    words[a + lane] |= (short) ((in[o + lane] & mask) << shift);
                }
            } else {
                int down = 16 - shift;
                for (int lane = 0; lane < 64; lane++) {
                    int v = in[o + lane] & mask;
                    words[a + lane] |= (short) (v << shift);
                    words[a + 64 + lane] |= (short) (v >>> down);
                }
            }
        }
        MemorySegment.copy(words, 0, out, LE_SHORT, byteOffset, wordCount);
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
        int wordCount = bitWidth * 32;
        int[] words = SCRATCH.get().ints;
        Arrays.fill(words, 0, wordCount, 0);
        int mask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
        for (int row = 0; row < 32; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 5) * 32;
            int shift = bit & 31;
            int o = inOffset + ROW_BASE[row];
            if (shift + bitWidth <= 32) {
                for (int lane = 0; lane < 32; lane++) {
                    words[a + lane] |= (in[o + lane] & mask) << shift;
                }
            } else {
                int down = 32 - shift;
                for (int lane = 0; lane < 32; lane++) {
                    int v = in[o + lane] & mask;
                    words[a + lane] |= v << shift;
                    words[a + 32 + lane] |= v >>> down;
                }
            }
        }
        MemorySegment.copy(words, 0, out, LE_INT, byteOffset, wordCount);
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
        int wordCount = bitWidth * 16;
        long[] words = SCRATCH.get().longs;
        Arrays.fill(words, 0, wordCount, 0L);
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        for (int row = 0; row < 64; row++) {
            int bit = row * bitWidth;
            int a = (bit >>> 6) * 16;
            int shift = bit & 63;
            int o = inOffset + ROW_BASE[row];
            if (shift + bitWidth <= 64) {
                for (int lane = 0; lane < 16; lane++) {
                    words[a + lane] |= (in[o + lane] & mask) << shift;
                }
            } else {
                int down = 64 - shift;
                for (int lane = 0; lane < 16; lane++) {
                    long v = in[o + lane] & mask;
                    words[a + lane] |= v << shift;
                    words[a + 16 + lane] |= v >>> down;
                }
            }
        }
        MemorySegment.copy(words, 0, out, LE_LONG, byteOffset, wordCount);
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
