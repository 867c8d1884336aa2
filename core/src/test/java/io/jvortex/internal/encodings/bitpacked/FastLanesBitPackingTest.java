package io.jvortex.internal.encodings.bitpacked;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastLanesBitPackingTest {

    private static final int N = FastLanesBitPacking.CHUNK_VALUES;
    private static final int[] FL_ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    // ---------------------------------------------------------------------------------------------
    // Naive reference, written from vortex-format.md §6.4 one bit at a time.

    /** Unpacks one chunk bit by bit: lane l, row r, stream bit r·W + b lives in word P[k·LANES + l]. */
    static long[] naiveUnpack(byte[] packed, int typeBits, int bitWidth) {
        int lanes = N / typeBits;
        long[] out = new long[N];
        for (int lane = 0; lane < lanes; lane++) {
            for (int row = 0; row < typeBits; row++) {
                long value = 0;
                for (int b = 0; b < bitWidth; b++) {
                    int streamBit = row * bitWidth + b;
                    int wordIndex = (streamBit / typeBits) * lanes + lane;
                    long bitAddress = (long) wordIndex * typeBits + streamBit % typeBits;
                    long bit = (packed[(int) (bitAddress >>> 3)] >>> (bitAddress & 7)) & 1;
                    value |= bit << b;
                }
                out[FL_ORDER[row / 8] * 16 + (row % 8) * 128 + lane] = value;
            }
        }
        return out;
    }

    /** The exact inverse of {@link #naiveUnpack}, masking every value to W bits. */
    static byte[] naivePack(long[] values, int typeBits, int bitWidth) {
        int lanes = N / typeBits;
        byte[] packed = new byte[128 * bitWidth];
        for (int lane = 0; lane < lanes; lane++) {
            for (int row = 0; row < typeBits; row++) {
                long value = values[FL_ORDER[row / 8] * 16 + (row % 8) * 128 + lane];
                for (int b = 0; b < bitWidth; b++) {
                    int streamBit = row * bitWidth + b;
                    int wordIndex = (streamBit / typeBits) * lanes + lane;
                    long bitAddress = (long) wordIndex * typeBits + streamBit % typeBits;
                    if (((value >>> b) & 1) != 0) {
                        packed[(int) (bitAddress >>> 3)] |= (byte) (1 << (bitAddress & 7));
                    }
                }
            }
        }
        return packed;
    }

    // ---------------------------------------------------------------------------------------------
    // Type-generic adapters around the typed kernels (values carried as zero-extended longs).

    static long typeMask(int typeBits) {
        return typeBits == 64 ? -1L : (1L << typeBits) - 1;
    }

    static long widthMask(int bitWidth) {
        return bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    }

    /** Unpacks through the typed kernel into an array at a non-zero offset, then widens. */
    static long[] fastUnpack(int typeBits, MemorySegment seg, long byteOffset, int bitWidth) {
        int outOffset = 5;
        long[] result = new long[N];
        switch (typeBits) {
            case 8 -> {
                byte[] out = new byte[N + 9];
                Arrays.fill(out, (byte) 0x5A);
                FastLanesBitPacking.unpack8(seg, byteOffset, bitWidth, out, outOffset);
                for (int i = 0; i < N; i++) result[i] = Byte.toUnsignedLong(out[outOffset + i]);
                assertThat(out[outOffset - 1]).isEqualTo((byte) 0x5A);
                assertThat(out[outOffset + N]).isEqualTo((byte) 0x5A);
            }
            case 16 -> {
                short[] out = new short[N + 9];
                Arrays.fill(out, (short) 0x5A5A);
                FastLanesBitPacking.unpack16(seg, byteOffset, bitWidth, out, outOffset);
                for (int i = 0; i < N; i++) result[i] = Short.toUnsignedLong(out[outOffset + i]);
                assertThat(out[outOffset - 1]).isEqualTo((short) 0x5A5A);
                assertThat(out[outOffset + N]).isEqualTo((short) 0x5A5A);
            }
            case 32 -> {
                int[] out = new int[N + 9];
                Arrays.fill(out, 0x5A5A5A5A);
                FastLanesBitPacking.unpack32(seg, byteOffset, bitWidth, out, outOffset);
                for (int i = 0; i < N; i++) result[i] = Integer.toUnsignedLong(out[outOffset + i]);
                assertThat(out[outOffset - 1]).isEqualTo(0x5A5A5A5A);
                assertThat(out[outOffset + N]).isEqualTo(0x5A5A5A5A);
            }
            default -> {
                long[] out = new long[N + 9];
                Arrays.fill(out, 0x5A5A5A5A5A5A5A5AL);
                FastLanesBitPacking.unpack64(seg, byteOffset, bitWidth, out, outOffset);
                System.arraycopy(out, outOffset, result, 0, N);
                assertThat(out[outOffset - 1]).isEqualTo(0x5A5A5A5A5A5A5A5AL);
                assertThat(out[outOffset + N]).isEqualTo(0x5A5A5A5A5A5A5A5AL);
            }
        }
        return result;
    }

    /** Packs through the typed kernel, reading the chunk from a non-zero array offset. */
    static void fastPack(int typeBits, long[] values, int bitWidth, MemorySegment seg, long byteOffset) {
        int inOffset = 3;
        switch (typeBits) {
            case 8 -> {
                byte[] in = new byte[N + 7];
                for (int i = 0; i < N; i++) in[inOffset + i] = (byte) values[i];
                FastLanesBitPacking.pack8(in, inOffset, bitWidth, seg, byteOffset);
            }
            case 16 -> {
                short[] in = new short[N + 7];
                for (int i = 0; i < N; i++) in[inOffset + i] = (short) values[i];
                FastLanesBitPacking.pack16(in, inOffset, bitWidth, seg, byteOffset);
            }
            case 32 -> {
                int[] in = new int[N + 7];
                for (int i = 0; i < N; i++) in[inOffset + i] = (int) values[i];
                FastLanesBitPacking.pack32(in, inOffset, bitWidth, seg, byteOffset);
            }
            default -> {
                long[] in = new long[N + 7];
                System.arraycopy(values, 0, in, inOffset, N);
                FastLanesBitPacking.pack64(in, inOffset, bitWidth, seg, byteOffset);
            }
        }
    }

    static long unpackSingle(int typeBits, MemorySegment seg, long byteOffset, int bitWidth, int index) {
        return switch (typeBits) {
            case 8 -> Byte.toUnsignedLong(FastLanesBitPacking.unpackSingle8(seg, byteOffset, bitWidth, index));
            case 16 -> Short.toUnsignedLong(FastLanesBitPacking.unpackSingle16(seg, byteOffset, bitWidth, index));
            case 32 -> Integer.toUnsignedLong(FastLanesBitPacking.unpackSingle32(seg, byteOffset, bitWidth, index));
            default -> FastLanesBitPacking.unpackSingle64(seg, byteOffset, bitWidth, index);
        };
    }

    static long[] randomValues(SplittableRandom random, int typeBits) {
        long[] values = new long[N];
        for (int i = 0; i < N; i++) {
            values[i] = random.nextLong() & typeMask(typeBits);
        }
        return values;
    }

    static long[] masked(long[] values, int bitWidth) {
        long[] out = values.clone();
        for (int i = 0; i < out.length; i++) out[i] &= widthMask(bitWidth);
        return out;
    }

    // ---------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void unpackMatchesTheNaiveReferenceForEveryWidth(int typeBits) {
        SplittableRandom random = Seeds.random("unpack T=" + typeBits);
        try (Arena arena = Arena.ofConfined()) {
            for (int bitWidth = 0; bitWidth <= typeBits; bitWidth++) {
                byte[] packed = new byte[128 * bitWidth];
                random.nextBytes(packed);
                long byteOffset = 1 + random.nextInt(15); // deliberately unaligned
                MemorySegment seg = arena.allocate(byteOffset + packed.length + 3);
                MemorySegment.copy(packed, 0, seg, ValueLayout.JAVA_BYTE, byteOffset, packed.length);
                assertThat(fastUnpack(typeBits, seg, byteOffset, bitWidth))
                        .as("T=%d W=%d", typeBits, bitWidth)
                        .containsExactly(naiveUnpack(packed, typeBits, bitWidth));
            }
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void unpackRangeAddsTheReferenceAcrossChunksForEveryWidth(int typeBits) {
        SplittableRandom random = Seeds.random("unpackRange T=" + typeBits);
        int typeBytes = typeBits / 8;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 6 * (typeBits + 1); round++) {
                int bitWidth = round % (typeBits + 1);
                int chunks = 1 + random.nextInt(3);
                byte[] packed = new byte[128 * bitWidth * chunks];
                random.nextBytes(packed);
                long[] all = new long[N * chunks];
                for (int c = 0; c < chunks; c++) {
                    byte[] chunk = Arrays.copyOfRange(packed, 128 * bitWidth * c, 128 * bitWidth * (c + 1));
                    System.arraycopy(naiveUnpack(chunk, typeBits, bitWidth), 0, all, N * c, N);
                }
                int offset = switch (random.nextInt(3)) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(N / 8) * 8; // whole longs of every narrow type
                    default -> random.nextInt(N);
                };
                int length = random.nextBoolean() ? random.nextInt(N * chunks - offset + 1)
                        : (N * chunks - offset) / 8 * 8;
                // the largest reference no unpacked value can carry out of its lane with, and one past it
                long carryFree = typeMask(typeBits) - widthMask(bitWidth);
                long reference = switch (round / (typeBits + 1)) {
                    case 0 -> 0;
                    case 1 -> typeMask(typeBits); // -1 in the type: every sum wraps
                    case 2 -> carryFree;
                    case 3 -> carryFree + 1;
                    case 4 -> random.nextLong() & carryFree;
                    default -> random.nextLong();
                };
                MemorySegment out = arena.allocate((long) length * typeBytes + 8);
                out.fill((byte) 0x5A);
                FastLanesBitPacking.unpackRange(MemorySegment.ofArray(packed), typeBytes, bitWidth, offset, length,
                        reference, out);
                long[] actual = new long[length];
                long[] expected = new long[length];
                for (int i = 0; i < length; i++) {
                    actual[i] = switch (typeBytes) {
                        case 1 -> Byte.toUnsignedLong(out.get(ValueLayout.JAVA_BYTE, i));
                        case 2 -> Short.toUnsignedLong(out.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i));
                        case 4 -> Integer.toUnsignedLong(out.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i));
                        default -> out.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                    };
                    expected[i] = (all[offset + i] + reference) & typeMask(typeBits);
                }
                assertThat(actual).as("T=%d W=%d offset %d length %d reference %d", typeBits, bitWidth, offset,
                        length, reference).containsExactly(expected);
                assertThat(out.asSlice((long) length * typeBytes).toArray(ValueLayout.JAVA_BYTE))
                        .as("bytes after the output").containsOnly((byte) 0x5A);
            }
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void packMatchesTheNaiveReferenceAndRoundTrips(int typeBits) {
        SplittableRandom random = Seeds.random("pack T=" + typeBits);
        for (int bitWidth = 0; bitWidth <= typeBits; bitWidth++) {
            // Full-width random inputs: the kernel must mask them to W bits itself.
            long[] values = randomValues(random, typeBits);
            byte[] expected = naivePack(masked(values, bitWidth), typeBits, bitWidth);
            byte[] buffer = new byte[expected.length + 16];
            Arrays.fill(buffer, (byte) 0xC3);
            MemorySegment seg = MemorySegment.ofArray(buffer);
            fastPack(typeBits, values, bitWidth, seg, 7);

            assertThat(Arrays.copyOfRange(buffer, 7, 7 + expected.length))
                    .as("T=%d W=%d", typeBits, bitWidth).containsExactly(expected);
            assertThat(Arrays.copyOfRange(buffer, 0, 7)).containsOnly((byte) 0xC3);
            assertThat(Arrays.copyOfRange(buffer, 7 + expected.length, buffer.length)).containsOnly((byte) 0xC3);
            assertThat(fastUnpack(typeBits, seg, 7, bitWidth))
                    .as("T=%d W=%d", typeBits, bitWidth).containsExactly(masked(values, bitWidth));
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void allOnesAndAllZerosRoundTrip(int typeBits) {
        long[] ones = new long[N];
        Arrays.fill(ones, typeMask(typeBits));
        for (int bitWidth = 0; bitWidth <= typeBits; bitWidth++) {
            MemorySegment seg = MemorySegment.ofArray(new byte[128 * bitWidth]);
            fastPack(typeBits, ones, bitWidth, seg, 0);
            assertThat(seg.byteSize()).isEqualTo(128L * bitWidth);
            if (bitWidth > 0) {
                assertThat(seg.toArray(ValueLayout.JAVA_BYTE)).containsOnly((byte) 0xFF);
            }
            assertThat(fastUnpack(typeBits, seg, 0, bitWidth)).containsOnly(widthMask(bitWidth));

            fastPack(typeBits, new long[N], bitWidth, seg, 0);
            if (bitWidth > 0) {
                assertThat(seg.toArray(ValueLayout.JAVA_BYTE)).containsOnly((byte) 0);
            }
            assertThat(fastUnpack(typeBits, seg, 0, bitWidth)).containsOnly(0L);
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void unpackSingleAgreesWithTheBulkKernelAtEveryIndexAndWidth(int typeBits) {
        SplittableRandom random = Seeds.random("unpackSingle T=" + typeBits);
        for (int bitWidth = 0; bitWidth <= typeBits; bitWidth++) {
            byte[] packed = new byte[128 * bitWidth + 2];
            random.nextBytes(packed);
            MemorySegment seg = MemorySegment.ofArray(packed);
            long[] all = fastUnpack(typeBits, seg, 2, bitWidth);
            for (int index = 0; index < N; index++) {
                assertThat(unpackSingle(typeBits, seg, 2, bitWidth, index))
                        .as("T=%d W=%d index=%d", typeBits, bitWidth, index).isEqualTo(all[index]);
            }
        }
    }

    @ParameterizedTest(name = "T={0}")
    @ValueSource(ints = {8, 16, 32, 64})
    void rowsAndLanesCoverEveryLogicalIndexOnce(int typeBits) {
        boolean[] seen = new boolean[N];
        for (int row = 0; row < typeBits; row++) {
            for (int lane = 0; lane < FastLanesBitPacking.lanes(typeBits); lane++) {
                int index = FastLanesBitPacking.logicalIndex(row, lane);
                assertThat(seen[index]).isFalse();
                seen[index] = true;
            }
        }
        assertThat(seen).containsOnly(true);
    }

    @Test
    void worksOnSeveralChunksOfOneBuffer() {
        SplittableRandom random = Seeds.random("multi-chunk");
        int bitWidth = 13;
        long[][] chunks = {randomValues(random, 16), randomValues(random, 16), randomValues(random, 16)};
        MemorySegment seg = MemorySegment.ofArray(new byte[3 * 128 * bitWidth]);
        for (int c = 0; c < chunks.length; c++) {
            fastPack(16, chunks[c], bitWidth, seg, c * FastLanesBitPacking.packedBytesPerChunk(bitWidth));
        }
        for (int c = 0; c < chunks.length; c++) {
            assertThat(fastUnpack(16, seg, c * 128L * bitWidth, bitWidth)).containsExactly(masked(chunks[c], bitWidth));
        }
    }

    @Test
    void rejectsBadArguments() {
        MemorySegment seg = MemorySegment.ofArray(new byte[128 * 64]);
        assertThatThrownBy(() -> FastLanesBitPacking.unpack8(seg, 0, 9, new byte[N], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 9");
        assertThatThrownBy(() -> FastLanesBitPacking.unpack32(seg, 0, -1, new int[N], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.pack16(new short[N], 0, 17, seg, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.unpackSingle64(seg, 0, 65, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.packedBytesPerChunk(65))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.lanes(12)).isInstanceOf(IllegalArgumentException.class);
        // Output array too short, packed segment too short, index out of the chunk.
        assertThatThrownBy(() -> FastLanesBitPacking.unpack64(seg, 0, 3, new long[N], 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.unpack64(seg, 1, 64, new long[N], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.pack32(new int[N], 0, 32, MemorySegment.ofArray(new byte[10]), 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> FastLanesBitPacking.unpackSingle16(seg, 0, 3, N))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ---------------------------------------------------------------------------------------------
    // Golden vectors: buffers packed by the Rust writer (vortex-data 0.91.0).

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bitpacked_u8_w3", "bitpacked_u16_w11", "bitpacked_u16_w4", "bitpacked_u32_w17",
            "bitpacked_u32_w9", "bitpacked_i32_w1", "bitpacked_i64_w5", "bitpacked_i64_w40", "bitpacked_u64_w33"})
    void decodesAndReproducesRustPackedBuffers(String name) {
        GoldenVector golden = GoldenVector.load(FastLanesBitPackingTest.class, "golden/" + name + ".txt");
        int byteWidth = GoldenVector.byteWidth(golden.string("ptype"));
        int typeBits = byteWidth * 8;
        int bitWidth = golden.integer("bit_width");
        int length = golden.integer("len");
        assertThat(golden.integer("offset")).isZero();
        long[] expected = golden.unsignedValues("values", byteWidth);
        byte[] rustPacked = golden.bytes("packed");
        int chunks = (length + N - 1) / N;
        long chunkBytes = FastLanesBitPacking.packedBytesPerChunk(bitWidth);
        assertThat(rustPacked).hasSize((int) (chunks * chunkBytes));

        MemorySegment seg = MemorySegment.ofArray(rustPacked);
        long[] decoded = new long[chunks * N];
        long[] padded = Arrays.copyOf(expected, chunks * N);
        MemorySegment repacked = MemorySegment.ofArray(new byte[rustPacked.length]);
        for (int c = 0; c < chunks; c++) {
            System.arraycopy(fastUnpack(typeBits, seg, c * chunkBytes, bitWidth), 0, decoded, c * N, N);
            for (int i = 0; i < N && c * N + i < length; i++) {
                assertThat(unpackSingle(typeBits, seg, c * chunkBytes, bitWidth, i)).isEqualTo(expected[c * N + i]);
            }
            fastPack(typeBits, Arrays.copyOfRange(padded, c * N, (c + 1) * N), bitWidth, repacked, c * chunkBytes);
        }
        assertThat(Arrays.copyOf(decoded, length)).containsExactly(expected);
        // The Rust writer zero-pads the last chunk, so packing the same values reproduces its bytes.
        assertThat(repacked.toArray(ValueLayout.JAVA_BYTE)).containsExactly(rustPacked);
    }
}
