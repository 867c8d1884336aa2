package io.jvortex.internal.encodings.rle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.internal.encodings.bitpacked.FastLanesBitPacking;
import io.jvortex.internal.encodings.bitpacked.GoldenVector;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastLanesRleTest {

    private static final int N = FastLanesRle.CHUNK_VALUES;

    // ---------------------------------------------------------------------------------------------
    // Type-generic adapters: values travel as longs (floats as their raw bits).

    /**
     * Encodes the type's bit patterns (narrower integers sign-extended, floats as raw bits) through the
     * 64-bit kernel and decodes them again with u16 and u8 indices; returns the run count.
     */
    static int roundTrip(String type, long[] in, int count) {
        short[] indices = new short[N + 2];
        long[] src = new long[N];
        for (int i = 0; i < N; i++) {
            src[i] = normalize(type, in[i]);
        }
        long[] values = new long[count + 1];
        int runs = FastLanesRle.encode(src, 0, count, values, 1, indices, 2);
        long[] decoded16 = new long[N];
        FastLanesRle.decode(values, 1, runs, indices, 2, false, decoded16, 0);
        long[] decoded8 = new long[N];
        FastLanesRle.decode(values, 1, runs, narrow(indices, 2), 0, false, decoded8, 0);
        long[] runValues = Arrays.copyOfRange(values, 1, 1 + runs);
        long[] expected = new long[N];
        for (int i = 0; i < N; i++) {
            expected[i] = normalize(type, in[Math.min(i, count - 1)]); // padding repeats the last value
        }
        assertThat(decoded16).as("%s count=%d u16 indices", type, count).containsExactly(expected);
        assertThat(decoded8).as("%s count=%d u8 indices", type, count).containsExactly(expected);
        // The crate's RLE::encode: a new value whenever the value changes, indices step by 0 or 1.
        assertThat(indices[2]).isZero();
        for (int j = 1; j < N; j++) {
            int step = indices[2 + j] - indices[2 + j - 1];
            boolean changed = j < count && expected[j] != expected[j - 1];
            assertThat(step).as("step at %d", j).isEqualTo(changed ? 1 : 0);
        }
        for (int r = 0; r < runs; r++) {
            assertThat(normalize(type, runValues[r])).isEqualTo(expected[firstIndexOf(indices, 2, r)]);
        }
        return runs;
    }

    static int firstIndexOf(short[] indices, int offset, int run) {
        for (int j = 0; j < N; j++) {
            if (indices[offset + j] == run) return j;
        }
        throw new AssertionError("run " + run + " has no position");
    }

    /** The value as the typed round trip sees it (narrowed and sign-extended again). */
    static long normalize(String type, long value) {
        return switch (type) {
            case "int", "float" -> type.equals("int") ? (int) value : Float.floatToRawIntBits(Float.intBitsToFloat((int) value));
            case "short" -> (short) value;
            case "byte" -> (byte) value;
            default -> value;
        };
    }

    /** u16 indices narrowed to u8, as the Rust compressor does when they fit. */
    static byte[] narrow(short[] indices, int offset) {
        byte[] out = new byte[N];
        for (int j = 0; j < N; j++) {
            assertThat(indices[offset + j] & 0xFFFF).isLessThan(256);
            out[j] = (byte) indices[offset + j];
        }
        return out;
    }

    /** Runs of random length (1..maxRun) of random values, the shape RLE is chosen for. */
    static long[] runs(SplittableRandom random, int maxRun, String type) {
        long[] out = new long[N];
        int i = 0;
        while (i < N) {
            long value = switch (type) {
                case "double" -> Double.doubleToRawLongBits(random.nextInt(3) == 0 ? random.nextDouble() : random.nextInt(100));
                case "float" -> Float.floatToRawIntBits(random.nextInt(3) == 0 ? (float) random.nextDouble() : random.nextInt(100));
                default -> random.nextLong();
            };
            int length = 1 + random.nextInt(maxRun);
            for (int k = 0; k < length && i < N; k++) out[i++] = value;
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"long", "int", "short", "byte", "double", "float"})
    void encodeThenDecodeRestoresEveryChunkShape(String type) {
        SplittableRandom random = Seeds.random("rle round trip " + type);
        for (int count : new int[] {1, 2, 37, 1023, 1024}) {
            for (int maxRun : new int[] {1, 8, 50, 2000}) {
                // u8 index narrowing needs < 256 runs, so keep single-value runs for short chunks.
                if (maxRun == 1 && count > 255) continue;
                roundTrip(type, runs(random, maxRun, type), count);
            }
        }
        long[] constant = new long[N];
        Arrays.fill(constant, normalize(type, -1L));
        assertThat(roundTrip(type, constant, N)).isEqualTo(1);
    }

    @Test
    void floatRunsCompareRawBits() {
        long nanA = Double.doubleToRawLongBits(Double.NaN);
        long nanB = nanA | 1; // another NaN payload
        long[] in = new long[N];
        long[] pattern = {Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(-0.0), nanA, nanA, nanB,
            Double.doubleToRawLongBits(Double.MAX_VALUE), Double.doubleToRawLongBits(Double.MIN_VALUE)};
        Arrays.fill(in, pattern[pattern.length - 1]);
        System.arraycopy(pattern, 0, in, 0, pattern.length);
        // 0.0 | -0.0 | NaN NaN | NaN' | MAX | MIN...: six runs.
        assertThat(roundTrip("double", in, N)).isEqualTo(6);

        long[] floats = new long[N];
        Arrays.fill(floats, Float.floatToRawIntBits(-0.0f));
        floats[0] = Float.floatToRawIntBits(0.0f);
        assertThat(roundTrip("float", floats, N)).isEqualTo(2);
    }

    @Test
    void singleValueChunkIgnoresItsIndices() {
        long[] values = {7, 42, 9};
        short[] garbage = new short[N];
        Arrays.fill(garbage, (short) 0xBEEF);
        long[] out = new long[N];
        FastLanesRle.decode(values, 1, 1, garbage, 0, false, out, 0);
        assertThat(out).containsOnly(42L);
        long bits = Double.doubleToRawLongBits(1.5);
        FastLanesRle.decode(new long[] {bits}, 0, 1, new byte[N], 0, true, out, 0);
        assertThat(out).containsOnly(bits);
    }

    @Test
    void clampsGarbageIndicesToTheChunksLastValue() {
        long[] values = {100, 10, 20, 30, 200};
        short[] indices = new short[N];
        indices[0] = 0;
        indices[1] = 2;
        indices[2] = (short) 0xFFFF; // garbage under a null
        indices[3] = 3;             // one past the chunk's 3 values
        long[] out = new long[N];
        FastLanesRle.decode(values, 1, 3, indices, 0, true, out, 0);
        assertThat(Arrays.copyOf(out, 4)).containsExactly(10L, 30L, 30L, 30L);

        byte[] u8 = new byte[N];
        u8[5] = (byte) 0xFF;
        long one = Float.floatToRawIntBits(1f);
        long two = Float.floatToRawIntBits(2f);
        FastLanesRle.decode(new long[] {one, two}, 0, 2, u8, 0, true, out, 0);
        assertThat(out[5]).isEqualTo(two);
        assertThat(out[4]).isEqualTo(one);
    }

    @Test
    void withoutClampingIndicesAreUnsignedAndMayReachPastTheChunk() {
        long[] values = new long[40_000];
        for (int i = 0; i < values.length; i++) values[i] = i * 3L;
        short[] indices = new short[N];
        indices[0] = (short) 39_000; // > Short.MAX_VALUE: must be read unsigned
        indices[1] = 5;              // past the chunk's 2 values, like the Rust reader
        long[] out = new long[N];
        FastLanesRle.decode(values, 10, 2, indices, 0, false, out, 0);
        assertThat(out[0]).isEqualTo((10 + 39_000) * 3L);
        assertThat(out[1]).isEqualTo(15 * 3L);

        indices[0] = (short) 0xFFFF;
        assertThatThrownBy(() -> FastLanesRle.decode(new long[3], 0, 3, indices, 0, false, out, 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> FastLanesRle.decode(new long[1], 0, 0, new short[N], 0, false, new long[N], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesRle.decode(new long[3], 2, 2, new short[N], 0, false, new long[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesRle.decode(new long[3], 0, 2, new byte[N - 1], 0, false, new long[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesRle.encode(new long[N], 0, 0, new long[N], 0, new short[N], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesRle.encode(new long[2000], 0, 1025, new long[2000], 0, new short[N], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesRle.encode(new long[N], 0, N, new long[10], 0, new short[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ---------------------------------------------------------------------------------------------
    // Golden vectors: run-heavy nullable columns for which the Rust writer (vortex-data 0.91.0) chose
    // fastlanes.rle; children decoded with our own kernels (see bitpacked/golden/gen_fastlanes_golden.py).

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rle_i64_seed1", "rle_i64_seed3", "rle_i32_seed3"})
    void matchesTheRustWriter(String name) {
        GoldenVector golden = GoldenVector.load(FastLanesRleTest.class, "golden/" + name + ".txt");
        int byteWidth = GoldenVector.byteWidth(golden.string("ptype"));
        int length = golden.integer("len");
        int offset = golden.integer("offset");
        int valuesLength = golden.integer("values_len");
        int indicesLength = golden.integer("indices_len");
        assertThat(golden.string("indices_ptype")).isEqualTo("u8");
        assertThat(indicesLength % N).isZero();
        int chunks = indicesLength / N;
        long[] offsets = golden.longList("values_idx_offsets");
        assertThat(offsets).hasSize(chunks);

        long[] values = decodeChild(golden, "rle_values", byteWidth, valuesLength);
        byte[] indices = new byte[indicesLength];
        long[] rawIndices = decodeChild(golden, "indices", 1, indicesLength);
        for (int j = 0; j < indicesLength; j++) indices[j] = (byte) rawIndices[j];
        byte[] indicesValidity = golden.bytes("indices_validity");
        boolean clamp = false;
        for (int j = 0; j < indicesLength; j++) clamp |= !bit(indicesValidity, j);

        long[] decoded = new long[indicesLength];
        int garbage = 0;
        for (int c = 0; c < chunks; c++) {
            int start = (int) (offsets[c] - offsets[0]);
            int end = c + 1 < chunks ? (int) (offsets[c + 1] - offsets[0]) : valuesLength;
            for (int j = 0; j < N; j++) {
                if ((indices[c * N + j] & 0xFF) >= end - start) garbage++;
            }
            // Every width goes through the 64-bit kernel (values zero-extended here).
            FastLanesRle.decode(values, start, end - start, indices, c * N, clamp, decoded, c * N);
        }
        System.out.println(name + ": " + garbage + " indices outside their chunk's values (clamped)");

        long[] expected = golden.unsignedValues("expected", byteWidth);
        byte[] expectedValidity = golden.bytes("expected_validity");
        int checked = 0;
        for (int i = 0; i < length; i++) {
            // The array's validity is the indices child's validity.
            assertThat(bit(indicesValidity, offset + i)).as("validity %d", i).isEqualTo(bit(expectedValidity, i));
            if (bit(expectedValidity, i)) {
                long got = byteWidth == 8 ? decoded[offset + i] : decoded[offset + i] & 0xFFFF_FFFFL;
                assertThat(got).as("row %d", i).isEqualTo(expected[i]);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(length / 2);
    }

    /** A child that is either a primitive buffer or a bit-packed buffer with optional patches. */
    static long[] decodeChild(GoldenVector golden, String prefix, int byteWidth, int length) {
        if (golden.has(prefix + "_primitive")) {
            return Arrays.copyOf(golden.unsignedValues(prefix + "_primitive", byteWidth), length);
        }
        int bitWidth = golden.integer(prefix + "_bit_width");
        assertThat(golden.integer(prefix + "_bitpacked_offset")).isZero();
        MemorySegment packed = golden.segment(prefix + "_packed");
        int chunks = (length + N - 1) / N;
        long[] out = new long[chunks * N];
        long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
        for (int c = 0; c < chunks; c++) {
            switch (byteWidth) {
                case 1 -> {
                    byte[] tmp = new byte[N];
                    FastLanesBitPacking.unpack8(packed, c * chunkBytes, bitWidth, tmp, 0);
                    for (int j = 0; j < N; j++) out[c * N + j] = tmp[j] & 0xFF;
                }
                case 4 -> {
                    int[] tmp = new int[N];
                    FastLanesBitPacking.unpack32(packed, c * chunkBytes, bitWidth, tmp, 0);
                    for (int j = 0; j < N; j++) out[c * N + j] = Integer.toUnsignedLong(tmp[j]);
                }
                default -> FastLanesBitPacking.unpack64(packed, c * chunkBytes, bitWidth, out, c * N);
            }
        }
        if (golden.has(prefix + "_patch_indices")) {
            long[] at = golden.longList(prefix + "_patch_indices");
            long[] value = golden.longList(prefix + "_patch_values");
            for (int k = 0; k < at.length; k++) out[(int) at[k]] = value[k];
        }
        return Arrays.copyOf(out, length);
    }

    static boolean bit(byte[] bytes, int i) {
        return ((bytes[i >>> 3] >>> (i & 7)) & 1) != 0;
    }
}
