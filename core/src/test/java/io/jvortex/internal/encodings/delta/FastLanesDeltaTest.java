package io.jvortex.internal.encodings.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.internal.encodings.bitpacked.GoldenVector;
import io.jvortex.testing.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastLanesDeltaTest {

    private static final int N = FastLanesDelta.CHUNK_VALUES;
    private static final int[] FL_ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    // ---------------------------------------------------------------------------------------------
    // Naive reference, written from the crate's transpose.rs / delta.rs and vortex's
    // delta_{compress,decompress}.rs: transpose, per-lane delta in bit-packing row order, untranspose.

    static int transpose(int i) {
        return (i % 16) * 64 + FL_ORDER[(i / 16) % 8] * 8 + i / 128;
    }

    static int index(int row, int lane) {
        return FL_ORDER[row / 8] * 16 + (row % 8) * 128 + lane;
    }

    static long mask(int typeBits) {
        return typeBits == 64 ? -1L : (1L << typeBits) - 1;
    }

    /** Delta::undelta then Transpose::untranspose (output[transpose(i)] = input[i]). */
    static long[] naiveDecode(long[] deltas, long[] bases, int typeBits) {
        long[] transposed = new long[N];
        for (int lane = 0; lane < N / typeBits; lane++) {
            long prev = bases[lane];
            for (int row = 0; row < typeBits; row++) {
                int idx = index(row, lane);
                prev = (deltas[idx] + prev) & mask(typeBits);
                transposed[idx] = prev;
            }
        }
        long[] out = new long[N];
        for (int i = 0; i < N; i++) {
            out[transpose(i)] = transposed[i];
        }
        return out;
    }

    /** Transpose::transpose (output[i] = input[transpose(i)]), bases = transposed[0..LANES), Delta::delta. */
    static long[][] naiveEncode(long[] values, int typeBits) {
        long[] transposed = new long[N];
        for (int i = 0; i < N; i++) {
            transposed[i] = values[transpose(i)];
        }
        int lanes = N / typeBits;
        long[] bases = Arrays.copyOf(transposed, lanes);
        long[] deltas = new long[N];
        for (int lane = 0; lane < lanes; lane++) {
            long prev = bases[lane];
            for (int row = 0; row < typeBits; row++) {
                int idx = index(row, lane);
                deltas[idx] = (transposed[idx] - prev) & mask(typeBits);
                prev = transposed[idx];
            }
        }
        return new long[][] {bases, deltas};
    }

    // ---------------------------------------------------------------------------------------------
    // Type-generic adapters (values carried as zero-extended longs, arrays at non-zero offsets).

    static long[] fastDecode(long[] deltas, long[] bases, int typeBits) {
        int lanes = N / typeBits;
        long[] result = new long[N];
        switch (typeBits) {
            case 8 -> {
                byte[] out = new byte[N + 4];
                FastLanesDelta.decode8(toBytes(deltas, 1), 1, toBytes(bases, 2), 2, out, 3);
                for (int i = 0; i < N; i++) result[i] = Byte.toUnsignedLong(out[3 + i]);
            }
            case 16 -> {
                short[] out = new short[N + 4];
                FastLanesDelta.decode16(toShorts(deltas, 1), 1, toShorts(bases, 2), 2, out, 3);
                for (int i = 0; i < N; i++) result[i] = Short.toUnsignedLong(out[3 + i]);
            }
            case 32 -> {
                int[] out = new int[N + 4];
                FastLanesDelta.decode32(toInts(deltas, 1), 1, toInts(bases, 2), 2, out, 3);
                for (int i = 0; i < N; i++) result[i] = Integer.toUnsignedLong(out[3 + i]);
            }
            default -> {
                long[] out = new long[N + 4];
                FastLanesDelta.decode64(shifted(deltas, 1), 1, shifted(bases, 2), 2, out, 3);
                System.arraycopy(out, 3, result, 0, N);
            }
        }
        assertThat(lanes).isEqualTo(bases.length);
        return result;
    }

    static long[][] fastEncode(long[] values, int typeBits) {
        int lanes = N / typeBits;
        long[] bases = new long[lanes];
        long[] deltas = new long[N];
        switch (typeBits) {
            case 8 -> {
                byte[] b = new byte[lanes + 1];
                byte[] d = new byte[N + 2];
                FastLanesDelta.encode8(toBytes(values, 3), 3, b, 1, d, 2);
                for (int i = 0; i < lanes; i++) bases[i] = Byte.toUnsignedLong(b[1 + i]);
                for (int i = 0; i < N; i++) deltas[i] = Byte.toUnsignedLong(d[2 + i]);
            }
            case 16 -> {
                short[] b = new short[lanes + 1];
                short[] d = new short[N + 2];
                FastLanesDelta.encode16(toShorts(values, 3), 3, b, 1, d, 2);
                for (int i = 0; i < lanes; i++) bases[i] = Short.toUnsignedLong(b[1 + i]);
                for (int i = 0; i < N; i++) deltas[i] = Short.toUnsignedLong(d[2 + i]);
            }
            case 32 -> {
                int[] b = new int[lanes + 1];
                int[] d = new int[N + 2];
                FastLanesDelta.encode32(toInts(values, 3), 3, b, 1, d, 2);
                for (int i = 0; i < lanes; i++) bases[i] = Integer.toUnsignedLong(b[1 + i]);
                for (int i = 0; i < N; i++) deltas[i] = Integer.toUnsignedLong(d[2 + i]);
            }
            default -> {
                long[] b = new long[lanes + 1];
                long[] d = new long[N + 2];
                FastLanesDelta.encode64(shifted(values, 3), 3, b, 1, d, 2);
                System.arraycopy(b, 1, bases, 0, lanes);
                System.arraycopy(d, 2, deltas, 0, N);
            }
        }
        return new long[][] {bases, deltas};
    }

    static byte[] toBytes(long[] v, int offset) {
        byte[] out = new byte[v.length + offset];
        for (int i = 0; i < v.length; i++) out[offset + i] = (byte) v[i];
        return out;
    }

    static short[] toShorts(long[] v, int offset) {
        short[] out = new short[v.length + offset];
        for (int i = 0; i < v.length; i++) out[offset + i] = (short) v[i];
        return out;
    }

    static int[] toInts(long[] v, int offset) {
        int[] out = new int[v.length + offset];
        for (int i = 0; i < v.length; i++) out[offset + i] = (int) v[i];
        return out;
    }

    static long[] shifted(long[] v, int offset) {
        long[] out = new long[v.length + offset];
        System.arraycopy(v, 0, out, offset, v.length);
        return out;
    }

    static long[] random(SplittableRandom random, int count, int typeBits) {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) out[i] = random.nextLong() & mask(typeBits);
        return out;
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void transposeIndexIsTheCratePermutation() {
        boolean[] seen = new boolean[N];
        for (int i = 0; i < N; i++) {
            int t = FastLanesDelta.transposeIndex(i);
            assertThat(t).isEqualTo(transpose(i));
            assertThat(seen[t]).isFalse();
            seen[t] = true;
        }
        assertThatThrownBy(() -> FastLanesDelta.transposeIndex(N)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void decodeMatchesTheNaiveReference(int typeBits) {
        SplittableRandom random = Seeds.random("delta decode T=" + typeBits);
        for (int round = 0; round < 20; round++) {
            long[] bases = random(random, N / typeBits, typeBits);
            long[] deltas = random(random, N, typeBits);
            if (round % 2 == 1) {
                // Small deltas, as real data has, so the running sums do not look like noise.
                for (int i = 0; i < N; i++) deltas[i] = random.nextInt(5) & mask(typeBits);
            }
            assertThat(fastDecode(deltas, bases, typeBits)).containsExactly(naiveDecode(deltas, bases, typeBits));
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void encodeMatchesTheNaiveReferenceAndRoundTrips(int typeBits) {
        SplittableRandom random = Seeds.random("delta encode T=" + typeBits);
        for (int round = 0; round < 20; round++) {
            long[] values = random(random, N, typeBits);
            if (round == 1) {
                Arrays.fill(values, mask(typeBits)); // all ones: MAX for unsigned, -1 for signed
            } else if (round == 2) {
                for (int i = 0; i < N; i++) values[i] = i & mask(typeBits); // sorted, wrapping for u8
            } else if (round == 3) {
                long min = 1L << (typeBits - 1); // alternate signed MIN and MAX
                for (int i = 0; i < N; i++) values[i] = (i % 2 == 0 ? min : min - 1) & mask(typeBits);
            }
            long[][] fast = fastEncode(values, typeBits);
            long[][] naive = naiveEncode(values, typeBits);
            assertThat(fast[0]).as("bases").containsExactly(naive[0]);
            assertThat(fast[1]).as("deltas").containsExactly(naive[1]);
            assertThat(fastDecode(fast[1], fast[0], typeBits)).containsExactly(values);
        }
    }

    @Test
    void decodesTheRemainderOfOldWritersAsAPlainRunningSum() {
        long[] out64 = new long[5];
        FastLanesDelta.decodeRemainder64(new long[] {9, 1, 2, Long.MAX_VALUE}, 1, 3, 10L, out64, 2);
        assertThat(out64).containsExactly(0, 0, 11, 13, 10 + 3 + Long.MAX_VALUE);
        int[] out32 = new int[3];
        FastLanesDelta.decodeRemainder32(new int[] {1, -2, 3}, 0, 3, 0, out32, 0);
        assertThat(out32).containsExactly(1, -1, 2);
        short[] out16 = new short[2];
        FastLanesDelta.decodeRemainder16(new short[] {Short.MAX_VALUE, 1}, 0, 2, (short) 1, out16, 0);
        assertThat(out16).containsExactly(Short.MIN_VALUE, (short) (Short.MIN_VALUE + 1));
        byte[] out8 = new byte[2];
        FastLanesDelta.decodeRemainder8(new byte[] {(byte) 200, 100}, 0, 2, (byte) 100, out8, 0);
        assertThat(out8).containsExactly((byte) 44, (byte) 144);
    }

    // ---------------------------------------------------------------------------------------------
    // Validity: the Rust bit_transpose baselines (transpose_bits: output[transpose(i)] = input[i];
    // untranspose_bits: output[i] = input[transpose(i)]), one bit at a time.

    static boolean bit(byte[] bytes, int i) {
        return ((bytes[i >>> 3] >>> (i & 7)) & 1) != 0;
    }

    static void set(byte[] bytes, int i) {
        bytes[i >>> 3] |= (byte) (1 << (i & 7));
    }

    @Test
    void validityTransposeMatchesTheRustBaselinesBitByBit() {
        SplittableRandom random = Seeds.random("validity transpose");
        for (int round = 0; round < 50; round++) {
            byte[] in = new byte[128 + 3];
            random.nextBytes(in);
            byte[] expectedTransposed = new byte[128];
            byte[] expectedUntransposed = new byte[128];
            for (int i = 0; i < N; i++) {
                if (bit(in, 3 * 8 + i)) {
                    set(expectedTransposed, transpose(i));
                }
                if (bit(in, 3 * 8 + transpose(i))) {
                    set(expectedUntransposed, i);
                }
            }
            byte[] transposed = new byte[128 + 1];
            FastLanesDelta.transposeValidity(in, 3, transposed, 1);
            assertThat(Arrays.copyOfRange(transposed, 1, 129)).containsExactly(expectedTransposed);
            byte[] untransposed = new byte[128];
            FastLanesDelta.untransposeValidity(in, 3, untransposed, 0);
            assertThat(untransposed).containsExactly(expectedUntransposed);

            byte[] roundTrip = new byte[128];
            FastLanesDelta.untransposeValidity(Arrays.copyOfRange(transposed, 1, 129), 0, roundTrip, 0);
            assertThat(roundTrip).containsExactly(Arrays.copyOfRange(in, 3, 131));
        }
    }

    @Test
    void rejectsShortRanges() {
        assertThatThrownBy(() -> FastLanesDelta.decode64(new long[N], 1, new long[16], 0, new long[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesDelta.decode32(new int[N], 0, new int[31], 0, new int[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesDelta.encode16(new short[N], 0, new short[64], 0, new short[N - 1], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesDelta.untransposeValidity(new byte[127], 0, new byte[128], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ---------------------------------------------------------------------------------------------
    // Golden vectors: random bases/deltas in a hand-crafted fastlanes.delta IPC message, decoded by
    // the Rust reader of vortex-data 0.91.0 (see bitpacked/golden/gen_fastlanes_golden.py).

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"delta_u8", "delta_u16", "delta_u32", "delta_i32", "delta_u64"})
    void matchesTheRustDecoder(String name) {
        GoldenVector golden = GoldenVector.load(FastLanesDeltaTest.class, "golden/" + name + ".txt");
        int byteWidth = GoldenVector.byteWidth(golden.string("ptype"));
        int typeBits = byteWidth * 8;
        int lanes = N / typeBits;
        long[] bases = golden.unsignedValues("bases", byteWidth);
        long[] deltas = golden.unsignedValues("deltas", byteWidth);
        long[] expected = golden.unsignedValues("expected", byteWidth);
        int offset = golden.integer("offset");
        int length = golden.integer("len");
        int chunks = golden.integer("deltas_len") / N;
        assertThat(deltas).hasSize(chunks * N);
        assertThat(expected).hasSize(length);

        long[] decoded = new long[chunks * N];
        for (int c = 0; c < chunks; c++) {
            long[] chunk = fastDecode(Arrays.copyOfRange(deltas, c * N, (c + 1) * N),
                    Arrays.copyOfRange(bases, c * lanes, (c + 1) * lanes), typeBits);
            System.arraycopy(chunk, 0, decoded, c * N, N);
        }
        assertThat(Arrays.copyOfRange(decoded, offset, offset + length)).containsExactly(expected);
    }
}
