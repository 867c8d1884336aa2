package io.jvortex.internal.encodings.rle;

import java.util.Arrays;
import java.util.Objects;

/**
 * Decode and encode one 1024-value chunk of FastLanes RLE (the layout is described in the
 * {@linkplain io.jvortex.internal.encodings.rle package documentation}).
 *
 * <p>A chunk is a dictionary of run values (one entry per run, in order) plus 1024 indices into it,
 * in plain logical order (no transpose). RLE only moves values, so one 64-bit kernel serves every
 * value type the encoding accepts: narrower integers travel zero- or sign-extended, floats as their
 * raw bits (runs therefore compare floats by bits, as the Rust writer does). Decoding exists for both
 * index types the writer produces ({@code u16}, or {@code u8} after narrowing). All methods are
 * thread-safe and allocation-free; array ranges are checked once per call
 * ({@link IndexOutOfBoundsException}).
 */
public final class FastLanesRle {

    /** Number of values in one FastLanes chunk. */
    public static final int CHUNK_VALUES = 1024;

    private FastLanesRle() {}

    /**
     * Decodes one chunk: {@code out[j] = values[chunkValuesStart + indices[j]]} for
     * {@code j ∈ [0, 1024)}, with the Rust reader's two rules for indices that may be garbage:
     * <ul>
     *   <li>a chunk with a single value fills every position with it, whatever its indices say
     *       (the indices may have been compressed as a masked constant);</li>
     *   <li>when the indices child has null positions ({@code clampIndices}), every index is
     *       clamped to {@code chunkValueCount - 1}, since null positions may hold anything.</li>
     * </ul>
     * Without clamping an index is used as is, like the Rust reader (it may reach past the chunk's
     * own values; it cannot leave {@code values}: the array bounds check throws).
     *
     * <p>For chunk {@code c} of an array: {@code chunkValuesStart = values_idx_offsets[c] -
     * values_idx_offsets[0]} and {@code chunkValueCount = next - chunkValuesStart}, where
     * {@code next} is the next chunk's start, or {@code values_len} for the last chunk.
     *
     * @param values           the run values of all chunks
     * @param chunkValuesStart index of this chunk's first run value
     * @param chunkValueCount  number of run values of this chunk, at least 1
     * @param indices          u16 indices (read unsigned)
     * @param indicesOffset    index of the chunk's first index
     * @param clampIndices     whether indices may be garbage (the indices child has nulls)
     * @param out              receives 1024 values
     * @param outOffset        index of the chunk's first value in {@code out}
     */
    public static void decode(long[] values, int chunkValuesStart, int chunkValueCount, short[] indices,
            int indicesOffset, boolean clampIndices, long[] out, int outOffset) {
        checkDecode(values.length, chunkValuesStart, chunkValueCount, indices.length, indicesOffset, out.length, outOffset);
        if (chunkValueCount == 1) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, values[chunkValuesStart]);
        } else if (clampIndices) {
            int last = chunkValueCount - 1;
            for (int j = 0; j < CHUNK_VALUES; j++) {
                out[outOffset + j] = values[chunkValuesStart + Math.min(indices[indicesOffset + j] & 0xFFFF, last)];
            }
        } else {
            for (int j = 0; j < CHUNK_VALUES; j++) {
                out[outOffset + j] = values[chunkValuesStart + (indices[indicesOffset + j] & 0xFFFF)];
            }
        }
    }

    /**
     * Decodes one chunk of 64-bit integer values with u8 indices; see
     * {@link #decode(long[], int, int, short[], int, boolean, long[], int)}.
     *
     * @param values           the run values of all chunks
     * @param chunkValuesStart index of this chunk's first run value
     * @param chunkValueCount  number of run values of this chunk, at least 1
     * @param indices          u8 indices (read unsigned)
     * @param indicesOffset    index of the chunk's first index
     * @param clampIndices     whether indices may be garbage (the indices child has nulls)
     * @param out              receives 1024 values
     * @param outOffset        index of the chunk's first value in {@code out}
     */
    public static void decode(long[] values, int chunkValuesStart, int chunkValueCount, byte[] indices,
            int indicesOffset, boolean clampIndices, long[] out, int outOffset) {
        checkDecode(values.length, chunkValuesStart, chunkValueCount, indices.length, indicesOffset, out.length, outOffset);
        if (chunkValueCount == 1) {
            Arrays.fill(out, outOffset, outOffset + CHUNK_VALUES, values[chunkValuesStart]);
        } else if (clampIndices) {
            int last = chunkValueCount - 1;
            for (int j = 0; j < CHUNK_VALUES; j++) {
                out[outOffset + j] = values[chunkValuesStart + Math.min(indices[indicesOffset + j] & 0xFF, last)];
            }
        } else {
            for (int j = 0; j < CHUNK_VALUES; j++) {
                out[outOffset + j] = values[chunkValuesStart + (indices[indicesOffset + j] & 0xFF)];
            }
        }
    }

    /**
     * Encodes one chunk like the crate's {@code RLE::encode}: a new run value every time the value
     * changes from its predecessor (not per distinct value), and for each position the index of its
     * run. A partial chunk ({@code count < 1024}) is padded the way the Rust writer does, by repeating
     * the last value, so the padding adds no run.
     *
     * @param in               the values
     * @param inOffset         index of the chunk's first value
     * @param count            number of real values, in {@code [1, 1024]}
     * @param valuesOut        receives the run values; needs room for {@code count} of them
     * @param valuesOutOffset  index where the chunk's first run value goes
     * @param indicesOut       receives 1024 u16 indices
     * @param indicesOutOffset index where the chunk's first index goes
     * @return the number of run values written
     */
    public static int encode(long[] in, int inOffset, int count, long[] valuesOut, int valuesOutOffset,
            short[] indicesOut, int indicesOutOffset) {
        checkEncode(in.length, inOffset, count, valuesOut.length, valuesOutOffset, indicesOut.length, indicesOutOffset);
        long prev = in[inOffset];
        valuesOut[valuesOutOffset] = prev;
        int run = 0;
        indicesOut[indicesOutOffset] = 0;
        for (int j = 1; j < count; j++) {
            long cur = in[inOffset + j];
            if (cur != prev) {
                run++;
                valuesOut[valuesOutOffset + run] = cur;
                prev = cur;
            }
            indicesOut[indicesOutOffset + j] = (short) run;
        }
        Arrays.fill(indicesOut, indicesOutOffset + count, indicesOutOffset + CHUNK_VALUES, (short) run);
        return run + 1;
    }

    private static void checkDecode(int valuesLength, int chunkValuesStart, int chunkValueCount, int indicesLength,
            int indicesOffset, int outLength, int outOffset) {
        if (chunkValueCount < 1) {
            throw new IllegalArgumentException("chunkValueCount must be at least 1, got " + chunkValueCount);
        }
        Objects.checkFromIndexSize(chunkValuesStart, chunkValueCount, valuesLength);
        Objects.checkFromIndexSize(indicesOffset, CHUNK_VALUES, indicesLength);
        Objects.checkFromIndexSize(outOffset, CHUNK_VALUES, outLength);
    }

    private static void checkEncode(int inLength, int inOffset, int count, int valuesOutLength, int valuesOutOffset,
            int indicesOutLength, int indicesOutOffset) {
        if (count < 1 || count > CHUNK_VALUES) {
            throw new IllegalArgumentException("count must be in [1, 1024], got " + count);
        }
        Objects.checkFromIndexSize(inOffset, count, inLength);
        Objects.checkFromIndexSize(valuesOutOffset, count, valuesOutLength);
        Objects.checkFromIndexSize(indicesOutOffset, CHUNK_VALUES, indicesOutLength);
    }
}
