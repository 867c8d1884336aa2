package io.jvortex.internal.encodings.delta;

import io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking;
import java.util.Objects;

/**
 * Decode and encode one 1024-value chunk of FastLanes delta (the layout is described in the
 * {@linkplain io.jvortex.internal.encodings.delta package documentation}), plus the bit transpose the Rust
 * sources apply to a delta array's validity.
 *
 * <p>Decoding walks each lane through its rows in the bit-packing order, accumulating with wrapping
 * arithmetic, and writes the lane's {@code T} results straight to their consecutive logical positions
 * (fusing the un-transpose). All methods are thread-safe and allocation-free; array ranges are
 * checked once per call ({@link IndexOutOfBoundsException}). Input and output ranges must not
 * overlap.
 */
public final class FastLanesDelta {

    /** Number of values in one FastLanes chunk. */
    public static final int CHUNK_VALUES = 1024;

    /** Bytes of one chunk's validity bitmap (1024 bits, least-significant bit first). */
    public static final int VALIDITY_CHUNK_BYTES = 128;

    private static final int[] FL_ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    /** Position in a chunk of (row, lane 0) in the bit-packing order; enough rows for T = 64. */
    private static final int[] ROW_BASE = new int[64];

    /** {@code transpose(lane)}: the logical position of row 0 of each lane (up to 128 lanes, T = 8). */
    private static final int[] LANE_BASE = new int[128];

    static {
        for (int row = 0; row < ROW_BASE.length; row++) {
            ROW_BASE[row] = FastLanesBitPacking.logicalIndex(row, 0);
        }
        for (int lane = 0; lane < LANE_BASE.length; lane++) {
            LANE_BASE[lane] = (lane % 16) * 64 + FL_ORDER[lane / 16] * 8;
        }
    }

    private FastLanesDelta() {}

    /**
     * The FastLanes transpose permutation of the crate's {@code transpose.rs}:
     * {@code (index % 16) · 64 + FL_ORDER[(index / 16) % 8] · 8 + index / 128}. Encoding stores
     * {@code t[i] = v[transposeIndex(i)]}; decoding restores {@code v[transposeIndex(i)] = t[i]}.
     *
     * @param index position in the transposed chunk, in {@code [0, 1024)}
     * @return the logical position it holds
     */
    public static int transposeIndex(int index) {
        Objects.checkIndex(index, CHUNK_VALUES);
        return (index % 16) * 64 + FL_ORDER[(index / 16) % 8] * 8 + index / 128;
    }

    // ---------------------------------------------------------------------------------------------
    // Decode one chunk

    /**
     * Decodes one chunk of 8-bit deltas (128 lanes).
     *
     * @param deltas       1024 deltas in transposed order, as stored
     * @param deltasOffset index of the chunk's first delta
     * @param bases        the chunk's 128 lane bases
     * @param basesOffset  index of the chunk's first base
     * @param out          receives 1024 values in logical order
     * @param outOffset    index of the chunk's first value in {@code out}
     */
    public static void decode8(byte[] deltas, int deltasOffset, byte[] bases, int basesOffset, byte[] out, int outOffset) {
        checkRanges(deltas.length, deltasOffset, bases.length, basesOffset, 128, out.length, outOffset);
        for (int lane = 0; lane < 128; lane++) {
            int prev = bases[basesOffset + lane];
            int d = deltasOffset + lane;
            int o = outOffset + LANE_BASE[lane];
            for (int row = 0; row < 8; row++) {
                prev += deltas[d + ROW_BASE[row]];
                out[o + row] = (byte) prev;
            }
        }
    }

    /**
     * Decodes one chunk of 16-bit deltas (64 lanes).
     *
     * @param deltas       1024 deltas in transposed order, as stored
     * @param deltasOffset index of the chunk's first delta
     * @param bases        the chunk's 64 lane bases
     * @param basesOffset  index of the chunk's first base
     * @param out          receives 1024 values in logical order
     * @param outOffset    index of the chunk's first value in {@code out}
     */
    public static void decode16(short[] deltas, int deltasOffset, short[] bases, int basesOffset, short[] out, int outOffset) {
        checkRanges(deltas.length, deltasOffset, bases.length, basesOffset, 64, out.length, outOffset);
        for (int lane = 0; lane < 64; lane++) {
            int prev = bases[basesOffset + lane];
            int d = deltasOffset + lane;
            int o = outOffset + LANE_BASE[lane];
            for (int row = 0; row < 16; row++) {
                prev += deltas[d + ROW_BASE[row]];
                out[o + row] = (short) prev;
            }
        }
    }

    /**
     * Decodes one chunk of 32-bit deltas (32 lanes).
     *
     * @param deltas       1024 deltas in transposed order, as stored
     * @param deltasOffset index of the chunk's first delta
     * @param bases        the chunk's 32 lane bases
     * @param basesOffset  index of the chunk's first base
     * @param out          receives 1024 values in logical order
     * @param outOffset    index of the chunk's first value in {@code out}
     */
    public static void decode32(int[] deltas, int deltasOffset, int[] bases, int basesOffset, int[] out, int outOffset) {
        checkRanges(deltas.length, deltasOffset, bases.length, basesOffset, 32, out.length, outOffset);
        for (int lane = 0; lane < 32; lane++) {
            int prev = bases[basesOffset + lane];
            int d = deltasOffset + lane;
            int o = outOffset + LANE_BASE[lane];
            for (int row = 0; row < 32; row++) {
                prev += deltas[d + ROW_BASE[row]];
                out[o + row] = prev;
            }
        }
    }

    /**
     * Decodes one chunk of 64-bit deltas (16 lanes).
     *
     * @param deltas       1024 deltas in transposed order, as stored
     * @param deltasOffset index of the chunk's first delta
     * @param bases        the chunk's 16 lane bases
     * @param basesOffset  index of the chunk's first base
     * @param out          receives 1024 values in logical order
     * @param outOffset    index of the chunk's first value in {@code out}
     */
    public static void decode64(long[] deltas, int deltasOffset, long[] bases, int basesOffset, long[] out, int outOffset) {
        checkRanges(deltas.length, deltasOffset, bases.length, basesOffset, 16, out.length, outOffset);
        for (int lane = 0; lane < 16; lane++) {
            long prev = bases[basesOffset + lane];
            int d = deltasOffset + lane;
            int o = outOffset + LANE_BASE[lane];
            for (int row = 0; row < 64; row++) {
                prev += deltas[d + ROW_BASE[row]];
                out[o + row] = prev;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Legacy remainder (deltas_len not a multiple of 1024)

    /**
     * Decodes the scalar remainder older writers appended after the last full chunk: a plain running
     * sum {@code out[i] = base + deltas[0] + … + deltas[i]} (wrapping), not transposed.
     *
     * @param deltas       the remainder deltas
     * @param deltasOffset index of the first remainder delta
     * @param count        {@code deltas_len % 1024}
     * @param base         the extra base stored after the last chunk's lane bases
     * @param out          receives {@code count} values
     * @param outOffset    index of the first value in {@code out}
     */
    public static void decodeRemainder8(byte[] deltas, int deltasOffset, int count, byte base, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(deltasOffset, count, deltas.length);
        Objects.checkFromIndexSize(outOffset, count, out.length);
        int prev = base;
        for (int i = 0; i < count; i++) {
            prev += deltas[deltasOffset + i];
            out[outOffset + i] = (byte) prev;
        }
    }

    /**
     * 16-bit variant of {@link #decodeRemainder8}.
     *
     * @param deltas       the remainder deltas
     * @param deltasOffset index of the first remainder delta
     * @param count        {@code deltas_len % 1024}
     * @param base         the extra base stored after the last chunk's lane bases
     * @param out          receives {@code count} values
     * @param outOffset    index of the first value in {@code out}
     */
    public static void decodeRemainder16(short[] deltas, int deltasOffset, int count, short base, short[] out, int outOffset) {
        Objects.checkFromIndexSize(deltasOffset, count, deltas.length);
        Objects.checkFromIndexSize(outOffset, count, out.length);
        int prev = base;
        for (int i = 0; i < count; i++) {
            prev += deltas[deltasOffset + i];
            out[outOffset + i] = (short) prev;
        }
    }

    /**
     * 32-bit variant of {@link #decodeRemainder8}.
     *
     * @param deltas       the remainder deltas
     * @param deltasOffset index of the first remainder delta
     * @param count        {@code deltas_len % 1024}
     * @param base         the extra base stored after the last chunk's lane bases
     * @param out          receives {@code count} values
     * @param outOffset    index of the first value in {@code out}
     */
    public static void decodeRemainder32(int[] deltas, int deltasOffset, int count, int base, int[] out, int outOffset) {
        Objects.checkFromIndexSize(deltasOffset, count, deltas.length);
        Objects.checkFromIndexSize(outOffset, count, out.length);
        int prev = base;
        for (int i = 0; i < count; i++) {
            prev += deltas[deltasOffset + i];
            out[outOffset + i] = prev;
        }
    }

    /**
     * 64-bit variant of {@link #decodeRemainder8}.
     *
     * @param deltas       the remainder deltas
     * @param deltasOffset index of the first remainder delta
     * @param count        {@code deltas_len % 1024}
     * @param base         the extra base stored after the last chunk's lane bases
     * @param out          receives {@code count} values
     * @param outOffset    index of the first value in {@code out}
     */
    public static void decodeRemainder64(long[] deltas, int deltasOffset, int count, long base, long[] out, int outOffset) {
        Objects.checkFromIndexSize(deltasOffset, count, deltas.length);
        Objects.checkFromIndexSize(outOffset, count, out.length);
        long prev = base;
        for (int i = 0; i < count; i++) {
            prev += deltas[deltasOffset + i];
            out[outOffset + i] = prev;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Encode one chunk

    /**
     * Encodes one chunk of 8-bit values: transposes, takes each lane's first value as its base and
     * stores the wrapping differences. A partial last chunk is padded by the caller (the Rust writer
     * pads with zeros).
     *
     * @param in              1024 values in logical order
     * @param inOffset        index of the chunk's first value
     * @param basesOut        receives the 128 lane bases
     * @param basesOutOffset  index of the chunk's first base
     * @param deltasOut       receives 1024 deltas in transposed order
     * @param deltasOutOffset index of the chunk's first delta
     */
    public static void encode8(byte[] in, int inOffset, byte[] basesOut, int basesOutOffset, byte[] deltasOut, int deltasOutOffset) {
        checkRanges(deltasOut.length, deltasOutOffset, basesOut.length, basesOutOffset, 128, in.length, inOffset);
        for (int lane = 0; lane < 128; lane++) {
            int i = inOffset + LANE_BASE[lane];
            int d = deltasOutOffset + lane;
            byte prev = in[i];
            basesOut[basesOutOffset + lane] = prev;
            for (int row = 0; row < 8; row++) {
                byte next = in[i + row];
                deltasOut[d + ROW_BASE[row]] = (byte) (next - prev);
                prev = next;
            }
        }
    }

    /**
     * Encodes one chunk of 16-bit values; see {@link #encode8}.
     *
     * @param in              1024 values in logical order
     * @param inOffset        index of the chunk's first value
     * @param basesOut        receives the 64 lane bases
     * @param basesOutOffset  index of the chunk's first base
     * @param deltasOut       receives 1024 deltas in transposed order
     * @param deltasOutOffset index of the chunk's first delta
     */
    public static void encode16(short[] in, int inOffset, short[] basesOut, int basesOutOffset, short[] deltasOut, int deltasOutOffset) {
        checkRanges(deltasOut.length, deltasOutOffset, basesOut.length, basesOutOffset, 64, in.length, inOffset);
        for (int lane = 0; lane < 64; lane++) {
            int i = inOffset + LANE_BASE[lane];
            int d = deltasOutOffset + lane;
            short prev = in[i];
            basesOut[basesOutOffset + lane] = prev;
            for (int row = 0; row < 16; row++) {
                short next = in[i + row];
                deltasOut[d + ROW_BASE[row]] = (short) (next - prev);
                prev = next;
            }
        }
    }

    /**
     * Encodes one chunk of 32-bit values; see {@link #encode8}.
     *
     * @param in              1024 values in logical order
     * @param inOffset        index of the chunk's first value
     * @param basesOut        receives the 32 lane bases
     * @param basesOutOffset  index of the chunk's first base
     * @param deltasOut       receives 1024 deltas in transposed order
     * @param deltasOutOffset index of the chunk's first delta
     */
    public static void encode32(int[] in, int inOffset, int[] basesOut, int basesOutOffset, int[] deltasOut, int deltasOutOffset) {
        checkRanges(deltasOut.length, deltasOutOffset, basesOut.length, basesOutOffset, 32, in.length, inOffset);
        for (int lane = 0; lane < 32; lane++) {
            int i = inOffset + LANE_BASE[lane];
            int d = deltasOutOffset + lane;
            int prev = in[i];
            basesOut[basesOutOffset + lane] = prev;
            for (int row = 0; row < 32; row++) {
                int next = in[i + row];
                deltasOut[d + ROW_BASE[row]] = next - prev;
                prev = next;
            }
        }
    }

    /**
     * Encodes one chunk of 64-bit values; see {@link #encode8}.
     *
     * @param in              1024 values in logical order
     * @param inOffset        index of the chunk's first value
     * @param basesOut        receives the 16 lane bases
     * @param basesOutOffset  index of the chunk's first base
     * @param deltasOut       receives 1024 deltas in transposed order
     * @param deltasOutOffset index of the chunk's first delta
     */
    public static void encode64(long[] in, int inOffset, long[] basesOut, int basesOutOffset, long[] deltasOut, int deltasOutOffset) {
        checkRanges(deltasOut.length, deltasOutOffset, basesOut.length, basesOutOffset, 16, in.length, inOffset);
        for (int lane = 0; lane < 16; lane++) {
            int i = inOffset + LANE_BASE[lane];
            int d = deltasOutOffset + lane;
            long prev = in[i];
            basesOut[basesOutOffset + lane] = prev;
            for (int row = 0; row < 64; row++) {
                long next = in[i + row];
                deltasOut[d + ROW_BASE[row]] = next - prev;
                prev = next;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Validity bit transpose (Rust encodings/fastlanes/src/bit_transpose)

    /**
     * Un-transposes one chunk's validity bits the way the Rust {@code untranspose_bits} does:
     * output bit {@code j} = input bit {@link #transposeIndex transposeIndex(j)} (bits least-significant
     * first within bytes).
     *
     * <p>Note that this is the <em>inverse</em> of the permutation the values undergo
     * ({@code v[transposeIndex(j)] = t[j]}); it matches what the Rust sources of mid-2026 do with the
     * deltas child's validity. vortex-data 0.91.0 does not transpose validity at all (it reads a
     * separate validity child in logical order).
     *
     * @param in        128 bytes of transposed validity
     * @param inOffset  index of the chunk's first byte
     * @param out       receives 128 bytes of logical validity
     * @param outOffset index of the chunk's first output byte
     */
    public static void untransposeValidity(byte[] in, int inOffset, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(inOffset, VALIDITY_CHUNK_BYTES, in.length);
        Objects.checkFromIndexSize(outOffset, VALIDITY_CHUNK_BYTES, out.length);
        // Output byte 16m + 2·FL_ORDER[k] + h, bit p  <-  input byte 64h + 8p + k, bit m.
        for (int h = 0; h < 2; h++) {
            for (int k = 0; k < 8; k++) {
                long gathered = 0;
                for (int p = 0; p < 8; p++) {
                    gathered |= (long) (in[inOffset + 64 * h + 8 * p + k] & 0xFF) << (8 * p);
                }
                long transposed = transpose8x8(gathered);
                int base = outOffset + 2 * FL_ORDER[k] + h;
                for (int m = 0; m < 8; m++) {
                    out[base + 16 * m] = (byte) (transposed >>> (8 * m));
                }
            }
        }
    }

    /**
     * Transposes one chunk's validity bits the way the Rust {@code transpose_bits} does (the writer's
     * direction, inverse of {@link #untransposeValidity}): output bit {@code transposeIndex(i)} =
     * input bit {@code i}.
     *
     * @param in        128 bytes of logical validity
     * @param inOffset  index of the chunk's first byte
     * @param out       receives 128 bytes of transposed validity
     * @param outOffset index of the chunk's first output byte
     */
    public static void transposeValidity(byte[] in, int inOffset, byte[] out, int outOffset) {
        Objects.checkFromIndexSize(inOffset, VALIDITY_CHUNK_BYTES, in.length);
        Objects.checkFromIndexSize(outOffset, VALIDITY_CHUNK_BYTES, out.length);
        // Output byte 64h + 8p + k, bit m  <-  input byte 16m + 2·FL_ORDER[k] + h, bit p.
        for (int h = 0; h < 2; h++) {
            for (int k = 0; k < 8; k++) {
                int base = inOffset + 2 * FL_ORDER[k] + h;
                long gathered = 0;
                for (int m = 0; m < 8; m++) {
                    gathered |= (long) (in[base + 16 * m] & 0xFF) << (8 * m);
                }
                long transposed = transpose8x8(gathered);
                for (int p = 0; p < 8; p++) {
                    out[outOffset + 64 * h + 8 * p + k] = (byte) (transposed >>> (8 * p));
                }
            }
        }
    }

    /**
     * Transposes an 8×8 bit matrix whose row {@code r} is byte {@code r} (bit {@code 8r + c} holds
     * element (r, c)), by swapping 1×1, 2×2 and 4×4 blocks across the diagonal.
     */
    private static long transpose8x8(long x) {
        long t = (x ^ (x >>> 7)) & 0x00AA00AA00AA00AAL;
        x ^= t ^ (t << 7);
        t = (x ^ (x >>> 14)) & 0x0000CCCC0000CCCCL;
        x ^= t ^ (t << 14);
        t = (x ^ (x >>> 28)) & 0x00000000F0F0F0F0L;
        return x ^ t ^ (t << 28);
    }

    private static void checkRanges(
            int deltasLength, int deltasOffset, int basesLength, int basesOffset, int lanes, int valuesLength, int valuesOffset) {
        Objects.checkFromIndexSize(deltasOffset, CHUNK_VALUES, deltasLength);
        Objects.checkFromIndexSize(basesOffset, lanes, basesLength);
        Objects.checkFromIndexSize(valuesOffset, CHUNK_VALUES, valuesLength);
    }
}
